/**
 * The user a team operation acts on: a user of this merchant who has not been removed; anyone else
 * is a 404.
 */
import type { ReadHandle } from '../db/handle.js';
import { teamMember } from '../db/identity/users.js';
import { notFound } from '../errors.js';
import type { User } from './schemas.js';

export async function activeUser(trx: ReadHandle, merchantId: string, userId: string): Promise<User> {
  const user = await teamMember(trx, merchantId, userId);
  if (user === undefined) throw notFound('user', userId, 'id');
  return user;
}
