/**
 * The transactional outbox: a delivery row per enabled endpoint subscribed to an event, written in
 * the transaction that records the event, so that an event is delivered exactly when it exists.
 */
import type { Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database, WebhookDeliveryOrigin } from '../db/schema.js';
import { noteDeliveriesQueued } from '../db/transaction.js';
import { newId } from '../ids.js';
import { endpointRights, hidesCustomer, mayReceive } from './endpoint-rights.js';

export interface OutboxEvent {
  id: string;
  type: string;
  /** The body to send instead of the stored event's (a `ping`). */
  payload?: string;
}

/** Whether an endpoint listening to `enabledEvents` (JSON) receives events of `type`. */
export function subscribes(enabledEvents: string, type: string): boolean {
  const list = JSON.parse(enabledEvents) as string[];
  return list.includes('*') || list.includes(type);
}

/**
 * Queues `event` for the tenant's enabled endpoints that subscribe to it, or for `endpointIds` only
 * (resend, test), each only if its credential may read the event's type now. Returns the endpoints
 * it was queued for.
 *
 * @example await enqueueDeliveries(trx, tenant, { id: 'evt_...', type: 'order.paid' }, now);
 */
export async function enqueueDeliveries(
  trx: Kysely<Database>,
  tenant: Tenant,
  event: OutboxEvent,
  now: string,
  endpointIds?: readonly string[],
  origin: WebhookDeliveryOrigin = 'event',
): Promise<string[]> {
  // Each endpoint with its credential as it stands now (see endpoint-rights.ts).
  let query = trx
    .selectFrom('webhook_endpoints as e')
    .leftJoin('api_keys as k', (join) => join.onRef('k.merchant_id', '=', 'e.merchant_id').onRef('k.id', '=', 'e.created_by'))
    .leftJoin('users as u', (join) => join.onRef('u.merchant_id', '=', 'e.merchant_id').onRef('u.id', '=', 'e.created_by'))
    .select([
      'e.id',
      'e.enabled_events',
      'e.created_by',
      'e.created_with',
      'k.permissions as key_permissions',
      'k.revoked_at as key_revoked_at',
      'u.role as user_role',
      'u.removed_at as user_removed_at',
    ])
    .where('e.merchant_id', '=', tenant.merchantId)
    .where('e.environment', '=', tenant.environment)
    .where('e.status', '=', 'enabled')
    .where('e.deleted_at', 'is', null);
  if (endpointIds !== undefined) {
    if (endpointIds.length === 0) return [];
    query = query.where('e.id', 'in', endpointIds);
  }
  const endpoints = (await query.orderBy('e.id').execute())
    .filter((e) => endpointIds !== undefined || subscribes(e.enabled_events, event.type))
    .map((e) => ({ id: e.id, rights: endpointRights(e) }))
    .filter((e) => mayReceive(e.rights, event.type));
  if (endpoints.length === 0) return [];
  noteDeliveriesQueued(trx);
  await trx
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        id: newId('whd'),
        merchant_id: tenant.merchantId,
        environment: tenant.environment,
        endpoint_id: endpoint.id,
        event_id: event.id,
        event_type: event.type,
        payload: event.payload ?? null,
        origin,
        hide_customer: hidesCustomer(endpoint.rights, event.type) ? 1 : 0,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        lease_owner: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return endpoints.map((e) => e.id);
}
