/**
 * Capture calls to Stripe still pending when no event came: every few minutes, the PaymentIntent
 * Stripe holds for each such call's order is read (the order's one PaymentIntent, which the call
 * recorded as `paymentId`; for a call recorded before one PaymentIntent per order, the PaymentIntent
 * it was sent with, else those Stripe's Search API finds by the `till_order_id` metadata), and the
 * call settled by what they say:
 *
 * - one succeeded for the order's amount: the order becomes paid, as the event would have made it;
 * - all of them failed or were canceled: the call is settled `failed` (the order stays pending);
 * - none, a day after the call: `failed` too: Stripe keeps an idempotency key 24 hours, so sending the
 *   call again could no longer find its first answer, and nothing was charged that Search can see;
 * - otherwise (processing, waiting for 3-D Secure, or not yet searchable) it is left for the next run.
 *
 * Reading never moves money, so this is safe however often it runs and whatever else settles the
 * call meanwhile (settling is conditional on the call being pending). Time is the services' clock.
 */
import type Stripe from 'stripe';
import type { ProcessorCallRow } from '../db/schema.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { recordStripePayment } from './apply-stripe-event.js';
import { allPendingCalls, settleCall } from '../db/payments/processor-calls.js';
import type { StripeLookups } from './stripe-lookup.js';

/** A call younger than this is most likely still in flight, or its event on its way. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** How long Stripe keeps an idempotency key. */
const STRIPE_KEY_LIFETIME_MS = 24 * 60 * 60_000;
/** PaymentIntent statuses that can no longer take money without a new confirmation. */
const FAILED = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'canceled']);

export interface ReconcileResult {
  paid: number;
  failed: number;
  left: number;
}

export async function reconcileStripePayments(services: Services, lookups: StripeLookups, warn: (fields: Record<string, unknown>, message: string) => void): Promise<ReconcileResult> {
  const now = services.clock.now().getTime();
  const calls = (await allPendingCalls(services.db, 100)).filter(
    (call) => call.processor === 'stripe' && call.kind === 'capture' && Date.parse(call.created_at) <= now - RECONCILE_AFTER_MS,
  );
  const result: ReconcileResult = { paid: 0, failed: 0, left: 0 };
  for (const call of calls) {
    const lookup = lookups(call.environment);
    if (lookup === undefined) {
      result.left += 1;
      continue;
    }
    const outcome = await reconcileCall(services, lookup, call, now, warn).catch((err: unknown) => {
      warn({ err, call: call.id }, 'a pending Stripe capture could not be reconciled yet');
      return 'left' as const;
    });
    result[outcome] += 1;
  }
  return result;
}

async function reconcileCall(
  services: Services,
  lookup: NonNullable<ReturnType<StripeLookups>>,
  call: ProcessorCallRow,
  now: number,
  warn: (fields: Record<string, unknown>, message: string) => void,
): Promise<keyof ReconcileResult> {
  const request = JSON.parse(call.request) as { amount: number; currency: string; paymentToken: string; paymentId?: string };
  const known = request.paymentId ?? (request.paymentToken.startsWith('pi_') ? request.paymentToken : undefined);
  const found =
    known !== undefined
      ? [await lookup.paymentIntent(known)].filter((intent): intent is Stripe.PaymentIntent => intent !== undefined)
      : await lookup.paymentIntentsOfOrder(call.order_id);
  const intents = found.filter((intent) => intent.metadata?.till_order_id === call.order_id && intent.metadata.till_merchant_id === call.merchant_id);
  const tenant = { merchantId: call.merchant_id, environment: call.environment };
  const succeeded = intents.find((intent) => intent.status === 'succeeded' && intent.amount === request.amount);
  if (succeeded !== undefined) {
    const intent = typeof succeeded.payment_method === 'string' ? ((await lookup.paymentIntent(succeeded.id)) ?? succeeded) : succeeded;
    await services.db.transaction((trx) => recordStripePayment(trx, services, { tenant, orderId: call.order_id }, intent, null, warn, call));
    return 'paid';
  }
  const expired = Date.parse(call.created_at) <= now - STRIPE_KEY_LIFETIME_MS;
  if ((intents.length > 0 && intents.every((intent) => FAILED.has(intent.status))) || (intents.length === 0 && expired)) {
    await services.db.transaction((trx) => settleCall(trx, call, 'failed', isoNow(services.clock)));
    return 'failed';
  }
  return 'left';
}
