/**
 * Which endpoints receive an event, and how: an enabled endpoint subscribed to its type whose
 * credential may read that type now (`endpoint-rights.ts`); order events go out with the customer as
 * its id only to one that cannot read customers. The outbox store (`db/outbox/`) writes what this
 * decides, in the transaction that records the event, so that an event is delivered exactly when it
 * exists.
 */
import type { WebhookDeliveryOrigin } from '../db/schema.js';
import { enabledEndpoints, queueDeliveries, type NewDelivery, type OutboxEndpoint } from '../db/outbox/outbox.js';
import type { Tenant } from '../db/scoped.js';
import type { DbTransaction } from '../db/transaction.js';
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
 * A delivery of each event to each of `endpoints` that receives it: subscribed to its type (unless
 * `anyType`: the endpoints were named, for a resend or a test) and whose credential may read it now.
 */
export function deliveriesOf(events: ReadonlyArray<OutboxEvent>, endpoints: readonly OutboxEndpoint[], anyType = false): NewDelivery[] {
  const deliveries: NewDelivery[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (!anyType && !subscribes(endpoint.enabled_events, event.type)) continue;
      const rights = endpointRights(endpoint);
      if (!mayReceive(rights, event.type)) continue;
      deliveries.push({
        id: newId('whd'),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload: event.payload,
        hideCustomer: hidesCustomer(rights, event.type) ? 1 : 0,
      });
    }
  }
  return deliveries;
}

/**
 * Queues `event` for the tenant's enabled endpoints that subscribe to it, or for `endpointIds` only
 * (resend, test), each only if its credential may read the event's type now. Returns the endpoints
 * it was queued for.
 *
 * @example await enqueueDeliveries(trx, tenant, { id: 'evt_...', type: 'order.paid' }, now);
 */
export async function enqueueDeliveries(
  trx: DbTransaction,
  tenant: Tenant,
  event: OutboxEvent,
  now: string,
  endpointIds?: readonly string[],
  origin: WebhookDeliveryOrigin = 'event',
): Promise<string[]> {
  if (endpointIds !== undefined && endpointIds.length === 0) return [];
  const deliveries = deliveriesOf([event], await enabledEndpoints(trx, tenant, endpointIds), endpointIds !== undefined);
  await queueDeliveries(trx, tenant, deliveries, origin, now);
  return deliveries.map((d) => d.endpointId);
}
