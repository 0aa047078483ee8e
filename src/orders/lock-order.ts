import type { Tenant } from '../auth/principal.js';
import type { OrderRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { notFound } from '../errors.js';
import { selectScoped, otherEnvironmentHolding } from '../db/scoped.js';
import { ORDER_COLUMNS } from './order-view.js';

/**
 * Reads an order inside a transaction and holds it until the transaction ends, so that two captures,
 * cancels or refunds of one order run one after the other and the second sees what the first did.
 */
export async function lockOrder(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<OrderRow> {
  const row = await trx
    .forUpdate(
      selectScoped(trx, 'orders', tenant)
        .select(ORDER_COLUMNS)
        .where('id', '=', orderId),
    )
    .executeTakeFirst();
  if (row === undefined) throw notFound('order', orderId, 'id', await otherEnvironmentHolding(trx, 'orders', tenant, orderId));
  return row;
}
