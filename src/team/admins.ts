/**
 * The rule that keeps every merchant with an admin: an admin never demotes or removes themselves,
 * and a change to the team runs only while its caller is still an admin.
 */
import { holdAdminRows } from '../db/identity/users.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';

/**
 * Holds the merchant's admin rows until the transaction ends (in id order, so two holders never wait
 * for each other) and checks that `actorId` is still one of them. Two admins demoting each other at
 * once then run one after the other, and the second is refused: it is no longer an admin.
 */
export async function holdAdmins(trx: DbTransaction, merchantId: string, actorId: string): Promise<void> {
  const admins = await holdAdminRows(trx, merchantId);
  if (!admins.includes(actorId)) {
    throw new ApiError('insufficient_permissions', 'This endpoint is for users with the admin role; yours has just changed.');
  }
}
