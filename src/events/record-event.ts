/**
 * Events are written in the same transaction as the change they describe, so an event exists
 * exactly when its change does.
 *
 * An event carries the object it is about as the API shows it once the change is made, like
 * Stripe's `data.object`: every `order.*` event carries the full order (what Get Order would answer
 * at that moment), `refund.created` the refund.
 */
import type { Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import type { Order, Refund } from '../orders/schemas.js';

export const EVENT_TYPES = ['order.created', 'order.paid', 'order.canceled', 'order.refunded', 'refund.created'] as const;

export type EventType = (typeof EVENT_TYPES)[number];
type OrderEventType = Exclude<EventType, 'refund.created'>;

/**
 * Records an event in the caller's transaction. `object` is what the event is about, as the API shows
 * it after the change: the full order for `order.*` events, the refund for `refund.created`.
 *
 * @example await recordEvent(trx, tenant, 'order.paid', await loadOrder(trx, tenant, orderId), now);
 */
export async function recordEvent(trx: Kysely<Database>, tenant: Tenant, type: OrderEventType, object: Order, createdAt: string): Promise<void>;
export async function recordEvent(trx: Kysely<Database>, tenant: Tenant, type: 'refund.created', object: Refund, createdAt: string): Promise<void>;
export async function recordEvent(
  trx: Kysely<Database>,
  tenant: Tenant,
  type: EventType,
  object: Order | Refund,
  createdAt: string,
): Promise<void> {
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
