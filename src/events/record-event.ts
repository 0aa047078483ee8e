/**
 * Events are written in the same transaction as the change they describe, so an event exists
 * exactly when its change does.
 *
 * An event carries the object it is about as the API shows it once the change is made, like
 * Stripe's `data.object`: every `order.*` event carries the full order (what Get Order would answer
 * at that moment), `refund.created` the refund, `product.*` the product, `customer.*` the customer and
 * `api_key.*` the key's public record (what List API keys shows: never the key nor its hash) and
 * `cash_drawer.*` the drawer.
 *
 * Recording an event also queues its webhook deliveries in the same transaction (the outbox,
 * `db/outbox/`, writes both; `webhooks/enqueue-deliveries.ts` decides which endpoints receive it).
 */
import type { Tenant } from '../auth/principal.js';
import { enabledEndpoints, writeOutbox, type NewEvent } from '../db/outbox/outbox.js';
import type { DbTransaction } from '../db/transaction.js';
import { newId } from '../ids.js';
import type { ApiKeyView } from '../auth/api-keys.js';
import type { CashDrawer } from '../cash-drawers/schemas.js';
import type { Customer } from '../customers/schemas.js';
import type { DiscountCode } from '../discount-codes/schemas.js';
import type { Merchant } from '../merchants/schemas.js';
import type { Order, Refund } from '../http/order-schemas.js';
import type { Product } from '../products/schemas.js';
import { deliveriesOf, enqueueDeliveries } from '../webhooks/enqueue-deliveries.js';

import type { EventType } from './event-types.js';
export type { EventType };

/** What each type of event carries as `data.object`. */
export interface EventObjects {
  'order.created': Order;
  'order.updated': Order;
  'order.paid': Order;
  'order.canceled': Order;
  'order.refunded': Order;
  'order.disputed': Order;
  'refund.created': Refund;
  'product.created': Product;
  'product.updated': Product;
  'discount_code.created': DiscountCode;
  'discount_code.updated': DiscountCode;
  'customer.created': Customer;
  'customer.updated': Customer;
  'api_key.created': ApiKeyView;
  'api_key.revoked': ApiKeyView;
  'merchant.updated': Merchant;
  'cash_drawer.opened': CashDrawer;
  'cash_drawer.closed': CashDrawer;
}

/** An event about `object`, ready for the outbox. @example const event = newEvent('order.created', view); */
export function newEvent<T extends EventType>(type: T, object: EventObjects[T]): NewEvent {
  return { id: newId('evt'), type, data: JSON.stringify(object) };
}

/**
 * Records an event in the caller's transaction. `object` is what the event is about, as the API shows
 * it after the change (see EventObjects), so the type checker refuses an object of the wrong kind.
 * The object is stored and sent as it is: never pass anything holding a secret.
 *
 * @example await recordEvent(trx, tenant, 'product.created', product, now);
 */
export async function recordEvent<T extends EventType>(
  trx: DbTransaction,
  tenant: Tenant,
  type: T,
  object: EventObjects[T],
  createdAt: string,
): Promise<void> {
  const event = newEvent(type, object);
  await writeOutbox(trx, tenant, { events: [event], deliveries: [] }, createdAt);
  await enqueueDeliveries(trx, tenant, event, createdAt);
}

/**
 * Records one event of `type` per object, as `recordEvent` does for one, with one read of the
 * tenant's endpoints and one outbox write for them all: Copy from Sandbox records hundreds at once,
 * and one statement per event on PostgreSQL would spend the request's deadline on round trips.
 *
 * @example await recordEvents(trx, tenant, 'product.created', products, now);
 */
export async function recordEvents<T extends EventType>(trx: DbTransaction, tenant: Tenant, type: T, objects: ReadonlyArray<EventObjects[T]>, createdAt: string): Promise<void> {
  if (objects.length === 0) return;
  const events = objects.map((object) => newEvent(type, object));
  await writeOutbox(trx, tenant, { events, deliveries: deliveriesOf(events, await enabledEndpoints(trx, tenant)) }, createdAt);
}
