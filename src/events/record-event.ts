/**
 * Events are written in the same transaction as the change they describe, so an event exists
 * exactly when its change does.
 *
 * An event carries the object it is about as the API shows it once the change is made, like
 * Stripe's `data.object`: every `order.*` event carries the full order (what Get Order would answer
 * at that moment, read inside the transaction), `refund.created` the refund.
 */
import type { Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { loadOrder } from '../orders/order-view.js';

export const EVENT_TYPES = ['order.created', 'order.paid', 'order.canceled', 'order.refunded', 'refund.created'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Records an event in the caller's transaction.
 *
 * `data` is the object the event is about. For `order.*` events only its `id` is used: the order is
 * read again through `trx`, so the event shows the order after the change, whatever snapshot the
 * caller had at hand.
 *
 * @example await recordEvent(trx, tenant, 'order.paid', { id: orderId }, now);
 */
export async function recordEvent(
  trx: Kysely<Database>,
  tenant: Tenant,
  type: EventType,
  data: unknown,
  createdAt: string,
): Promise<void> {
  const object = type.startsWith('order.') ? await loadOrder(trx, tenant, orderIdOf(data)) : data;
  await trx
    .insertInto('events')
    .values({
      merchant_id: tenant.merchantId,
      environment: tenant.environment,
      id: newId('evt'),
      type,
      data: JSON.stringify(object),
      created_at: createdAt,
    })
    .execute();
}

function orderIdOf(data: unknown): string {
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new TypeError('an order event needs the order, or at least its id');
  return id;
}
