/**
 * A refund made: the units back in stock, the refund row, the order's change and the events, once the
 * processor (if any) accepted it; and the sending of a refund call recorded by `refund-order.ts` (or
 * found pending by any operation on the order).
 */
import type { Tenant } from '../auth/principal.js';
import { restock } from '../db/catalog/stock.js';
import type { ReadHandle } from '../db/handle.js';
import { withRefund } from '../db/orders/order-json.js';
import { readOrderForEvent } from '../db/orders/orders.js';
import { refundById, returnUnits, writeRefund, type RefundReading } from '../db/orders/refund.js';
import type { OrderRow, ProcessorCallRow, RefundRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';
import { newEvent } from '../events/record-event.js';
import type { SentCall } from '../payments/call-outcome.js';
import { settleCall } from '../db/payments/processor-calls.js';
import { ProcessorFailure, type PaymentProcessor, type RefundResult } from '../payments/processor.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { deliveriesOf } from '../webhooks/enqueue-deliveries.js';
import { lockOrder } from './lock-order.js';
import { toRefund } from './order-view.js';
import type { Order, Refund, RefundOrderBody } from './schemas.js';

/** A refund call's parameters: the plan, the payment refunded, and the request's body (to know an earlier try of it). */
export type RefundCallRequest = RefundPlan & { paymentId: string | null; currency: string; input?: RefundOrderBody };

export interface RefundPlan {
  refundId: string;
  amount: number;
  reason: Refund['reason'];
  returned: Array<{ lineItemId: string; productId: string; quantity: number }>;
  /** The part of `amount` paid back in cash (`tender.ts`); the rest goes back to the card. */
  cashAmount: number;
  /** The drawer the cash comes out of. */
  cashDrawerId: string | null;
}

/** A refund call's plan; calls recorded before split tenders carry no cash: all of it went back to the card. */
function planOfCall(request: RefundCallRequest): RefundCallRequest {
  return { ...request, cashAmount: request.cashAmount ?? 0, cashDrawerId: request.cashDrawerId ?? null };
}

/** The refund a succeeded refund call made. */
export async function loadRefund(handle: ReadHandle, tenant: Tenant, call: ProcessorCallRow): Promise<Refund> {
  const { refundId } = JSON.parse(call.request) as RefundCallRequest;
  return toRefund(await refundById(handle, tenant, refundId));
}

/** Sends a refund call and records what the processor did; an unknown outcome leaves it pending. */
export async function sendRefund(services: Services, processor: PaymentProcessor, tenant: Tenant, call: ProcessorCallRow, answer: boolean): Promise<SentCall<Refund>> {
  const { db, clock } = services;
  const request = planOfCall(JSON.parse(call.request) as RefundCallRequest);
  let result: RefundResult;
  try {
    result = await processor.refund({
      merchantId: tenant.merchantId,
      orderId: call.order_id,
      refundId: request.refundId,
      paymentId: request.paymentId,
      // The card's part alone: the cash part is paid back from the drawer.
      amount: request.amount - request.cashAmount,
      currency: request.currency,
      idempotencyKey: call.idempotency_key,
    });
  } catch (error) {
    if (!(error instanceof ProcessorFailure)) throw error;
    return { outcome: error.inFlight ? 'in_flight' : 'unknown' };
  }
  if (!result.ok) {
    await db.transaction((trx) => settleCall(trx, call, 'failed', isoNow(clock)));
    const refusal =
      result.reason === 'processor_error'
        ? new ApiError('processor_error', `The card processor failed, and shows that nothing was refunded; try the refund again. (${result.message})`)
        : new ApiError('order_not_refundable', `The card processor refused the refund, so nothing was refunded. ${result.message}`);
    return { outcome: 'failed', refusal };
  }
  const processorRefundId = result.refundId;
  const run = answer ? services.transaction : db.transaction;
  const refund = await run(async (trx) => {
    const order = await lockOrder(trx, tenant, call.order_id);
    const now = isoNow(clock);
    if (!(await settleCall(trx, call, 'succeeded', now))) return loadRefund(trx, tenant, call);
    return applyRefund(trx, tenant, order, request, processorRefundId, now);
  });
  return { outcome: 'succeeded', value: refund };
}

/**
 * Writes a refund the processor (if any) accepted: the units back in stock, then the refund row, the
 * order and the events (`db/orders/refund.ts`). The `order.refunded` event's order is `reading`'s (the
 * order as read under the lock), or when units come back or there is none, the one the database reads
 * after they came back; the refund's changes are set on it.
 */
export async function applyRefund(
  trx: DbTransaction,
  tenant: Tenant,
  order: OrderRow,
  plan: RefundPlan,
  processorRefundId: string | null,
  now: string,
  reading?: RefundReading<Order>,
): Promise<Refund> {
  const orderId = order.id;
  const refundedAmount = order.refunded_amount + plan.amount;
  const status = refundedAmount === order.total ? 'refunded' : 'partially_refunded';
  const refund: RefundRow = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: plan.refundId,
    order_id: orderId,
    amount: plan.amount,
    currency: order.currency,
    status: 'succeeded',
    reason: plan.reason,
    items: JSON.stringify(plan.returned.map(({ lineItemId, quantity }) => ({ line_item_id: lineItemId, quantity }))),
    processor_refund_id: processorRefundId,
    created_at: now,
    cash_amount: plan.cashAmount,
    cash_drawer_id: plan.cashDrawerId,
  };
  for (const { lineItemId, quantity } of plan.returned) await returnUnits(trx, tenant, lineItemId, quantity);
  await restock(trx, tenant, plan.returned.map(({ productId, quantity }) => ({ product_id: productId, quantity })), now);
  const view = toRefund(refund);
  const { order: refunded, endpoints } = reading !== undefined && plan.returned.length === 0 ? reading : await readForEvent(trx, tenant, orderId);
  const events = [newEvent('refund.created', view), newEvent('order.refunded', withRefund(refunded, view, { status, refunded_amount: refundedAmount }))];
  await writeRefund(trx, tenant, refund, { refunded_amount: refundedAmount, status }, { events, deliveries: deliveriesOf(events, endpoints) });
  return view;
}

/** The order as Get Order would answer it now (the caller's earlier writes included), and the tenant's enabled endpoints. */
async function readForEvent(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<RefundReading<Order>> {
  const { body, endpoints } = await readOrderForEvent(trx, tenant, orderId);
  return { order: JSON.parse(body) as Order, endpoints };
}
