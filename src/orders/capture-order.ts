/**
 * Capture: take payment for a pending order and mark it paid.
 *
 * Cash and the sandbox simulator: the order row is held while the card is charged, so two captures of
 * one order can never both charge: the second waits, then finds the order paid (422).
 *
 * A remote processor (Stripe): the call is recorded `pending` and committed before it is sent (see
 * `payments/processor-calls.ts`), with the idempotency key `till_capture_<order>_<attempt>`, then
 * settled in the transaction that marks the order paid. A capture that finds another call of the
 * order still pending sends that call again first (same key, same parameters: the processor answers
 * with its first result), settles it, and only then decides, so the order is never charged twice.
 */
import type { Tenant } from '../auth/principal.js';
import type { ProcessorCallRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { countCalls, pendingCall, recordCall, settleCall } from '../payments/processor-calls.js';
import { ProcessorFailure, type ChargeResult, type PaymentProcessor } from '../payments/processor.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { lockOrder } from './lock-order.js';
import { loadOrder } from './order-view.js';
import { transitionOrder } from './transition-order.js';
import type { CaptureOrderBody, Order } from './schemas.js';

interface CaptureCallRequest {
  amount: number;
  currency: string;
  paymentToken: string;
}

export async function captureOrder(services: Services, tenant: Tenant, orderId: string, input: CaptureOrderBody): Promise<Order> {
  const { db, processorFor } = services;
  const processor = processorFor(tenant.environment);
  if (processor?.remote === true) {
    const order = await db.transaction((trx) => lockOrder(trx, tenant, orderId));
    if (order.payment_method === 'card' && order.status === 'pending') {
      if (input.payment_token === undefined) {
        throw new ApiError('parameter_missing', 'Card orders need a payment_token to capture.', 'payment_token');
      }
      return captureRemote(services, processor, tenant, orderId, input.payment_token);
    }
  }
  return captureInOneTransaction(services, tenant, orderId, input);
}

async function captureInOneTransaction(services: Services, tenant: Tenant, orderId: string, input: CaptureOrderBody): Promise<Order> {
  const { clock, processorFor, transaction } = services;
  return transaction(async (trx) => {
    const order = await lockOrder(trx, tenant, orderId);
    if (order.status !== 'pending') {
      throw new ApiError('order_not_capturable', `This order is ${order.status}; only pending orders can be captured.`);
    }

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
        amount: order.total,
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
      paid_at: now,
      card_last4: charged?.cardLast4 ?? null,
      card_brand: charged?.cardBrand ?? null,
      payment_processor: processorName,
      processor_payment_id: charged?.paymentId ?? null,
    };
    return transitionOrder(trx, tenant, orderId, paid, 'order.paid', now);
  });
}

async function captureRemote(services: Services, processor: PaymentProcessor, tenant: Tenant, orderId: string, paymentToken: string): Promise<Order> {
  const { db, clock } = services;
  for (;;) {
    const { call, ours } = await db.transaction(async (trx) => {
      const order = await lockOrder(trx, tenant, orderId);
      const pending = await pendingCall(trx, tenant, orderId);
      if (pending !== undefined) return { call: pending, ours: false };
      if (order.status !== 'pending') {
        throw new ApiError('order_not_capturable', `This order is ${order.status}; only pending orders can be captured.`);
      }
      const attempt = (await countCalls(trx, tenant, orderId, 'capture')) + 1;
      const request: CaptureCallRequest = { amount: order.total, currency: order.currency, paymentToken };
      const call = await recordCall(trx, tenant, {
        orderId,
        kind: 'capture',
        processor: processor.name,
        idempotencyKey: `till_capture_${orderId}_${attempt}`,
        request,
        now: isoNow(clock),
      });
      return { call, ours: true };
    });
    if (!ours) {
      // Another capture's call, or a refund's, never settled: settle it, then look at the order again.
      await settlePendingCall(services, processor, tenant, call);
      continue;
    }
    const charge = await sendCapture(services, processor, tenant, call);
    if (!charge.ok) throw chargeError(charge);
    return settleCapture(services, tenant, call, charge, true);
  }
}

/** Sends a recorded capture call; a processor failure settles it as failed when the processor answered. */
async function sendCapture(services: Services, processor: PaymentProcessor, tenant: Tenant, call: ProcessorCallRow): Promise<ChargeResult> {
  const request = JSON.parse(call.request) as CaptureCallRequest;
  let charge: ChargeResult;
  try {
    charge = await processor.charge({ merchantId: tenant.merchantId, orderId: call.order_id, ...request, idempotencyKey: call.idempotency_key });
  } catch (error) {
    if (!(error instanceof ProcessorFailure)) throw error;
    if (error.answered) await services.db.transaction((trx) => settleCall(trx, call, 'failed', isoNow(services.clock)));
    throw new ApiError(
      'processor_error',
      `The card processor failed, so nothing was charged by this request; try the capture again. (${error.message})`,
    );
  }
  if (!charge.ok) await services.db.transaction((trx) => settleCall(trx, call, 'failed', isoNow(services.clock)));
  return charge;
}

/** Marks the order paid with a successful call, in the transaction that settles the call (and stores this request's answer). */
async function settleCapture(
  services: Services,
  tenant: Tenant,
  call: ProcessorCallRow,
  charge: Extract<ChargeResult, { ok: true }>,
  answer: boolean,
): Promise<Order> {
  const { db, clock } = services;
  const run = answer ? services.transaction : db.transaction;
  return run(async (trx) => {
    const order = await lockOrder(trx, tenant, call.order_id);
    const now = isoNow(clock);
    if (!(await settleCall(trx, call, 'succeeded', now))) return loadOrder(trx, tenant, call.order_id);
    if (order.status !== 'pending') throw new Error(`order ${order.id} is ${order.status} while its capture call ${call.id} was pending`);
    const paid = {
      status: 'paid' as const,
      paid_at: now,
      card_last4: charge.cardLast4,
      card_brand: charge.cardBrand,
      payment_processor: call.processor,
      processor_payment_id: charge.paymentId,
    };
    return transitionOrder(trx, tenant, call.order_id, paid, 'order.paid', now);
  });
}

/** Sends a pending call again and records what it did; used before a new call of the order and at start-up. */
export async function settlePendingCall(services: Services, processor: PaymentProcessor, tenant: Tenant, call: ProcessorCallRow): Promise<void> {
  if (call.kind === 'refund') {
    const { settlePendingRefund } = await import('./refund-order.js');
    await settlePendingRefund(services, processor, tenant, call);
    return;
  }
  const charge = await sendCapture(services, processor, tenant, call);
  if (charge.ok) await settleCapture(services, tenant, call, charge, false);
}

function chargeError(charge: Extract<ChargeResult, { ok: false }>): ApiError {
  switch (charge.reason) {
    case 'card_declined':
      return new ApiError('card_declined', charge.message);
    case 'authentication_required':
      return new ApiError('authentication_required', charge.message, undefined, { payment_intent: charge.paymentIntent });
    case 'invalid_token':
      return new ApiError('parameter_invalid', charge.message, 'payment_token');
  }
}
