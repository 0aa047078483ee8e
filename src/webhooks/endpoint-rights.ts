/**
 * What an endpoint may receive: exactly the event types its credential may read through
 * `/v1/events` (`events/readable-events.ts`). The credential is the one that made the endpoint, or
 * the last one that changed its `url` or `enabled_events` or enabled it; its permissions then are kept
 * with the endpoint (`created_with`), and each delivery needs them *and* the credential's current
 * ones: a revoked key, a removed user or a narrowed role stops what it no longer may read.
 *
 * - At create and update, an explicit type the credential cannot read is refused (403
 *   `insufficient_permissions`, naming the type and the permission it needs). `*` means every type
 *   the credential may read, now and as its rights change.
 * - At queueing (events, resends): an endpoint whose credential cannot read the event's type now is
 *   left out. Order events sent to one that cannot read customers carry `customer` as its id only.
 *
 * Endpoints made before the credential was kept (`created_by` null) receive what they subscribed to.
 */
import type { Principal } from '../auth/principal.js';
import { ROLE_PERMISSIONS, storedApiKeyScopes, type Scope } from '../auth/permissions.js';
import type { EndpointCredentialRow } from '../db/outbox/outbox.js';
import type { Role } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { EVENT_READ_SCOPE } from '../events/readable-events.js';
import type { EventType } from '../events/record-event.js';

/** What is kept with the endpoint of the credential that sets it up. */
export function boundTo(principal: Pick<Principal, 'id' | 'permissions'>): { created_by: string; created_with: string } {
  return { created_by: principal.id, created_with: JSON.stringify([...principal.permissions].sort()) };
}

/**
 * Refuses the explicit types of `list` that `permissions` cannot read.
 *
 * @example checkReadableTypes(['order.paid', 'customer.created'], new Set(['orders:read'])) // throws 403
 */
export function checkReadableTypes(list: readonly string[], permissions: ReadonlySet<Scope>): void {
  const refused = list.filter((type) => type !== '*' && !permissions.has(EVENT_READ_SCOPE[type as EventType]));
  if (refused.length === 0) return;
  const needs = refused.map((type) => `${type} (${EVENT_READ_SCOPE[type as EventType]})`).join(', ');
  throw new ApiError(
    'insufficient_permissions',
    `This credential cannot read ${refused.length === 1 ? 'the event type' : 'the event types'} ${needs}, so its endpoints cannot receive them. An endpoint receives only the event types its credential may read through /v1/events; "*" means all of those.`,
    'enabled_events',
  );
}

/** The rows a delivery's check reads: the endpoint's binding and its credential as it stands. */
export type EndpointCredential = EndpointCredentialRow;

/**
 * The permissions an endpoint receives with now: those kept at binding that its credential still
 * holds; undefined for an endpoint bound before credentials were kept (no limit).
 */
export function endpointRights(row: EndpointCredential): ReadonlySet<Scope> | undefined {
  if (row.created_by === null || row.created_with === null) return undefined;
  const granted = JSON.parse(row.created_with) as Scope[];
  let current: readonly Scope[] = [];
  if (row.created_by.startsWith('key_')) {
    if (row.key_permissions !== null && row.key_revoked_at === null) current = storedApiKeyScopes(row.key_permissions);
  } else if (row.user_role !== null && row.user_removed_at === null) {
    current = ROLE_PERMISSIONS[row.user_role as Role] ?? [];
  }
  return new Set(granted.filter((scope) => current.includes(scope)));
}

/** Whether an endpoint with `rights` receives an event of `type` (`ping`, a test, always). */
export function mayReceive(rights: ReadonlySet<Scope> | undefined, type: string): boolean {
  if (rights === undefined || type === 'ping') return true;
  const scope = EVENT_READ_SCOPE[type as EventType];
  return scope !== undefined && rights.has(scope);
}

/** Whether an event of `type` goes out with its customer reduced to the id. */
export function hidesCustomer(rights: ReadonlySet<Scope> | undefined, type: string): boolean {
  return rights !== undefined && type.startsWith('order.') && !rights.has('customers:read');
}
