/**
 * Sign-ins and their tokens. A sign-in (an `auth_sessions` row) starts when an authorization code
 * is exchanged, and holds a chain of refresh tokens: each works once and is replaced by the next.
 *
 * - Rotation is atomic: the old token is marked used by a conditional UPDATE, so of two requests
 *   with one token exactly one gets a successor; the other is told the token was already used.
 * - A token used again more than the grace period after it was rotated was copied: the whole
 *   sign-in is revoked, its access tokens included. Within the grace period (an app that raced
 *   itself) the reuse is refused without revoking anything.
 * - An authorization code works once; presenting it again revokes the sign-in it started.
 * - A sign-in lasts at most `sessionMaxAgeSeconds` (SESSION_MAX_AGE_DAYS) from its start, however
 *   often it is refreshed: a stolen refresh token kept fresh cannot outlive it.
 * - Each token request records when the sign-in was last used, from which address and with which
 *   user agent, so that its user can recognise it in their list of sign-ins.
 *
 * Codes and refresh tokens are kept only as SHA-256 hashes.
 *
 * Each grant is an operation of its own (`create-authorization-code.ts`, `exchange-authorization-code.ts`,
 * `refresh-tokens.ts`, `revoke-session.ts`); this file holds what they share and the reads around them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ReadHandle } from '../db/handle.js';
import {
  deleteExpiredGrants,
  endSessionsOf,
  insertRefreshToken,
  liveSessionOfRefreshToken,
  sessionClient,
  sessionOfRefreshToken as sessionOfRefreshTokenHash,
} from '../db/identity/sessions.js';
import { spendPasswordTokensOf } from '../db/identity/password-tokens.js';
import type { Environment, Role, SessionEndReason } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { randomBase62, sha256Hex } from '../ids.js';
import { signAccessToken, type AccessTokenSettings } from './access-tokens.js';
import type { SigningKey } from './signing-keys.js';

export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** A spent or expired code is kept this long, so that presenting it again still revokes what it issued. */
const USED_CODE_KEPT_MS = 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_PREFIX = 'rt_';

export interface SessionSettings extends AccessTokenSettings {
  db: ReadHandle;
  refreshTokenTtlSeconds: number;
  refreshReuseGraceSeconds: number;
  /** Runs work in one transaction (BEGIN IMMEDIATE on SQLite, so the check and the update cannot interleave). */
  transaction<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T>;
}

/** The token response of `/oauth/token` and `/v1/auth/refresh`. */
export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

/** Why a grant was refused; `reason` is for the message, `revoked` says whether the sign-in was ended. */
export interface GrantRefusal {
  ok: false;
  reason: 'unknown' | 'expired' | 'session_expired' | 'revoked' | 'already_used' | 'reused' | 'client_mismatch' | 'redirect_mismatch' | 'pkce_failed';
  userId?: string;
}

export type GrantResult = { ok: true; tokens: TokenSet; userId: string; sessionId: string } | GrantRefusal;

export const iso = (ms: number) => new Date(ms).toISOString();

/** Where a token request came from: its `User-Agent` header and client address, as the list of sign-ins shows them. */
export interface SeenFrom {
  userAgent?: string | undefined;
  address?: string | undefined;
}

/** User agents longer than this are cut: enough for any real browser's, and a bound on what a client can make us store. */
const MAX_USER_AGENT_LENGTH = 512;

/** The columns that record where a token request came from. */
export function seenColumns(seen: SeenFrom | undefined, now: number) {
  const userAgent = seen?.userAgent?.trim();
  return {
    last_used_at: iso(now),
    user_agent: userAgent === undefined || userAgent === '' ? null : userAgent.slice(0, MAX_USER_AGENT_LENGTH),
    ip_address: seen?.address ?? null,
  };
}

/** PKCE S256 (RFC 7636): base64url(SHA-256(verifier)) equals the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * The sign-in a refresh token belongs to (its user and client), read without changing anything: for
 * the per-account limit checked before an exchange, and the revocation endpoint's ownership check.
 */
export async function sessionOfRefreshToken(db: ReadHandle, refreshToken: string): Promise<{ userId: string; clientId: string } | undefined> {
  const row = await sessionOfRefreshTokenHash(db, sha256Hex(refreshToken));
  return row && { userId: row.userId, clientId: row.clientId };
}

export async function clientOfSession(db: ReadHandle, session: { merchantId: string; sessionId: string }): Promise<string | undefined> {
  return (await sessionClient(db, session.merchantId, session.sessionId))?.client_id;
}

/**
 * Ends, in the caller's transaction, the open sign-ins of one user (of one merchant): all of them, or
 * all but `except` (the one a password change is made from), or only `only`. Their refresh and
 * access tokens answer 401 from the next request, on every process. Returns the ids it ended.
 *
 * Ending all of them (a password change or reset, an admin's sign-out-everywhere, a removal) also
 * spends every open one-time password token of the user (a mailed reset link, a temporary
 * password's token): whoever was locked out must not come back through a link mailed before.
 */
export async function endSessionsIn(
  trx: DbTransaction,
  owner: { merchantId: string; userId: string },
  which: { only?: string; except?: string },
  reason: SessionEndReason,
  now: string,
): Promise<string[]> {
  const ended = await endSessionsOf(trx, owner, which, reason, now);
  if (which.only === undefined) await spendPasswordTokensOf(trx, owner.userId, now);
  return ended;
}

/** Records a new refresh token of the sign-in and signs an access token with it. */
export async function issueTokens(
  trx: DbTransaction,
  settings: SessionSettings,
  signer: SigningKey,
  input: { sessionId: string; user: { id: string; merchant_id: string; role: Role }; environment: Environment; now: number },
): Promise<TokenSet> {
  const refreshToken = REFRESH_TOKEN_PREFIX + randomBase62(43);
  await insertRefreshToken(trx, {
    token_hash: sha256Hex(refreshToken),
    session_id: input.sessionId,
    created_at: iso(input.now),
    expires_at: iso(input.now + settings.refreshTokenTtlSeconds * 1000),
    rotated_at: null,
  });
  const accessToken = await signAccessToken(settings, {
    userId: input.user.id,
    merchantId: input.user.merchant_id,
    role: input.user.role,
    environment: input.environment,
    sessionId: input.sessionId,
  }, signer);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: settings.ttlSeconds, refresh_token: refreshToken };
}

/**
 * Deletes what can no longer be used: refresh tokens past their expiry, and codes a day after they
 * expired. Sign-ins themselves are kept (a few rows per user), as the record of who signed in when.
 */
export async function purgeExpiredGrants(db: ReadHandle, now: Date): Promise<{ refreshTokens: number; codes: number }> {
  return deleteExpiredGrants(db, now.toISOString(), iso(now.getTime() - USED_CODE_KEPT_MS));
}

export function refuse(reason: GrantRefusal['reason'], userId?: string): GrantRefusal {
  return userId === undefined ? { ok: false, reason } : { ok: false, reason, userId };
}

/**
 * The sign-in of a refresh token that would refresh now (known, not yet exchanged, not expired, its
 * sign-in not ended), read without changing anything: such a refresh is limited per sign-in rather
 * than per client address. Undefined for any other token.
 */
export async function liveSignInOfRefreshToken(db: ReadHandle, refreshToken: string, now: Date): Promise<string | undefined> {
  if (!refreshToken.startsWith(REFRESH_TOKEN_PREFIX)) return undefined;
  return liveSessionOfRefreshToken(db, sha256Hex(refreshToken), now.toISOString());
}
