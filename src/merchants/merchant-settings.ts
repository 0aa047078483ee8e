/**
 * A merchant's selling settings: its one currency and its tax rate.
 */
import type { ReadHandle } from '../db/handle.js';
import { findMerchantSettings } from '../db/merchants/merchants.js';

export interface MerchantSettings {
  currency: string;
  taxRateBps: number;
}

export async function merchantSettings(db: ReadHandle, merchantId: string): Promise<MerchantSettings> {
  const row = await findMerchantSettings(db, merchantId);
  if (row === undefined) throw new Error(`merchant ${merchantId} of an authenticated credential is missing`);
  return { currency: row.currency, taxRateBps: row.tax_rate_bps };
}
