/**
 * Delete Webhook Endpoint: it receives nothing more, and what was still to be sent to it is dropped.
 * The row is kept (its delivery log stays readable by support) but answers 404.
 */
import type { Tenant } from '../auth/principal.js';
import { deleteEndpoint } from '../db/webhooks/endpoints.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';

export async function deleteWebhookEndpoint(services: Services, tenant: Tenant, endpointId: string): Promise<{ id: string; deleted: true }> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const now = isoNow(services.clock);
  // What was still to be sent to it is not sent.
  await services.transaction((trx) => deleteEndpoint(trx, tenant, endpointId, now));
  return { id: endpointId, deleted: true };
}
