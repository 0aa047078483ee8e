/**
 * Sets a user's password (the operator's `till user set-password`), and ends their sign-ins, so that
 * whoever knew the old password is signed out everywhere.
 */
import type { Db } from '../db/connection.js';
import { announceCredentialChange } from '../db/credential-changes.js';
import { InvalidInput } from '../errors.js';
import { isoNow, type Clock } from '../time.js';
import { endSessionsIn } from './sessions.js';
import { hashPassword, passwordProblem, type UserView } from './users.js';

/**
 * The user, with their new password; undefined for an unknown id. A removed user is refused: they
 * cannot sign in again, whatever their password.
 *
 * @example
 *   await setUserPassword(db, systemClock, 'usr_...', 'a new long password');
 */
export async function setUserPassword(db: Db, clock: Clock, userId: string, password: string): Promise<UserView | undefined> {
  const problem = passwordProblem(password);
  if (problem !== undefined) throw new InvalidInput(problem, 'password');
  // Hashed before the transaction opens: the slow hash must not hold the write lock.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'merchant_id', 'email', 'role', 'created_at', 'removed_at']).where('id', '=', userId).executeTakeFirst();
    if (user === undefined) return undefined;
    if (user.removed_at !== null) throw new InvalidInput(`user ${userId} was removed on ${user.removed_at} and can no longer sign in; create a new user instead`);
    const now = isoNow(clock);
    // The operator's password is final: the user is not asked to choose another at sign-in.
    await trx.updateTable('users').set({ password_hash: passwordHash, must_change_password: 0, updated_at: now }).where('id', '=', userId).execute();
    await announceCredentialChange(trx, 'password_changed');
    await endSessionsIn(trx, { merchantId: user.merchant_id, userId }, {}, 'password_changed', now);
    const { removed_at: _removed, ...view } = user;
    return view;
  });
}
