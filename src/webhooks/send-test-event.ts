/**
 * Send a test event: a `ping` to one endpoint, signed like any other, within the tenant's budget of
 * manual deliveries.
 */
import type { Tenant } from '../auth/principal.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { enqueueDeliveries } from './enqueue-deliveries.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { checkManualBudget } from './manual-budget.js';
import type { ResendResult } from './schemas.js';

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
