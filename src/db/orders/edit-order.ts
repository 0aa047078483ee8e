/**
 * Edit Order's statements (`orders/edit-order.ts`): the locks on every product an edit touches, and
 * the replacement of the order's lines. The order's own columns change through `changeOrder`.
 */
import { kyselyOf } from '../handle.js';
import type { LineItemRow } from '../schema.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/**
 * Locks the tenant's products `ids` (sorted by id) in id order, before an edit gives back its old
 * lines' units and takes its new lines': the give-back and the take are two passes, each in id order,
 * and without this one lock taken first, two edits (or an edit and a Create Order) could each hold a
 * product the other waits for. SQLite's transactions already hold the one write lock.
 */
export async function lockProducts(trx: DbTransaction, tenant: Tenant, ids: readonly string[]): Promise<void> {
  if (trx.dialect !== 'postgres' || ids.length === 0) return;
  await kyselyOf(trx)
    .selectFrom('products')
    .select('id')
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Replaces the lines of an order held by the caller's transaction with `items` (of that order, merchant and environment). */
export async function replaceOrderLines(trx: DbTransaction, tenant: Tenant, orderId: string, items: readonly LineItemRow[]): Promise<void> {
  const db = kyselyOf(trx);
  await db
    .deleteFrom('line_items')
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('order_id', '=', orderId)
    .execute();
  if (items.length > 0) await db.insertInto('line_items').values([...items]).execute();
}
