/**
 * Cancel: a pending order is canceled and the stock it reserved goes back.
 */
import { sql } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import { ApiError } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { lockOrder } from './lock-order.js';
import { loadOrder } from './order-view.js';
import type { Order } from './schemas.js';

export async function cancelOrder({ db, clock, transaction }: Services, tenant: Tenant, orderId: string): Promise<Order> {
  return transaction(async (trx) => {
    const order = await lockOrder(db, trx, tenant, orderId);
    if (order.status !== 'pending') {
      throw new ApiError('order_not_cancelable', `This order is ${order.status}; only pending orders can be canceled.`);
    }
    const now = isoNow(clock);
    const items = await trx
      .selectFrom('line_items')
      .select(['product_id', 'quantity'])
      .where('merchant_id', '=', tenant.merchantId)
      .where('order_id', '=', orderId)
      .orderBy('product_id')
      .execute();
    await restock(trx, tenant, items, now);
    await trx
      .updateTable('orders')
      .set({ status: 'canceled', canceled_at: now, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('id', '=', orderId)
      .execute();
    const view = await loadOrder(trx, tenant, orderId);
    await recordEvent(trx, tenant, 'order.canceled', view, now);
    return view;
  });
}

/** Puts units back on the shelf of products whose stock is tracked (untracked ones stay null). */
export async function restock(
  trx: Services['db']['kysely'],
  tenant: Tenant,
  units: ReadonlyArray<{ product_id: string; quantity: number }>,
  now: string,
): Promise<void> {
  for (const { product_id, quantity } of units) {
    await trx
      .updateTable('products')
      .set({ inventory: sql`inventory + ${quantity}`, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', product_id)
      .where('inventory', 'is not', null)
      .execute();
  }
}
