/**
 * Webhook endpoints of a tenant: create, read, change, delete, rotate the secret. A deleted endpoint
 * is kept (its delivery log stays readable by support) but answers 404 and receives nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Pagination } from '../db/paginate.js';
import {
  countLiveEndpoints,
  deleteEndpoint,
  findLiveEndpoint,
  findLiveEndpointSecrets,
  insertEndpoint,
  lockMerchantEndpoints,
  pageOfLiveEndpoints,
  storeEndpointSecrets,
  updateEndpoint,
} from '../db/webhooks/endpoints.js';
import type { WebhookEndpointView } from '../db/webhooks/rows.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { boundTo, checkReadableTypes } from './endpoint-rights.js';
import type { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import { ApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type {
  CreateWebhookEndpointBody,
  RotateSecretBody,
  UpdateWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './schemas.js';

/** Live (not deleted) endpoints a merchant may have in each environment, as Stripe allows. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** `whsec_` and base64 of 32 random bytes, as Standard Webhooks secrets are written. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toEndpoint(row: WebhookEndpointView): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    enabled_events: JSON.parse(row.enabled_events) as string[],
    description: row.description,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The list as stored: `["*"]` when it names every type. */
function enabledEvents(list: readonly string[]): string {
  return JSON.stringify(list.includes('*') ? ['*'] : list);
}

/** An http(s) address without credentials; `https` only in production. */
export function checkEndpointUrl(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('parameter_invalid', `The url "${raw}" is not an absolute address such as https://example.com/webhooks.`, 'url');
  }
  const allowed = production ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw new ApiError('parameter_invalid', production ? 'The url must start with https://.' : 'The url must start with https:// or http://.', 'url');
  }
  if (url.username !== '' || url.password !== '') throw new ApiError('parameter_invalid', 'The url must not carry a user name or password.', 'url');
  return url.toString();
}

export async function createWebhookEndpoint(
  { clock, transaction }: Services,
  tenant: Principal,
  input: CreateWebhookEndpointBody,
  production: boolean,
  cipher: SigningKeyCipher,
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

export async function getWebhookEndpoint(services: Services, tenant: Tenant, endpointId: string): Promise<WebhookEndpoint> {
  const row = await findLiveEndpoint(services.db, tenant, endpointId);
  if (row === undefined) throw notFound('webhook endpoint', endpointId, 'id');
  return toEndpoint(row);
}

export async function listWebhookEndpoints(
  services: Services,
  tenant: Tenant,
  query: { page?: number | undefined; per_page?: number | undefined },
): Promise<{ data: WebhookEndpoint[]; pagination: Pagination }> {
  const { rows, pagination } = await pageOfLiveEndpoints(services.db, tenant, query);
  return { data: rows.map(toEndpoint), pagination };
}

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

export async function deleteWebhookEndpoint(services: Services, tenant: Tenant, endpointId: string): Promise<{ id: string; deleted: true }> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const now = isoNow(services.clock);
  // What was still to be sent to it is not sent.
  await services.transaction((trx) => deleteEndpoint(trx, tenant, endpointId, now));
  return { id: endpointId, deleted: true };
}

/** How many earlier secrets may keep signing at once, each until its own expiry. */
export const RETIRING_SECRETS = 3;

/**
 * A new secret; the current one keeps signing for `expires_in_seconds` (default a day), and so do
 * the secrets of earlier rotations until their own expiry, up to RETIRING_SECRETS of them: a receiver
 * that never saw the secrets of rotations that timed out keeps verifying with the one it has. Past
 * that many, the one closest to its expiry is retired first. `expires_in_seconds: 0` retires the
 * current secret and every earlier one at once (a secret that leaked).
 */
export async function rotateWebhookSecret(
  services: Services,
  tenant: Tenant,
  endpointId: string,
  input: RotateSecretBody,
  cipher: SigningKeyCipher,
): Promise<WebhookEndpointWithSecret> {
  const nowMs = services.clock.now().getTime();
  const nowIso = new Date(nowMs).toISOString();
  const expiresIn = input.expires_in_seconds ?? 86_400;
  const secret = newWebhookSecret();
  const sealed = await cipher.sealSecret(endpointId, secret);
  const found = await services.transaction(async (trx) => {
    const current = await findLiveEndpointSecrets(trx, tenant, endpointId);
    if (current === undefined) return false;
    const retiring = [
      { secret: current.previous_secret, expires_at: current.previous_secret_expires_at },
      { secret: current.previous_secret_2, expires_at: current.previous_secret_2_expires_at },
      { secret: current.previous_secret_3, expires_at: current.previous_secret_3_expires_at },
    ].filter((r): r is { secret: string; expires_at: string } => r.secret !== null && r.expires_at !== null && r.expires_at > nowIso);
    // 0: every earlier secret stops signing now (a secret that leaked).
    if (expiresIn === 0) retiring.length = 0;
    // Stored as it was (it may predate the encryption key; the next start encrypts it then).
    else retiring.unshift({ secret: current.secret, expires_at: new Date(nowMs + expiresIn * 1000).toISOString() });
    while (retiring.length > RETIRING_SECRETS) {
      const soonest = retiring.reduce((a, b) => (b.expires_at < a.expires_at ? b : a));
      retiring.splice(retiring.indexOf(soonest), 1);
    }
    const slot = (i: number) => ({ secret: retiring[i]?.secret ?? null, expires_at: retiring[i]?.expires_at ?? null });
    await storeEndpointSecrets(
      trx,
      tenant,
      endpointId,
      {
        secret: sealed,
        previous_secret: slot(0).secret,
        previous_secret_expires_at: slot(0).expires_at,
        previous_secret_2: slot(1).secret,
        previous_secret_2_expires_at: slot(1).expires_at,
        previous_secret_3: slot(2).secret,
        previous_secret_3_expires_at: slot(2).expires_at,
      },
      nowIso,
    );
    return true;
  });
  if (!found) throw notFound('webhook endpoint', endpointId, 'id');
  return { ...(await getWebhookEndpoint(services, tenant, endpointId)), secret };
}
