/**
 * The receipt of an order: the order as Get Order shows it, with the shop's receipt settings, the
 * payment split by tender and whether the prices included tax. The one shaping behind the receipt's
 * API object, its hosted page, its e-mail and the dashboard's print view.
 */
import { ApiError } from '../errors.js';
import type { MerchantSettings } from '../merchants/merchant-settings.js';
import type { Order } from '../orders/schemas.js';
import type { Receipt } from './schemas.js';

/** The hosted page and the e-mail state times in UTC, and say so: Till does not know the shop's time zone. */
export const RECEIPT_TIME_ZONE = 'UTC';

/** The statuses of an order that was paid: the ones with a receipt. */
const PAID_STATUSES: ReadonlySet<Order['status']> = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * The cash fields of a payment and a refund (migration 0024). Read where the order's JSON has them,
 * and worked out from the payment method where it does not: a cash order is paid, and refunded, in
 * cash, a card order by card.
 */
interface CashPayment {
  cash_amount?: number;
  card_amount?: number;
  cash_given?: number | null;
  change_due?: number | null;
}
interface CashRefund {
  cash_amount?: number;
}

/** 422 `order_not_paid` for an order that has no receipt (pending or canceled). */
export function assertHasReceipt(order: Pick<Order, 'id' | 'status'>): void {
  if (!PAID_STATUSES.has(order.status)) {
    throw new ApiError('order_not_paid', `Order '${order.id}' is ${order.status}: only an order that was paid has a receipt.`);
  }
}

/**
 * @example receiptOf(await readOrder(db, tenant, 'ord_...'), await services.settings(tenant.merchantId))
 */
export function receiptOf(order: Order, shop: Pick<MerchantSettings, 'name' | 'address' | 'taxId' | 'receiptFooter'>): Receipt {
  assertHasReceipt(order);
  const payment = order.payment as (NonNullable<Order['payment']> & CashPayment) | null;
  if (payment === null) throw new Error(`order ${order.id} is ${order.status} without a payment`);
  const cash = order.payment_method === 'cash';
  const cashAmount = payment.cash_amount ?? (cash ? order.total : 0);
  // The lines' net values sum to the subtotal when tax was added on top, to the total before the tip
  // when prices included it (`orders/money.ts`, `returnedValue`).
  const linesNet = order.items.reduce((sum, item) => sum + item.total - item.discount_amount, 0);
  return {
    object: 'receipt',
    order_id: order.id,
    number: order.number,
    status: order.status,
    currency: order.currency,
    shop: { name: shop.name, address: shop.address, tax_id: shop.taxId, footer: shop.receiptFooter },
    items: order.items,
    discounts: order.discounts,
    discount_total: order.discount_total,
    subtotal: order.subtotal,
    tax: order.tax,
    tax_included: order.tax > 0 && linesNet !== order.subtotal,
    tip: order.tip,
    total: order.total,
    refunded_amount: order.refunded_amount,
    payment: {
      method: payment.method,
      card_brand: payment.card_brand,
      card_last4: payment.card_last4,
      cash_amount: cashAmount,
      card_amount: payment.card_amount ?? order.total - cashAmount,
      cash_given: payment.cash_given ?? null,
      change_due: payment.change_due ?? null,
      paid_at: payment.paid_at,
    },
    refunds: order.refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      cash_amount: (refund as typeof refund & CashRefund).cash_amount ?? (cash ? refund.amount : 0),
      reason: refund.reason,
      created_at: refund.created_at,
    })),
    created_at: order.created_at,
  };
}
