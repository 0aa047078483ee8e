/**
 * Add User: an admin adds a user with the initial password they chose; the same checks as `till user
 * create`. The password is temporary: the user must choose their own at their first sign-in, so the
 * admin does not know it for good.
 */
import type { Principal } from '../auth/principal.js';
import { insertUser, prepareUser } from '../auth/users.js';
import type { Services } from '../services.js';
import { holdAdmins } from './admins.js';
import type { CreateUserBody, User } from './schemas.js';

export async function addTeamUser(services: Services, actor: Principal, input: CreateUserBody): Promise<User> {
  const { user, passwordHash } = await prepareUser(services.db, services.clock, { merchantId: actor.merchantId, ...input });
  return services.transaction(async (trx) => {
    await holdAdmins(trx, actor.merchantId, actor.id);
    await insertUser(trx, { ...user, password_hash: passwordHash, must_change_password: 1 });
    return { id: user.id, email: user.email, role: user.role, created_at: user.created_at, removed_at: null };
  });
}
