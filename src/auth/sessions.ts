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
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { announceCredentialChange } from '../db/credential-changes.js';
import type { Database, Environment, Role, SessionEndReason } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { newId, randomBase62, sha256Hex } from '../ids.js';
import type { Clock } from '../time.js';
import { sessionPastMaxAge, signAccessToken, type AccessTokenSettings } from './access-tokens.js';
import type { SigningKey } from './signing-keys.js';

export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** A spent or expired code is kept this long, so that presenting it again still revokes what it issued. */
const USED_CODE_KEPT_MS = 24 * 60 * 60 * 1000;
const REFRESH_TOKEN_PREFIX = 'rt_';

export interface SessionSettings extends AccessTokenSettings {
  db: Kysely<Database>;
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

const iso = (ms: number) => new Date(ms).toISOString();

/** Where a token request came from: its `User-Agent` header and client address, as the list of sign-ins shows them. */
export interface SeenFrom {
  userAgent?: string | undefined;
  address?: string | undefined;
}

/** User agents longer than this are cut: enough for any real browser's, and a bound on what a client can make us store. */
const MAX_USER_AGENT_LENGTH = 512;

function seenColumns(seen: SeenFrom | undefined, now: number) {
  const userAgent = seen?.userAgent?.trim();
  return {
    last_used_at: iso(now),
    user_agent: userAgent === undefined || userAgent === '' ? null : userAgent.slice(0, MAX_USER_AGENT_LENGTH),
    ip_address: seen?.address ?? null,
  };
}

/** Records a code for a signed-in user; returns the code, which is shown to the client once. */
export async function createAuthorizationCode(
  db: Kysely<Database>,
  clock: Clock,
  input: { clientId: string; userId: string; environment: Environment; redirectUri: string; codeChallenge: string },
): Promise<string> {
  const code = randomBase62(43);
  const now = clock.now().getTime();
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: sha256Hex(code),
      client_id: input.clientId,
      user_id: input.userId,
      environment: input.environment,
      redirect_uri: input.redirectUri,
      code_challenge: input.codeChallenge,
      created_at: iso(now),
      expires_at: iso(now + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
      used_at: null,
      session_id: null,
    })
    .execute();
  return code;
}

/** PKCE S256 (RFC 7636): base64url(SHA-256(verifier)) equals the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** Exchanges an authorization code (with its PKCE verifier) for the first tokens of a new sign-in. */
export async function exchangeAuthorizationCode(
  settings: SessionSettings,
  input: { code: string; clientId: string; redirectUri: string; codeVerifier: string; seenFrom?: SeenFrom },
): Promise<GrantResult> {
  const now = settings.clock.now().getTime();
  const signer = await settings.keys.signingKey();
  return settings.transaction(async (trx) => {
    const codeHash = sha256Hex(input.code);
    const code = await trx.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
    if (code === undefined) return refuse('unknown');
    // Mark it used first, whatever follows: a code is good for one attempt only.
    const claimed = await trx
      .updateTable('authorization_codes')
      .set({ used_at: iso(now) })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      // Presented again: whatever the first exchange issued is no longer to be trusted.
      const first = await trx
        .selectFrom('authorization_codes')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'authorization_codes.session_id')
        .select(['auth_sessions.merchant_id as merchantId', 'auth_sessions.id as sessionId'])
        .where('authorization_codes.code_hash', '=', codeHash)
        .executeTakeFirst();
      if (first !== undefined) await revokeSessionIn(trx, first, 'code_reused', now);
      return refuse('already_used', code.user_id);
    }
    if (code.expires_at <= iso(now)) return refuse('expired', code.user_id);
    if (code.client_id !== input.clientId) return refuse('client_mismatch', code.user_id);
    if (code.redirect_uri !== input.redirectUri) return refuse('redirect_mismatch', code.user_id);
    if (!pkceMatches(input.codeVerifier, code.code_challenge)) return refuse('pkce_failed', code.user_id);
    const user = await activeUser(trx, code.user_id);
    if (user === undefined) return refuse('revoked', code.user_id);
    const sessionId = newId('ses');
    await trx
      .insertInto('auth_sessions')
      .values({
        id: sessionId,
        merchant_id: user.merchant_id,
        user_id: user.id,
        client_id: code.client_id,
        environment: code.environment,
        created_at: iso(now),
        ...seenColumns(input.seenFrom, now),
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    await trx.updateTable('authorization_codes').set({ session_id: sessionId }).where('code_hash', '=', codeHash).execute();
    const tokens = await issueTokens(trx, settings, signer, { sessionId, user, environment: code.environment, now });
    return { ok: true, tokens, userId: user.id, sessionId };
  });
}

/**
 * Exchanges a refresh token for a new access token and its successor. `clientId`, when given (the
 * OAuth token endpoint), must be the client the sign-in was made with. `environment`, when given,
 * moves the sign-in to that data set in the same transaction: the new tokens act on it, and access
 * tokens issued for the other one stop working.
 */
export async function refreshTokens(
  settings: SessionSettings,
  input: { refreshToken: string; clientId?: string; environment?: Environment; seenFrom?: SeenFrom },
): Promise<GrantResult> {
  const now = settings.clock.now().getTime();
  if (!input.refreshToken.startsWith(REFRESH_TOKEN_PREFIX)) return refuse('unknown');
  const signer = await settings.keys.signingKey();
  return settings.transaction(async (trx) => {
    const tokenHash = sha256Hex(input.refreshToken);
    const token = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .select([
        'refresh_tokens.session_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.rotated_at',
        'auth_sessions.merchant_id',
        'auth_sessions.user_id',
        'auth_sessions.client_id',
        'auth_sessions.environment',
        'auth_sessions.created_at',
        'auth_sessions.revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (token === undefined) return refuse('unknown');
    if (input.clientId !== undefined && input.clientId !== token.client_id) return refuse('client_mismatch', token.user_id);
    if (token.revoked_at !== null) return refuse('revoked', token.user_id);
    if (token.rotated_at !== null) return reuse(trx, settings, token, now);
    if (token.expires_at <= iso(now)) return refuse('expired', token.user_id);
    if (sessionPastMaxAge(settings, token.created_at)) return refuse('session_expired', token.user_id);
    const rotated = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: iso(now) })
      .where('token_hash', '=', tokenHash)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    // Another request rotated it between the read and this update: it won, this one lost the race.
    if (Number(rotated.numUpdatedRows) === 0) return refuse('already_used', token.user_id);
    const user = await activeUser(trx, token.user_id);
    if (user === undefined) return refuse('revoked', token.user_id);
    const environment = input.environment ?? token.environment;
    await trx
      .updateTable('auth_sessions')
      // A caller that does not say where the request came from leaves the last known device as it was.
      .set({ environment, ...(input.seenFrom === undefined ? { last_used_at: iso(now) } : seenColumns(input.seenFrom, now)) })
      .where('merchant_id', '=', token.merchant_id)
      .where('id', '=', token.session_id)
      .execute();
    if (environment !== token.environment) await announceCredentialChange(trx, 'environment_switched');
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
  await revokeSessionIn(trx, { merchantId: token.merchant_id, sessionId: token.session_id }, 'refresh_token_reused', now);
  return refuse('reused', token.user_id);
}

/**
 * Ends the sign-in a refresh token or access token belongs to (RFC 7009). Returns the client the
 * sign-in was made with, or undefined for a token that is unknown or already ended.
 */
export async function revokeSession(
  settings: SessionSettings,
  ref: { refreshToken: string } | { merchantId: string; sessionId: string },
): Promise<{ sessionId: string; clientId: string } | undefined> {
  const now = settings.clock.now().getTime();
  return settings.transaction(async (trx) => {
    // A refresh token names its sign-in, and so the merchant, through its hash.
    const owner =
      'sessionId' in ref
        ? ref
        : await trx
            .selectFrom('refresh_tokens')
            .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
            .select(['auth_sessions.merchant_id as merchantId', 'refresh_tokens.session_id as sessionId'])
            .where('refresh_tokens.token_hash', '=', sha256Hex(ref.refreshToken))
            .executeTakeFirst();
    if (owner === undefined) return undefined;
    const session = await trx
      .selectFrom('auth_sessions')
      .select(['id', 'client_id'])
      .where('merchant_id', '=', owner.merchantId)
      .where('id', '=', owner.sessionId)
      .executeTakeFirst();
    if (session === undefined) return undefined;
    await revokeSessionIn(trx, owner, 'signed_out', now);
    return { sessionId: session.id, clientId: session.client_id };
  });
}

/**
 * The sign-in a refresh token belongs to (its user and client), read without changing anything: for
 * the per-account limit checked before an exchange, and the revocation endpoint's ownership check.
 */
export async function sessionOfRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<{ userId: string; clientId: string } | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select(['auth_sessions.user_id', 'auth_sessions.client_id'])
    .where('refresh_tokens.token_hash', '=', sha256Hex(refreshToken))
    .executeTakeFirst();
  return row && { userId: row.user_id, clientId: row.client_id };
}

export async function clientOfSession(db: Kysely<Database>, session: { merchantId: string; sessionId: string }): Promise<string | undefined> {
  const row = await db.selectFrom('auth_sessions').select('client_id').where('merchant_id', '=', session.merchantId).where('id', '=', session.sessionId).executeTakeFirst();
  return row?.client_id;
}

async function revokeSessionIn(trx: DbTransaction, session: { merchantId: string; sessionId: string }, reason: SessionEndReason, now: number) {
  const { numUpdatedRows } = await trx
    .updateTable('auth_sessions')
    .set({ revoked_at: iso(now), revoked_reason: reason })
    .where('merchant_id', '=', session.merchantId)
    .where('id', '=', session.sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (numUpdatedRows > 0n) await announceCredentialChange(trx, 'sign_ins_ended');
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
  let query = trx
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('merchant_id', '=', owner.merchantId)
    .where('user_id', '=', owner.userId)
    .where('revoked_at', 'is', null);
  if (which.only !== undefined) query = query.where('id', '=', which.only);
  if (which.except !== undefined) query = query.where('id', '!=', which.except);
  const ended = await query.returning('id').execute();
  if (ended.length > 0) await announceCredentialChange(trx, 'sign_ins_ended');
  if (which.only === undefined) {
    await trx.updateTable('password_tokens').set({ used_at: now }).where('user_id', '=', owner.userId).where('used_at', 'is', null).execute();
  }
  return ended.map((row) => row.id);
}

async function activeUser(trx: Kysely<Database>, userId: string): Promise<{ id: string; merchant_id: string; role: Role } | undefined> {
  return trx.selectFrom('users').select(['id', 'merchant_id', 'role']).where('id', '=', userId).where('removed_at', 'is', null).executeTakeFirst();
}

async function issueTokens(
  trx: Kysely<Database>,
  settings: SessionSettings,
  signer: SigningKey,
  input: { sessionId: string; user: { id: string; merchant_id: string; role: Role }; environment: Environment; now: number },
): Promise<TokenSet> {
  const refreshToken = REFRESH_TOKEN_PREFIX + randomBase62(43);
  await trx
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256Hex(refreshToken),
      session_id: input.sessionId,
      created_at: iso(input.now),
      expires_at: iso(input.now + settings.refreshTokenTtlSeconds * 1000),
      rotated_at: null,
    })
    .execute();
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
export async function purgeExpiredGrants(db: Kysely<Database>, now: Date): Promise<{ refreshTokens: number; codes: number }> {
  const tokens = await db.deleteFrom('refresh_tokens').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  const codes = await db.deleteFrom('authorization_codes').where('expires_at', '<', iso(now.getTime() - USED_CODE_KEPT_MS)).executeTakeFirst();
  return { refreshTokens: Number(tokens.numDeletedRows), codes: Number(codes.numDeletedRows) };
}

function refuse(reason: GrantRefusal['reason'], userId?: string): GrantRefusal {
  return userId === undefined ? { ok: false, reason } : { ok: false, reason, userId };
}

/**
 * The sign-in of a refresh token that would refresh now (known, not yet exchanged, not expired, its
 * sign-in not ended), read without changing anything: such a refresh is limited per sign-in rather
 * than per client address. Undefined for any other token.
 */
export async function liveSignInOfRefreshToken(db: Kysely<Database>, refreshToken: string, now: Date): Promise<string | undefined> {
  if (!refreshToken.startsWith(REFRESH_TOKEN_PREFIX)) return undefined;
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select('refresh_tokens.session_id')
    .where('refresh_tokens.token_hash', '=', sha256Hex(refreshToken))
    .where('refresh_tokens.rotated_at', 'is', null)
    .where('refresh_tokens.expires_at', '>', now.toISOString())
    .where('auth_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.session_id;
}
