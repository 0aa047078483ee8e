/**
 * Holding a merchant's row for the rest of a transaction, so that two writes of the merchant that
 * must count each other (two webhook endpoint creations against the limit) run one after the other.
 */
import { sql } from 'kysely';
import type { DbTransaction } from '../transaction.js';

/**
 * Holds the merchant's row until `trx` ends: PostgreSQL locks it; SQLite's IMMEDIATE transactions
 * already run one at a time.
 */
export async function holdMerchantRow(trx: DbTransaction, merchantId: string): Promise<void> {
  if (trx.dialect === 'postgres') await sql`select id from merchants where id = ${merchantId} for update`.execute(trx);
}
