/**
 * List an endpoint's delivery attempts: every attempt, newest first, with what the receiver answered.
 */
import type { Tenant } from '../auth/principal.js';
import type { Pagination } from '../db/paginate.js';
import { pageOfAttempts } from '../db/webhooks/delivery-log.js';
import type { Services } from '../services.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import type { ListDeliveriesQuery, WebhookAttempt } from './schemas.js';

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
