/**
 * List Cash Drawers: the tenant's drawers, newest opened first, a page at a time, optionally of one
 * status or one register (`?register=R1&status=open` finds a register's open drawer).
 */
import type { Tenant } from '../auth/principal.js';
import { drawerPage } from '../db/cash-drawers/drawers.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toCashDrawers } from './cash-drawer-view.js';
import type { CashDrawer, ListCashDrawersQuery } from './schemas.js';

export async function listCashDrawers({ db }: Services, tenant: Tenant, query: ListCashDrawersQuery): Promise<{ data: CashDrawer[]; pagination: Pagination }> {
  const { rows, pagination } = await drawerPage(db, tenant, { status: query.status, register: query.register }, query);
  return { data: await toCashDrawers(db, tenant, rows), pagination };
}
