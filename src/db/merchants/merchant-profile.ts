/**
 * A merchant's profile as its own credentials see it (`GET /v1/account`): its name, currency, tax
 * rate and whether its prices include the tax.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { MerchantRow } from './merchants.js';

export type MerchantProfileRow = Pick<MerchantRow, 'id' | 'name' | 'currency' | 'tax_rate_bps' | 'prices_include_tax'>;

/** The merchant's profile, or undefined when there is no such merchant. */
export async function merchantProfile(handle: ReadHandle, merchantId: string): Promise<MerchantProfileRow | undefined> {
  return kyselyOf(handle).selectFrom('merchants').select(['id', 'name', 'currency', 'tax_rate_bps', 'prices_include_tax']).where('id', '=', merchantId).executeTakeFirst();
}
