/**
 * Get Order: the full order, as the JSON text the database builds in one statement (`db/order-json.ts`),
 * ready to send. Another merchant's or environment's order is 404 like a missing one; the 404 says
 * when the tenant's other environment holds it.
 */
import type { Tenant } from '../auth/principal.js';
import { orderJson } from '../db/order-json.js';
import type { Services } from '../services.js';
import { loadOrder } from './order-view.js';

export async function getOrder({ db }: Services, tenant: Tenant, orderId: string): Promise<string> {
  const body = await orderJson(db, tenant, orderId);
  if (body !== undefined) return body;
  // Not found: loadOrder throws the usual 404, which also says whether the other environment holds it.
  await loadOrder(db.kysely, tenant, orderId);
  // It exists after all (it was committed between the two readings): read it again.
  const created = await orderJson(db, tenant, orderId);
  if (created === undefined) throw new Error(`order ${orderId} is found by loadOrder but not by orderJson`);
  return created;
}
