/**
 * The people of a merchant who sign in: an e-mail, a password (Argon2id) and a role.
 */
import { InvalidInput } from '../errors.js';
import type { Db } from '../db/connection.js';
import type { ReadHandle } from '../db/handle.js';
import { emailInUse, insertUserRow, markUserRemoved, signInUser, userRecord } from '../db/identity/users.js';
import { merchantExists } from '../db/merchants/merchants.js';
import { ROLES, type Role } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { newId } from '../ids.js';
import { isoNow, type Clock } from '../time.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { endSessionsIn } from './sessions.js';

export { hashPassword };

export const MIN_PASSWORD_LENGTH = 10;

export { ROLES };

export interface UserView {
  id: string;
  merchant_id: string;
  email: string;
  role: Role;
  created_at: string;
}

export interface CreateUserInput {
  merchantId: string;
  email: string;
  password: string;
  role: Role;
  /** The password is one someone else chose: the user must choose their own at their first sign-in. */
  temporary?: boolean;
}

/** The longest e-mail address there can be (RFC 5321's 256-octet path less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;
/** The longest password taken, so that hashing one costs what hashing any other does. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * A local part, `@`, and a domain of at least two dot-separated labels, without spaces or a second
 * `@`. The labels exclude the dot, so a text can match in one way only and the test runs in linear
 * time. (The former `[^\s@]+\.[^\s@]+` could split a run of dots at any point: "a@" and 15,800 dots
 * took 117 ms to refuse, twice per sign-up, and more on a busy machine.)
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `text` is an e-mail address: at most MAX_EMAIL_LENGTH characters (checked first), of the shape above. */
export function isEmailAddress(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && EMAIL.test(text);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What is wrong with a new user's credentials, and which of the two is at fault. */
export interface CredentialsProblem {
  message: string;
  param: 'email' | 'password';
}

/**
 * What is wrong with a new user's e-mail (as it will be stored) and password, if anything. `shown`
 * is the e-mail as given. Each is checked once, its length before its shape.
 */
export function credentialsProblem(email: string, password: string, shown = email): CredentialsProblem | undefined {
  const refused = emailProblem(email, shown);
  if (refused !== undefined) return { message: refused, param: 'email' };
  const problem = passwordProblem(password);
  return problem === undefined ? undefined : { message: problem, param: 'password' };
}

/** What is wrong with a password a user is to sign in with, if anything: the one rule for every way a password is set. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** What is wrong with an e-mail address (as it will be stored), if anything: the same check as a new user's. */
export function emailProblem(email: string, shown = email): string | undefined {
  if (email.length > MAX_EMAIL_LENGTH) return `an e-mail address has at most ${MAX_EMAIL_LENGTH} characters`;
  return isEmailAddress(email) ? undefined : `"${shown}" is not an e-mail address`;
}

/**
 * Inserts a user row in the caller's transaction. An e-mail that is taken, already or by a creation
 * that commits between the check and the insert, is refused with `InvalidInput`.
 */
export async function insertUser(
  trx: DbTransaction,
  user: UserView & { password_hash: string; must_change_password?: number },
): Promise<void> {
  const taken = emailTaken(user.email);
  if (await emailInUse(trx, user.email)) throw taken;
  try {
    await insertUserRow(trx, { ...user, updated_at: user.created_at, removed_at: null });
  } catch (error) {
    if (trx.isUniqueViolation(error)) throw taken;
    throw error;
  }
}

function emailTaken(email: string): InvalidInput {
  return new InvalidInput(`a user with the e-mail ${email} already exists`, 'email');
}

export async function createUser(db: Db, clock: Clock, input: CreateUserInput): Promise<UserView> {
  const { user, passwordHash } = await prepareUser(db, clock, input);
  await db.transaction(async (trx) => {
    if (!(await merchantExists(trx, input.merchantId))) throw new InvalidInput(`no merchant with id "${input.merchantId}"`);
    await insertUser(trx, { ...user, password_hash: passwordHash, must_change_password: input.temporary === true ? 1 : 0 });
  });
  return user;
}

/**
 * Checks a new user's e-mail, password and role and hashes the password, before any transaction
 * opens (a slow hash must not hold the write lock). The row is then written with `insertUser`,
 * which checks the e-mail again in its transaction. A taken e-mail is refused before the hash, so
 * that adding users with taken e-mails costs no hashing.
 */
export async function prepareUser(db: ReadHandle, clock: Clock, input: CreateUserInput): Promise<{ user: UserView; passwordHash: string }> {
  const email = normalizeEmail(input.email);
  const problem = credentialsProblem(email, input.password, input.email);
  if (problem !== undefined) throw new InvalidInput(problem.message, problem.param);
  if (!ROLES.includes(input.role)) throw new InvalidInput(`the role must be one of ${ROLES.join(', ')}, got "${input.role}"`, 'role');
  if (await emailInUse(db, email)) throw emailTaken(email);
  const passwordHash = await hashPassword(input.password);
  return { user: { id: newId('usr'), merchant_id: input.merchantId, email, role: input.role, created_at: isoNow(clock) }, passwordHash };
}

/**
 * Removes a user: they can no longer sign in, and their sign-ins end at once, access tokens included
 * (every request with one checks that its user is still there).
 */
export async function removeUser(db: Db, clock: Clock, userId: string): Promise<UserView | undefined> {
  return db.transaction((trx) => removeUserIn(trx, isoNow(clock), userId));
}

/**
 * `removeUser` in the caller's transaction, at time `now` (ISO 8601). `merchantId` is the merchant
 * the user must belong to; without it (an operator's command naming only the user) the user's own.
 */
export async function removeUserIn(trx: DbTransaction, now: string, userId: string, merchantId?: string): Promise<UserView | undefined> {
  const record = await userRecord(trx, userId, merchantId);
  if (record === undefined) return undefined;
  const { removed_at: _removed, ...user } = record;
  await markUserRemoved(trx, user.merchant_id, userId, now);
  await endSessionsIn(trx, { merchantId: user.merchant_id, userId }, {}, 'user_removed', now);
  return user;
}

/** A hash of a password no one has, verified when the e-mail is unknown so both failures take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * The user with this e-mail and password, or undefined. An unknown e-mail, a removed user and a
 * wrong password are not told apart, neither in the result nor in the time taken.
 */
export async function checkPassword(db: ReadHandle, email: string, password: string): Promise<(UserView & { mustChangePassword: boolean }) | undefined> {
  const user = await signInUser(db, normalizeEmail(email));
  if (user === undefined) {
    decoyHash ??= hashPassword(`decoy-${newId('usr')}`);
    await verifyPassword(await decoyHash, password);
    return undefined;
  }
  if (!(await verifyPassword(user.password_hash, password))) return undefined;
  const { password_hash: _hash, must_change_password, ...view } = user;
  return { ...view, mustChangePassword: Number(must_change_password) === 1 };
}
