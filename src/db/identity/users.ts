/**
 * The identity store's statements on `users`: the people of a merchant who sign in. Removing a user,
 * changing a role and setting a password announce the change (`announceCredentialChange`), so that
 * the transaction returns once every process has taken it in.
 */
import { announceCredentialChange } from '../credential-changes.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { Role, UsersTable } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

/** A user as the operator and the user's own commands see them: never the password's hash. */
export type UserRecordRow = Pick<UsersTable, 'id' | 'merchant_id' | 'email' | 'role' | 'created_at' | 'removed_at'>;
/** A member of the team as its admins see them. */
export type TeamMemberRow = Pick<UsersTable, 'id' | 'email' | 'role' | 'created_at' | 'removed_at'>;

const RECORD_COLUMNS = ['id', 'merchant_id', 'email', 'role', 'created_at', 'removed_at'] as const;
const MEMBER_COLUMNS = ['id', 'email', 'role', 'created_at', 'removed_at'] as const;

/** Whether any user, removed ones included, has this e-mail. */
export async function emailInUse(handle: ReadHandle, email: string): Promise<boolean> {
  return (await kyselyOf(handle).selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

/** The merchant of the user with this e-mail, removed or not; undefined when no user has it. */
export async function merchantOfEmail(handle: ReadHandle, email: string): Promise<string | undefined> {
  return (await kyselyOf(handle).selectFrom('users').select('merchant_id').where('email', '=', email).executeTakeFirst())?.merchant_id;
}

/** Inserts a user; a unique violation (a taken e-mail) is the database's error, for the caller to tell. */
export async function insertUserRow(trx: DbTransaction, row: Omit<UsersTable, 'must_change_password'> & { must_change_password?: number }): Promise<void> {
  await trx.insertInto('users').values(row).execute();
}

/** The user with this id (of `merchantId`, when given), removed or not. */
export async function userRecord(handle: ReadHandle, userId: string, merchantId?: string): Promise<UserRecordRow | undefined> {
  let query = kyselyOf(handle).selectFrom('users').select(RECORD_COLUMNS).where('id', '=', userId);
  if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
  return query.executeTakeFirst();
}

/** Every user (of one merchant, or all), removed ones included, oldest first, for the operator. */
export async function allUsers(handle: ReadHandle, merchantId?: string): Promise<UserRecordRow[]> {
  let query = kyselyOf(handle).selectFrom('users').select(RECORD_COLUMNS).orderBy('created_at').orderBy('id');
  if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
  return query.execute();
}

/** One page of the merchant's users who have not been removed, newest first. */
export async function teamPage(handle: ReadHandle, merchantId: string, request: PageRequest): Promise<{ rows: TeamMemberRow[]; pagination: Pagination }> {
  const filtered = kyselyOf(handle).selectFrom('users').where('merchant_id', '=', merchantId).where('removed_at', 'is', null);
  return pageOf<TeamMemberRow>(filtered, MEMBER_COLUMNS, request);
}

/** A user of the merchant who has not been removed. */
export async function teamMember(handle: ReadHandle, merchantId: string, userId: string): Promise<TeamMemberRow | undefined> {
  return kyselyOf(handle)
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** The ids of the merchant's admins, their rows held until the transaction ends (locked in id order, so two holders never wait for each other). */
export async function holdAdminRows(trx: DbTransaction, merchantId: string): Promise<string[]> {
  const admins = await trx
    .forUpdate(trx.selectFrom('users').select('id').where('merchant_id', '=', merchantId).where('role', '=', 'admin').where('removed_at', 'is', null).orderBy('id'))
    .execute();
  return admins.map((admin) => admin.id);
}

export async function setUserRole(trx: DbTransaction, merchantId: string, userId: string, role: Role, now: string): Promise<void> {
  await trx.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).where('merchant_id', '=', merchantId).execute();
  await announceCredentialChange(trx, 'role_changed');
}

/** Sets `removed_at` of a user not yet removed; a user removed before keeps their first time. */
export async function markUserRemoved(trx: DbTransaction, merchantId: string, userId: string, now: string): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('users')
    .set({ removed_at: now, updated_at: now })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (numUpdatedRows > 0n) await announceCredentialChange(trx, 'user_removed');
}

/**
 * Sets a user's password hash (of `merchantId`, when given); `mustChangePassword: 0` clears the
 * demand for a password of their own. Returns the user's merchant, or undefined for no such user.
 */
export async function setPasswordHash(
  trx: DbTransaction,
  user: { userId: string; merchantId?: string },
  change: { passwordHash: string; mustChangePassword?: 0 },
  now: string,
): Promise<string | undefined> {
  let query = trx
    .updateTable('users')
    .set({ password_hash: change.passwordHash, ...(change.mustChangePassword === undefined ? {} : { must_change_password: change.mustChangePassword }), updated_at: now })
    .where('id', '=', user.userId);
  if (user.merchantId !== undefined) query = query.where('merchant_id', '=', user.merchantId);
  const row = await query.returning('merchant_id').executeTakeFirst();
  await announceCredentialChange(trx, 'password_changed');
  return row?.merchant_id;
}

/** The active user with this e-mail, their row held until the transaction ends (so that requests at once count one after the other). */
export async function holdActiveUserByEmail(trx: DbTransaction, email: string) {
  return trx.forUpdate(trx.selectFrom('users').select(['id', 'email', 'merchant_id']).where('email', '=', email).where('removed_at', 'is', null)).executeTakeFirst();
}

/** A user of the merchant who has not been removed, with their password's hash (to check the current password). */
export async function userWithPassword(handle: ReadHandle, merchantId: string, userId: string) {
  return kyselyOf(handle)
    .selectFrom('users')
    .select(['id', 'email', 'role', 'password_hash'])
    .where('id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** The user with this e-mail who has not been removed, with what signing in checks. */
export async function signInUser(handle: ReadHandle, email: string) {
  return kyselyOf(handle)
    .selectFrom('users')
    .select(['id', 'merchant_id', 'email', 'role', 'created_at', 'password_hash', 'must_change_password'])
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** A user who has not been removed, as tokens are issued for them. */
export async function activeUser(handle: ReadHandle, userId: string): Promise<Pick<UsersTable, 'id' | 'merchant_id' | 'role'> | undefined> {
  return kyselyOf(handle).selectFrom('users').select(['id', 'merchant_id', 'role']).where('id', '=', userId).where('removed_at', 'is', null).executeTakeFirst();
}

/** The user a credential acts for, as `GET /v1/account` shows them (removed or not: the credential check has told). */
export async function accountUser(handle: ReadHandle, merchantId: string, userId: string): Promise<Pick<UsersTable, 'id' | 'email' | 'role'> | undefined> {
  return kyselyOf(handle).selectFrom('users').select(['id', 'email', 'role']).where('id', '=', userId).where('merchant_id', '=', merchantId).executeTakeFirst();
}
