/**
 * Pay In / Pay Out: cash put into or taken out of an open drawer, with a reason (more change, a
 * supplier paid from the till, a drop to the safe). The drawer's row is held first, so that a
 * movement and a close racing run one after the other: a movement that comes after the close is
 * 422 `cash_drawer_closed`, and one that comes before is in the closing figures. Answers the drawer.
 */
import type { Principal } from '../auth/principal.js';
import { insertMovement, lockDrawer, otherEnvironmentOfDrawer } from '../db/cash-drawers/drawers.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { drawerNotFound, readCashDrawer } from './get-cash-drawer.js';
import type { CashDrawer, CashDrawerMovementBody } from './schemas.js';

export async function recordCashMovement({ clock, transaction }: Services, principal: Principal, drawerId: string, input: CashDrawerMovementBody): Promise<CashDrawer> {
  const now = isoNow(clock);
  return transaction(async (trx) => {
    const drawer = await lockDrawer(trx, principal, drawerId);
    if (drawer === undefined) throw drawerNotFound(drawerId, await otherEnvironmentOfDrawer(trx, principal, drawerId));
    if (drawer.status !== 'open') throw drawerClosed(drawerId, 'no cash can be paid in or out of it');
    await insertMovement(trx, {
      merchant_id: principal.merchantId,
      environment: principal.environment,
      id: newId('dmv'),
      drawer_id: drawerId,
      type: input.type,
      amount: input.amount,
      reason: input.reason,
      created_by: principal.kind === 'user' ? principal.id : null,
      created_at: now,
    });
    return readCashDrawer(trx, principal, drawerId);
  });
}

/** 422 `cash_drawer_closed`, saying what a closed drawer cannot do. */
export function drawerClosed(drawerId: string, what: string): ApiError {
  return new ApiError('cash_drawer_closed', `Cash drawer '${drawerId}' is closed: ${what}. Open a new drawer for the register.`);
}
