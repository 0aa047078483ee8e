/**
 * An order's move to its next state, the same for capture, cancel and refund: the change, the order
 * as it now is, and the event that says so, all in the caller's transaction (which holds the order's
 * row, see `lock-order.ts`).
 */
import type { Kysely, Updateable } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database, OrdersTable } from '../db/schema.js';
import { recordEvent } from '../events/record-event.js';
import { loadOrder } from './order-view.js';
import type { Order } from './schemas.js';

export async function transitionOrder(
  trx: Kysely<Database>,
  tenant: Tenant,
  orderId: string,
  change: Updateable<OrdersTable> & Required<Pick<Updateable<OrdersTable>, 'status'>>,
  event: 'order.paid' | 'order.canceled' | 'order.refunded' | 'order.disputed',
  now: string,
): Promise<Order> {
  await trx
    .updateTable('orders')
    .set({ ...change, updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('id', '=', orderId)
    .execute();
  const view = await loadOrder(trx, tenant, orderId);
  await recordEvent(trx, tenant, event, view, now);
  return view;
}
