/**
 * Create Webhook Endpoint: where a tenant's events are pushed, signed with a new secret that only
 * this answer shows. At most MAX_WEBHOOK_ENDPOINTS live endpoints per merchant and environment.
 * `production` (the server runs in production) allows `https` addresses only.
 */
import type { Principal } from '../auth/principal.js';
import { countLiveEndpoints, insertEndpoint, lockMerchantEndpoints } from '../db/webhooks/endpoints.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { boundTo, checkReadableTypes } from './endpoint-rights.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { enabledEvents, toEndpoint } from './endpoint-view.js';
import type { CreateWebhookEndpointBody, WebhookEndpointWithSecret } from './schemas.js';
import { newWebhookSecret } from './webhook-secrets.js';

/** Live (not deleted) endpoints a merchant may have in each environment, as Stripe allows. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

export async function createWebhookEndpoint(
  { clock, transaction, cipher }: Services,
  tenant: Principal,
  input: CreateWebhookEndpointBody,
  production: boolean,
): Promise<WebhookEndpointWithSecret> {
  checkReadableTypes(input.enabled_events, tenant.permissions);
  const now = isoNow(clock);
  const id = newId('we');
  const secret = newWebhookSecret();
  const row = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id,
    url: checkEndpointUrl(input.url, production),
    description: input.description ?? null,
    enabled_events: enabledEvents(input.enabled_events),
    metadata: JSON.stringify(input.metadata ?? {}),
    status: 'enabled' as const,
    // Till signs with the secret, so it cannot be stored as a hash only: encrypted when
    // SIGNING_KEY_ENCRYPTION_KEY is set (see webhook-secrets.ts), else as is.
    secret: await cipher.sealSecret(id, secret),
    previous_secret: null,
    previous_secret_expires_at: null,
    ...boundTo(tenant),
    failing_since: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await transaction(async (trx) => {
    // Two creations at once: the second waits for the first's count.
    await lockMerchantEndpoints(trx, tenant.merchantId);
    if ((await countLiveEndpoints(trx, tenant)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new ApiError(
        'webhook_endpoint_limit_reached',
        `This merchant already has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints in this environment, the most it may have. Delete one, or send more event types to one endpoint.`,
      );
    }
    await insertEndpoint(trx, row);
  });
  return { ...toEndpoint(row), secret };
}
