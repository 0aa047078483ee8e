/**
 * Get Order: the full order, as the JSON text the database builds in one statement
 * (`db/orders/order-json.ts`), ready to send. Another merchant's or environment's order is 404 like a
 * missing one; the 404 says when the tenant's other environment holds it.
 */
import type { Tenant } from '../auth/principal.js';
import { orderJson } from '../db/orders/order-json.js';
import { otherEnvironmentOfOrder } from '../db/orders/orders.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';

export async function getOrder({ db }: Services, tenant: Tenant, orderId: string): Promise<string> {
  const body = await orderJson(db, tenant, orderId);
  if (body !== undefined) return body;
  // It may have been committed since the first reading: read it again before answering 404.
  const created = await orderJson(db, tenant, orderId);
  if (created !== undefined) return created;
  throw notFound('order', orderId, 'id', await otherEnvironmentOfOrder(db, tenant, orderId));
}
