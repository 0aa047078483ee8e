/**
 * Send an event again: queues it now, with the same `webhook-id`, for one endpoint or for every
 * enabled endpoint subscribed to it, within the tenant's budget of manual deliveries.
 */
import type { Tenant } from '../auth/principal.js';
import { findEventToResend } from '../db/outbox/events.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { enqueueDeliveries } from './enqueue-deliveries.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { checkManualBudget } from './manual-budget.js';
import type { ResendResult } from './schemas.js';

/** Queues the event again, now, for one endpoint or for every enabled endpoint subscribed to it. */
export async function resendEvent(services: Services, tenant: Tenant, eventId: string, endpointId: string | undefined): Promise<ResendResult> {
  const event = await findEventToResend(services.db, tenant, eventId);
  if (event === undefined) throw notFound('event', eventId, 'id');
  if (endpointId !== undefined) await getWebhookEndpoint(services, tenant, endpointId);
  const at = services.clock.now();
  const now = at.toISOString();
  // The transaction's result is the answer: with an Idempotency-Key it is what a retry replays.
  return services.transaction(async (trx) => {
    const endpointIds = await enqueueDeliveries(trx, tenant, event, now, endpointId === undefined ? undefined : [endpointId], 'resend');
    // Counted with this resend's own deliveries, which the rollback takes back if it is refused.
    await checkManualBudget(trx, tenant, at, 0);
    return { event_id: event.id, endpoint_ids: endpointIds };
  });
}
