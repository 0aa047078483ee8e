/**
 * A user's sign-in as the API shows it: its client's name, a summary of its browser, and the latest
 * it can end (its maximum age or its refresh token's life, whichever comes first).
 */
import type { Principal } from '../auth/principal.js';
import type { SessionSettings } from '../auth/sessions.js';
import { describeUserAgent } from '../auth/user-agent.js';
import type { ReadHandle } from '../db/handle.js';
import type { SessionRow } from '../db/identity/sessions.js';
import { oauthClientNames } from '../db/identity/signing-keys.js';
import type { Session } from './schemas.js';

/** How long sign-ins and their refresh tokens last (SESSION_MAX_AGE_DAYS, REFRESH_TOKEN_TTL_SECONDS). */
export type SessionLifetimes = Pick<SessionSettings, 'sessionMaxAgeSeconds' | 'refreshTokenTtlSeconds'>;

/** The names of the OAuth clients the sign-ins were made with, by client id. */
export async function clientNames(db: ReadHandle, rows: readonly SessionRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.client_id))];
  if (ids.length === 0) return new Map();
  const clients = await oauthClientNames(db, ids);
  return new Map(clients.map((client) => [client.id, client.name]));
}

export function sessionView(row: SessionRow, clients: ReadonlyMap<string, string>, lifetimes: SessionLifetimes, principal: Principal): Session {
  const expires = Math.min(
    Date.parse(row.created_at) + lifetimes.sessionMaxAgeSeconds * 1000,
    Date.parse(row.last_used_at) + lifetimes.refreshTokenTtlSeconds * 1000,
  );
  return {
    id: row.id,
    client: { id: row.client_id, name: clients.get(row.client_id) ?? row.client_id },
    device: describeUserAgent(row.user_agent),
    user_agent: row.user_agent,
    ip_address: row.ip_address,
    environment: row.environment,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: new Date(expires).toISOString(),
    ended_at: row.revoked_at,
    current: row.id === principal.sessionId,
  };
}
