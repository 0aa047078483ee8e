/**
 * Rotates a refresh token for `POST /v1/auth/refresh`: counted against the sign-in it belongs to (or
 * the client's address when it belongs to none), then exchanged for new tokens, in the environment
 * asked for. A refusal is an `ApiError` in the API's envelope.
 */
import { refreshTokens } from '../auth/refresh-tokens.js';
import { liveSignInOfRefreshToken, type GrantRefusal, type TokenSet } from '../auth/sessions.js';
import type { Throttled } from '../auth/sign-in-limits.js';
import type { Environment } from '../db/schema.js';
import { ApiError, type ErrorCode } from '../errors.js';
import type { Services } from '../services.js';

/** Who asks: the client's address, and its `User-Agent` as the sign-in list shows it. */
export interface RefreshCaller {
  address: string;
  userAgent: string | undefined;
}

export interface RefreshInput {
  refresh_token: string;
  client_id?: string | undefined;
  environment?: Environment | undefined;
}

/** New tokens, or a wait: `perSignIn` when the sign-in's own budget is spent, else the address's. */
export type RefreshOutcome = { ok: true; tokens: TokenSet } | { ok: false; throttled: Throttled; perSignIn: boolean };

const REFUSALS: Record<GrantRefusal['reason'], [ErrorCode, string]> = {
  unknown: ['invalid_credentials', 'Invalid refresh token.'],
  client_mismatch: ['invalid_credentials', 'Invalid refresh token.'],
  redirect_mismatch: ['invalid_credentials', 'Invalid refresh token.'],
  pkce_failed: ['invalid_credentials', 'Invalid refresh token.'],
  expired: ['token_expired', 'The refresh token has expired; sign in again.'],
  session_expired: ['credential_revoked', 'This sign-in has ended: it reached its maximum age. Sign in again.'],
  revoked: ['credential_revoked', 'This sign-in has ended; sign in again.'],
  already_used: ['refresh_token_used', 'This refresh token was exchanged a moment ago. Use the refresh token that exchange returned.'],
  reused: ['credential_revoked', 'This refresh token was already used, so the sign-in has been ended for safety. Sign in again.'],
};

export async function refreshSession(services: Services, caller: RefreshCaller, input: RefreshInput): Promise<RefreshOutcome> {
  const { sessions, signInLimits } = services;
  const { refresh_token: refreshToken, client_id: clientId, environment } = input;
  const live = await liveSignInOfRefreshToken(sessions.db, refreshToken, sessions.clock.now());
  const throttled = await signInLimits.tokenRequest(caller.address, live);
  if (throttled !== undefined) return { ok: false, throttled, perSignIn: live !== undefined };
  const result = await refreshTokens(services, {
    refreshToken,
    ...(clientId === undefined ? {} : { clientId }),
    seenFrom: { userAgent: caller.userAgent, address: caller.address },
    ...(environment === undefined ? {} : { environment }),
  });
  if (!result.ok) {
    const [code, message] = REFUSALS[result.reason];
    throw new ApiError(code, message);
  }
  return { ok: true, tokens: result.tokens };
}
