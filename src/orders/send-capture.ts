/**
 * Sending a capture call recorded by `capture-order.ts` (or found pending by any operation on the
 * order) and recording what the processor did: a charged order is marked paid in the transaction that
 * settles the call.
 */
import type { Tenant } from '../auth/principal.js';
import type { OrderRow, ProcessorCallRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import type { SentCall } from '../payments/call-outcome.js';
import { settleCall } from '../db/payments/processor-calls.js';
import { ProcessorFailure, type ChargeResult, type PaymentProcessor } from '../payments/processor.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { lockOrder } from './lock-order.js';
import { readOrder } from './order-view.js';
import { paidAmounts } from './tender.js';
import { transitionOrder } from './transition-order.js';
import type { Order } from './schemas.js';

/** A capture call's parameters. */
export interface CaptureCallRequest {
  /** What the card is charged: the order's total with the tip, less the cash part of a split. */
  amount: number;
  currency: string;
  paymentToken: string;
  /** The order's PaymentIntent, which this attempt confirms (absent in calls recorded before one PaymentIntent per order). */
  paymentId?: string;
  /** The tip charged with this attempt, included in `amount` (absent, or 0, in calls recorded before tips). */
  tip?: number;
  /** The part of the total paid in cash beside the card (a split tender), not in `amount` (absent, or 0, in calls recorded before splits). */
  cashAmount?: number;
  /** The cash the customer handed over for the cash part; null when not told (absent in calls recorded before splits). */
  cashGiven?: number | null;
  /** The drawer the sale was rung up on (absent, or null, in calls recorded before drawers). */
  cashDrawerId?: string | null;
  /** Set the PaymentIntent's amount to `amount` before confirming it: the amount it was made with changed (a tip or a split, now or in an earlier attempt). */
  setAmount?: boolean;
}

/** Sends a recorded capture call and records what the processor did; an unknown outcome leaves it pending. */
export async function sendCapture(services: Services, processor: PaymentProcessor, tenant: Tenant, call: ProcessorCallRow, answer: boolean): Promise<SentCall<Order>> {
  const { amount, currency, paymentToken, paymentId, setAmount } = JSON.parse(call.request) as CaptureCallRequest;
  let charge: ChargeResult;
  try {
    charge = await processor.charge({ merchantId: tenant.merchantId, orderId: call.order_id, amount, currency, paymentToken, paymentId, setAmount, idempotencyKey: call.idempotency_key });
  } catch (error) {
    if (!(error instanceof ProcessorFailure)) throw error;
    return { outcome: error.inFlight ? 'in_flight' : 'unknown' };
  }
  if (!charge.ok) {
    await services.db.transaction((trx) => settleCall(trx, call, 'failed', isoNow(services.clock)));
    return { outcome: 'failed', refusal: chargeError(charge) };
  }
  return { outcome: 'succeeded', value: await settleCapture(services, tenant, call, charge, answer) };
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
    if (!(await settleCall(trx, call, 'succeeded', now))) return readOrder(trx, tenant, call.order_id);
    if (order.status !== 'pending') throw new Error(`order ${order.id} is ${order.status} while its capture call ${call.id} was pending`);
    // The tip and the tender this call was sent with, whichever request settles it.
    const request = JSON.parse(call.request) as CaptureCallRequest;
    const paid = {
      status: 'paid' as const,
      ...paidByCall(order, request),
      paid_at: now,
      card_last4: charge.cardLast4,
      card_brand: charge.cardBrand,
      payment_processor: call.processor,
      processor_payment_id: charge.paymentId,
    };
    return transitionOrder(trx, tenant, call.order_id, paid, 'order.paid', now);
  });
}

/** The tip, total and tender a capture call paid the order with (`tender.ts`); calls recorded before tips or splits had none. */
export function paidByCall(order: OrderRow, request: Pick<CaptureCallRequest, 'tip' | 'cashAmount' | 'cashGiven' | 'cashDrawerId'>): ReturnType<typeof paidAmounts> {
  return paidAmounts(order, request.tip ?? 0, { cashAmount: request.cashAmount ?? 0, cashGiven: request.cashGiven ?? null }, request.cashDrawerId ?? null);
}

export function chargeError(charge: Extract<ChargeResult, { ok: false }>): ApiError {
  switch (charge.reason) {
    case 'card_declined':
      return new ApiError('card_declined', charge.message);
    case 'authentication_required':
      return new ApiError('authentication_required', charge.message, undefined, { payment_intent: charge.paymentIntent });
    case 'invalid_token':
      return new ApiError('parameter_invalid', charge.message, 'payment_token');
    case 'processor_error':
      return new ApiError('processor_error', `The card processor failed, and shows that nothing was charged; try the capture again. (${charge.message})`);
  }
}
