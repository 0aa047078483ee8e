/**
 * Sets a user's password (the operator's `till user set-password`), and ends their sign-ins, so that
 * whoever knew the old password is signed out everywhere.
 */
import type { Db } from '../db/connection.js';
import { setPasswordHash, userRecord } from '../db/identity/users.js';
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
    const user = await userRecord(trx, userId);
    if (user === undefined) return undefined;
    if (user.removed_at !== null) throw new InvalidInput(`user ${userId} was removed on ${user.removed_at} and can no longer sign in; create a new user instead`);
    const now = isoNow(clock);
    // The operator's password is final: the user is not asked to choose another at sign-in.
    await setPasswordHash(trx, { userId }, { passwordHash, mustChangePassword: 0 }, now);
    await endSessionsIn(trx, { merchantId: user.merchant_id, userId }, {}, 'password_changed', now);
    const { removed_at: _removed, ...view } = user;
    return view;
  });
}
