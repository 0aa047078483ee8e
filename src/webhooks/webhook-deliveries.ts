/**
 * The delivery log of an endpoint, and sending an event again (resend) or a `ping` (test).
 */
import { pageOf, type Pagination } from '../db/paginate.js';
import type { Tenant } from '../auth/principal.js';
import type { WebhookAttemptsTable } from '../db/schema.js';
import { selectScoped } from '../db/scoped.js';
import { ApiError, notFound } from '../errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { enqueueDeliveries } from './enqueue-deliveries.js';
import type { ListDeliveriesQuery, ResendResult, WebhookAttempt } from './schemas.js';
import { getWebhookEndpoint } from './webhook-endpoints.js';

const COLUMNS = [
  'id',
  'delivery_id',
  'event_id',
  'event_type',
  'attempt',
  'outcome',
  'response_status',
  'response_body',
  'duration_ms',
  'error',
  'next_retry_at',
  'created_at',
] as const;
type AttemptColumns = Pick<WebhookAttemptsTable, (typeof COLUMNS)[number]>;

export async function listWebhookAttempts(
  services: Services,
  tenant: Tenant,
  endpointId: string,
  query: ListDeliveriesQuery,
): Promise<{ data: WebhookAttempt[]; pagination: Pagination }> {
  await getWebhookEndpoint(services, tenant, endpointId);
  let filtered = selectScoped(services.db.kysely, 'webhook_attempts', tenant).where('endpoint_id', '=', endpointId);
  if (query.status !== undefined) filtered = filtered.where('outcome', '=', query.status);
  const { rows, pagination } = await pageOf<AttemptColumns>(filtered, COLUMNS, query);
  return { data: rows.map((row) => ({ ...row, response_status: row.response_status === null ? null : Number(row.response_status) })), pagination };
}

/**
 * Deliveries that resends and tests may queue per merchant and environment in a minute (a resend to
 * every endpoint counts each): they have a budget of their own, beside the requests' rate limit, so
 * that they cannot flood the dispatchers.
 */
export const MANUAL_DELIVERIES_PER_MINUTE = 60;

/** Refuses (429) a resend or test that would queue `count` deliveries past the tenant's budget of the last minute. */
async function checkManualBudget(trx: Kysely<Database>, tenant: Tenant, now: Date, count: number): Promise<void> {
  const since = new Date(now.getTime() - 60_000).toISOString();
  const { queued } = await selectScoped(trx, 'webhook_deliveries', tenant)
    .where('origin', 'in', ['resend', 'test'])
    .where('created_at', '>', since)
    .select((eb) => eb.fn.countAll<number | string>().as('queued'))
    .executeTakeFirstOrThrow();
  if (Number(queued) + count > MANUAL_DELIVERIES_PER_MINUTE) {
    throw new ApiError(
      'rate_limited',
      `Resends and tests may queue ${MANUAL_DELIVERIES_PER_MINUTE} deliveries a minute per merchant and environment; this one would go past that. Retry in a minute.`,
    );
  }
}

/** Queues the event again, now, for one endpoint or for every enabled endpoint subscribed to it. */
export async function resendEvent(services: Services, tenant: Tenant, eventId: string, endpointId: string | undefined): Promise<ResendResult> {
  const event = await selectScoped(services.db.kysely, 'events', tenant).select(['id', 'type']).where('id', '=', eventId).executeTakeFirst();
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
