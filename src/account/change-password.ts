/**
 * `POST /v1/account/password`: the signed-in user changes their password. The current password is
 * checked as a sign-in checks it (a wrong one counts against the account's sign-in limit, and a
 * blocked account waits), and every other sign-in of the user ends with the change, so that whoever
 * held a copied token or a forgotten tablet is out. The sign-in making the change goes on.
 */
import type { Principal } from '../auth/principal.js';
import { endSessionsIn } from '../auth/sessions.js';
import { emailAccount, type Throttled } from '../auth/sign-in-limits.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import { passwordProblem } from '../auth/users.js';
import { setPasswordHash, userWithPassword } from '../db/identity/users.js';
import { ApiError, InvalidInput } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { ChangePasswordBody, PasswordChanged } from './schemas.js';

/** The body, and the address the request came from: a wrong password counts against both the account and the address. */
export type ChangePasswordInput = ChangePasswordBody & { address: string };

export async function changePassword(services: Services, principal: Principal, input: ChangePasswordInput): Promise<PasswordChanged | Throttled> {
  const { signInLimits: limits } = services;
  const { address } = input;
  const user = await userWithPassword(services.db, principal.merchantId, principal.id);
  if (user === undefined) throw new Error(`user ${principal.id} of an authenticated token is missing`);
  // A rule the new password breaks is a typing mistake, not a guess: answered before the current
  // password is checked, so it neither costs an Argon2 verification nor counts as a failure.
  const problem = passwordProblem(input.new_password);
  if (problem !== undefined) throw new InvalidInput(problem.replace('the password', 'the new password'), 'new_password');
  const account = emailAccount(user.email);
  const blocked = await limits.signInWait(account, address);
  if (blocked !== undefined) return blocked;
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    await limits.failed(account, address);
    throw new ApiError('incorrect_password', 'The current password is not right, so the password was not changed. Enter the password you sign in with now.', 'current_password');
  }
  await limits.succeeded(account, address);
  if (input.new_password === input.current_password) {
    throw new ApiError('parameter_invalid', 'The new password is the current one. Choose a different password.', 'new_password');
  }
  // Hashed before the transaction opens: a slow hash must not hold the write lock.
  const passwordHash = await hashPassword(input.new_password);
  const ended = await services.transaction(async (trx) => {
    const now = isoNow(services.clock);
    await setPasswordHash(trx, { userId: user.id, merchantId: principal.merchantId }, { passwordHash }, now);
    const owner = { merchantId: principal.merchantId, userId: user.id };
    return endSessionsIn(trx, owner, principal.sessionId === null ? {} : { except: principal.sessionId }, 'password_changed', now);
  });
  return { user: { id: user.id, email: user.email, role: user.role }, sessions_ended: ended.length };
}
