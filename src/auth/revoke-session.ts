/**
 * Signing out: ends the sign-in a refresh token or access token belongs to (RFC 7009), its tokens
 * with it.
 */
import { endSession, sessionClient, sessionOfRefreshToken as sessionOfRefreshTokenHash } from '../db/identity/sessions.js';
import { sha256Hex } from '../ids.js';
import type { Services } from '../services.js';
import { iso } from './sessions.js';

/**
 * Ends the sign-in a refresh token or access token belongs to (RFC 7009). Returns the client the
 * sign-in was made with, or undefined for a token that is unknown or already ended.
 */
export async function revokeSession(
  services: Services,
  ref: { refreshToken: string } | { merchantId: string; sessionId: string },
): Promise<{ sessionId: string; clientId: string } | undefined> {
  const settings = services.sessions;
  const now = settings.clock.now().getTime();
  return settings.transaction(async (trx) => {
    // A refresh token names its sign-in, and so the merchant, through its hash.
    const owner = 'sessionId' in ref ? ref : await sessionOfRefreshTokenHash(trx, sha256Hex(ref.refreshToken));
    if (owner === undefined) return undefined;
    const session = await sessionClient(trx, owner.merchantId, owner.sessionId);
    if (session === undefined) return undefined;
    await endSession(trx, { merchantId: owner.merchantId, sessionId: owner.sessionId }, 'signed_out', iso(now));
    return { sessionId: session.id, clientId: session.client_id };
  });
}
