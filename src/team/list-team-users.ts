/**
 * List Users: the merchant's team, newest first. Users belong to the merchant, not to an
 * environment: a sandbox or a production token sees the same team.
 */
import type { Principal } from '../auth/principal.js';
import type { Pagination } from '../db/paginate.js';
import { teamPage } from '../db/identity/users.js';
import type { Services } from '../services.js';
import type { ListUsersQuery, User } from './schemas.js';

export async function listTeamUsers({ db }: Services, actor: Principal, query: ListUsersQuery): Promise<{ data: User[]; pagination: Pagination }> {
  const { rows, pagination } = await teamPage(db, actor.merchantId, query);
  return { data: rows, pagination };
}
