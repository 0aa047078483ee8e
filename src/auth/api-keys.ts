/**
 * API keys: `sk_test_` (sandbox) or `sk_live_` (production) followed by 32 random base62 characters.
 * Only the SHA-256 of a key is stored; the key itself is shown once, when it is created.
 *
 * A key has 190 bits of entropy, so a fast hash is enough: no one can search that space, and a
 * lookup by hash takes the same path for an unknown key and for a known prefix with a wrong secret.
 */
import type { Db } from '../db/connection.js';
import type { ReadHandle } from '../db/handle.js';
import { apiKeyByHash, apiKeyPage, inTransaction, insertApiKey, recordApiKeyUse, revokeApiKeyRow, type ApiKeyRecordRow } from '../db/identity/api-keys.js';
import type { PageRequest, Pagination } from '../db/paginate.js';
import type { Environment } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { recordEvent } from '../events/record-event.js';
import { newId, randomBase62, sha256Hex } from '../ids.js';
import { isoNow, type Clock } from '../time.js';
import type { CredentialCache } from './credential-cache.js';
import { storedApiKeyScopes, type ApiKeyScope, type Scope } from './permissions.js';
import type { Authenticator, AuthResult } from './principal.js';

export const KEY_PREFIXES: Record<Environment, string> = { sandbox: 'sk_test_', production: 'sk_live_' };
const KEY_SECRET_LENGTH = 32;
/** `last_used_at` is written at most this often per key, so reads do not turn into writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyView {
  id: string;
  name: string;
  environment: Environment;
  permissions: ApiKeyScope[];
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

export function environmentOfKey(key: string): Environment | undefined {
  if (key.startsWith(KEY_PREFIXES.sandbox)) return 'sandbox';
  if (key.startsWith(KEY_PREFIXES.production)) return 'production';
  return undefined;
}

export interface CreateApiKeyInput {
  merchantId: string;
  environment: Environment;
  name: string;
  permissions: readonly ApiKeyScope[];
}

/**
 * Creates a key and returns its record together with the only copy of the key. Records
 * `api_key.created` in the key's environment, carrying the record alone (never the key nor its hash).
 */
export async function createApiKey(
  db: Db | DbTransaction,
  clock: Clock,
  input: CreateApiKeyInput,
): Promise<ApiKeyView & { key: string }> {
  const key = KEY_PREFIXES[input.environment] + randomBase62(KEY_SECRET_LENGTH);
  const row = {
    id: newId('key'),
    merchant_id: input.merchantId,
    environment: input.environment,
    name: input.name,
    key_hash: hashApiKey(key),
    last4: key.slice(-4),
    permissions: JSON.stringify(input.permissions),
    created_at: isoNow(clock),
    last_used_at: null,
    revoked_at: null,
  };
  const view = toView(row);
  await inTransaction(db, async (trx) => {
    await insertApiKey(trx, row);
    await recordEvent(trx, { merchantId: input.merchantId, environment: input.environment }, 'api_key.created', view, row.created_at);
  });
  return { ...view, key };
}

export interface ListApiKeysQuery extends PageRequest {
  environment?: Environment | undefined;
}

/**
 * One page of the merchant's keys, newest first: both environments unless `environment` is given,
 * revoked keys included. Keys are merchant-level records, so the only scope is the merchant.
 *
 * @example listApiKeys(db, 'mer_...', { environment: 'production', page: 1 })
 */
export async function listApiKeys(
  db: ReadHandle,
  merchantId: string,
  query: ListApiKeysQuery,
): Promise<{ data: ApiKeyView[]; pagination: Pagination }> {
  const { rows, pagination } = await apiKeyPage(db, merchantId, query);
  return { data: rows.map(toView), pagination };
}

/**
 * Revokes a key of the merchant. Returns the record, or undefined when the merchant has no such key.
 * A key revoked before keeps its first `revoked_at`, so revoking is safe to repeat; `api_key.revoked`
 * is recorded (in the key's environment) only by the call that revoked it.
 */
export async function revokeApiKey(
  db: Db | DbTransaction,
  clock: Clock,
  keyId: string,
  merchantId?: string,
): Promise<ApiKeyView | undefined> {
  const now = isoNow(clock);
  return inTransaction(db, async (trx) => {
    const { revoked, row } = await revokeApiKeyRow(trx, keyId, merchantId, now);
    if (row === undefined) return undefined;
    const view = toView(row);
    if (revoked) await recordEvent(trx, { merchantId: row.merchant_id, environment: row.environment }, 'api_key.revoked', view, now);
    return view;
  });
}

function toView(row: ApiKeyRecordRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    permissions: storedApiKeyScopes(row.permissions),
    last4: row.last4,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}

/**
 * Resolves `sk_test_...` / `sk_live_...` bearer tokens. Revocation takes effect on the next request:
 * a key remembered in `cache` is forgotten as soon as any credential changes (`credential-cache.ts`).
 */
export function apiKeyAuthenticator(db: ReadHandle, clock: Clock, cache?: CredentialCache<AuthResult>): Authenticator {
  const lastWritten = new Map<string, number>();
  async function lookUp(token: string, keyHash: string): Promise<AuthResult> {
    const row = await apiKeyByHash(db, keyHash);
    if (row === undefined || environmentOfKey(token) !== row.environment) {
      return { ok: false, code: 'invalid_credentials', message: 'Invalid API key provided.' };
    }
    if (row.revoked_at !== null) {
      return { ok: false, code: 'credential_revoked', message: 'This API key has been revoked.' };
    }
    return {
      ok: true,
      principal: {
        kind: 'api_key',
        id: row.id,
        merchantId: row.merchant_id,
        environment: row.environment,
        permissions: new Set<Scope>(storedApiKeyScopes(row.permissions)),
        role: null,
        sessionId: null,
      },
    };
  }
  return {
    accepts: (token) => token.startsWith('sk_'),
    async authenticate(token): Promise<AuthResult> {
      const keyHash = hashApiKey(token);
      const result = cache === undefined ? await lookUp(token, keyHash) : await cache.get(keyHash, () => lookUp(token, keyHash), (r) => r.ok);
      if (!result.ok) return result;
      // Written at most once a minute per key and process, remembered or not: a read stays a read.
      const id = result.principal.id;
      const now = clock.now().getTime();
      if (now - (lastWritten.get(id) ?? 0) >= LAST_USED_RESOLUTION_MS) {
        lastWritten.set(id, now);
        await recordApiKeyUse(db, result.principal.merchantId, id, new Date(now).toISOString());
      }
      return result;
    },
  };
}
