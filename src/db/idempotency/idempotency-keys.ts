/**
 * The statements on `idempotency_keys`: a key's claim (insert if absent, read, delete when expired,
 * take over from a request that never answered), its answer, its release, and the purge of old keys.
 * What a claim means (replay, mismatch, in use) is decided above, in `idempotency/claim-key.ts`.
 */
import type { Selectable } from 'kysely';
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';
import type { IdempotencyKeysTable } from '../schema.js';
import type { Tenant } from '../scoped.js';

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** The tenant's key `key`, for a statement to narrow further. */
function theKey<Q extends { where(column: 'merchant_id' | 'environment' | 'key', op: '=', value: string): Q }>(query: Q, tenant: Tenant, key: string): Q {
  return query.where('merchant_id', '=', tenant.merchantId).where('environment', '=', tenant.environment).where('key', '=', key);
}

/** Writes the key as held by a request started at `now`, unless the tenant has it already; true when written. */
export async function insertKeyIfAbsent(handle: ReadHandle, tenant: Tenant, key: string, fingerprint: string, now: string): Promise<boolean> {
  const inserted = await kyselyOf(handle)
    .insertInto('idempotency_keys')
    .values({
      merchant_id: tenant.merchantId,
      environment: tenant.environment,
      key,
      request_hash: fingerprint,
      status: 'in_progress',
      response_status: null,
      response_body: null,
      created_at: now,
      locked_at: now,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'environment', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findKey(handle: ReadHandle, tenant: Tenant, key: string): Promise<IdempotencyKeyRow | undefined> {
  return theKey(kyselyOf(handle).selectFrom('idempotency_keys').selectAll(), tenant, key).executeTakeFirst();
}

/** Deletes the key if it is still the one first used at `createdAt` (an expired key, read just before). */
export async function deleteKeyCreatedAt(handle: ReadHandle, tenant: Tenant, key: string, createdAt: string): Promise<void> {
  await theKey(kyselyOf(handle).deleteFrom('idempotency_keys'), tenant, key).where('created_at', '=', createdAt).execute();
}

/**
 * Takes over a key still in progress whose holder locked it at `lockedAt` (a request that will never
 * answer), as held from `now`; true when taken (no other request took it first).
 */
export async function takeOverKey(handle: ReadHandle, tenant: Tenant, key: string, lockedAt: string, now: string): Promise<boolean> {
  const taken = await theKey(kyselyOf(handle).updateTable('idempotency_keys').set({ locked_at: now }), tenant, key)
    .where('status', '=', 'in_progress')
    .where('locked_at', '=', lockedAt)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Marks the key completed with the answer of the request holding it. */
export async function storeKeyAnswer(handle: ReadHandle, tenant: Tenant, key: string, status: number, body: string): Promise<void> {
  await theKey(kyselyOf(handle).updateTable('idempotency_keys').set({ status: 'completed', response_status: status, response_body: body }), tenant, key).execute();
}

/** Deletes the key if it is still in progress, held by the request that took it at `lockedAt` (not by one that took it over since). */
export async function deleteKeyInProgress(handle: ReadHandle, tenant: Tenant, key: string, lockedAt: string): Promise<void> {
  await theKey(kyselyOf(handle).deleteFrom('idempotency_keys'), tenant, key).where('status', '=', 'in_progress').where('locked_at', '=', lockedAt).execute();
}

/** Deletes every key first used before `before`. */
export async function deleteKeysCreatedBefore(handle: ReadHandle, before: string): Promise<void> {
  await kyselyOf(handle).deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
