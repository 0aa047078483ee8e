/**
 * The identity store's statements on sign-ins: `auth_sessions`, their `refresh_tokens`, and the
 * `authorization_codes` that start them. Ending a sign-in (or moving it to the other data set)
 * announces the change (`announceCredentialChange`); recording its last use does not.
 */
import { announceCredentialChange } from '../credential-changes.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { AuthorizationCodesTable, AuthSessionsTable, Environment, RefreshTokensTable, SessionEndReason } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

/** A sign-in as its user's list shows it. */
export type SessionRow = Pick<AuthSessionsTable, 'id' | 'client_id' | 'user_agent' | 'ip_address' | 'environment' | 'created_at' | 'last_used_at' | 'revoked_at'>;
const SESSION_COLUMNS = ['id', 'client_id', 'user_agent', 'ip_address', 'environment', 'created_at', 'last_used_at', 'revoked_at'] as const;

export async function insertAuthorizationCode(handle: ReadHandle, row: AuthorizationCodesTable): Promise<void> {
  await kyselyOf(handle).insertInto('authorization_codes').values(row).execute();
}

export async function authorizationCode(handle: ReadHandle, codeHash: string): Promise<AuthorizationCodesTable | undefined> {
  return kyselyOf(handle).selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Marks the code used, if nobody has yet; false when it was used before. */
export async function claimAuthorizationCode(trx: DbTransaction, codeHash: string, now: string): Promise<boolean> {
  const claimed = await trx.updateTable('authorization_codes').set({ used_at: now }).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) !== 0;
}

/** The sign-in a code was exchanged for, if any. */
export async function sessionOfCode(handle: ReadHandle, codeHash: string): Promise<{ merchantId: string; sessionId: string } | undefined> {
  return kyselyOf(handle)
    .selectFrom('authorization_codes')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'authorization_codes.session_id')
    .select(['auth_sessions.merchant_id as merchantId', 'auth_sessions.id as sessionId'])
    .where('authorization_codes.code_hash', '=', codeHash)
    .executeTakeFirst();
}

export async function noteSessionOfCode(trx: DbTransaction, codeHash: string, sessionId: string): Promise<void> {
  await trx.updateTable('authorization_codes').set({ session_id: sessionId }).where('code_hash', '=', codeHash).execute();
}

export async function insertSession(trx: DbTransaction, row: AuthSessionsTable): Promise<void> {
  await trx.insertInto('auth_sessions').values(row).execute();
}

export async function insertRefreshToken(trx: DbTransaction, row: RefreshTokensTable): Promise<void> {
  await trx.insertInto('refresh_tokens').values(row).execute();
}

/** A refresh token with what its sign-in holds. */
export async function refreshTokenWithSession(handle: ReadHandle, tokenHash: string) {
  return kyselyOf(handle)
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
}

/** Marks the token exchanged, if nobody has yet; false when another request won the race. */
export async function rotateRefreshToken(trx: DbTransaction, tokenHash: string, now: string): Promise<boolean> {
  const rotated = await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('token_hash', '=', tokenHash).where('rotated_at', 'is', null).executeTakeFirst();
  return Number(rotated.numUpdatedRows) !== 0;
}

/**
 * Records a refresh of the sign-in: its data set (`environment`; a change announced, since its
 * access tokens for the other one stop working) and when, and from where, it was last used.
 */
export async function noteSessionRefreshed(
  trx: DbTransaction,
  session: { merchantId: string; sessionId: string; environment: Environment },
  environment: Environment,
  seen: Pick<AuthSessionsTable, 'last_used_at'> & Partial<Pick<AuthSessionsTable, 'user_agent' | 'ip_address'>>,
): Promise<void> {
  await trx.updateTable('auth_sessions').set({ environment, ...seen }).where('merchant_id', '=', session.merchantId).where('id', '=', session.sessionId).execute();
  if (environment !== session.environment) await announceCredentialChange(trx, 'environment_switched');
}

/** The sign-in a refresh token belongs to (its merchant, user and client). */
export async function sessionOfRefreshToken(handle: ReadHandle, tokenHash: string) {
  return kyselyOf(handle)
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select(['auth_sessions.merchant_id as merchantId', 'refresh_tokens.session_id as sessionId', 'auth_sessions.user_id as userId', 'auth_sessions.client_id as clientId'])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The sign-in of a refresh token that would refresh now: not yet exchanged, not expired, its sign-in not ended. */
export async function liveSessionOfRefreshToken(handle: ReadHandle, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await kyselyOf(handle)
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select('refresh_tokens.session_id')
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .where('refresh_tokens.rotated_at', 'is', null)
    .where('refresh_tokens.expires_at', '>', now)
    .where('auth_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.session_id;
}

export async function sessionClient(handle: ReadHandle, merchantId: string, sessionId: string): Promise<{ id: string; client_id: string } | undefined> {
  return kyselyOf(handle).selectFrom('auth_sessions').select(['id', 'client_id']).where('merchant_id', '=', merchantId).where('id', '=', sessionId).executeTakeFirst();
}

/** Ends one sign-in, if still open, announcing it. */
export async function endSession(trx: DbTransaction, session: { merchantId: string; sessionId: string }, reason: SessionEndReason, now: string): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('merchant_id', '=', session.merchantId)
    .where('id', '=', session.sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (numUpdatedRows > 0n) await announceCredentialChange(trx, 'sign_ins_ended');
}

/** Ends the open sign-ins of one user: all, all but `except`, or only `only`; announces it and returns the ids ended. */
export async function endSessionsOf(
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
  return ended.map((row) => row.id);
}

/** One page of a user's sign-ins that are open: not ended, started after `startedAfter`, used after `usedAfter`. */
export async function openSessionPage(
  handle: ReadHandle,
  owner: { merchantId: string; userId: string },
  bounds: { startedAfter: string; usedAfter: string },
  request: PageRequest,
): Promise<{ rows: SessionRow[]; pagination: Pagination }> {
  const open = kyselyOf(handle)
    .selectFrom('auth_sessions')
    .where('merchant_id', '=', owner.merchantId)
    .where('user_id', '=', owner.userId)
    .where('revoked_at', 'is', null)
    .where('created_at', '>', bounds.startedAfter)
    .where('last_used_at', '>', bounds.usedAfter);
  return pageOf<SessionRow>(open, SESSION_COLUMNS, request);
}

export async function sessionRow(handle: ReadHandle, merchantId: string, sessionId: string): Promise<SessionRow | undefined> {
  return kyselyOf(handle).selectFrom('auth_sessions').select(SESSION_COLUMNS).where('merchant_id', '=', merchantId).where('id', '=', sessionId).executeTakeFirst();
}

/** The user and the sign-in an access token names, as the database has them now. */
export async function signInOfAccessToken(handle: ReadHandle, claims: { userId: string; merchantId: string; sessionId: string; environment: Environment }) {
  return kyselyOf(handle)
    .selectFrom('users')
    .innerJoin('auth_sessions', 'auth_sessions.user_id', 'users.id')
    .select(['users.role', 'users.removed_at', 'auth_sessions.revoked_at', 'auth_sessions.created_at'])
    .where('users.id', '=', claims.userId)
    .where('users.merchant_id', '=', claims.merchantId)
    .where('auth_sessions.merchant_id', '=', claims.merchantId)
    .where('auth_sessions.id', '=', claims.sessionId)
    .where('auth_sessions.environment', '=', claims.environment)
    .executeTakeFirst();
}

/** Deletes refresh tokens expired before `tokensBefore` and codes expired before `codesBefore`; returns how many of each. */
export async function deleteExpiredGrants(handle: ReadHandle, tokensBefore: string, codesBefore: string): Promise<{ refreshTokens: number; codes: number }> {
  const db = kyselyOf(handle);
  const tokens = await db.deleteFrom('refresh_tokens').where('expires_at', '<', tokensBefore).executeTakeFirst();
  const codes = await db.deleteFrom('authorization_codes').where('expires_at', '<', codesBefore).executeTakeFirst();
  return { refreshTokens: Number(tokens.numDeletedRows), codes: Number(codes.numDeletedRows) };
}
