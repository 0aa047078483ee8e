/**
 * How many orders a tenant has in each status, for `till demo`'s summary of the demo shop.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { OrderStatus } from '../schema.js';
import { selectScoped, type Tenant } from '../scoped.js';

/** The tenant's order count per status; a status with no orders is absent. */
export async function ordersByStatus(handle: ReadHandle, tenant: Tenant): Promise<{ status: OrderStatus; n: number }[]> {
  const rows = await selectScoped(kyselyOf(handle), 'orders', tenant).select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  return rows.map(({ status, n }) => ({ status, n: Number(n) }));
}
