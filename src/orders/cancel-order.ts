/**
 * Cancel: a pending order is canceled and the stock it reserved goes back.
 */
import type { Tenant } from '../auth/principal.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { lockOrder } from './lock-order.js';
import { restock } from './stock.js';
import { transitionOrder } from './transition-order.js';
import type { Order } from './schemas.js';

export async function cancelOrder({ clock, transaction }: Services, tenant: Tenant, orderId: string): Promise<Order> {
  return transaction(async (trx) => {
    const order = await lockOrder(trx, tenant, orderId);
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
    return transitionOrder(trx, tenant, orderId, { status: 'canceled', canceled_at: now }, 'order.canceled', now);
  });
}
