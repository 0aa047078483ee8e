/**
 * A new access token and the refresh token's successor. Rotation is atomic (of two requests with one
 * token exactly one gets a successor); a token used again past the grace period was copied, and its
 * whole sign-in ends.
 */
import { endSession, noteSessionRefreshed, refreshTokenWithSession, rotateRefreshToken } from '../db/identity/sessions.js';
import { activeUser } from '../db/identity/users.js';
import type { Environment } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { sha256Hex } from '../ids.js';
import type { Services } from '../services.js';
import { sessionPastMaxAge } from './access-tokens.js';
import { iso, issueTokens, REFRESH_TOKEN_PREFIX, refuse, seenColumns, type GrantRefusal, type GrantResult, type SeenFrom, type SessionSettings } from './sessions.js';

/**
 * Exchanges a refresh token for a new access token and its successor. `clientId`, when given (the
 * OAuth token endpoint), must be the client the sign-in was made with. `environment`, when given,
 * moves the sign-in to that data set in the same transaction: the new tokens act on it, and access
 * tokens issued for the other one stop working.
 */
export async function refreshTokens(
  services: Services,
  input: { refreshToken: string; clientId?: string; environment?: Environment; seenFrom?: SeenFrom },
): Promise<GrantResult> {
  const settings = services.sessions;
  const now = settings.clock.now().getTime();
  if (!input.refreshToken.startsWith(REFRESH_TOKEN_PREFIX)) return refuse('unknown');
  const signer = await settings.keys.signingKey();
  return settings.transaction(async (trx) => {
    const tokenHash = sha256Hex(input.refreshToken);
    const token = await refreshTokenWithSession(trx, tokenHash);
    if (token === undefined) return refuse('unknown');
    if (input.clientId !== undefined && input.clientId !== token.client_id) return refuse('client_mismatch', token.user_id);
    if (token.revoked_at !== null) return refuse('revoked', token.user_id);
    if (token.rotated_at !== null) return reuse(trx, settings, token, now);
    if (token.expires_at <= iso(now)) return refuse('expired', token.user_id);
    if (sessionPastMaxAge(settings, token.created_at)) return refuse('session_expired', token.user_id);
    // Another request rotated it between the read and this update: it won, this one lost the race.
    if (!(await rotateRefreshToken(trx, tokenHash, iso(now)))) return refuse('already_used', token.user_id);
    const user = await activeUser(trx, token.user_id);
    if (user === undefined) return refuse('revoked', token.user_id);
    const environment = input.environment ?? token.environment;
    await noteSessionRefreshed(
      trx,
      { merchantId: token.merchant_id, sessionId: token.session_id, environment: token.environment },
      environment,
      // A caller that does not say where the request came from leaves the last known device as it was.
      input.seenFrom === undefined ? { last_used_at: iso(now) } : seenColumns(input.seenFrom, now),
    );
    const tokens = await issueTokens(trx, settings, signer, { sessionId: token.session_id, user, environment, now });
    return { ok: true, tokens, userId: user.id, sessionId: token.session_id };
  });
}

async function reuse(
  trx: DbTransaction,
  settings: SessionSettings,
  token: { merchant_id: string; session_id: string; rotated_at: string | null; user_id: string },
  now: number,
): Promise<GrantRefusal> {
  const rotatedAgoMs = now - Date.parse(token.rotated_at!);
  if (rotatedAgoMs <= settings.refreshReuseGraceSeconds * 1000) return refuse('already_used', token.user_id);
  await endSession(trx, { merchantId: token.merchant_id, sessionId: token.session_id }, 'refresh_token_reused', iso(now));
  return refuse('reused', token.user_id);
}
