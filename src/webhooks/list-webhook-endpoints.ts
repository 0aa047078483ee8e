/**
 * List Webhook Endpoints: the tenant's live endpoints, newest first. Secrets are never listed.
 */
import type { Tenant } from '../auth/principal.js';
import type { Pagination } from '../db/paginate.js';
import { pageOfLiveEndpoints } from '../db/webhooks/endpoints.js';
import type { Services } from '../services.js';
import { toEndpoint } from './endpoint-view.js';
import type { WebhookEndpoint } from './schemas.js';

export async function listWebhookEndpoints(
  services: Services,
  tenant: Tenant,
  query: { page?: number | undefined; per_page?: number | undefined },
): Promise<{ data: WebhookEndpoint[]; pagination: Pagination }> {
  const { rows, pagination } = await pageOfLiveEndpoints(services.db, tenant, query);
  return { data: rows.map(toEndpoint), pagination };
}
