/**
 * Claiming an idempotency key: the first request with a key holds it; a later one with the same key
 * is told whether to replay the answer, wait (409), or stop because its body differs (400).
 */
import type { Tenant } from '../auth/principal.js';
import type { ReadHandle } from '../db/handle.js';
import {
  deleteKeyCreatedAt,
  deleteKeyInProgress,
  deleteKeysCreatedBefore,
  findKey,
  insertKeyIfAbsent,
  storeKeyAnswer,
  takeOverKey,
} from '../db/idempotency/idempotency-keys.js';
import { sha256Hex } from '../ids.js';

/** Keys are kept 24 hours from their first use. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key still "in progress" this long after its request started belongs to a request that will never
 * answer (its server died): the next request with the key takes it over. Far longer than any request.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

export type Claim =
  /** `lockedAt`: when this request took the key, which names its hold (`releaseKey`). */
  | { kind: 'claimed'; lockedAt: string }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in_use' };

/** SHA-256 of the method, path and body with its keys sorted, so key order does not matter. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method} ${path}\n${canonicalJson(body)}`);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function claimKey(db: ReadHandle, tenant: Tenant, key: string, fingerprint: string, now: Date): Promise<Claim> {
  const nowIso = now.toISOString();
  // Three rounds at most: a round only repeats when the row it saw was deleted as expired meanwhile.
  for (let round = 0; round < 3; round++) {
    if (await insertKeyIfAbsent(db, tenant, key, fingerprint, nowIso)) return { kind: 'claimed', lockedAt: nowIso };

    const row = await findKey(db, tenant, key);
    if (row === undefined) continue;
    if (Date.parse(row.created_at) <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      await deleteKeyCreatedAt(db, tenant, key, row.created_at);
      continue;
    }
    if (row.request_hash !== fingerprint) return { kind: 'mismatch' };
    if (row.status === 'completed') return { kind: 'replay', status: row.response_status!, body: row.response_body! };
    if (Date.parse(row.locked_at) <= now.getTime() - IDEMPOTENCY_LEASE_MS && (await takeOverKey(db, tenant, key, row.locked_at, nowIso))) return { kind: 'claimed', lockedAt: nowIso };
    return { kind: 'in_use' };
  }
  return { kind: 'in_use' };
}

/** Stores the answer of the request holding the key; in its transaction when the request wrote. */
export async function completeKey(db: ReadHandle, tenant: Tenant, key: string, status: number, body: string): Promise<void> {
  await storeKeyAnswer(db, tenant, key, status, body);
}

/** Lets the key go (after a server error, so that a retry can do the work), if the request that took it at `lockedAt` still holds it. */
export async function releaseKey(db: ReadHandle, tenant: Tenant, key: string, lockedAt: string): Promise<void> {
  await deleteKeyInProgress(db, tenant, key, lockedAt);
}

/** Deletes keys older than 24 hours. */
export async function purgeExpiredKeys(db: ReadHandle, now: Date): Promise<void> {
  await deleteKeysCreatedBefore(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString());
}
