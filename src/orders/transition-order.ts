/**
 * An order's move to its next state, the same for capture, cancel and dispute: the change, the order
 * as it now is, and the event that says so, all in the caller's transaction (which holds the order's
 * row, see `lock-order.ts`), through the orders store and the outbox as Create Order and Refund write.
 */
import type { Tenant } from '../auth/principal.js';
import { writeOutbox } from '../db/outbox/outbox.js';
import { changeOrder, readOrderForEvent, type OrderChange } from '../db/orders/orders.js';
import type { DbTransaction } from '../db/transaction.js';
import { newEvent } from '../events/record-event.js';
import { deliveriesOf } from '../webhooks/enqueue-deliveries.js';
import type { Order } from './schemas.js';

type OrderEvent = 'order.paid' | 'order.canceled' | 'order.disputed';

export async function transitionOrder(trx: DbTransaction, tenant: Tenant, orderId: string, change: OrderChange, event: OrderEvent, now: string): Promise<Order> {
  await changeOrder(trx, tenant, orderId, change, now);
  return recordOrderEvent(trx, tenant, orderId, event, now);
}

/** Records `type` with the order as it now is (changed by the caller's transaction), and returns that order. */
export async function recordOrderEvent(trx: DbTransaction, tenant: Tenant, orderId: string, type: OrderEvent, now: string): Promise<Order> {
  const { body, endpoints } = await readOrderForEvent(trx, tenant, orderId);
  const order = JSON.parse(body) as Order;
  const event = newEvent(type, order);
  await writeOutbox(trx, tenant, { events: [event], deliveries: deliveriesOf([event], endpoints) }, now);
  return order;
}

