/**
 * List your sign-ins: the open sign-ins of the calling user, newest first (not ended, not past their
 * refresh token nor their maximum age), to recognise a lost phone or an unknown browser. A user sees
 * only their own.
 */
import type { Principal } from '../auth/principal.js';
import { openSessionPage } from '../db/identity/sessions.js';
import type { Services } from '../services.js';
import type { ListSessionsQuery, SessionList } from './schemas.js';
import { clientNames, sessionView } from './session-view.js';

export async function listSessions(services: Services, principal: Principal, query: ListSessionsQuery): Promise<SessionList> {
  const lifetimes = services.sessions;
  const now = services.clock.now().getTime();
  const bounds = {
    startedAfter: new Date(now - lifetimes.sessionMaxAgeSeconds * 1000).toISOString(),
    usedAfter: new Date(now - lifetimes.refreshTokenTtlSeconds * 1000).toISOString(),
  };
  const { rows, pagination } = await openSessionPage(services.db, { merchantId: principal.merchantId, userId: principal.id }, bounds, query);
  const clients = await clientNames(services.db, rows);
  return { data: rows.map((row) => sessionView(row, clients, lifetimes, principal)), pagination };
}
