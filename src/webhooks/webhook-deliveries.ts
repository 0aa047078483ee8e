/**
 * The delivery log of an endpoint, and sending an event again (resend) or a `ping` (test).
 */
import { pageOf, type Pagination } from '../db/paginate.js';
import type { Tenant } from '../auth/principal.js';
import type { WebhookAttemptsTable } from '../db/schema.js';
import { selectScoped } from '../db/scoped.js';
import { notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
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

/** Queues the event again, now, for one endpoint or for every enabled endpoint subscribed to it. */
export async function resendEvent(services: Services, tenant: Tenant, eventId: string, endpointId: string | undefined): Promise<ResendResult> {
  const event = await selectScoped(services.db.kysely, 'events', tenant).select(['id', 'type']).where('id', '=', eventId).executeTakeFirst();
  if (event === undefined) throw notFound('event', eventId, 'id');
  if (endpointId !== undefined) await getWebhookEndpoint(services, tenant, endpointId);
  const now = isoNow(services.clock);
  // The transaction's result is the answer: with an Idempotency-Key it is what a retry replays.
  return services.transaction(async (trx) => ({
    event_id: event.id,
    endpoint_ids: await enqueueDeliveries(trx, tenant, event, now, endpointId === undefined ? undefined : [endpointId], 'resend'),
  }));
}

/** Sends a `ping` event to the endpoint: `{"id", "type": "ping", "created_at", "data": {"object": {"endpoint_id"}}}`. */
export async function sendTestEvent(services: Services, tenant: Tenant, endpointId: string): Promise<ResendResult> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const now = isoNow(services.clock);
  const id = newId('evt');
  const payload = JSON.stringify({ id, type: 'ping', created_at: now, data: { object: { endpoint_id: endpointId } } });
  // The transaction's result is the answer: with an Idempotency-Key it is what a retry replays.
  return services.transaction(async (trx) => ({ event_id: id, endpoint_ids: await enqueueDeliveries(trx, tenant, { id, type: 'ping', payload }, now, [endpointId], 'test') }));
}
