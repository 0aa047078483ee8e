/**
 * The cash drawers store: every statement on `cash_drawers` and `cash_drawer_movements`, filtered by
 * merchant and environment, and the sums that make a drawer's expected cash.
 *
 * A register has at most one open drawer: the partial unique index `cash_drawers_one_open` refuses a
 * second, whatever the concurrency (`insertDrawer` answers false). Paying cash in or out and closing
 * hold the drawer's row first (`lockDrawer`), so that of a close and a movement racing, the one that
 * comes second sees the drawer as the first left it.
 *
 * A drawer's figures are read from the rows that name it: the cash part (`cash_amount`) of the paid
 * orders rung up on it (`orders.cash_drawer_id`), of the refunds paid out of it
 * (`refunds.cash_drawer_id`) and its movements, summed by the database per drawer. PostgreSQL answers
 * a sum of bigint as text, so callers read every figure with `Number`.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pagination, type PageRequest, type Pagination } from '../paginate.js';
import type { CashDrawerMovementRow, CashDrawerRow, CashDrawersTable, Environment } from '../schema.js';
import { otherEnvironmentHolding, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** Orders whose payment was taken (the statuses a paid order can reach). */
const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

const DRAWER_COLUMNS = [
  'id', 'register', 'status', 'currency', 'opening_float', 'expected_cash', 'counted_cash', 'opened_by', 'closed_by', 'opening_note', 'closing_note', 'opened_at', 'closed_at',
] as const satisfies ReadonlyArray<keyof CashDrawerRow>;

/** A drawer's row as the API reads it, with the e-mail of the users who opened and closed it (null for an API key). */
export type DrawerFields = Pick<CashDrawerRow, (typeof DRAWER_COLUMNS)[number]> & { opened_by_email: string | null; closed_by_email: string | null };

/** A movement as the API reads it, with the e-mail of the user who made it (null for an API key). */
export type MovementFields = Pick<CashDrawerMovementRow, 'id' | 'drawer_id' | 'type' | 'amount' | 'reason' | 'created_by' | 'created_at'> & { created_by_email: string | null };

/** What moved cash in and out of a drawer, summed; zeros for a drawer nothing names yet. */
export interface DrawerSums {
  cash_sales: number;
  cash_refunds: number;
  paid_in: number;
  paid_out: number;
}

/** Inserts a new open drawer; false when its register already has an open drawer (`cash_drawers_one_open`). */
export async function insertDrawer(trx: DbTransaction, row: CashDrawerRow): Promise<boolean> {
  try {
    await kyselyOf(trx).insertInto('cash_drawers').values(row).execute();
    return true;
  } catch (error) {
    if (trx.isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The tenant's drawers, the users' e-mails joined (a user of the drawer's own merchant only). */
function drawersWithUsers(handle: ReadHandle, tenant: Tenant) {
  return kyselyOf(handle)
    .selectFrom('cash_drawers')
    .leftJoin('users as opener', (join) => join.onRef('opener.id', '=', 'cash_drawers.opened_by').onRef('opener.merchant_id', '=', 'cash_drawers.merchant_id'))
    .leftJoin('users as closer', (join) => join.onRef('closer.id', '=', 'cash_drawers.closed_by').onRef('closer.merchant_id', '=', 'cash_drawers.merchant_id'))
    .where('cash_drawers.merchant_id', '=', tenant.merchantId)
    .where('cash_drawers.environment', '=', tenant.environment);
}

const DRAWER_SELECTION = [...DRAWER_COLUMNS.map((column) => `cash_drawers.${column}` as const), 'opener.email as opened_by_email', 'closer.email as closed_by_email'] as const;

/** The tenant's drawer, or undefined. */
export function drawerRow(handle: ReadHandle, tenant: Tenant, id: string): Promise<DrawerFields | undefined> {
  return drawersWithUsers(handle, tenant).select(DRAWER_SELECTION).where('cash_drawers.id', '=', id).executeTakeFirst();
}

/** The tenant's other environment when it holds a drawer with this id (for the 404's hint). */
export function otherEnvironmentOfDrawer(handle: ReadHandle, tenant: Tenant, id: string): Promise<Environment | undefined> {
  return otherEnvironmentHolding(kyselyOf(handle), 'cash_drawers', tenant, id);
}

/**
 * The tenant's drawer, its row held until the transaction ends (PostgreSQL locks it; SQLite's
 * transactions begin IMMEDIATE and hold the one write lock already); undefined when there is none.
 */
export function lockDrawer(trx: DbTransaction, tenant: Tenant, id: string): Promise<Pick<CashDrawerRow, 'id' | 'status' | 'opening_float' | 'opened_by'> | undefined> {
  return trx
    .forUpdate(
      kyselyOf(trx)
        .selectFrom('cash_drawers')
        .select(['id', 'status', 'opening_float', 'opened_by'])
        .where('merchant_id', '=', tenant.merchantId)
        .where('environment', '=', tenant.environment)
        .where('id', '=', id),
    )
    .executeTakeFirst();
}

/** Filters of List Cash Drawers. */
export interface DrawerFilters {
  status?: 'open' | 'closed' | undefined;
  register?: string | undefined;
}

/** A page of the tenant's drawers, newest opened first (`opened_at`, then `id`, descending: the index `cash_drawers_list`). */
export async function drawerPage(handle: ReadHandle, tenant: Tenant, filters: DrawerFilters, request: PageRequest): Promise<{ rows: DrawerFields[]; pagination: Pagination }> {
  const page = request.page ?? 1;
  const perPage = request.per_page ?? 20;
  let filtered = drawersWithUsers(handle, tenant);
  if (filters.status !== undefined) filtered = filtered.where('cash_drawers.status', '=', filters.status);
  if (filters.register !== undefined) filtered = filtered.where('cash_drawers.register', '=', filters.register);
  const [counted, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .select(DRAWER_SELECTION)
      .orderBy('cash_drawers.opened_at', 'desc')
      .orderBy('cash_drawers.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { rows, pagination: pagination(Number(counted.total), page, perPage) };
}

/** Per drawer of `ids`: its cash sales, cash refunds, cash paid in and paid out, summed by the database. */
export async function drawerSums(handle: ReadHandle, tenant: Tenant, ids: readonly string[]): Promise<Map<string, DrawerSums>> {
  const sums = new Map<string, DrawerSums>(ids.map((id) => [id, { cash_sales: 0, cash_refunds: 0, paid_in: 0, paid_out: 0 }]));
  if (ids.length === 0) return sums;
  const db = kyselyOf(handle);
  const [sales, refunds, movements] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => ['cash_drawer_id as drawer_id', eb.fn.sum<number | string>('cash_amount').as('amount')])
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('cash_drawer_id', 'in', ids)
      .where('status', 'in', PAID_STATUSES)
      .groupBy('cash_drawer_id')
      .execute(),
    db
      .selectFrom('refunds')
      .select((eb) => ['cash_drawer_id as drawer_id', eb.fn.sum<number | string>('cash_amount').as('amount')])
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('cash_drawer_id', 'in', ids)
      .groupBy('cash_drawer_id')
      .execute(),
    db
      .selectFrom('cash_drawer_movements')
      .select((eb) => ['drawer_id', 'type', eb.fn.sum<number | string>('amount').as('amount')])
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('drawer_id', 'in', ids)
      .groupBy(['drawer_id', 'type'])
      .execute(),
  ]);
  for (const row of sales) if (row.drawer_id !== null) sums.get(row.drawer_id)!.cash_sales = Number(row.amount);
  for (const row of refunds) if (row.drawer_id !== null) sums.get(row.drawer_id)!.cash_refunds = Number(row.amount);
  for (const row of movements) sums.get(row.drawer_id)![row.type] = Number(row.amount);
  return sums;
}

/** The movements of the drawers of `ids`, oldest first, with the e-mail of who made each. */
export function drawerMovements(handle: ReadHandle, tenant: Tenant, ids: readonly string[]): Promise<MovementFields[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return kyselyOf(handle)
    .selectFrom('cash_drawer_movements')
    .leftJoin('users as author', (join) => join.onRef('author.id', '=', 'cash_drawer_movements.created_by').onRef('author.merchant_id', '=', 'cash_drawer_movements.merchant_id'))
    .select([
      'cash_drawer_movements.id',
      'cash_drawer_movements.drawer_id',
      'cash_drawer_movements.type',
      'cash_drawer_movements.amount',
      'cash_drawer_movements.reason',
      'cash_drawer_movements.created_by',
      'cash_drawer_movements.created_at',
      'author.email as created_by_email',
    ])
    .where('cash_drawer_movements.merchant_id', '=', tenant.merchantId)
    .where('cash_drawer_movements.environment', '=', tenant.environment)
    .where('cash_drawer_movements.drawer_id', 'in', ids)
    .orderBy('cash_drawer_movements.created_at')
    .orderBy('cash_drawer_movements.id')
    .execute();
}

/** Records cash paid into or out of a drawer the caller holds (`lockDrawer`). */
export async function insertMovement(trx: DbTransaction, row: CashDrawerMovementRow): Promise<void> {
  await kyselyOf(trx).insertInto('cash_drawer_movements').values(row).execute();
}

/** What closing a drawer writes. */
export type DrawerClosing = Pick<CashDrawersTable, 'expected_cash' | 'counted_cash' | 'closed_by' | 'closing_note' | 'closed_at'>;

/** Closes a drawer the caller holds (`lockDrawer`) and found open. */
export async function closeDrawerRow(trx: DbTransaction, tenant: Tenant, id: string, closing: DrawerClosing, now: string): Promise<void> {
  await kyselyOf(trx)
    .updateTable('cash_drawers')
    .set({ ...closing, status: 'closed', updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** A drawer closed in a range, as the end-of-day report lists it. */
export type ClosedDrawerFields = Pick<CashDrawerRow, 'id' | 'register' | 'opened_at' | 'closed_at' | 'expected_cash' | 'counted_cash'>;

/** The tenant's drawers closed in [from, to), by register, then by closing time. */
export function drawersClosedBetween(handle: ReadHandle, tenant: Tenant, from: string, to: string): Promise<ClosedDrawerFields[]> {
  return kyselyOf(handle)
    .selectFrom('cash_drawers')
    .select(['id', 'register', 'opened_at', 'closed_at', 'expected_cash', 'counted_cash'])
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('status', '=', 'closed')
    .where('closed_at', '>=', from)
    .where('closed_at', '<', to)
    .orderBy('register')
    .orderBy('closed_at')
    .orderBy('id')
    .execute();
}
