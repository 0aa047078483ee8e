/**
 * The statements on `merchants`: a merchant's creation, its selling settings, and the operator's
 * list and look-up. A merchant's users are written by the identity store.
 */
import type { Insertable, Selectable } from 'kysely';
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';
import type { MerchantsTable } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

export type MerchantRow = Selectable<MerchantsTable>;

export async function insertMerchantRow(trx: DbTransaction, row: Insertable<MerchantsTable>): Promise<void> {
  await trx.insertInto('merchants').values(row).execute();
}

/** The merchant's currency and tax rate, or undefined when there is no such merchant. */
export async function findMerchantSettings(handle: ReadHandle, merchantId: string): Promise<Pick<MerchantRow, 'currency' | 'tax_rate_bps'> | undefined> {
  return kyselyOf(handle).selectFrom('merchants').select(['currency', 'tax_rate_bps']).where('id', '=', merchantId).executeTakeFirst();
}

/** What Get Account shows of the merchant: its id, name, currency and tax rate; undefined when there is no such merchant. */
export async function findMerchantAccount(handle: ReadHandle, merchantId: string): Promise<Pick<MerchantRow, 'id' | 'name' | 'currency' | 'tax_rate_bps'> | undefined> {
  return kyselyOf(handle).selectFrom('merchants').select(['id', 'name', 'currency', 'tax_rate_bps']).where('id', '=', merchantId).executeTakeFirst();
}

/** Whether a merchant has the id `merchantId`. */
export async function merchantExists(handle: ReadHandle, merchantId: string): Promise<boolean> {
  return (await kyselyOf(handle).selectFrom('merchants').select('id').where('id', '=', merchantId).executeTakeFirst()) !== undefined;
}

/** What the operator's list shows of a merchant. */
export type MerchantListing = Omit<MerchantRow, 'updated_at'>;

/** Every merchant, oldest first. */
export async function listMerchants(handle: ReadHandle): Promise<MerchantListing[]> {
  return kyselyOf(handle).selectFrom('merchants').select(['id', 'name', 'email', 'currency', 'tax_rate_bps', 'created_at']).orderBy('created_at').orderBy('id').execute();
}
