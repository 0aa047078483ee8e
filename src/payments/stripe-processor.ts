/**
 * Card payments through Stripe, with the official client.
 *
 * A capture creates and confirms a PaymentIntent for the order's total (`payment_method` for a
 * PaymentMethod id, `payment_method_data[card][token]` for a card token); a refund creates a Refund
 * of the PaymentIntent for the exact amount. Both carry Till's idempotency key, so Stripe answers a
 * repeated call with its first result for 24 hours.
 *
 * A `payment_token` that is a PaymentIntent id (`pi_...`) is one the app finished itself after a
 * 3-D Secure challenge: Till retrieves it and accepts it only if it succeeded for this order's amount,
 * currency and id.
 */
import type Stripe from 'stripe';
import { ProcessorFailure, type ChargeRequest, type ChargeResult, type PaymentProcessor, type RefundResult } from './processor.js';

export interface StripeOptions {
  /** `STRIPE_API_BASE`: another address for Stripe's API (a test server). */
  apiBase?: string | undefined;
}

export function stripeProcessor(secretKey: string, options: StripeOptions = {}): PaymentProcessor {
  const base = options.apiBase === undefined ? undefined : new URL(options.apiBase);
  // Stripe's client is loaded at the first payment, not at start: it holds about 25 MB of a
  // server's memory, which a server that never takes a card through Stripe does not pay for.
  let loading: Promise<{ stripe: Stripe; errors: StripeErrors }> | undefined;
  const client = () =>
    (loading ??= import('stripe').then(({ default: StripeClient }) => ({
      stripe: new StripeClient(secretKey, {
        // Every call carries its own idempotency key, so the client's retries of a call that got no
        // answer are safe; one retry covers a dropped connection without holding the order for long.
        maxNetworkRetries: 1,
        timeout: 30_000,
        ...(base === undefined
          ? {}
          : {
              host: base.hostname,
              port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port),
              protocol: base.protocol === 'https:' ? 'https' : 'http',
            }),
      }),
      errors: StripeClient.errors,
    })));

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    const { stripe, errors } = await client();
    const token = request.paymentToken;
    let intent: Stripe.PaymentIntent;
    try {
      if (token.startsWith('pi_')) {
        intent = await stripe.paymentIntents.retrieve(token, { expand: ['payment_method'] });
        if (intent.metadata?.till_order_id !== request.orderId || intent.amount !== request.amount || intent.currency !== request.currency.toLowerCase()) {
          return { ok: false, reason: 'invalid_token', message: `PaymentIntent '${token}' is not for this order's amount and currency.` };
        }
      } else {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(token.startsWith('tok_') ? { payment_method_data: { type: 'card', card: { token } } as never } : { payment_method: token }),
            metadata: { till_order_id: request.orderId, till_merchant_id: request.merchantId },
            expand: ['payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      }
    } catch (error) {
      return chargeRefusal(errors, error);
    }
    if (intent.status === 'requires_action' && intent.client_secret !== null) {
      return {
        ok: false,
        reason: 'authentication_required',
        message: 'This card needs the customer to authenticate (3-D Secure). Finish it in the app with the client secret, then capture again with the PaymentIntent id as payment_token.',
        paymentIntent: { id: intent.id, client_secret: intent.client_secret },
      };
    }
    if (intent.status !== 'succeeded') {
      return { ok: false, reason: 'card_declined', message: `The payment did not go through (Stripe status ${intent.status}).` };
    }
    const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : undefined;
    return { ok: true, paymentId: intent.id, cardLast4: method?.card?.last4 ?? null, cardBrand: method?.card?.brand ?? null };
  }

  return {
    name: 'stripe',
    remote: true,
    charge,
    async refund(request): Promise<RefundResult> {
      if (request.paymentId === null) return { ok: false, message: 'This payment has no Stripe PaymentIntent to refund.' };
      const { stripe, errors } = await client();
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amount, metadata: { till_order_id: request.orderId, till_refund_id: request.refundId } },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return { ok: false, message: `Stripe could not refund this payment (refund ${refund.status}).` };
        return { ok: true, refundId: refund.id };
      } catch (error) {
        if (error instanceof errors.StripeInvalidRequestError) return { ok: false, message: `Stripe refused the refund: ${error.message}` };
        throw failure(errors, error);
      }
    },
  };
}

type StripeErrors = typeof Stripe.errors;

function chargeRefusal(errors: StripeErrors, error: unknown): ChargeResult {
  if (error instanceof errors.StripeCardError) {
    const raw = error.raw as { payment_intent?: Stripe.PaymentIntent };
    if (error.code === 'authentication_required' && raw.payment_intent?.client_secret) {
      return {
        ok: false,
        reason: 'authentication_required',
        message: 'This card needs the customer to authenticate (3-D Secure). Finish it in the app with the client secret, then capture again with the PaymentIntent id as payment_token.',
        paymentIntent: { id: raw.payment_intent.id, client_secret: raw.payment_intent.client_secret },
      };
    }
    const decline = error.decline_code ?? error.code ?? 'declined';
    return { ok: false, reason: 'card_declined', message: `The card was declined (${decline}): ${error.message}` };
  }
  if (error instanceof errors.StripeInvalidRequestError) {
    return { ok: false, reason: 'invalid_token', message: `Stripe did not accept the payment_token: ${error.message}` };
  }
  throw failure(errors, error);
}

/** Stripe answered with an error of its own (it settled the call), or never answered at all. */
function failure(errors: StripeErrors, error: unknown): ProcessorFailure {
  if (error instanceof errors.StripeConnectionError || error instanceof errors.StripeIdempotencyError || !(error instanceof errors.StripeError)) {
    return new ProcessorFailure(`Stripe could not be reached: ${(error as Error).message}`, false);
  }
  return new ProcessorFailure(`Stripe answered with an error: ${error.message}`, true);
}
