/**
 * Capture: take payment for a pending order and mark it paid.
 *
 * The order row is held while the processor charges the card, so two captures of one order can never
 * both charge: the second waits, then finds the order paid (422 order_not_capturable).
 */
import type { Tenant } from '../auth/principal.js';
import { ApiError } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { lockOrder } from './lock-order.js';
import { loadOrder } from './order-view.js';
import type { CaptureOrderBody, Order } from './schemas.js';

export async function captureOrder(services: Services, tenant: Tenant, orderId: string, input: CaptureOrderBody): Promise<Order> {
  const { db, clock, processorFor, transaction } = services;
  return transaction(async (trx) => {
    const order = await lockOrder(db, trx, tenant, orderId);
    if (order.status !== 'pending') {
      throw new ApiError('order_not_capturable', `This order is ${order.status}; only pending orders can be captured.`);
    }

    let cardLast4: string | null = null;
    if (order.payment_method === 'card') {
      if (input.payment_token === undefined) {
        throw new ApiError('parameter_missing', 'Card orders need a payment_token to capture.', 'payment_token');
      }
      const processor = processorFor(tenant.environment);
      if (processor === undefined) {
        throw new ApiError(
          'processor_unavailable',
          'No payment processor is configured for production, so card payments cannot be captured. Use a sandbox key (sk_test_) to try captures with test tokens.',
        );
      }
      const charge = await processor.charge({
        merchantId: tenant.merchantId,
        orderId,
        amount: order.total,
        currency: order.currency,
        paymentToken: input.payment_token,
      });
      if (!charge.ok) {
        throw charge.reason === 'card_declined'
          ? new ApiError('card_declined', charge.message)
          : new ApiError('parameter_invalid', charge.message, 'payment_token');
      }
      cardLast4 = charge.cardLast4;
    } else if (input.payment_token !== undefined) {
      throw new ApiError('parameter_invalid', 'Cash orders are captured without a payment_token.', 'payment_token');
    }

    const now = isoNow(clock);
    await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: now, card_last4: cardLast4, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('id', '=', orderId)
      .execute();
    const view = await loadOrder(trx, tenant, orderId);
    await recordEvent(trx, tenant, 'order.paid', view, now);
    return view;
  });
}
