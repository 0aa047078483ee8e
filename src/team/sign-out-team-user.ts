/**
 * Sign a user out everywhere (a lost phone, a shared tablet): their access and refresh tokens answer
 * 401 from the next request. The user can sign in again with their password. An admin may sign
 * themselves out everywhere too, the sign-in making the request included.
 */
import type { Principal } from '../auth/principal.js';
import { endSessionsIn } from '../auth/sessions.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { activeUser } from './active-user.js';
import { holdAdmins } from './admins.js';
import type { User } from './schemas.js';

export async function signOutTeamUser(services: Services, actor: Principal, userId: string): Promise<User> {
  return services.transaction(async (trx) => {
    await holdAdmins(trx, actor.merchantId, actor.id);
    const user = await activeUser(trx, actor.merchantId, userId);
    await endSessionsIn(trx, { merchantId: actor.merchantId, userId }, {}, 'signed_out_by_admin', isoNow(services.clock));
    return user;
  });
}
