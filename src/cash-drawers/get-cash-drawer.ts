/**
 * Get Cash Drawer: one drawer of the tenant with its figures and movements; another environment's
 * drawer is 404, with a hint, and another merchant's a plain 404.
 */
import type { Tenant } from '../auth/principal.js';
import { drawerRow, otherEnvironmentOfDrawer } from '../db/cash-drawers/drawers.js';
import type { ReadHandle } from '../db/handle.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { toCashDrawers } from './cash-drawer-view.js';
import type { CashDrawer } from './schemas.js';

export function getCashDrawer({ db }: Services, tenant: Tenant, id: string): Promise<CashDrawer> {
  return readCashDrawer(db, tenant, id);
}

/** The drawer as the API shows it, read on `handle` (a transaction sees its own writes); 404 when the tenant has none. */
export async function readCashDrawer(handle: ReadHandle, tenant: Tenant, id: string): Promise<CashDrawer> {
  const row = await drawerRow(handle, tenant, id);
  if (row === undefined) throw drawerNotFound(id, await otherEnvironmentOfDrawer(handle, tenant, id));
  const [drawer] = await toCashDrawers(handle, tenant, [row]);
  return drawer!;
}

export function drawerNotFound(id: string, elsewhere: Awaited<ReturnType<typeof otherEnvironmentOfDrawer>>) {
  return notFound('cash drawer', id, 'id', elsewhere);
}
