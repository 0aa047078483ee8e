/**
 * Sign out a sign-in: ends one of the calling user's open sign-ins (the current one included: that
 * is signing out). Anyone else's sign-in answers 404, like a missing one.
 */
import type { Principal } from '../auth/principal.js';
import { endSessionsIn } from '../auth/sessions.js';
import { sessionRow } from '../db/identity/sessions.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { Session } from './schemas.js';
import { clientNames, sessionView } from './session-view.js';

export async function endSession(services: Services, principal: Principal, sessionId: string): Promise<Session> {
  return services.transaction(async (trx) => {
    const owner = { merchantId: principal.merchantId, userId: principal.id };
    const ended = await endSessionsIn(trx, owner, { only: sessionId }, 'signed_out', isoNow(services.clock));
    if (ended.length === 0) throw notFound('session', sessionId, 'id');
    const row = await sessionRow(trx, principal.merchantId, sessionId);
    if (row === undefined) throw new Error(`sign-in ${sessionId} ended just now is missing`);
    return sessionView(row, await clientNames(trx, [row]), services.sessions, principal);
  });
}
