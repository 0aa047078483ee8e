/**
 * A user's own sign-ins: the list (to recognise a lost phone or an unknown browser) and signing one
 * out. A user sees only their own; anyone else's sign-in answers 404, like a missing one.
 */
import type { Principal } from '../auth/principal.js';
import { endSessionsIn } from '../auth/sessions.js';
import { describeUserAgent } from '../auth/user-agent.js';
import type { ReadHandle } from '../db/handle.js';
import { openSessionPage, sessionRow, type SessionRow } from '../db/identity/sessions.js';
import { oauthClientNames } from '../db/identity/signing-keys.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { ListSessionsQuery, Session, SessionList } from './schemas.js';

/** How long sign-ins and their refresh tokens last (SESSION_MAX_AGE_DAYS, REFRESH_TOKEN_TTL_SECONDS). */
export interface SessionLifetimes {
  sessionMaxAgeSeconds: number;
  refreshTokenTtlSeconds: number;
}

/** The open sign-ins of the calling user, newest first: not ended, not past their refresh token nor their maximum age. */
export async function listSessions(services: Services, lifetimes: SessionLifetimes, principal: Principal, query: ListSessionsQuery): Promise<SessionList> {
  const now = services.clock.now().getTime();
  const bounds = {
    startedAfter: new Date(now - lifetimes.sessionMaxAgeSeconds * 1000).toISOString(),
    usedAfter: new Date(now - lifetimes.refreshTokenTtlSeconds * 1000).toISOString(),
  };
  const { rows, pagination } = await openSessionPage(services.db, { merchantId: principal.merchantId, userId: principal.id }, bounds, query);
  const clients = await clientNames(services.db, rows);
  return { data: rows.map((row) => sessionView(row, clients, lifetimes, principal)), pagination };
}

/** Ends one of the calling user's open sign-ins (the current one included: that is signing out). */
export async function endSession(services: Services, lifetimes: SessionLifetimes, principal: Principal, sessionId: string): Promise<Session> {
  return services.transaction(async (trx) => {
    const owner = { merchantId: principal.merchantId, userId: principal.id };
    const ended = await endSessionsIn(trx, owner, { only: sessionId }, 'signed_out', isoNow(services.clock));
    if (ended.length === 0) throw notFound('session', sessionId, 'id');
    const row = await sessionRow(trx, principal.merchantId, sessionId);
    if (row === undefined) throw new Error(`sign-in ${sessionId} ended just now is missing`);
    return sessionView(row, await clientNames(trx, [row]), lifetimes, principal);
  });
}

async function clientNames(db: ReadHandle, rows: readonly SessionRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.client_id))];
  if (ids.length === 0) return new Map();
  const clients = await oauthClientNames(db, ids);
  return new Map(clients.map((client) => [client.id, client.name]));
}

function sessionView(row: SessionRow, clients: ReadonlyMap<string, string>, lifetimes: SessionLifetimes, principal: Principal): Session {
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
