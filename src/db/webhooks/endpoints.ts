/**
 * The statements on a tenant's webhook endpoints: create (under the merchant's lock, with the count
 * of live ones), read, list, change, delete, and the stored secrets (rotation, re-encryption).
 * A deleted endpoint keeps its row (`deleted_at`): the reads here answer live ones only.
 */
import type { Updateable } from 'kysely';
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { WebhookEndpointsTable } from '../schema.js';
import { holdMerchantRow } from '../merchants/hold-merchant.js';
import { selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';
import { ENDPOINT_VIEW_COLUMNS, type NewWebhookEndpoint, type WebhookEndpointRow, type WebhookEndpointView } from './rows.js';

function liveEndpoints(handle: ReadHandle, tenant: Tenant) {
  return selectScoped(kyselyOf(handle), 'webhook_endpoints', tenant).where('deleted_at', 'is', null);
}

/**
 * Holds the merchant's endpoints against another creation until `trx` ends, so that two creations
 * at once count each other: the merchant's row is held (the merchants store's `holdMerchantRow`).
 */
export async function lockMerchantEndpoints(trx: DbTransaction, merchantId: string): Promise<void> {
  await holdMerchantRow(trx, merchantId);
}

/** How many live endpoints the tenant has. */
export async function countLiveEndpoints(handle: ReadHandle, tenant: Tenant): Promise<number> {
  const { count } = await liveEndpoints(handle, tenant)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertEndpoint(trx: DbTransaction, row: NewWebhookEndpoint): Promise<void> {
  await trx.insertInto('webhook_endpoints').values(row).execute();
}

/** The live endpoint as the API shows it, or undefined. */
export async function findLiveEndpoint(handle: ReadHandle, tenant: Tenant, endpointId: string): Promise<WebhookEndpointView | undefined> {
  return liveEndpoints(handle, tenant).select(ENDPOINT_VIEW_COLUMNS).where('id', '=', endpointId).executeTakeFirst();
}

/** A page of the tenant's live endpoints, newest first. */
export async function pageOfLiveEndpoints(handle: ReadHandle, tenant: Tenant, request: PageRequest): Promise<{ rows: WebhookEndpointView[]; pagination: Pagination }> {
  return pageOf<WebhookEndpointView>(liveEndpoints(handle, tenant), ENDPOINT_VIEW_COLUMNS, request);
}

/** What a change of an endpoint may set (its secrets change by rotation only). */
export type EndpointChange = Pick<
  Updateable<WebhookEndpointsTable>,
  'url' | 'enabled_events' | 'description' | 'metadata' | 'status' | 'failing_since' | 'created_by' | 'created_with' | 'updated_at'
>;

export async function updateEndpoint(handle: ReadHandle, tenant: Tenant, endpointId: string, change: EndpointChange): Promise<void> {
  await kyselyOf(handle)
    .updateTable('webhook_endpoints')
    .set(change)
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', endpointId)
    .execute();
}

/** Marks the endpoint deleted (and disabled) at `now`, and fails what was still to be sent to it. */
export async function deleteEndpoint(trx: DbTransaction, tenant: Tenant, endpointId: string, now: string): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ deleted_at: now, status: 'disabled', updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', endpointId)
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** The stored secrets of an endpoint: the current one and those of earlier rotations, each with its expiry. */
export type EndpointSecretColumns = Pick<
  WebhookEndpointRow,
  'secret' | 'previous_secret' | 'previous_secret_expires_at' | 'previous_secret_2' | 'previous_secret_2_expires_at' | 'previous_secret_3' | 'previous_secret_3_expires_at'
>;

/** The live endpoint's stored secrets, or undefined. */
export async function findLiveEndpointSecrets(handle: ReadHandle, tenant: Tenant, endpointId: string): Promise<EndpointSecretColumns | undefined> {
  return liveEndpoints(handle, tenant)
    .select(['secret', 'previous_secret', 'previous_secret_expires_at', 'previous_secret_2', 'previous_secret_2_expires_at', 'previous_secret_3', 'previous_secret_3_expires_at'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

/** Stores an endpoint's secrets after a rotation. */
export async function storeEndpointSecrets(trx: DbTransaction, tenant: Tenant, endpointId: string, secrets: EndpointSecretColumns, now: string): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ ...secrets, updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', endpointId)
    .execute();
}

/** The secrets of an endpoint as stored, current and previous ones, for re-encryption. */
export type StoredSecrets = Pick<WebhookEndpointRow, 'merchant_id' | 'id' | 'secret' | 'previous_secret' | 'previous_secret_2' | 'previous_secret_3'>;

/**
 * Every endpoint's stored secrets, deleted endpoints included (their rows keep a secret too); with
 * `inClearOnly`, only the rows holding one in clear (it starts with `whsec`, a JWE with `eyJ`).
 */
export async function storedSecrets(trx: DbTransaction, inClearOnly: boolean): Promise<StoredSecrets[]> {
  let query = trx.selectFrom('webhook_endpoints').select(['merchant_id', 'id', 'secret', 'previous_secret', 'previous_secret_2', 'previous_secret_3']);
  if (inClearOnly) {
    query = query.where((eb) =>
      eb.or([eb('secret', 'like', 'whsec%'), eb('previous_secret', 'like', 'whsec%'), eb('previous_secret_2', 'like', 'whsec%'), eb('previous_secret_3', 'like', 'whsec%')]),
    );
  }
  return query.execute();
}

/** Stores an endpoint's secrets again (re-encrypted), leaving their expiries as they are. */
export async function storeRewrappedSecrets(trx: DbTransaction, secrets: StoredSecrets): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ secret: secrets.secret, previous_secret: secrets.previous_secret, previous_secret_2: secrets.previous_secret_2, previous_secret_3: secrets.previous_secret_3 })
    .where('merchant_id', '=', secrets.merchant_id)
    .where('id', '=', secrets.id)
    .execute();
}
