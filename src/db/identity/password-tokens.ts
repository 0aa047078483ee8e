/**
 * The identity store's statements on `password_tokens` (one-time links that set a password: a mailed
 * reset, a temporary password's form) and `sign_up_requests` (sign-ups waiting for their e-mail to
 * be confirmed). Both are kept as SHA-256 hashes of their tokens.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { OneTimeTokenTable, PasswordTokensTable, SignUpRequestsTable } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

export async function insertPasswordToken(handle: ReadHandle, row: PasswordTokensTable): Promise<void> {
  await kyselyOf(handle).insertInto('password_tokens').values(row).execute();
}

/** The user's reset tokens made after `since`. */
export async function resetTokensSince(handle: ReadHandle, userId: string, since: string) {
  return kyselyOf(handle)
    .selectFrom('password_tokens')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'reset')
    .where('created_at', '>', since)
    .execute();
}

/** The token with this hash and its user's e-mail and removal. */
export async function passwordTokenWithUser(handle: ReadHandle, tokenHash: string) {
  return kyselyOf(handle)
    .selectFrom('password_tokens')
    .innerJoin('users', 'users.id', 'password_tokens.user_id')
    .select(['password_tokens.user_id', 'password_tokens.purpose', 'password_tokens.authorize_request', 'password_tokens.expires_at', 'password_tokens.used_at', 'users.email', 'users.removed_at'])
    .where('password_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses the token up, if nobody has yet (a conditional update: of two submits at once, one wins). */
export async function usePasswordToken(trx: DbTransaction, tokenHash: string, now: string): Promise<boolean> {
  const used = await trx.updateTable('password_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Spends every open token of the user. */
export async function spendPasswordTokensOf(trx: DbTransaction, userId: string, now: string): Promise<void> {
  await trx.updateTable('password_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Deletes the tokens that expired before `before`; returns how many. */
export async function deletePasswordTokensExpiredBefore(handle: ReadHandle, before: string): Promise<number> {
  const result = await kyselyOf(handle).deleteFrom('password_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertSignUpRequest(handle: ReadHandle, row: SignUpRequestsTable): Promise<void> {
  await kyselyOf(handle).insertInto('sign_up_requests').values(row).execute();
}

export async function signUpRequest(handle: ReadHandle, tokenHash: string): Promise<SignUpRequestsTable | undefined> {
  return kyselyOf(handle).selectFrom('sign_up_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the request up, if nobody has yet (of two clicks at once, one wins). */
export async function useSignUpRequest(trx: DbTransaction, tokenHash: string, now: string): Promise<boolean> {
  const used = await trx.updateTable('sign_up_requests').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Deletes the sign-up requests that expired before `before`; returns how many. */
export async function deleteSignUpsExpiredBefore(handle: ReadHandle, before: string): Promise<number> {
  const result = await kyselyOf(handle).deleteFrom('sign_up_requests').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Gives the token row of `table` holding `tokenHash` the token `newHash` instead, if it is still
 * open at `now` (not used, not expired); true when it was. `till mail list` renews the token a
 * message's links carry when it shows them.
 */
export async function renewOutboxToken(trx: DbTransaction, table: OneTimeTokenTable, tokenHash: string, newHash: string, now: string): Promise<boolean> {
  const renewed = await trx
    .updateTable(table)
    .set({ token_hash: newHash })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}
