/**
 * An order's customer is shown in full (`{id, name, email}`) only to a credential that may read
 * customers (`customers:read`); to any other, `customer` carries the id only (`{id}`), as in order
 * views (Get and List Orders, the order in capture, cancel and refund answers) and `order.*` events
 * (`/v1/events`, webhooks: there the endpoint's credential counts, see `webhooks/endpoint-rights.ts`).
 */
import type { Scope } from '../auth/permissions.js';

/** Whether a credential with `permissions` sees an order's customer in full. */
export function seesCustomers(permissions: ReadonlySet<Scope>): boolean {
  return permissions.has('customers:read');
}

type WithCustomer = { customer?: { id: string } | null };

/** The order (or anything with a `customer`) with the customer reduced to its id. */
export function customerIdOnly<T extends WithCustomer>(order: T): T {
  if (order.customer === undefined || order.customer === null) return order;
  return { ...order, customer: { id: order.customer.id } };
}

/** An order as JSON text, with the customer reduced to its id (the text unchanged when it has none). */
export function customerIdOnlyJson(text: string): string {
  const order = JSON.parse(text) as WithCustomer;
  return order.customer === undefined || order.customer === null ? text : JSON.stringify(customerIdOnly(order));
}

/** An event as the credential may see it: an `order.*` event's customer as its id only without `customers:read`. */
export function eventShown<E extends { type: string; data: { object: unknown } }>(event: E, permissions: ReadonlySet<Scope>): E {
  if (!event.type.startsWith('order.') || seesCustomers(permissions)) return event;
  return { ...event, data: { ...event.data, object: customerIdOnly(event.data.object as WithCustomer) } };
}
