/**
 * Remove User: they cannot sign in any more, and their sign-ins end at once. An admin never removes
 * themselves, so that the merchant always keeps an admin.
 */
import type { Principal } from '../auth/principal.js';
import { removeUserIn } from '../auth/users.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { activeUser } from './active-user.js';
import { holdAdmins } from './admins.js';
import type { User } from './schemas.js';

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
