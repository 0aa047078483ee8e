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
 *
 * The tender (`tender.ts`): a card order may be split (`cash_amount`), the card then being charged the
 * rest of the total; `cash_given` and the drawer (`cash_drawer_id`) are recorded with the payment. A
 * remote call carries them as it carries the tip (`cashAmount`, `cashGiven`, `cashDrawerId`), and its
 * `amount` is the card's part, so a call settled later records the split it charged. A capture whose
 * tender differs from a pending call's (another split, another tip) is another charge: it settles
 * that call first, which pays the order as it was sent, and then finds the order paid (422).
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
import { captureTender, openDrawer, paidAmounts, type TenderInput } from './tender.js';
import { transitionOrder } from './transition-order.js';
import type { CaptureOrderBody, CaptureTip, Order } from './schemas.js';

/** What a capture takes besides the card: the tip, the cash part and the cash given, and the drawer. */
type CaptureInput = Omit<CaptureOrderBody, 'payment_token'>;

export async function captureOrder(services: Services, tenant: Tenant, orderId: string, input: CaptureOrderBody): Promise<Order> {
  const { db, processorFor } = services;
  checkTip(input.tip);
  const processor = processorFor(tenant.environment);
  if (processor?.remote === true) {
    const order = await db.transaction((trx) => lockOrder(trx, tenant, orderId));
    if (order.payment_method === 'card' && order.status === 'pending') {
      const { payment_token: paymentToken, ...rest } = input;
      if (paymentToken === undefined) {
        throw new ApiError('parameter_missing', 'Card orders need a payment_token to capture.', 'payment_token');
      }
      return captureRemote(services, processor, tenant, orderId, paymentToken, rest);
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
    const tender = captureTender(order, order.total + tip, input);
    if (order.payment_method === 'card' && input.payment_token === undefined) {
      throw new ApiError('parameter_missing', 'Card orders need a payment_token to capture.', 'payment_token');
    }
    if (order.payment_method === 'cash' && input.payment_token !== undefined) {
      throw new ApiError('parameter_invalid', 'Cash orders are captured without a payment_token.', 'payment_token');
    }
    // The drawer is held from here to the commit: a close of it waits for this sale (`findDrawer`).
    const drawerId = input.cash_drawer_id === undefined ? null : await openDrawer(trx, tenant, input.cash_drawer_id);

    let charged: Extract<ChargeResult, { ok: true }> | undefined;
    let processorName: string | null = null;
    if (order.payment_method === 'card') {
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
        // The card's part of the total: all of it, or what a split leaves after the cash.
        amount: order.total + tip - tender.cashAmount,
        currency: order.currency,
        paymentToken: input.payment_token!,
        idempotencyKey: `till_capture_${orderId}`,
      });
      if (!charge.ok) throw chargeError(charge);
      charged = charge;
      processorName = processor.name;
    }

    const now = isoNow(clock);
    const paid = {
      status: 'paid' as const,
      ...paidAmounts(order, tip, tender, drawerId),
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
  input: CaptureInput,
): Promise<Order> {
  const { db, clock } = services;
  const startedAt = performance.now();
  let paymentId: string | undefined;
  // The total the PaymentIntent was made for by this request: an edit of the order (`edit-order.ts`) may change the total before the first attempt.
  let preparedTotal: number | undefined;
  // An edit of the order between this capture's rounds is refused only while a call is pending; the tip is worked out once,
  // on the total of the first round, and the split is checked again on the total of the round that records the call.
  let attempt: Attempt | undefined;
  for (let round = 0; ; round += 1) {
    const step = await db.transaction(async (trx) => {
      const order = await lockOrder(trx, tenant, orderId);
      if (order.status === 'pending' && attempt === undefined) attempt = await attemptOf(trx, tenant, order, paymentToken, input);
      const pending = await pendingCall(trx, tenant, orderId);
      if (pending !== undefined) return { kind: 'pending' as const, call: pending };
      if (order.status !== 'pending') throw notCapturable(order.status);
      paymentId ??= await lastPaymentId(trx, tenant, orderId);
      if (paymentId === undefined) return { kind: 'prepare' as const, order };
      const { tip, cash, drawerId } = attempt!;
      const tender = captureTender(order, order.total + tip, cash);
      // A drawer this request names must be open when its call is recorded; one kept from a challenged attempt was checked then.
      if (input.cash_drawer_id !== undefined) await openDrawer(trx, tenant, input.cash_drawer_id);
      const earlier = (await captureRequests(trx, tenant, orderId)) as CaptureCallRequest[];
      // The PaymentIntent was made for the total before any tip or split: a tip or a cash part, now or in an earlier attempt, sets its amount first.
      const amount = order.total + tip - tender.cashAmount;
      const setAmount = amount !== order.total || (preparedTotal !== undefined && preparedTotal !== order.total) || earlier.some((call) => call.amount !== order.total);
      const request: CaptureCallRequest = {
        amount,
        currency: order.currency,
        paymentToken,
        paymentId,
        tip,
        cashAmount: tender.cashAmount,
        cashGiven: tender.cashGiven,
        cashDrawerId: drawerId,
        ...(setAmount ? { setAmount } : {}),
      };
      const call = await recordCall(trx, tenant, {
        orderId,
        kind: 'capture',
        processor: processor.name,
        idempotencyKey: `till_capture_${orderId}_${earlier.length + 1}`,
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
    if (sent.outcome === 'succeeded' && (own || isSameCapture(step.call, paymentToken, attempt))) {
      // This request's charge, or the same charge sent by an earlier try of this capture: the order is paid by it.
      return own ? (sent.value as Order) : services.transaction((trx) => readOrder(trx, tenant, orderId));
    }
    if (sent.outcome === 'failed' && own) throw sent.refusal!;
    if (sent.outcome === 'succeeded' || sent.outcome === 'failed') continue;
    if (sent.outcome === 'in_flight' && (await waitForCall(startedAt, round))) continue;
    throw undecidedError(sent.outcome, 'capture');
  }
}

/** What a remote capture's attempts charge besides the card: the tip, the cash part and cash given, and the drawer. */
interface Attempt {
  tip: number;
  cash: TenderInput;
  drawerId: string | null;
}

/**
 * The capture's tip and cash, checked on the order's figures (400 on the field at fault). Finishing a
 * 3-D Secure challenge (the PaymentIntent as the token) keeps what it does not send of the challenged
 * attempt's tip, cash part, cash given and drawer: the PaymentIntent's amount already holds them.
 */
async function attemptOf(trx: DbTransaction, tenant: Tenant, order: OrderRow, paymentToken: string, input: CaptureInput): Promise<Attempt> {
  const last = paymentToken.startsWith('pi_') ? await lastAttempt(trx, tenant, order.id) : undefined;
  const tip = input.tip === undefined && last !== undefined ? (last.tip ?? 0) : tipAmount(order, input.tip);
  const cash: TenderInput = {
    cash_amount: input.cash_amount ?? (last?.cashAmount || undefined),
    cash_given: input.cash_given ?? last?.cashGiven ?? undefined,
  };
  captureTender(order, order.total + tip, cash);
  // Checked before the processor is asked anything, and again when the call is recorded.
  if (input.cash_drawer_id !== undefined) await openDrawer(trx, tenant, input.cash_drawer_id);
  return { tip, cash, drawerId: input.cash_drawer_id ?? last?.cashDrawerId ?? null };
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
      return { kind: 'cancel' as const, paymentId };
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
      // would, with the tip and cash of the attempt that set the PaymentIntent's amount last.
      await captureRemote(services, processor, tenant, orderId, step.paymentId, {});
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

/** Whether a call is an earlier try of this capture: the same card, tip, cash part, cash given and drawer (a call recorded before tips or splits has none). */
function isSameCapture(call: ProcessorCallRow, paymentToken: string, attempt: Attempt | undefined): boolean {
  if (call.kind !== 'capture') return false;
  const request = JSON.parse(call.request) as CaptureCallRequest;
  return (
    request.paymentToken === paymentToken &&
    (request.tip ?? 0) === (attempt?.tip ?? 0) &&
    (request.cashAmount ?? 0) === (attempt?.cash.cash_amount ?? 0) &&
    (request.cashGiven ?? null) === (attempt?.cash.cash_given ?? null) &&
    (request.cashDrawerId ?? null) === (attempt?.drawerId ?? null)
  );
}

/** The request of the order's latest capture call, if any. */
async function lastAttempt(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<CaptureCallRequest | undefined> {
  const [last] = (await captureRequests(trx, tenant, orderId)) as CaptureCallRequest[];
  return last;
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
