/**
 * The statements on a merchant's settings (`GET/PATCH /v1/merchant`, and what every operation reads
 * through `services.settings`): one column list, the read, the locked read and the change, and the
 * question a change of currency asks (has the merchant any order, in either environment).
 */
import type { Updateable } from 'kysely';
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { MerchantsTable } from '../schema.js';
import { selectScoped } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

const COLUMNS = [
  'id',
  'name',
  'currency',
  'tax_rate_bps',
  'prices_include_tax',
  'address',
  'tax_id',
  'receipt_footer',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof MerchantsTable>;

/** A merchant's settings as stored (`address` is JSON text). */
export interface MerchantSettingsRow {
  id: string;
  name: string;
  currency: string;
  tax_rate_bps: number;
  prices_include_tax: number;
  address: string | null;
  tax_id: string | null;
  receipt_footer: string | null;
  created_at: string;
  updated_at: string;
}

/** The merchant's settings, or undefined when there is no such merchant. */
export function findMerchantSettings(handle: ReadHandle, merchantId: string): Promise<MerchantSettingsRow | undefined> {
  return kyselyOf(handle).selectFrom('merchants').select(COLUMNS).where('id', '=', merchantId).executeTakeFirst();
}

/** The merchant's settings, its row held until the transaction ends (so changes are made one at a time). */
export function lockMerchantSettings(trx: DbTransaction, merchantId: string): Promise<MerchantSettingsRow | undefined> {
  return trx.forUpdate(trx.selectFrom('merchants').select(COLUMNS).where('id', '=', merchantId)).executeTakeFirst();
}

/** The settings that change, as stored. */
export type MerchantSettingsChanges = Pick<Updateable<MerchantsTable>, 'name' | 'currency' | 'tax_rate_bps' | 'prices_include_tax' | 'address' | 'tax_id' | 'receipt_footer'>;

export async function updateMerchantSettings(trx: DbTransaction, merchantId: string, changes: MerchantSettingsChanges, now: string): Promise<void> {
  await trx.updateTable('merchants').set({ ...changes, updated_at: now }).where('id', '=', merchantId).execute();
}

/** Whether the merchant has any order, in either environment. */
export async function merchantHasOrders(handle: ReadHandle, merchantId: string): Promise<boolean> {
  const db = kyselyOf(handle);
  for (const environment of ['production', 'sandbox'] as const) {
    const order = await selectScoped(db, 'orders', { merchantId, environment }).select('id').limit(1).executeTakeFirst();
    if (order !== undefined) return true;
  }
  return false;
}
