/**
 * The lookup of one cash drawer, for the operations that ring money up on a drawer (capture and
 * refund) as for the drawers' own. Filtered by merchant and environment: another tenant's drawer is
 * not found, exactly like a missing one.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { CashDrawerRow } from '../schema.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** Every column of the drawer row, named (see `db/orders/orders.ts` on `select *`). */
const DRAWER_COLUMNS = [
  'merchant_id', 'environment', 'id', 'register', 'status', 'currency', 'opening_float', 'expected_cash', 'counted_cash',
  'opened_by', 'closed_by', 'opening_note', 'closing_note', 'opened_at', 'closed_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof CashDrawerRow>;

/**
 * The tenant's cash drawer, or undefined. Inside a transaction the row is held until the transaction
 * ends (`trx.forUpdate`): a sale or refund that found the drawer open commits before a close of the
 * drawer can read it, so the close counts that cash in its `expected_cash`.
 *
 * @example
 *   const drawer = await findDrawer(trx, tenant, 'drw_...');
 *   if (drawer?.status !== 'open') ...
 */
export function findDrawer(handle: ReadHandle, tenant: Tenant, id: string): Promise<CashDrawerRow | undefined> {
  const query = kyselyOf(handle)
    .selectFrom('cash_drawers')
    .select(DRAWER_COLUMNS)
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id);
  return (isTransaction(handle) ? handle.forUpdate(query) : query).executeTakeFirst();
}

function isTransaction(handle: ReadHandle): handle is DbTransaction {
  return 'forUpdate' in handle;
}
