/**
 * Who may read which events: an event shows its object, so reading it takes the permission that reads
 * that object. Orders and refunds are read with `orders:read` (which the events endpoints ask for),
 * products with `products:read`, customers with `customers:read`, and API keys (their name, last four
 * characters and permissions, never the key) only by those who manage keys (`api_keys:write`).
 */
import type { Scope } from '../auth/permissions.js';
import { EVENT_TYPES, type EventType } from './record-event.js';

export const EVENT_READ_SCOPE: Record<EventType, Scope> = {
  'order.created': 'orders:read',
  'order.paid': 'orders:read',
  'order.canceled': 'orders:read',
  'order.refunded': 'orders:read',
  'order.disputed': 'orders:read',
  'refund.created': 'orders:read',
  'product.created': 'products:read',
  'product.updated': 'products:read',
  'customer.created': 'customers:read',
  'customer.updated': 'customers:read',
  'api_key.created': 'api_keys:write',
  'api_key.revoked': 'api_keys:write',
};

/** The event types a credential with `permissions` may read, in the catalogue's order. */
export function readableEventTypes(permissions: ReadonlySet<Scope>): EventType[] {
  return EVENT_TYPES.filter((type) => permissions.has(EVENT_READ_SCOPE[type]));
}
