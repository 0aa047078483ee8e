/**
 * The first tokens of a new sign-in, for an authorization code and its PKCE verifier. A code works
 * once; presenting it again ends the sign-in it started.
 */
import { authorizationCode, claimAuthorizationCode, endSession, insertSession, noteSessionOfCode, sessionOfCode } from '../db/identity/sessions.js';
import { activeUser } from '../db/identity/users.js';
import { newId, sha256Hex } from '../ids.js';
import type { Services } from '../services.js';
import { iso, issueTokens, pkceMatches, refuse, seenColumns, type GrantResult, type SeenFrom } from './sessions.js';

/** Exchanges an authorization code (with its PKCE verifier) for the first tokens of a new sign-in. */
export async function exchangeAuthorizationCode(
  services: Services,
  input: { code: string; clientId: string; redirectUri: string; codeVerifier: string; seenFrom?: SeenFrom },
): Promise<GrantResult> {
  const settings = services.sessions;
  const now = settings.clock.now().getTime();
  const signer = await settings.keys.signingKey();
  return settings.transaction(async (trx) => {
    const codeHash = sha256Hex(input.code);
    const code = await authorizationCode(trx, codeHash);
    if (code === undefined) return refuse('unknown');
    // Mark it used first, whatever follows: a code is good for one attempt only.
    if (!(await claimAuthorizationCode(trx, codeHash, iso(now)))) {
      // Presented again: whatever the first exchange issued is no longer to be trusted.
      const first = await sessionOfCode(trx, codeHash);
      if (first !== undefined) await endSession(trx, first, 'code_reused', iso(now));
      return refuse('already_used', code.user_id);
    }
    if (code.expires_at <= iso(now)) return refuse('expired', code.user_id);
    if (code.client_id !== input.clientId) return refuse('client_mismatch', code.user_id);
    if (code.redirect_uri !== input.redirectUri) return refuse('redirect_mismatch', code.user_id);
    if (!pkceMatches(input.codeVerifier, code.code_challenge)) return refuse('pkce_failed', code.user_id);
    const user = await activeUser(trx, code.user_id);
    if (user === undefined) return refuse('revoked', code.user_id);
    const sessionId = newId('ses');
    await insertSession(trx, {
      id: sessionId,
      merchant_id: user.merchant_id,
      user_id: user.id,
      client_id: code.client_id,
      environment: code.environment,
      created_at: iso(now),
      ...seenColumns(input.seenFrom, now),
      revoked_at: null,
      revoked_reason: null,
    });
    await noteSessionOfCode(trx, codeHash, sessionId);
    const tokens = await issueTokens(trx, settings, signer, { sessionId, user, environment: code.environment, now });
    return { ok: true, tokens, userId: user.id, sessionId };
  });
}
