/**
 * Update Webhook Endpoint: changes where events go, which, its description, metadata or status. A
 * change of where or which, or enabling it, binds the endpoint to the credential making it.
 * `production` (the server runs in production) allows `https` addresses only.
 */
import type { Principal } from '../auth/principal.js';
import { updateEndpoint } from '../db/webhooks/endpoints.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { boundTo, checkReadableTypes } from './endpoint-rights.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { enabledEvents } from './endpoint-view.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import type { UpdateWebhookEndpointBody, WebhookEndpoint } from './schemas.js';

export async function updateWebhookEndpoint(
  services: Services,
  tenant: Principal,
  endpointId: string,
  input: UpdateWebhookEndpointBody,
  production: boolean,
): Promise<WebhookEndpoint> {
  const existing = await getWebhookEndpoint(services, tenant, endpointId);
  // A change of where events go, which, or turning them on: the endpoint is bound to this credential
  // from now on, and what it receives must be readable by it (so a key that cannot read customers
  // cannot point another's endpoint at its own server, nor turn it back on). Disabling sends nothing.
  const rebinds = input.url !== undefined || input.enabled_events !== undefined || input.status === 'enabled';
  if (rebinds) checkReadableTypes(input.enabled_events ?? existing.enabled_events, tenant.permissions);
  const changes = {
    ...(rebinds ? boundTo(tenant) : {}),
    ...(input.url === undefined ? {} : { url: checkEndpointUrl(input.url, production) }),
    ...(input.enabled_events === undefined ? {} : { enabled_events: enabledEvents(input.enabled_events) }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.metadata === undefined ? {} : { metadata: JSON.stringify(input.metadata) }),
    // Enabling again starts the 5-day failure count afresh.
    ...(input.status === undefined ? {} : { status: input.status, failing_since: null }),
  };
  if (Object.keys(changes).length > 0) {
    await updateEndpoint(services.db, tenant, endpointId, { ...changes, updated_at: isoNow(services.clock) });
  }
  return getWebhookEndpoint(services, tenant, endpointId);
}
