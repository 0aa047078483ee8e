/**
 * A cash drawer as the API shows it: its row, the sums of what moved cash in and out of it, and its
 * movements. While the drawer is open its expected cash is worked out from the sums as they stand;
 * once closed it is the figure fixed at close (`close-cash-drawer.ts`).
 */
import type { Tenant } from '../auth/principal.js';
import { drawerMovements, drawerSums, type DrawerFields, type DrawerSums, type MovementFields } from '../db/cash-drawers/drawers.js';
import type { ReadHandle } from '../db/handle.js';
import type { CashDrawer, CashDrawerMovement } from './schemas.js';

/** `opening_float + cash_sales - cash_refunds + paid_in - paid_out`. */
export function expectedCash(openingFloat: number, sums: DrawerSums): number {
  return openingFloat + sums.cash_sales - sums.cash_refunds + sums.paid_in - sums.paid_out;
}

function actor(id: string | null, email: string | null): { id: string; email: string } | null {
  return id === null ? null : { id, email: email ?? '' };
}

function toMovement(row: MovementFields): CashDrawerMovement {
  return {
    id: row.id,
    type: row.type,
    amount: Number(row.amount),
    reason: row.reason,
    created_by: actor(row.created_by, row.created_by_email),
    created_at: row.created_at,
  };
}

export function toCashDrawer(row: DrawerFields, sums: DrawerSums, movements: readonly MovementFields[]): CashDrawer {
  const openingFloat = Number(row.opening_float);
  const expected = row.status === 'closed' && row.expected_cash !== null ? Number(row.expected_cash) : expectedCash(openingFloat, sums);
  const counted = row.counted_cash === null ? null : Number(row.counted_cash);
  return {
    id: row.id,
    object: 'cash_drawer',
    register: row.register,
    status: row.status,
    currency: row.currency,
    opening_float: openingFloat,
    cash_sales: sums.cash_sales,
    cash_refunds: sums.cash_refunds,
    paid_in: sums.paid_in,
    paid_out: sums.paid_out,
    expected_cash: expected,
    counted_cash: counted,
    over_short: counted === null ? null : counted - expected,
    opened_by: actor(row.opened_by, row.opened_by_email),
    closed_by: actor(row.closed_by, row.closed_by_email),
    opening_note: row.opening_note,
    closing_note: row.closing_note,
    opened_at: row.opened_at,
    closed_at: row.closed_at,
    movements: movements.map(toMovement),
  };
}

/** The drawers of `rows` as the API shows them, in the same order: their sums and movements read in one statement each. */
export async function toCashDrawers(handle: ReadHandle, tenant: Tenant, rows: readonly DrawerFields[]): Promise<CashDrawer[]> {
  const ids = rows.map((row) => row.id);
  const [sums, movements] = await Promise.all([drawerSums(handle, tenant, ids), drawerMovements(handle, tenant, ids)]);
  return rows.map((row) => toCashDrawer(row, sums.get(row.id)!, movements.filter((movement) => movement.drawer_id === row.id)));
}
