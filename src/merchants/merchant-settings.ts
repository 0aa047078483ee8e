/**
 * A merchant's settings: what orders are sold with (currency, tax rate, whether prices include tax)
 * and what a receipt shows (name, address, tax id, footer), read the same way by every operation
 * (`services.settings`) and by Get Merchant.
 */
import type { ReadHandle } from '../db/handle.js';
import { findMerchantSettings, type MerchantSettingsRow } from '../db/merchants/merchant-settings.js';
import type { Merchant, MerchantAddress } from './schemas.js';

export interface MerchantSettings {
  name: string;
  currency: string;
  taxRateBps: number;
  /** Line prices include tax: the order's tax is the included part (`orders/money.ts`). */
  pricesIncludeTax: boolean;
  address: MerchantAddress | null;
  taxId: string | null;
  receiptFooter: string | null;
}

export async function merchantSettings(db: ReadHandle, merchantId: string): Promise<MerchantSettings> {
  const row = await findMerchantSettings(db, merchantId);
  if (row === undefined) throw new Error(`merchant ${merchantId} of an authenticated credential is missing`);
  return {
    name: row.name,
    currency: row.currency,
    taxRateBps: row.tax_rate_bps,
    pricesIncludeTax: row.prices_include_tax === 1,
    address: addressOf(row.address),
    taxId: row.tax_id,
    receiptFooter: row.receipt_footer,
  };
}

/** The address stored as JSON, with every field present (null when not set). */
export function addressOf(json: string | null): MerchantAddress | null {
  if (json === null) return null;
  const stored = JSON.parse(json) as Partial<MerchantAddress>;
  return {
    line1: stored.line1 ?? null,
    line2: stored.line2 ?? null,
    city: stored.city ?? null,
    region: stored.region ?? null,
    postal_code: stored.postal_code ?? null,
    country: stored.country ?? null,
  };
}

/** The merchant as the API shows it. */
export function toMerchant(row: MerchantSettingsRow): Merchant {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    tax_rate_bps: row.tax_rate_bps,
    prices_include_tax: row.prices_include_tax === 1,
    address: addressOf(row.address),
    tax_id: row.tax_id,
    receipt_footer: row.receipt_footer,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
