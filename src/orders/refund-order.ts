/**
 * Refund: give money back for a paid order, in full, by amount, by returned items, or both.
 *
 * - Empty body: everything left to refund, the tip included.
 * - `amount`: that much, 1 to what is left (the tip included).
 * - `items`: each line's goods, pro-rated with its discounts (`returnedGoods` in `money.ts`;
 *   `quantity * unit_price` without one), plus their share of the order's tax (rounded half up),
 *   capped at what is left of the goods and tax; when the refund brings back every unit still out, it
 *   takes exactly what is left of them, so rounding never leaves a cent behind nor refunds one too
 *   many. Returned goods never take the tip back: money refunded by amount counts against the goods
 *   and tax first, and the tip is given back only by an empty body or an `amount`.
 * - `amount` and `items`: the items say what came back, the amount is the money (at most their value).
 *
 * The order row is held for the whole transaction, so refunds of one order run one at a time and
 * their sum can never pass the order's total (a CHECK constraint holds the same line).
 *
 * Tenders (`tender.ts`): the money goes back to the card first, up to what the card paid less what
 * was refunded to it before, and the rest in cash, out of the drawer named (`cash_drawer_id`) or else
 * the order's drawer while it is open. A cash order's refunds are all cash.
 *
 * A payment taken by a remote processor (Stripe) is refunded there first, for the card's part, with
 * the idempotency key `till_refund_<refund id>`: the planned refund is recorded as a pending call and
 * committed, sent, and written only when the processor accepts it (see `db/payments/processor-calls.ts`).
 * A refusal changes nothing. An unknown outcome (no answer) leaves the call pending and answers 503
 * `processor_unavailable`; a pending call of the order is settled before a new refund, and a retry of
 * the same request (the same body) that settles its own earlier call answers that refund instead of
 * making a second one (`payments/call-outcome.ts`). A refund wholly in cash calls no processor.
 */
import type { Tenant } from '../auth/principal.js';
import { orderLines } from '../db/orders/orders.js';
import { lockForRefund } from '../db/orders/refund.js';
import type { LineItemRow, OrderRow, ProcessorCallRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import { sendOnce, undecidedError, waitForCall } from '../payments/call-outcome.js';
import { pendingCall, recordCall } from '../db/payments/processor-calls.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { applyRefund, loadRefund, type RefundCallRequest, type RefundPlan } from './apply-refund.js';
import { lockOrder } from './lock-order.js';
import { returnedGoods, returnedValue } from './money.js';
import { sendCall } from './send-call.js';
import { refundDrawer, refundTender } from './tender.js';
import type { Order, Refund, RefundOrderBody } from './schemas.js';

export async function refundOrder(services: Services, tenant: Tenant, orderId: string, input: RefundOrderBody): Promise<Refund> {
  const { db, clock, transaction, processorFor } = services;
  const processor = processorFor(tenant.environment);
  if (processor?.remote === true) {
    const startedAt = performance.now();
    let own: string | undefined;
    for (let round = 0; ; round += 1) {
      const step = await db.transaction(async (trx) => {
        const order = await lockOrder(trx, tenant, orderId);
        const pending = await pendingCall(trx, tenant, orderId);
        if (pending !== undefined) return { kind: 'settle' as const, call: pending };
        if (order.payment_processor !== processor.name) return { kind: 'local' as const };
        const plan = await planRefund(trx, tenant, order, input);
        // All in cash: nothing goes back through the processor (the refund is planned again, under the lock, in one transaction).
        if (plan.cashAmount === plan.amount) return { kind: 'local' as const };
        const request: RefundCallRequest = { ...plan, paymentId: order.processor_payment_id, currency: order.currency, input };
        const call = await recordCall(trx, tenant, {
          orderId,
          kind: 'refund',
          processor: processor.name,
          idempotencyKey: `till_refund_${plan.refundId}`,
          request,
          now: isoNow(clock),
        });
        return { kind: 'call' as const, call };
      });
      if (step.kind === 'local') break;
      if (step.kind === 'call') own = step.call.id;
      const mine = step.call.id === own;
      const sent = await sendOnce(step.call.id, () => sendCall(services, processor, tenant, step.call, mine));
      if (sent.outcome === 'succeeded' && (mine || isSameRefund(step.call, input))) {
        // This request's refund, or the same refund sent by an earlier try of this request: answer it, make no other.
        return mine && sent.value !== undefined ? (sent.value as Refund) : services.transaction((trx) => loadRefund(trx, tenant, step.call));
      }
      if (sent.outcome === 'failed' && mine) throw sent.refusal!;
      if (sent.outcome === 'succeeded' || sent.outcome === 'failed') continue;
      if (sent.outcome === 'in_flight' && (await waitForCall(startedAt, round))) continue;
      throw undecidedError(sent.outcome, 'refund');
    }
  }
  return transaction(async (trx) => {
    const locked = await lockForRefund<Order>(trx, tenant, orderId);
    // Not found: lockOrder answers the usual 404 (or finds the order, committed in between).
    const order = locked?.order ?? (await lockOrder(trx, tenant, orderId));
    if (order.payment_processor !== null && order.payment_processor !== 'simulator' && processor?.name !== order.payment_processor) {
      throw new ApiError('processor_unavailable', `This order was paid through ${order.payment_processor}, which is not configured, so it cannot be refunded now.`);
    }
    const plan = await planRefund(trx, tenant, order, input);
    if (processor?.remote === true && order.payment_processor === processor.name && plan.cashAmount < plan.amount) {
      // The card's part of a remote payment is refunded through a call (above); the card only ever has less left to refund since.
      throw new Error(`order ${orderId}: a refund through ${processor.name} planned without its call`);
    }
    return applyRefund(trx, tenant, order, plan, null, isoNow(clock), locked?.reading);
  });
}

/** A pending refund call made by an earlier try of the same request (the same body): answering it makes no second refund. */
function isSameRefund(call: ProcessorCallRow, input: RefundOrderBody): boolean {
  return call.kind === 'refund' && JSON.stringify((JSON.parse(call.request) as RefundCallRequest).input) === JSON.stringify(input);
}

/** Checks a refund request against the order (held by the caller) and works out its amount and units. */
async function planRefund(trx: DbTransaction, tenant: Tenant, order: OrderRow, input: RefundOrderBody): Promise<RefundPlan> {
  const orderId = order.id;
  if (order.status === 'refunded') {
    throw new ApiError('already_refunded', 'This order has already been refunded in full.');
  }
  if (order.status !== 'paid' && order.status !== 'partially_refunded') {
    throw new ApiError('order_not_refundable', `This order is ${order.status}; only paid orders can be refunded.`);
  }
  const left = order.total - order.refunded_amount;
  // What is left of the goods and their tax: the tip is not the goods' (refunds by amount count against the goods first).
  const goodsLeft = Math.max(0, left - order.tip);

  let returned: Array<{ line: LineItemRow; quantity: number }> = [];
  let itemsValue: number | undefined;
  if (input.items !== undefined) {
    const lines = await orderLines(trx, tenant, orderId);
    returned = input.items.map((item, i) => {
      const line = lines.find((l) => l.id === item.line_item_id);
      if (line === undefined) {
        throw new ApiError('parameter_invalid', `This order has no line item '${item.line_item_id}'.`, `items[${i}].line_item_id`);
      }
      if (input.items!.findIndex((other) => other.line_item_id === item.line_item_id) !== i) {
        throw new ApiError('parameter_invalid', `Line item '${item.line_item_id}' is listed twice.`, `items[${i}].line_item_id`);
      }
      const unitsLeft = line.quantity - line.refunded_quantity;
      if (item.quantity > unitsLeft) {
        throw new ApiError(
          'invalid_refund_amount',
          `Only ${unitsLeft} of ${line.quantity} units of line item '${line.id}' are left to refund; ${item.quantity} asked.`,
          `items[${i}].quantity`,
        );
      }
      return { line, quantity: item.quantity };
    });
    const everyUnitBack = lines.every(
      (line) => line.quantity - line.refunded_quantity === (returned.find((r) => r.line.id === line.id)?.quantity ?? 0),
    );
    const linesNet = lines.reduce((sum, line) => sum + line.total - line.discount_amount, 0);
    const value = returned.reduce(
      (sum, { line, quantity }) => sum + returnedValue(returnedGoods(line.total - line.discount_amount, line.quantity, line.refunded_quantity, quantity), order, linesNet),
      0,
    );
    itemsValue = everyUnitBack ? goodsLeft : Math.min(value, goodsLeft);
  }

  let amount: number;
  if (input.amount !== undefined) {
    if (input.amount < 1 || input.amount > left) {
      throw new ApiError('invalid_refund_amount', `The refund amount must be between 1 and ${left}, what is left to refund.`, 'amount');
    }
    if (itemsValue !== undefined && input.amount > itemsValue) {
      throw new ApiError('invalid_refund_amount', `The refund amount must not exceed ${itemsValue}, the value of the returned items.`, 'amount');
    }
    amount = input.amount;
  } else {
    amount = itemsValue ?? left;
  }
  if (amount < 1) {
    throw new ApiError(
      'invalid_refund_amount',
      itemsValue === undefined ? 'Nothing is left to refund on this order.' : 'The returned items have no value left to refund.',
      input.items === undefined ? undefined : 'items',
    );
  }
  return {
    refundId: newId('ref'),
    amount,
    reason: input.reason ?? 'customer_request',
    returned: returned.map(({ line, quantity }) => ({ lineItemId: line.id, productId: line.product_id, quantity })),
    cashAmount: refundTender(order, amount).cash,
    // Held from here to the commit, as a sale's drawer is (`findDrawer`).
    cashDrawerId: await refundDrawer(trx, tenant, order, input.cash_drawer_id),
  };
}
