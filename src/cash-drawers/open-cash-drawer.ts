/**
 * Open Cash Drawer: starts a drawer session for a register with its float, in the merchant's
 * currency. A register has at most one open drawer: a second open, even one racing the first, is
 * 409 `cash_drawer_already_open` (the database's partial unique index decides, so two at once give
 * one drawer). Recorded with `cash_drawer.opened` in the same transaction.
 */
import type { Principal } from '../auth/principal.js';
import { drawerRow, insertDrawer } from '../db/cash-drawers/drawers.js';
import { ApiError } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { toCashDrawer } from './cash-drawer-view.js';
import type { CashDrawer, OpenCashDrawerBody } from './schemas.js';

export async function openCashDrawer({ clock, settings, transaction }: Services, principal: Principal, input: OpenCashDrawerBody): Promise<CashDrawer> {
  const { currency } = await settings(principal.merchantId);
  const now = isoNow(clock);
  const row = {
    merchant_id: principal.merchantId,
    environment: principal.environment,
    id: newId('drw'),
    register: input.register,
    status: 'open' as const,
    currency,
    opening_float: input.opening_float,
    expected_cash: null,
    counted_cash: null,
    opened_by: principal.kind === 'user' ? principal.id : null,
    closed_by: null,
    opening_note: input.note ?? null,
    closing_note: null,
    opened_at: now,
    closed_at: null,
    updated_at: now,
  };
  return transaction(async (trx) => {
    if (!(await insertDrawer(trx, row))) {
      throw new ApiError('cash_drawer_already_open', `Register '${input.register}' already has an open cash drawer: close it before opening another.`, 'register');
    }
    const drawer = toCashDrawer((await drawerRow(trx, principal, row.id))!, { cash_sales: 0, cash_refunds: 0, paid_in: 0, paid_out: 0 }, []);
    await recordEvent(trx, principal, 'cash_drawer.opened', drawer, now);
    return drawer;
  });
}
