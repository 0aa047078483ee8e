import type { Tenant } from '../auth/principal.js';
import { otherEnvironmentOfOrder, selectOrderForUpdate } from '../db/orders/orders.js';
import type { OrderRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { notFound } from '../errors.js';

/**
 * Reads an order inside a transaction and holds it until the transaction ends, so that two captures,
 * cancels or refunds of one order run one after the other and the second sees what the first did.
 * Its statement is written once (`db/orders/orders.ts`), with no Kysely building per request.
 */
export async function lockOrder(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<OrderRow> {
  const row = await selectOrderForUpdate(trx, tenant, orderId);
  if (row === undefined) throw notFound('order', orderId, 'id', await otherEnvironmentOfOrder(trx, tenant, orderId));
  return row;
}
