/**
 * The identity store's statements on `api_keys`: create, list, revoke, look up by hash, and the
 * throttled record of a key's last use. Revoking announces the change (`announceCredentialChange`);
 * the last-use update announces nothing, so a request that records it flushes no process's memory of
 * credentials.
 */
import type { Db } from '../connection.js';
import { announceCredentialChange } from '../credential-changes.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { ApiKeysTable, Environment } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

export type ApiKeyRow = ApiKeysTable;
/** A key's record as lists show it: never its hash nor its merchant. */
export type ApiKeyRecordRow = Omit<ApiKeysTable, 'key_hash' | 'merchant_id'>;

const RECORD_COLUMNS = ['id', 'name', 'environment', 'permissions', 'last4', 'created_at', 'last_used_at', 'revoked_at'] as const;
/** What the operator's `till api-key list` shows. */
const OPERATOR_COLUMNS = ['id', 'merchant_id', 'name', 'environment', 'permissions', 'last4', 'created_at', 'last_used_at', 'revoked_at'] as const;

/**
 * Runs `work` in `handle` when it is a transaction already (a route's), else in a new one: a key's
 * change and its event commit together whoever calls (the API, the CLI, the demo).
 */
export function inTransaction<T>(handle: Db | DbTransaction, work: (trx: DbTransaction) => Promise<T>): Promise<T> {
  return 'kysely' in handle ? handle.transaction(work) : work(handle);
}

export async function insertApiKey(trx: DbTransaction, row: ApiKeyRow): Promise<void> {
  await trx.insertInto('api_keys').values(row).execute();
}

/** One page of the merchant's keys, newest first; both environments unless `environment` is given. */
export async function apiKeyPage(
  handle: ReadHandle,
  merchantId: string,
  query: PageRequest & { environment?: Environment | undefined },
): Promise<{ rows: ApiKeyRecordRow[]; pagination: Pagination }> {
  let filtered = kyselyOf(handle).selectFrom('api_keys').where('merchant_id', '=', merchantId);
  if (query.environment !== undefined) filtered = filtered.where('environment', '=', query.environment);
  return pageOf<ApiKeyRecordRow>(filtered, RECORD_COLUMNS, query);
}

/** Every key (of one merchant, or all), oldest first, for the operator. */
export async function allApiKeys(handle: ReadHandle, merchantId?: string): Promise<Omit<ApiKeysTable, 'key_hash'>[]> {
  let query = kyselyOf(handle).selectFrom('api_keys').select(OPERATOR_COLUMNS).orderBy('created_at').orderBy('id');
  if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
  return query.execute();
}

/**
 * Sets `revoked_at` of a key not yet revoked (of `merchantId`, when given), announcing the change;
 * answers whether this call revoked it, and the key's row as it now is (undefined for no such key).
 */
export async function revokeApiKeyRow(
  trx: DbTransaction,
  keyId: string,
  merchantId: string | undefined,
  now: string,
): Promise<{ revoked: boolean; row: ApiKeyRow | undefined }> {
  let update = trx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).where('revoked_at', 'is', null);
  if (merchantId !== undefined) update = update.where('merchant_id', '=', merchantId);
  const { numUpdatedRows } = await update.executeTakeFirst();
  const revoked = numUpdatedRows > 0n;
  if (revoked) await announceCredentialChange(trx, 'api_key_revoked');
  let select = trx.selectFrom('api_keys').selectAll().where('id', '=', keyId);
  if (merchantId !== undefined) select = select.where('merchant_id', '=', merchantId);
  return { revoked, row: await select.executeTakeFirst() };
}

/** What a credential check needs of the key with this hash. */
export async function apiKeyByHash(handle: ReadHandle, keyHash: string) {
  return kyselyOf(handle)
    .selectFrom('api_keys')
    .select(['id', 'merchant_id', 'environment', 'permissions', 'revoked_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Records a key's last use. Bookkeeping, not a credential change: it announces nothing. */
export async function recordApiKeyUse(handle: ReadHandle, merchantId: string, keyId: string, at: string): Promise<void> {
  await kyselyOf(handle).updateTable('api_keys').set({ last_used_at: at }).where('merchant_id', '=', merchantId).where('id', '=', keyId).execute();
}
