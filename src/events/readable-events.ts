/**
 * Who may read which events: an event shows its object, so reading it takes the permission that reads
 * that object (each type's `readScope` in `event-types.ts`). Orders and refunds are read with
 * `orders:read` (which the events endpoints ask for), products with `products:read`, customers with
 * `customers:read`, and API keys (their name, last four characters and permissions, never the key)
 * only by those who manage keys (`api_keys:write`).
 */
import type { Scope } from '../auth/permissions.js';
import { EVENT_TYPES, EVENTS, type EventType } from './event-types.js';

/** The permission that reads each type of event. */
export const EVENT_READ_SCOPE = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENTS[type].readScope])) as Record<EventType, Scope>;

/** The event types a credential with `permissions` may read, in the catalogue's order. */
export function readableEventTypes(permissions: ReadonlySet<Scope>): EventType[] {
  return EVENT_TYPES.filter((type) => permissions.has(EVENT_READ_SCOPE[type]));
}
