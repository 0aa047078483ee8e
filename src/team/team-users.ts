/**
 * The team of a merchant, as its admins manage it over HTTP: list, add, change a role, remove.
 * Users belong to the merchant, not to an environment: these operations see the same team from a
 * sandbox or a production token.
 */
import type { Kysely } from 'kysely';
import { insertUser, prepareUser, removeUserIn, UserInputError } from '../auth/users.js';
import type { Principal } from '../auth/principal.js';
import type { Database, Role } from '../db/schema.js';
import { ApiError, asSentence, notFound } from '../errors.js';
import { pageOf } from '../http/paginate.js';
import type { Pagination } from '../http/schemas.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { holdAdmins } from './admins.js';
import type { CreateUserBody, ListUsersQuery, User } from './schemas.js';

const USER_COLUMNS = ['id', 'email', 'role', 'created_at', 'removed_at'] as const;

export async function listTeamUsers(db: Kysely<Database>, merchantId: string, query: ListUsersQuery): Promise<{ data: User[]; pagination: Pagination }> {
  const filtered = db.selectFrom('users').where('merchant_id', '=', merchantId).where('removed_at', 'is', null);
  const { rows, pagination } = await pageOf<User>(filtered, USER_COLUMNS, query);
  return { data: rows, pagination };
}

/** Adds a user with the initial password the admin chose; the same checks as `till user create`. */
export async function addTeamUser(services: Services, actor: Principal, input: CreateUserBody): Promise<User> {
  try {
    const { user, passwordHash } = await prepareUser(services.clock, { merchantId: actor.merchantId, ...input });
    return await services.transaction(async (trx) => {
      await holdAdmins(services.db, trx, actor.merchantId, actor.id);
      await insertUser(trx, { ...user, password_hash: passwordHash });
      return { id: user.id, email: user.email, role: user.role, created_at: user.created_at, removed_at: null };
    });
  } catch (error) {
    if (error instanceof UserInputError) throw new ApiError('parameter_invalid', asSentence(error.message), error.param);
    throw error;
  }
}

export async function changeUserRole(services: Services, actor: Principal, userId: string, role: Role): Promise<User> {
  if (userId === actor.id && role !== 'admin') {
    throw new ApiError('parameter_invalid', 'You cannot change your own role, so that the merchant always keeps an admin. Another admin can change it.', 'role');
  }
  return services.transaction(async (trx) => {
    await holdAdmins(services.db, trx, actor.merchantId, actor.id);
    const user = await activeUser(trx, actor.merchantId, userId);
    if (user.role !== role) {
      await trx.updateTable('users').set({ role, updated_at: isoNow(services.clock) }).where('id', '=', userId).where('merchant_id', '=', actor.merchantId).execute();
    }
    return { ...user, role };
  });
}

/** Removes a user: they cannot sign in any more, and their sign-ins end at once. */
export async function removeTeamUser(services: Services, actor: Principal, userId: string): Promise<User> {
  if (userId === actor.id) {
    throw new ApiError('parameter_invalid', 'You cannot remove yourself, so that the merchant always keeps an admin. Another admin can remove you.', 'id');
  }
  return services.transaction(async (trx) => {
    await holdAdmins(services.db, trx, actor.merchantId, actor.id);
    const user = await activeUser(trx, actor.merchantId, userId);
    const now = isoNow(services.clock);
    await removeUserIn(trx, now, userId);
    return { ...user, removed_at: now };
  });
}

/** A user of this merchant who has not been removed; anyone else is a 404. */
async function activeUser(trx: Kysely<Database>, merchantId: string, userId: string): Promise<User> {
  const user = await trx
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (user === undefined) throw notFound('user', userId, 'id');
  return user;
}
