/**
 * Change a user's role: an admin never changes their own, so that the merchant always keeps an admin.
 */
import type { Principal } from '../auth/principal.js';
import { setUserRole } from '../db/identity/users.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { activeUser } from './active-user.js';
import { holdAdmins } from './admins.js';
import type { UpdateUserBody, User } from './schemas.js';

export async function changeUserRole(services: Services, actor: Principal, userId: string, input: UpdateUserBody): Promise<User> {
  const { role } = input;
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
