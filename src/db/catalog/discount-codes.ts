/**
 * The discount codes store: every statement on `discount_codes`, filtered by merchant and
 * environment. Codes are stored upper-cased (callers upper-case what they look up), so they match
 * ignoring case, and are unique per merchant and environment (the index `discount_codes_code`).
 *
 * Create Order redeems a code with one conditional update (`redeemCode`): it counts the redemption
 * only while the code is active, unexpired and under `max_redemptions`, checked by the update on the
 * row's latest version (PostgreSQL re-reads a row another transaction changed before updating it;
 * SQLite's one writer runs the updates one at a time), so concurrent orders never pass the limit.
 */
import type { Updateable } from 'kysely';
import type { Db } from '../connection.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import { preparedOnce, runPrepared } from '../prepared.js';
import type { DiscountCodeRow, DiscountCodesTable, Environment } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** A discount code's columns as the API reads them. */
export type DiscountCodeFields = Omit<DiscountCodeRow, 'merchant_id' | 'environment'>;

const COLUMNS = [
  'id', 'code', 'type', 'percentage_bps', 'amount', 'reason', 'max_redemptions', 'times_redeemed', 'expires_at', 'active', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof DiscountCodeRow>;

/** Inserts the code; false when the tenant already has a code of this text. */
export async function insertDiscountCode(trx: DbTransaction, row: DiscountCodeRow): Promise<boolean> {
  try {
    await kyselyOf(trx).insertInto('discount_codes').values(row).execute();
    return true;
  } catch (error) {
    if (trx.isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The tenant's discount code, or undefined. */
export function findDiscountCode(handle: ReadHandle, tenant: Tenant, id: string): Promise<DiscountCodeFields | undefined> {
  return selectScoped(kyselyOf(handle), 'discount_codes', tenant).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The tenant's discount code of this (upper-cased) text, or undefined. */
export function findDiscountCodeByCode(handle: ReadHandle, tenant: Tenant, code: string): Promise<DiscountCodeFields | undefined> {
  return selectScoped(kyselyOf(handle), 'discount_codes', tenant).select(COLUMNS).where('code', '=', code).executeTakeFirst();
}

/** The tenant's other environment when it holds a discount code with this id (for the 404's hint). */
export function otherEnvironmentOfDiscountCode(handle: ReadHandle, tenant: Tenant, id: string): Promise<Environment | undefined> {
  return otherEnvironmentHolding(kyselyOf(handle), 'discount_codes', tenant, id);
}

/**
 * Changes the tenant's discount code: 'changed', 'missing' (no such code), 'taken' (another code has
 * this text) or 'below_redeemed' (a `max_redemptions` under `times_redeemed`, refused by the CHECK;
 * the row is re-read under the transaction to tell).
 */
export async function updateDiscountCodeRow(
  trx: DbTransaction,
  tenant: Tenant,
  id: string,
  changes: Updateable<DiscountCodesTable>,
  now: string,
): Promise<'changed' | 'missing' | 'taken' | 'below_redeemed'> {
  const scoped = () =>
    kyselyOf(trx).updateTable('discount_codes').where('merchant_id', '=', tenant.merchantId).where('environment', '=', tenant.environment).where('id', '=', id);
  if (changes.max_redemptions != null) {
    // Holds the row first, so that no redemption comes between the check and the change.
    const [held] = await scoped().set({ updated_at: now }).returning(['times_redeemed']).execute();
    if (held === undefined) return 'missing';
    if (Number(held.times_redeemed) > Number(changes.max_redemptions)) return 'below_redeemed';
  }
  try {
    const result = await scoped().set({ ...changes, updated_at: now }).executeTakeFirst();
    return result.numUpdatedRows === 0n ? 'missing' : 'changed';
  } catch (error) {
    if (trx.isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** A page of the tenant's discount codes, newest first, only active or inactive ones when `active` is given. */
export async function discountCodePage(db: Db, tenant: Tenant, active: boolean | undefined, request: PageRequest): Promise<{ rows: DiscountCodeFields[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'discount_codes', tenant);
  if (active !== undefined) filtered = filtered.where('active', '=', active ? 1 : 0);
  return pageOf<DiscountCodeFields>(filtered, COLUMNS, request);
}

/** The discount a redeemed code gives. */
export interface RedeemedCode {
  code: string;
  type: 'percentage' | 'amount';
  percentage_bps: number | null;
  amount: number | null;
  reason: string | null;
}

const REDEEM = `update discount_codes set times_redeemed = times_redeemed + 1, updated_at = ?
 where merchant_id = ? and environment = ? and code = ? and active = 1
   and (max_redemptions is null or times_redeemed < max_redemptions) and (expires_at is null or expires_at > ?)
returning code, type, percentage_bps, amount, reason`;

/**
 * Counts one redemption of the tenant's code (upper-cased) at `now` and answers its discount, or
 * undefined when it cannot be redeemed (unknown, inactive, expired or used up: `findDiscountCodeByCode` tells which).
 */
export async function redeemCode(trx: DbTransaction, tenant: Tenant, code: string, now: string): Promise<RedeemedCode | undefined> {
  const statement = preparedOnce(trx.dialect, 'redeem discount code', () => REDEEM);
  const [row] = await runPrepared<RedeemedCode>(trx, statement, [now, tenant.merchantId, tenant.environment, code, now]);
  return row;
}

/** Gives back one redemption of the tenant's code (a canceled order's). */
export async function unredeemCode(trx: DbTransaction, tenant: Tenant, code: string, now: string): Promise<void> {
  await kyselyOf(trx)
    .updateTable('discount_codes')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '-', 1), updated_at: now }))
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('code', '=', code)
    .where('times_redeemed', '>', 0)
    .execute();
}
