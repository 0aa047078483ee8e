/**
 * Claiming an idempotency key: the first request with a key holds it; a later one with the same key
 * is told whether to replay the answer, wait (409), or stop because its body differs (400).
 */
import type { Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import { sha256Hex } from '../ids.js';

/** Keys are kept 24 hours from their first use. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key still "in progress" this long after its request started belongs to a request that will never
 * answer (its server died): the next request with the key takes it over. Far longer than any request.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

export type Claim =
  | { kind: 'claimed' }
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

export async function claimKey(db: Kysely<Database>, tenant: Tenant, key: string, fingerprint: string, now: Date): Promise<Claim> {
  const nowIso = now.toISOString();
  const scope = (query: any) =>
    query.where('merchant_id', '=', tenant.merchantId).where('environment', '=', tenant.environment).where('key', '=', key);

  // Three rounds at most: a round only repeats when the row it saw was deleted as expired meanwhile.
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        merchant_id: tenant.merchantId,
        environment: tenant.environment,
        key,
        request_hash: fingerprint,
        status: 'in_progress',
        response_status: null,
        response_body: null,
        created_at: nowIso,
        locked_at: nowIso,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'environment', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { kind: 'claimed' };

    const row = await scope(db.selectFrom('idempotency_keys').selectAll()).executeTakeFirst();
    if (row === undefined) continue;
    if (Date.parse(row.created_at) <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      await scope(db.deleteFrom('idempotency_keys')).where('created_at', '=', row.created_at).execute();
      continue;
    }
    if (row.request_hash !== fingerprint) return { kind: 'mismatch' };
    if (row.status === 'completed') return { kind: 'replay', status: row.response_status!, body: row.response_body! };
    if (Date.parse(row.locked_at) <= now.getTime() - IDEMPOTENCY_LEASE_MS) {
      const taken = await scope(db.updateTable('idempotency_keys').set({ locked_at: nowIso }))
        .where('status', '=', 'in_progress')
        .where('locked_at', '=', row.locked_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed' };
    }
    return { kind: 'in_use' };
  }
  return { kind: 'in_use' };
}

/** Stores the answer of the request holding the key; in its transaction when the request wrote. */
export async function completeKey(db: Kysely<Database>, tenant: Tenant, key: string, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'completed', response_status: status, response_body: body })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('key', '=', key)
    .execute();
}

/** Lets the key go (after a server error, so that a retry can do the work). */
export async function releaseKey(db: Kysely<Database>, tenant: Tenant, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .execute();
}

/** Deletes keys older than 24 hours. */
export async function purgeExpiredKeys(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString())
    .execute();
}
