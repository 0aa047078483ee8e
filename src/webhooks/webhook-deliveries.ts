/**
 * The delivery log of an endpoint, and sending an event again (resend) or a `ping` (test).
 */
import type { Tenant } from '../auth/principal.js';
import type { Pagination } from '../db/paginate.js';
import type { DbTransaction } from '../db/transaction.js';
import { findEventToResend } from '../db/outbox/events.js';
import { countManualDeliveriesSince, pageOfAttempts } from '../db/webhooks/delivery-log.js';
import { ApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { enqueueDeliveries } from './enqueue-deliveries.js';
import type { ListDeliveriesQuery, ResendResult, WebhookAttempt } from './schemas.js';
import { getWebhookEndpoint } from './webhook-endpoints.js';

export async function listWebhookAttempts(
  services: Services,
  tenant: Tenant,
  endpointId: string,
  query: ListDeliveriesQuery,
): Promise<{ data: WebhookAttempt[]; pagination: Pagination }> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const { rows, pagination } = await pageOfAttempts(services.db, tenant, endpointId, query.status, query);
  return { data: rows.map((row) => ({ ...row, response_status: row.response_status === null ? null : Number(row.response_status) })), pagination };
}

/**
 * Deliveries that resends and tests may queue per merchant and environment in a minute (a resend to
 * every endpoint counts each): they have a budget of their own, beside the requests' rate limit, so
 * that they cannot flood the dispatchers.
 */
export const MANUAL_DELIVERIES_PER_MINUTE = 60;

/** Refuses (429) a resend or test that would queue `count` deliveries past the tenant's budget of the last minute. */
async function checkManualBudget(trx: DbTransaction, tenant: Tenant, now: Date, count: number): Promise<void> {
  const queued = await countManualDeliveriesSince(trx, tenant, new Date(now.getTime() - 60_000).toISOString());
  if (queued + count > MANUAL_DELIVERIES_PER_MINUTE) {
    throw new ApiError(
      'rate_limited',
      `Resends and tests may queue ${MANUAL_DELIVERIES_PER_MINUTE} deliveries a minute per merchant and environment; this one would go past that. Retry in a minute.`,
    );
  }
}

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

/** Sends a `ping` event to the endpoint: `{"id", "type": "ping", "created_at", "data": {"object": {"endpoint_id"}}}`. */
export async function sendTestEvent(services: Services, tenant: Tenant, endpointId: string): Promise<ResendResult> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const at = services.clock.now();
  const now = at.toISOString();
  const id = newId('evt');
  const payload = JSON.stringify({ id, type: 'ping', created_at: now, data: { object: { endpoint_id: endpointId } } });
  // The transaction's result is the answer: with an Idempotency-Key it is what a retry replays.
  return services.transaction(async (trx) => {
    await checkManualBudget(trx, tenant, at, 1);
    return { event_id: id, endpoint_ids: await enqueueDeliveries(trx, tenant, { id, type: 'ping', payload }, now, [endpointId], 'test') };
  });
}
