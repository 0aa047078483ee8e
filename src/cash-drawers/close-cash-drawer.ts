/**
 * Close Cash Drawer: the end of a drawer session. The cash counted is recorded beside the cash
 * expected (`opening_float + cash_sales - cash_refunds + paid_in - paid_out`), which is fixed now from
 * the sums of this moment: the drawer's row is held first, so a movement racing the close is either
 * in these sums or refused afterwards. `over_short` is `counted_cash - expected_cash`.
 *
 * A cashier's sign-in may close only a drawer that cashier opened (403 `insufficient_permissions`
 * otherwise): counting another's drawer is a manager's job. Managers, admins and API keys close any.
 * A closed drawer cannot be closed again (422 `cash_drawer_closed`). Recorded with `cash_drawer.closed`.
 */
import type { Principal } from '../auth/principal.js';
import { closeDrawerRow, drawerMovements, drawerRow, drawerSums, lockDrawer, otherEnvironmentOfDrawer } from '../db/cash-drawers/drawers.js';
import { ApiError } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { expectedCash, toCashDrawer } from './cash-drawer-view.js';
import { drawerNotFound } from './get-cash-drawer.js';
import { drawerClosed } from './record-cash-movement.js';
import type { CashDrawer, CloseCashDrawerBody } from './schemas.js';

export async function closeCashDrawer({ clock, transaction }: Services, principal: Principal, drawerId: string, input: CloseCashDrawerBody): Promise<CashDrawer> {
  const now = isoNow(clock);
  return transaction(async (trx) => {
    const drawer = await lockDrawer(trx, principal, drawerId);
    if (drawer === undefined) throw drawerNotFound(drawerId, await otherEnvironmentOfDrawer(trx, principal, drawerId));
    if (principal.kind === 'user' && principal.role === 'cashier' && drawer.opened_by !== principal.id) {
      throw new ApiError('insufficient_permissions', 'A cashier may close only a cash drawer they opened; ask a manager to close this one.');
    }
    if (drawer.status !== 'open') throw drawerClosed(drawerId, 'it was already counted and closed');
    const sums = (await drawerSums(trx, principal, [drawerId])).get(drawerId)!;
    await closeDrawerRow(
      trx,
      principal,
      drawerId,
      {
        expected_cash: expectedCash(Number(drawer.opening_float), sums),
        counted_cash: input.counted_cash,
        closed_by: principal.kind === 'user' ? principal.id : null,
        closing_note: input.note ?? null,
        closed_at: now,
      },
      now,
    );
    // The view shows the sums the expected cash was fixed from, read once.
    const [row, movements] = await Promise.all([drawerRow(trx, principal, drawerId), drawerMovements(trx, principal, [drawerId])]);
    const closed = toCashDrawer(row!, sums, movements);
    await recordEvent(trx, principal, 'cash_drawer.closed', closed, now);
    return closed;
  });
}
