/**
 * Capture: take payment for a pending order and mark it paid.
 *
 * Cash and the sandbox simulator: the order row is held while the card is charged, so two captures of
 * one order can never both charge: the second waits, then finds the order paid (422).
 *
 * A remote processor (Stripe): the order has one PaymentIntent, made before its first attempt with the
 * key `till_pi_<order>`; each attempt is a call that confirms it, recorded `pending` and committed
 * before it is sent (see `db/payments/processor-calls.ts`), with the key `till_capture_<order>_<attempt>`,
 * then settled in the transaction that marks the order paid. A PaymentIntent takes its amount once,
 * so whatever the interleaving the order is charged its total or nothing.
 *
 * A capture that finds a call of the order pending sends it again first (same key: the processor
 * answers with its first result), or waits for the request sending it (`payments/call-outcome.ts`),
 * and only then decides. If that call was the same charge (the same `payment_token`: an earlier try of
 * this capture, with the same tip) and it succeeded, the answer is the paid order. An outcome still unknown is 503
 * `processor_unavailable`, never a failure; a call still in flight past the wait is 409 `capture_in_progress`.
 *
 * A tip (`tip`: an amount, or basis points of the order's total before the tip) is worked out under
 * the order's lock from the order's figures, and charged with the total. A remote call carries its tip
 * in its request (`CaptureCallRequest.tip`), and whoever settles the call (this request, a later
 * capture or refund, the start-up sweep, Stripe's event) records that tip on the order, so a call
 * that stayed pending keeps the tip it was sent with. The tip is not taxed: the order's tax stays.
 */
import type { Tenant } from '../auth/principal.js';
import type { OrderRow, ProcessorCallRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';
import { sendOnce, undecidedError, waitForCall } from '../payments/call-outcome.js';
import { captureRequests, lastPaymentId, pendingCall, recordCall } from '../db/payments/processor-calls.js';
import { ProcessorFailure, type ChargeResult, type PaymentProcessor } from '../payments/processor.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { lockOrder } from './lock-order.js';
import { tipOf } from './money.js';
import { readOrder } from './order-view.js';
import { sendCall } from './send-call.js';
import { chargeError, type CaptureCallRequest } from './send-capture.js';
import { transitionOrder } from './transition-order.js';
import type { CaptureOrderBody, CaptureTip, Order } from './schemas.js';

export async function captureOrder(services: Services, tenant: Tenant, orderId: string, input: CaptureOrderBody): Promise<Order> {
  const { db, processorFor } = services;
  checkTip(input.tip);
  const processor = processorFor(tenant.environment);
  if (processor?.remote === true) {
    const order = await db.transaction((trx) => lockOrder(trx, tenant, orderId));
    if (order.payment_method === 'card' && order.status === 'pending') {
      if (input.payment_token === undefined) {
        throw new ApiError('parameter_missing', 'Card orders need a payment_token to capture.', 'payment_token');
      }
      return captureRemote(services, processor, tenant, orderId, input.payment_token, input.tip);
    }
  }
  return captureInOneTransaction(services, tenant, orderId, input);
}

async function captureInOneTransaction(services: Services, tenant: Tenant, orderId: string, input: CaptureOrderBody): Promise<Order> {
  const { clock, processorFor, transaction } = services;
  return transaction(async (trx) => {
    const order = await lockOrder(trx, tenant, orderId);
    if (order.status !== 'pending') {
      throw notCapturable(order.status);
    }

    const tip = tipAmount(order, input.tip);
    let charged: Extract<ChargeResult, { ok: true }> | undefined;
    let processorName: string | null = null;
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
        amount: order.total + tip,
        currency: order.currency,
        paymentToken: input.payment_token,
        idempotencyKey: `till_capture_${orderId}`,
      });
      if (!charge.ok) throw chargeError(charge);
      charged = charge;
      processorName = processor.name;
    } else if (input.payment_token !== undefined) {
      throw new ApiError('parameter_invalid', 'Cash orders are captured without a payment_token.', 'payment_token');
    }

    const now = isoNow(clock);
    const paid = {
      status: 'paid' as const,
      tip,
      total: order.total + tip,
      paid_at: now,
      card_last4: charged?.cardLast4 ?? null,
      card_brand: charged?.cardBrand ?? null,
      payment_processor: processorName,
      processor_payment_id: charged?.paymentId ?? null,
    };
    return transitionOrder(trx, tenant, orderId, paid, 'order.paid', now);
  });
}

async function captureRemote(
  services: Services,
  processor: PaymentProcessor,
  tenant: Tenant,
  orderId: string,
  paymentToken: string,
  tipInput: CaptureTip | undefined,
): Promise<Order> {
  const { db, clock } = services;
  const startedAt = performance.now();
  let paymentId: string | undefined;
  // The total the PaymentIntent was made for by this request: an edit of the order (`edit-order.ts`) may change the total before the first attempt.
  let preparedTotal: number | undefined;
  // An edit of the order between this capture's rounds is refused only while a call is pending; the tip is worked out once, on the total of the first round.
  let tip: number | undefined;
  for (let round = 0; ; round += 1) {
    const step = await db.transaction(async (trx) => {
      const order = await lockOrder(trx, tenant, orderId);
      if (order.status === 'pending' && tip === undefined) {
        // Finishing a 3-D Secure challenge (the PaymentIntent as the token) without a tip keeps the challenged attempt's tip,
        // which the PaymentIntent's amount already holds.
        const finishing = tipInput === undefined && paymentToken.startsWith('pi_');
        tip = finishing ? await lastTip(trx, tenant, orderId) : tipAmount(order, tipInput);
      }
      const pending = await pendingCall(trx, tenant, orderId);
      if (pending !== undefined) return { kind: 'pending' as const, call: pending };
      if (order.status !== 'pending') throw notCapturable(order.status);
      paymentId ??= await lastPaymentId(trx, tenant, orderId);
      if (paymentId === undefined) return { kind: 'prepare' as const, order };
      const earlier = (await captureRequests(trx, tenant, orderId)) as CaptureCallRequest[];
      const attempt = earlier.length + 1;
      // The PaymentIntent was made for the total before any tip: a tip, or an earlier attempt's, sets its amount first.
      const amount = order.total + tip!;
      const setAmount = amount !== order.total || (preparedTotal !== undefined && preparedTotal !== order.total) || earlier.some((call) => call.amount !== order.total);
      const request: CaptureCallRequest = { amount, currency: order.currency, paymentToken, paymentId, tip: tip!, ...(setAmount ? { setAmount } : {}) };
      const call = await recordCall(trx, tenant, {
        orderId,
        kind: 'capture',
        processor: processor.name,
        idempotencyKey: `till_capture_${orderId}_${attempt}`,
        request,
        now: isoNow(clock),
      });
      return { kind: 'send' as const, call };
    });
    if (step.kind === 'prepare') {
      paymentId = await preparePayment(processor, tenant, step.order);
      preparedTotal = step.order.total;
      continue;
    }
    const own = step.kind === 'send';
    const sent = await sendOnce(step.call.id, () => sendCall(services, processor, tenant, step.call, own));
    if (sent.outcome === 'succeeded' && (own || isSameCapture(step.call, paymentToken, tip))) {
      // This request's charge, or the same charge sent by an earlier try of this capture: the order is paid by it.
      return own ? (sent.value as Order) : services.transaction((trx) => readOrder(trx, tenant, orderId));
    }
    if (sent.outcome === 'failed' && own) throw sent.refusal!;
    if (sent.outcome === 'succeeded' || sent.outcome === 'failed') continue;
    if (sent.outcome === 'in_flight' && (await waitForCall(startedAt, round))) continue;
    throw undecidedError(sent.outcome, 'capture');
  }
}

/**
 * Before a pending order is canceled: settles its pending call, then cancels its PaymentIntent so that
 * nothing can charge it later (a 3-D Secure challenge left open). A PaymentIntent that took the money
 * first pays the order instead (the cancel then answers 422). Unknown outcomes answer 503 or 409.
 */
export async function releasePayment(services: Services, processor: PaymentProcessor, tenant: Tenant, orderId: string): Promise<void> {
  const startedAt = performance.now();
  for (let round = 0; ; round += 1) {
    const step = await services.db.transaction(async (trx) => {
      const order = await lockOrder(trx, tenant, orderId);
      const pending = await pendingCall(trx, tenant, orderId);
      if (pending !== undefined) return { kind: 'pending' as const, call: pending };
      const paymentId = order.status === 'pending' ? await lastPaymentId(trx, tenant, orderId) : undefined;
      if (paymentId === undefined) return { kind: 'none' as const };
      return { kind: 'cancel' as const, paymentId, tip: await lastTip(trx, tenant, orderId) };
    });
    if (step.kind === 'none') return;
    if (step.kind === 'cancel') {
      let result: 'canceled' | 'succeeded';
      try {
        result = await processor.cancelPayment!(step.paymentId);
      } catch (error) {
        if (!(error instanceof ProcessorFailure)) throw error;
        throw undecidedError(error.inFlight ? 'in_flight' : 'unknown', 'capture');
      }
      if (result === 'canceled') return;
      // The customer finished paying before the cancel: record the payment, as a capture with the PaymentIntent
      // would, with the tip of the attempt that set the PaymentIntent's amount last.
      await captureRemote(services, processor, tenant, orderId, step.paymentId, { amount: step.tip });
      return;
    }
    const sent = await sendOnce(step.call.id, () => sendCall(services, processor, tenant, step.call, false));
    if (sent.outcome === 'succeeded' || sent.outcome === 'failed') continue;
    if (sent.outcome === 'in_flight' && (await waitForCall(startedAt, round))) continue;
    throw undecidedError(sent.outcome, 'capture');
  }
}

/** The order's one PaymentIntent, made (or found by its key) before its first capture call is recorded; moves no money. */
async function preparePayment(processor: PaymentProcessor, tenant: Tenant, order: OrderRow): Promise<string> {
  const prepared = await sendOnce(`prepare_${order.id}`, async () => {
    try {
      const id = await processor.preparePayment!({
        merchantId: tenant.merchantId,
        orderId: order.id,
        amount: order.total,
        currency: order.currency,
        idempotencyKey: `till_pi_${order.id}`,
      });
      return { outcome: 'succeeded' as const, value: id };
    } catch (error) {
      if (!(error instanceof ProcessorFailure)) throw error;
      return { outcome: error.inFlight ? ('in_flight' as const) : ('unknown' as const) };
    }
  });
  if (prepared.outcome === 'succeeded') return prepared.value!;
  // Making the PaymentIntent takes no money, so whatever became of it nothing was charged.
  throw new ApiError(
    prepared.outcome === 'in_flight' ? 'capture_in_progress' : 'processor_error',
    'The card processor failed or did not answer while Till was preparing the payment. Nothing was charged; try the capture again.',
  );
}

function isSameCapture(call: ProcessorCallRow, paymentToken: string, tip: number | undefined): boolean {
  if (call.kind !== 'capture') return false;
  const request = JSON.parse(call.request) as CaptureCallRequest;
  return request.paymentToken === paymentToken && (request.tip ?? 0) === (tip ?? 0);
}

/** The tip of the order's latest capture call (0 without one). */
async function lastTip(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<number> {
  const [last] = (await captureRequests(trx, tenant, orderId)) as CaptureCallRequest[];
  return last?.tip ?? 0;
}

/** A tip names exactly one of `amount` and `percentage_bps` (the schema holds each one's range). */
function checkTip(tip: CaptureTip | undefined): void {
  if (tip === undefined) return;
  if (tip.amount !== undefined && tip.percentage_bps !== undefined) {
    throw new ApiError('parameter_invalid', 'A tip is either an `amount` or a `percentage_bps`, not both.', 'tip');
  }
  if (tip.amount === undefined && tip.percentage_bps === undefined) {
    throw new ApiError('parameter_missing', 'A tip needs an `amount` or a `percentage_bps`.', 'tip');
  }
}

/**
 * The tip in the smallest currency unit: `amount` as given, or `percentage_bps` of the order's total
 * before the tip (`subtotal + tax`), rounded half up. At most that total (100%), like the percentage:
 * a larger tip is almost always a typing slip (an amount keyed in cents twice), and a card charged
 * more than twice the bill is what processors' risk checks flag.
 */
function tipAmount(order: OrderRow, tip: CaptureTip | undefined): number {
  if (tip === undefined) return 0;
  if (tip.percentage_bps !== undefined) return tipOf(order.total, tip.percentage_bps);
  const amount = tip.amount ?? 0;
  if (amount > order.total) {
    throw new ApiError('parameter_invalid', `A tip may be at most ${order.total}, the order's total before the tip (100%).`, 'tip.amount');
  }
  return amount;
}

function notCapturable(status: string): ApiError {
  return new ApiError('order_not_capturable', `This order is ${status}; only pending orders can be captured.`);
}
