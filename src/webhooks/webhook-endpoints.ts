/**
 * Webhook endpoints of a tenant: create, read, change, delete, rotate the secret. A deleted endpoint
 * is kept (its delivery log stays readable by support) but answers 404 and receives nothing.
 */
import { pageOf, type Pagination } from '../db/paginate.js';
import { randomBytes } from 'node:crypto';
import type { Tenant } from '../auth/principal.js';
import type { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import type { WebhookEndpointsTable } from '../db/schema.js';
import { selectScoped } from '../db/scoped.js';
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

const COLUMNS = ['id', 'url', 'enabled_events', 'description', 'metadata', 'status', 'created_at', 'updated_at'] as const;
type EndpointColumns = Pick<WebhookEndpointsTable, (typeof COLUMNS)[number]>;

/** `whsec_` and base64 of 32 random bytes, as Standard Webhooks secrets are written. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toEndpoint(row: EndpointColumns): WebhookEndpoint {
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
  tenant: Tenant,
  input: CreateWebhookEndpointBody,
  production: boolean,
  cipher: SigningKeyCipher,
): Promise<WebhookEndpointWithSecret> {
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
    failing_since: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await transaction(async (trx) => {
    await trx.insertInto('webhook_endpoints').values(row).execute();
  });
  return { ...toEndpoint(row), secret };
}

function liveEndpoints({ db }: Services, tenant: Tenant) {
  return selectScoped(db.kysely, 'webhook_endpoints', tenant).where('deleted_at', 'is', null);
}

export async function getWebhookEndpoint(services: Services, tenant: Tenant, endpointId: string): Promise<WebhookEndpoint> {
  const row = await liveEndpoints(services, tenant).select(COLUMNS).where('id', '=', endpointId).executeTakeFirst();
  if (row === undefined) throw notFound('webhook endpoint', endpointId, 'id');
  return toEndpoint(row);
}

export async function listWebhookEndpoints(
  services: Services,
  tenant: Tenant,
  query: { page?: number | undefined; per_page?: number | undefined },
): Promise<{ data: WebhookEndpoint[]; pagination: Pagination }> {
  const { rows, pagination } = await pageOf<EndpointColumns>(liveEndpoints(services, tenant), COLUMNS, query);
  return { data: rows.map(toEndpoint), pagination };
}

export async function updateWebhookEndpoint(
  services: Services,
  tenant: Tenant,
  endpointId: string,
  input: UpdateWebhookEndpointBody,
  production: boolean,
): Promise<WebhookEndpoint> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const changes = {
    ...(input.url === undefined ? {} : { url: checkEndpointUrl(input.url, production) }),
    ...(input.enabled_events === undefined ? {} : { enabled_events: enabledEvents(input.enabled_events) }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.metadata === undefined ? {} : { metadata: JSON.stringify(input.metadata) }),
    // Enabling again starts the 5-day failure count afresh.
    ...(input.status === undefined ? {} : { status: input.status, failing_since: null }),
  };
  if (Object.keys(changes).length > 0) {
    await services.db.kysely
      .updateTable('webhook_endpoints')
      .set({ ...changes, updated_at: isoNow(services.clock) })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', endpointId)
      .execute();
  }
  return getWebhookEndpoint(services, tenant, endpointId);
}

export async function deleteWebhookEndpoint(services: Services, tenant: Tenant, endpointId: string): Promise<{ id: string; deleted: true }> {
  await getWebhookEndpoint(services, tenant, endpointId);
  const now = isoNow(services.clock);
  await services.transaction(async (trx) => {
    await trx
      .updateTable('webhook_endpoints')
      .set({ deleted_at: now, status: 'disabled', updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', endpointId)
      .execute();
    // What was still to be sent to it is not sent.
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
  });
  return { id: endpointId, deleted: true };
}

/**
 * A new secret; the old one keeps signing for `expires_in_seconds` (default a day), so that a
 * receiver can switch without dropping a delivery.
 */
export async function rotateWebhookSecret(
  services: Services,
  tenant: Tenant,
  endpointId: string,
  input: RotateSecretBody,
  cipher: SigningKeyCipher,
): Promise<WebhookEndpointWithSecret> {
  const current = await liveEndpoints(services, tenant).select(['secret']).where('id', '=', endpointId).executeTakeFirst();
  if (current === undefined) throw notFound('webhook endpoint', endpointId, 'id');
  const nowMs = services.clock.now().getTime();
  const expiresIn = input.expires_in_seconds ?? 86_400;
  const secret = newWebhookSecret();
  await services.db.kysely
    .updateTable('webhook_endpoints')
    .set({
      secret: await cipher.sealSecret(endpointId, secret),
      // Stored as it was (it may predate the encryption key; the next start encrypts it then).
      previous_secret: expiresIn === 0 ? null : current.secret,
      previous_secret_expires_at: expiresIn === 0 ? null : new Date(nowMs + expiresIn * 1000).toISOString(),
      updated_at: new Date(nowMs).toISOString(),
    })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', endpointId)
    .execute();
  return { ...(await getWebhookEndpoint(services, tenant, endpointId)), secret };
}
