/**
 * Stripe's own events, applied to Till's orders: what happened in Stripe without Till asking (a 3-D
 * Secure challenge finished after the app went away, a refund or a dispute in Stripe's dashboard), or
 * whose answer Till never got.
 *
 * - `payment_intent.succeeded`: when it is the order's own PaymentIntent (the one each capture call
 *   records as `paymentId`), a `pending` card order of that amount (its total with the tip its capture
 *   call was sent with, less the call's cash part) becomes `paid`, with that tip and tender, by the same change
 *   a capture makes (`order.paid`, its webhooks); the capture call waiting on that PaymentIntent is
 *   settled `succeeded` in the same transaction, so the capture that sent it answers the paid order.
 *   Both hold the order's row and settle the call only while it is pending: the order is paid once.
 * - `payment_intent.payment_failed`: the capture call Stripe names by its idempotency key is settled
 *   `failed`; the order stays `pending`, so it can be captured again.
 * - `charge.refunded`: each succeeded Stripe refund Till did not make (no `till_refund_id` metadata)
 *   and has not recorded (by Stripe refund id) becomes a Till refund of that amount, money only: no
 *   units go back on the shelf, since Stripe does not say which came back.
 * - `charge.dispute.created`: the order shows the `dispute`, and `order.disputed` is recorded.
 *
 * The order is found from the `till_order_id` and `till_merchant_id` metadata every capture sets on its
 * PaymentIntent (Stripe copies it to the charge); a dispute carries none, so its PaymentIntent is read
 * from Stripe. The environment is the one whose Stripe key is of the event's mode (`livemode`). Each
 * event is applied in one transaction that also records its id (`stripe_events`), holding the order's
 * row: an event Stripe sends again, even at the same moment, is applied once.
 */
import type Stripe from 'stripe';
import type { Tenant } from '../auth/principal.js';
import type { ProcessorCallRow, RefundReason } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { changeOrder, orderExists } from '../db/orders/orders.js';
import { recordedProcessorRefunds } from '../db/orders/refund.js';
import { recordStripeEvent, stripeEventApplied } from '../db/payments/stripe-events.js';
import { newId } from '../ids.js';
import { applyRefund } from '../orders/apply-refund.js';
import { paidByCall, type CaptureCallRequest as SentCaptureRequest } from '../orders/send-capture.js';
import { lockOrder } from '../orders/lock-order.js';
import type { OrderDispute } from '../orders/schemas.js';
import { recordOrderEvent, transitionOrder } from '../orders/transition-order.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { captureRequests, lastPaymentId, pendingCall, settleCall } from '../db/payments/processor-calls.js';
import { environmentsOfMode, type StripeLookups } from './stripe-lookup.js';

/** What became of an event: `applied` (or found nothing to change), `replayed` (applied before), `ignored` (a type Till does not act on), `unknown` (no order of Till's). */
export type StripeEventOutcome = { outcome: 'applied' | 'replayed'; orderId: string } | { outcome: 'ignored' | 'unknown'; reason: string };

export const HANDLED_STRIPE_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded', 'charge.dispute.created'] as const;

interface Warn {
  (fields: Record<string, unknown>, message: string): void;
}

export async function applyStripeEvent(services: Services, lookups: StripeLookups, event: Stripe.Event, warn: Warn): Promise<StripeEventOutcome> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const found = await findOrder(services, lookups, event.livemode, intent.id, intent.metadata);
      if (found === undefined) return unknown(warn, event, intent.id);
      if (event.type === 'payment_intent.payment_failed') return paymentFailed(services, found, event, intent);
      // The event names the payment method by id: its card's brand and last four come from Stripe.
      const withCard = typeof intent.payment_method === 'string' ? ((await lookups(found.tenant.environment)?.paymentIntent(intent.id).catch(() => undefined)) ?? intent) : intent;
      return once(services, found, event, (trx) => recordStripePayment(trx, services, found, withCard, event.request?.idempotency_key ?? null, warn).then(() => undefined));
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      const found = intentId === undefined ? undefined : await findOrder(services, lookups, event.livemode, intentId, charge.metadata);
      if (found === undefined || intentId === undefined) return unknown(warn, event, intentId ?? charge.id);
      // Since Stripe's API version 2022-11-15 a charge no longer lists its refunds: they are read.
      const refunds = charge.refunds?.data ?? (await lookups(found.tenant.environment)!.refundsOf(intentId));
      return once(services, found, event, (trx) => recordDashboardRefunds(trx, services, found, intentId, refunds, warn));
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const intentId = idOf(dispute.payment_intent);
      const found = intentId === undefined ? undefined : await findOrder(services, lookups, event.livemode, intentId, undefined);
      if (found === undefined) return unknown(warn, event, intentId ?? dispute.id);
      return once(services, found, event, (trx) => recordDispute(trx, services, found, dispute));
    }
    default:
      return { outcome: 'ignored', reason: `Till does not act on ${event.type}` };
  }
}

interface FoundOrder {
  tenant: Tenant;
  orderId: string;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return value == null ? undefined : typeof value === 'string' ? value : value.id;
}

function unknown(warn: Warn, event: Stripe.Event, object: string): StripeEventOutcome {
  warn({ stripe_event: event.id, type: event.type, object }, 'a Stripe event names no order of this server; answered and ignored');
  return { outcome: 'unknown', reason: `no order of Till's for ${object}` };
}

/**
 * The order a PaymentIntent was made for, from its metadata (read from Stripe when the event's object
 * carries none), in an environment whose Stripe key is of the event's mode.
 */
async function findOrder(
  services: Services,
  lookups: StripeLookups,
  livemode: boolean,
  paymentIntentId: string,
  metadata: Stripe.Metadata | null | undefined,
): Promise<FoundOrder | undefined> {
  const environments = environmentsOfMode(lookups, livemode);
  let meta = metadata;
  if (meta?.till_order_id === undefined || meta.till_merchant_id === undefined) {
    for (const environment of environments) {
      const intent = await lookups(environment)!.paymentIntent(paymentIntentId);
      if (intent !== undefined) {
        meta = intent.metadata;
        break;
      }
    }
  }
  const orderId = meta?.till_order_id;
  const merchantId = meta?.till_merchant_id;
  if (orderId === undefined || merchantId === undefined) return undefined;
  for (const environment of environments) {
    const tenant = { merchantId, environment };
    if (await orderExists(services.db, tenant, orderId)) return { tenant, orderId };
  }
  return undefined;
}

/** Applies `work` and records the event's id in one transaction holding the order; `replayed` when the id is recorded already. */
async function once(services: Services, found: FoundOrder, event: Stripe.Event, work: (trx: DbTransaction) => Promise<void>): Promise<StripeEventOutcome> {
  const { tenant, orderId } = found;
  return services.db.transaction(async (trx) => {
    await lockOrder(trx, tenant, orderId);
    if (await stripeEventApplied(trx, tenant, event.id)) return { outcome: 'replayed' as const, orderId };
    await work(trx);
    await recordStripeEvent(trx, tenant, { id: event.id, type: event.type, orderId }, isoNow(services.clock));
    return { outcome: 'applied' as const, orderId };
  });
}

/** What a capture call recorded: the order's PaymentIntent it confirms (`paymentId`), or, before one PaymentIntent per order, the token it charged; and its tip and tender (`orders/send-capture.ts`). */
type CaptureCallRequest = Partial<Pick<SentCaptureRequest, 'paymentToken' | 'paymentId' | 'tip' | 'cashAmount' | 'cashGiven' | 'cashDrawerId'>>;

/**
 * The order's pending capture call that this PaymentIntent's event answers. The call sent with the
 * idempotency key the event names always; for a success also the call that confirms the order's
 * PaymentIntent (`paymentId`: a PaymentIntent succeeds once, so the pending confirmation of it is the
 * one that succeeded), or that was sent with the PaymentIntent as its token (calls recorded before
 * one PaymentIntent per order). A failure names its call by key only: the order's one PaymentIntent is
 * confirmed again by later attempts, and an earlier attempt's failure must not fail the newer call.
 */
async function captureCallOf(trx: DbTransaction, found: FoundOrder, intentId: string, idempotencyKey: string | null, succeeded: boolean): Promise<ProcessorCallRow | undefined> {
  const call = await pendingCall(trx, found.tenant, found.orderId);
  if (call === undefined || call.kind !== 'capture') return undefined;
  if (idempotencyKey !== null && call.idempotency_key === idempotencyKey) return call;
  const request = JSON.parse(call.request) as CaptureCallRequest;
  if (request.paymentToken === intentId && request.paymentId === undefined) return call;
  return succeeded && request.paymentId === intentId ? call : undefined;
}

/**
 * A succeeded PaymentIntent of an order, recorded (the order's row held by the caller): a pending
 * order of its amount and currency becomes paid, as a capture makes it, and the capture call that
 * made it is settled. Shared by `payment_intent.succeeded` and the reconciliation.
 */
export async function recordStripePayment(
  trx: DbTransaction,
  services: Services,
  found: FoundOrder,
  intent: Stripe.PaymentIntent,
  idempotencyKey: string | null,
  warn: Warn,
  call?: ProcessorCallRow,
): Promise<boolean> {
  const { tenant, orderId } = found;
  const order = await lockOrder(trx, tenant, orderId);
  const now = isoNow(services.clock);
  const pending = call ?? (await captureCallOf(trx, found, intent.id, idempotencyKey, true));
  if (order.status !== 'pending') {
    if (order.processor_payment_id === intent.id) {
      if (pending !== undefined) await settleCall(trx, pending, 'succeeded', now);
    } else {
      warn(
        { order: orderId, merchant: tenant.merchantId, payment_intent: intent.id, paid_with: order.processor_payment_id, status: order.status },
        'Stripe took a payment for an order that is not pending: refund it in Stripe if it is a second charge',
      );
    }
    return false;
  }
  // The order's one PaymentIntent, once made, is the only one that pays it (a PaymentIntent of another
  // order, or left from before one PaymentIntent per order, is a second charge to look at in Stripe).
  const own = await lastPaymentId(trx, tenant, orderId);
  if (own !== undefined && own !== intent.id) {
    warn({ order: orderId, merchant: tenant.merchantId, payment_intent: intent.id, own }, "a succeeded PaymentIntent is not the order's own; the order is left pending: refund it in Stripe if it is a second charge");
    return false;
  }
  // The tip and tender are the ones its capture call was sent with; without a pending call (a 3-D Secure challenge finished
  // after the app went away, its call settled), the latest attempt's, which set the PaymentIntent's amount last.
  const [latest] = pending === undefined ? ((await captureRequests(trx, tenant, orderId)) as CaptureCallRequest[]) : [JSON.parse(pending.request) as CaptureCallRequest];
  const paid = paidByCall(order, latest ?? {});
  if (order.payment_method !== 'card' || intent.amount !== paid.total - paid.cash_amount || intent.currency !== order.currency.toLowerCase()) {
    warn({ order: orderId, merchant: tenant.merchantId, payment_intent: intent.id }, "a succeeded PaymentIntent does not match its order's method, amount or currency; the order is left pending");
    return false;
  }
  if (pending !== undefined) await settleCall(trx, pending, 'succeeded', now);
  const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : undefined;
  await transitionOrder(
    trx,
    tenant,
    orderId,
    {
      status: 'paid',
      ...paid,
      paid_at: now,
      card_last4: method?.card?.last4 ?? null,
      card_brand: method?.card?.brand ?? null,
      payment_processor: 'stripe',
      processor_payment_id: intent.id,
    },
    'order.paid',
    now,
  );
  return true;
}

async function paymentFailed(services: Services, found: FoundOrder, event: Stripe.Event, intent: Stripe.PaymentIntent): Promise<StripeEventOutcome> {
  return once(services, found, event, async (trx) => {
    const call = await captureCallOf(trx, found, intent.id, event.request?.idempotency_key ?? null, false);
    if (call !== undefined) await settleCall(trx, call, 'failed', isoNow(services.clock));
  });
}

const STRIPE_REFUND_REASONS: Record<string, RefundReason> = { requested_by_customer: 'customer_request', duplicate: 'duplicate', fraudulent: 'fraudulent' };

/** The succeeded refunds of the order's PaymentIntent that Till neither made nor recorded, as Till refunds (money only). */
async function recordDashboardRefunds(trx: DbTransaction, services: Services, found: FoundOrder, intentId: string, refunds: readonly Stripe.Refund[], warn: Warn): Promise<void> {
  const { tenant, orderId } = found;
  const order = await lockOrder(trx, tenant, orderId);
  if (order.processor_payment_id !== intentId) {
    warn({ order: orderId, merchant: tenant.merchantId, payment_intent: intentId }, 'a Stripe refund is of a PaymentIntent that did not pay its order; not recorded');
    return;
  }
  const outside = refunds.filter((refund) => refund.status === 'succeeded' && refund.metadata?.till_refund_id === undefined);
  if (outside.length === 0) return;
  const known = new Set(await recordedProcessorRefunds(trx, tenant, orderId, outside.map((refund) => refund.id)));
  for (const refund of outside) {
    if (known.has(refund.id)) continue;
    const now = isoNow(services.clock);
    const current = await lockOrder(trx, tenant, orderId);
    const left = current.total - current.refunded_amount;
    const amount = Math.min(refund.amount, left);
    if (amount < 1 || (current.status !== 'paid' && current.status !== 'partially_refunded')) {
      warn({ order: orderId, merchant: tenant.merchantId, refund: refund.id, status: current.status, left }, 'a Stripe refund finds nothing left to refund on its order; not recorded');
      continue;
    }
    const reason = STRIPE_REFUND_REASONS[refund.reason ?? ''] ?? 'other';
    // Stripe's refund is the card's money: nothing comes out of a drawer.
    await applyRefund(trx, tenant, current, { refundId: newId('ref'), amount, reason, returned: [], cashAmount: 0, cashDrawerId: null }, refund.id, now);
  }
}

async function recordDispute(trx: DbTransaction, services: Services, found: FoundOrder, dispute: Stripe.Dispute): Promise<void> {
  const { tenant, orderId } = found;
  const now = isoNow(services.clock);
  const shown: OrderDispute = {
    id: dispute.id,
    amount: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason,
    status: dispute.status,
    created_at: new Date(dispute.created * 1000).toISOString(),
  };
  await changeOrder(trx, tenant, orderId, { dispute: JSON.stringify(shown) }, now);
  await recordOrderEvent(trx, tenant, orderId, 'order.disputed', now);
}
