/**
 * The team of a merchant, as its admins manage it over HTTP: list, add, change a role, sign out
 * everywhere, remove.
 * Users belong to the merchant, not to an environment: these operations see the same team from a
 * sandbox or a production token.
 */
import type { ReadHandle } from '../db/handle.js';
import { setUserRole, teamMember, teamPage } from '../db/identity/users.js';
import type { Pagination } from '../db/paginate.js';
import { insertUser, prepareUser, removeUserIn } from '../auth/users.js';
import type { Principal } from '../auth/principal.js';
import { endSessionsIn } from '../auth/sessions.js';
import type { Role } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { holdAdmins } from './admins.js';
import type { CreateUserBody, ListUsersQuery, User } from './schemas.js';

export async function listTeamUsers({ db }: Services, actor: Principal, query: ListUsersQuery): Promise<{ data: User[]; pagination: Pagination }> {
  const { rows, pagination } = await teamPage(db, actor.merchantId, query);
  return { data: rows, pagination };
}

/**
 * Adds a user with the initial password the admin chose; the same checks as `till user create`. The
 * password is temporary: the user must choose their own at their first sign-in, so the admin does
 * not know it for good.
 */
export async function addTeamUser(services: Services, actor: Principal, input: CreateUserBody): Promise<User> {
  const { user, passwordHash } = await prepareUser(services.db, services.clock, { merchantId: actor.merchantId, ...input });
  return services.transaction(async (trx) => {
    await holdAdmins(trx, actor.merchantId, actor.id);
    await insertUser(trx, { ...user, password_hash: passwordHash, must_change_password: 1 });
    return { id: user.id, email: user.email, role: user.role, created_at: user.created_at, removed_at: null };
  });
}

export async function changeUserRole(services: Services, actor: Principal, userId: string, role: Role): Promise<User> {
  if (userId === actor.id && role !== 'admin') {
    throw new ApiError('parameter_invalid', 'You cannot change your own role, so that the merchant always keeps an admin. Another admin can change it.', 'role');
  }
  return services.transaction(async (trx) => {
    await holdAdmins(trx, actor.merchantId, actor.id);
    const user = await activeUser(trx, actor.merchantId, userId);
    if (user.role !== role) {
      await setUserRole(trx, actor.merchantId, userId, role, isoNow(services.clock));
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
    await holdAdmins(trx, actor.merchantId, actor.id);
    const user = await activeUser(trx, actor.merchantId, userId);
    const now = isoNow(services.clock);
    await removeUserIn(trx, now, userId, actor.merchantId);
    return { ...user, removed_at: now };
  });
}

/**
 * Ends every sign-in of a user of the merchant (a lost phone, a shared tablet): their access and
 * refresh tokens answer 401 from the next request. The user can sign in again with their password.
 * An admin may sign themselves out everywhere too, the sign-in making the request included.
 */
export async function signOutTeamUser(services: Services, actor: Principal, userId: string): Promise<User> {
  return services.transaction(async (trx) => {
    await holdAdmins(trx, actor.merchantId, actor.id);
    const user = await activeUser(trx, actor.merchantId, userId);
    await endSessionsIn(trx, { merchantId: actor.merchantId, userId }, {}, 'signed_out_by_admin', isoNow(services.clock));
    return user;
  });
}

/** A user of this merchant who has not been removed; anyone else is a 404. */
async function activeUser(trx: ReadHandle, merchantId: string, userId: string): Promise<User> {
  const user = await teamMember(trx, merchantId, userId);
  if (user === undefined) throw notFound('user', userId, 'id');
  return user;
}
