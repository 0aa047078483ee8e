/**
 * A merchant's selling settings: its one currency and its tax rate.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface MerchantSettings {
  currency: string;
  taxRateBps: number;
}

export async function merchantSettings(db: Kysely<Database>, merchantId: string): Promise<MerchantSettings> {
  const row = await db
    .selectFrom('merchants')
    .select(['currency', 'tax_rate_bps'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow(() => new Error(`merchant ${merchantId} of an authenticated credential is missing`));
  return { currency: row.currency, taxRateBps: row.tax_rate_bps };
}
