/**
 * Cancel: a pending order is canceled and the stock it reserved goes back, and so does the
 * redemption of its discount code (the code's `times_redeemed` goes down by one), in the same transaction.
 *
 * With a remote processor (Stripe), the order's pending call is settled and its PaymentIntent canceled
 * first (`releasePayment`), so a 3-D Secure challenge left open cannot charge a canceled order; a call
 * recorded in between makes the cancel answer 409 `capture_in_progress`.
 */
import type { Tenant } from '../auth/principal.js';
import { restock } from '../db/catalog/stock.js';
import { orderUnits } from '../db/orders/orders.js';
import { ApiError } from '../errors.js';
import { pendingCall } from '../db/payments/processor-calls.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { releasePayment } from './capture-order.js';
import { lockOrder } from './lock-order.js';
import { transitionOrder } from './transition-order.js';
import type { AppliedDiscount, Order } from './schemas.js';
import { unredeemCode } from '../db/catalog/discount-codes.js';

export async function cancelOrder(services: Services, tenant: Tenant, orderId: string): Promise<Order> {
  const { clock, transaction, processorFor } = services;
  const processor = processorFor(tenant.environment);
  const remote = processor?.remote === true && processor.cancelPayment !== undefined;
  if (remote) await releasePayment(services, processor, tenant, orderId);
  return transaction(async (trx) => {
    const order = await lockOrder(trx, tenant, orderId);
    if (order.status !== 'pending') {
      throw new ApiError('order_not_cancelable', `This order is ${order.status}; only pending orders can be canceled.`);
    }
    if (remote && (await pendingCall(trx, tenant, orderId)) !== undefined) {
      throw new ApiError('capture_in_progress', 'A capture of this order is with the card processor right now, so it cannot be canceled; retry in a moment.');
    }
    const now = isoNow(clock);
    await restock(trx, tenant, await orderUnits(trx, tenant, orderId), now);
    for (const { code } of JSON.parse(order.discounts) as AppliedDiscount[]) if (code !== null) await unredeemCode(trx, tenant, code, now);
    return transitionOrder(trx, tenant, orderId, { status: 'canceled', canceled_at: now }, 'order.canceled', now);
  });
}
