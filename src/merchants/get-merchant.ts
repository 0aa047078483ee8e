/**
 * Get Merchant (`GET /v1/merchant`): the settings of the credential's merchant.
 */
import type { Tenant } from '../auth/principal.js';
import { findMerchantSettings } from '../db/merchants/merchant-settings.js';
import type { Services } from '../services.js';
import { toMerchant } from './merchant-settings.js';
import type { Merchant } from './schemas.js';

export async function getMerchant({ db }: Services, tenant: Tenant): Promise<Merchant> {
  const row = await findMerchantSettings(db, tenant.merchantId);
  if (row === undefined) throw new Error(`merchant ${tenant.merchantId} of an authenticated credential is missing`);
  return toMerchant(row);
}
