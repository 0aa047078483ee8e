/**
 * Get Webhook Endpoint: a live endpoint of the tenant; another tenant's, or a deleted one, is 404
 * exactly like a missing one.
 */
import type { Tenant } from '../auth/principal.js';
import { findLiveEndpoint } from '../db/webhooks/endpoints.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { toEndpoint } from './endpoint-view.js';
import type { WebhookEndpoint } from './schemas.js';

export async function getWebhookEndpoint(services: Services, tenant: Tenant, endpointId: string): Promise<WebhookEndpoint> {
  const row = await findLiveEndpoint(services.db, tenant, endpointId);
  if (row === undefined) throw notFound('webhook endpoint', endpointId, 'id');
  return toEndpoint(row);
}
