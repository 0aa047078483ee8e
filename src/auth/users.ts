/**
 * The people of a merchant who sign in: an e-mail, a password (Argon2id) and a role.
 */
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema.js';
import { newId } from '../ids.js';
import { isoNow, type Clock } from '../time.js';

export const MIN_PASSWORD_LENGTH = 10;

/** Argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export const ROLES: readonly Role[] = ['admin', 'manager', 'cashier'];

/** A refused user: `param` names the field at fault (`email`, `password` or `role`). */
export class UserInputError extends Error {
  constructor(
    message: string,
    readonly param?: 'email' | 'password' | 'role',
  ) {
    super(message);
  }
}

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
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What is wrong with a new user's e-mail (as it will be stored) and password, if anything. `shown` is the e-mail as given. */
export function credentialsProblem(email: string, password: string, shown = email): string | undefined {
  if (!EMAIL.test(email)) return `"${shown}" is not an e-mail address`;
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  return undefined;
}

/**
 * Inserts a user row in the caller's transaction. An e-mail that is taken, already or by a creation
 * that commits between the check and the insert, is refused with `UserInputError`.
 */
export async function insertUser(
  trx: Kysely<Database>,
  user: UserView & { password_hash: string },
): Promise<void> {
  const taken = `a user with the e-mail ${user.email} already exists`;
  if ((await trx.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirst()) !== undefined) throw new UserInputError(taken, 'email');
  try {
    await trx.insertInto('users').values({ ...user, updated_at: user.created_at, removed_at: null }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserInputError(taken, 'email');
    throw error;
  }
}

export async function createUser(db: Kysely<Database>, clock: Clock, input: CreateUserInput): Promise<UserView> {
  const { user, passwordHash } = await prepareUser(clock, input);
  await db.transaction().execute(async (trx) => {
    const merchant = await trx.selectFrom('merchants').select('id').where('id', '=', input.merchantId).executeTakeFirst();
    if (merchant === undefined) throw new UserInputError(`no merchant with id "${input.merchantId}"`);
    await insertUser(trx, { ...user, password_hash: passwordHash });
  });
  return user;
}

/**
 * Checks a new user's e-mail, password and role and hashes the password, before any transaction
 * opens (a slow hash must not hold the write lock). The row is then written with `insertUser`.
 */
export async function prepareUser(clock: Clock, input: CreateUserInput): Promise<{ user: UserView; passwordHash: string }> {
  const email = normalizeEmail(input.email);
  const problem = credentialsProblem(email, input.password, input.email);
  if (problem !== undefined) throw new UserInputError(problem, EMAIL.test(email) ? 'password' : 'email');
  if (!ROLES.includes(input.role)) throw new UserInputError(`the role must be one of ${ROLES.join(', ')}, got "${input.role}"`, 'role');
  const passwordHash = await hashPassword(input.password);
  return { user: { id: newId('usr'), merchant_id: input.merchantId, email, role: input.role, created_at: isoNow(clock) }, passwordHash };
}

/** A unique constraint refused the row: PostgreSQL's 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Removes a user: they can no longer sign in, and their sign-ins end at once, access tokens included
 * (every request with one checks that its user is still there).
 */
export async function removeUser(db: Kysely<Database>, clock: Clock, userId: string): Promise<UserView | undefined> {
  return db.transaction().execute((trx) => removeUserIn(trx, isoNow(clock), userId));
}

/** `removeUser` in the caller's transaction, at time `now` (ISO 8601). */
export async function removeUserIn(trx: Kysely<Database>, now: string, userId: string): Promise<UserView | undefined> {
  const user = await trx.selectFrom('users').select(['id', 'merchant_id', 'email', 'role', 'created_at']).where('id', '=', userId).executeTakeFirst();
  if (user === undefined) return undefined;
  await trx.updateTable('users').set({ removed_at: now, updated_at: now }).where('id', '=', userId).where('removed_at', 'is', null).execute();
  await trx
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: 'user_removed' })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return user;
}

/** A hash of a password no one has, verified when the e-mail is unknown so both failures take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * The user with this e-mail and password, or undefined. An unknown e-mail, a removed user and a
 * wrong password are not told apart, neither in the result nor in the time taken.
 */
export async function checkPassword(db: Kysely<Database>, email: string, password: string): Promise<UserView | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'merchant_id', 'email', 'role', 'created_at', 'password_hash'])
    .where('email', '=', normalizeEmail(email))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (user === undefined) {
    decoyHash ??= hashPassword(`decoy-${newId('usr')}`);
    await verify(await decoyHash, password);
    return undefined;
  }
  if (!(await verify(user.password_hash, password))) return undefined;
  const { password_hash: _hash, ...view } = user;
  return view;
}
