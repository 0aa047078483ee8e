/**
 * Card payments through Stripe, with the official client.
 *
 * One PaymentIntent per order, as Stripe recommends: made once for the order's total with the
 * idempotency key `till_pi_<order id>` (`preparePayment`), then confirmed by each capture attempt
 * with that attempt's card (`payment_method` for a PaymentMethod id, `payment_method_data[card][token]`
 * for a card token) and the attempt's own key. A later attempt confirms the same PaymentIntent with
 * the new card, which also ends an abandoned 3-D Secure challenge on it: a PaymentIntent takes its
 * amount at most once, so an order can never be charged twice. A refund creates a Refund of the
 * PaymentIntent for the exact amount. An attempt with a tip first sets the PaymentIntent's amount to
 * the total with the tip (`setAmount`). Every call carries Till's idempotency key, so Stripe answers a
 * repeated call with its first result for 24 hours.
 *
 * Outcomes: a success, a decline or an authentication to finish are results. Stripe's 409 (the same
 * key still in flight), a dropped connection or a timeout are unknown (`ProcessorFailure`): the call
 * stays pending. A 5xx that Stripe answered is followed by a look at the PaymentIntent (or its
 * refunds): what Stripe shows there decides, so an error never hides a charge.
 *
 * A `payment_token` that is a PaymentIntent id (`pi_...`) is the order's own PaymentIntent, which the
 * app finished itself after a 3-D Secure challenge: Till retrieves it and accepts it only if it
 * succeeded for this order's amount, currency and id.
 */
import type Stripe from 'stripe';
import { lazyStripeClient, type StripeErrors } from './stripe-client.js';
import { ProcessorFailure, type ChargeRequest, type ChargeResult, type PaymentProcessor, type PrepareRequest, type RefundResult } from './processor.js';

export interface StripeOptions {
  /** `STRIPE_API_BASE`: another address for Stripe's API (a test server). */
  apiBase?: string | undefined;
}

export function stripeProcessor(secretKey: string, options: StripeOptions = {}): PaymentProcessor {
  const client = lazyStripeClient(secretKey, options.apiBase);

  async function preparePayment(request: PrepareRequest): Promise<string> {
    const { stripe, errors } = await client();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { till_order_id: request.orderId, till_merchant_id: request.merchantId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return intent.id;
    } catch (error) {
      throw unknownOutcome(errors, error);
    }
  }

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    const { stripe, errors } = await client();
    const token = request.paymentToken;
    const intentId = request.paymentId;
    if (token.startsWith('pi_')) return chargeFinished(stripe, errors, request);
    if (intentId === undefined) return chargeRecordedBeforeIntents(stripe, errors, request);
    if (request.setAmount === true) await setAmount(stripe, errors, intentId, request);
    try {
      const intent = await stripe.paymentIntents.confirm(
        intentId,
        {
          ...(token.startsWith('tok_') ? { payment_method_data: { type: 'card', card: { token } } as never } : { payment_method: token }),
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return resultOf(intent);
    } catch (error) {
      if (error instanceof errors.StripeCardError) return chargeRefusal(error);
      if (error instanceof errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
        // Confirmed or canceled by another attempt (or the app): the PaymentIntent says what happened.
        return resultOf(await retrieve(stripe, errors, intentId));
      }
      if (error instanceof errors.StripeInvalidRequestError) {
        return { ok: false, reason: 'invalid_token', message: `Stripe did not accept the payment_token: ${error.message}` };
      }
      if (answeredWithServerError(errors, error)) {
        // Stripe finished the request with an error: the PaymentIntent shows whether money moved.
        const intent = await retrieve(stripe, errors, intentId);
        if (intent.status === 'succeeded' || intent.status === 'processing') return resultOf(intent);
        return { ok: false, reason: 'processor_error', message: `Stripe answered with an error and the PaymentIntent took no money: ${(error as Error).message}` };
      }
      throw unknownOutcome(errors, error);
    }
  }

  /**
   * The PaymentIntent was made for the order's total before a tip: the attempt's amount (with its tip)
   * is set on it before it is confirmed, with a key of the attempt's own, so a repeat sets the same
   * amount. A PaymentIntent that can no longer change (confirmed or canceled by another attempt) is
   * left as it is: the confirm that follows finds it so and reads what happened.
   */
  async function setAmount(stripe: Stripe, errors: StripeErrors, intentId: string, request: ChargeRequest): Promise<void> {
    try {
      await stripe.paymentIntents.update(intentId, { amount: request.amount }, { idempotencyKey: `${request.idempotencyKey}_amount` });
    } catch (error) {
      if (error instanceof errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return;
      throw unknownOutcome(errors, error);
    }
  }

  /**
   * A call recorded before Till made one PaymentIntent per order (its request names none), settled
   * after an upgrade: sent again as it was first sent, a PaymentIntent made and confirmed with the
   * call's key, so Stripe replays what it did then.
   */
  async function chargeRecordedBeforeIntents(stripe: Stripe, errors: StripeErrors, request: ChargeRequest): Promise<ChargeResult> {
    const token = request.paymentToken;
    try {
      const intent = await stripe.paymentIntents.create(
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
      return resultOf(intent);
    } catch (error) {
      if (error instanceof errors.StripeCardError) return chargeRefusal(error);
      if (error instanceof errors.StripeInvalidRequestError) return { ok: false, reason: 'invalid_token', message: `Stripe did not accept the payment_token: ${error.message}` };
      throw unknownOutcome(errors, error);
    }
  }

  /** The app finished a 3-D Secure challenge on the order's PaymentIntent and sends its id. */
  async function chargeFinished(stripe: Stripe, errors: StripeErrors, request: ChargeRequest): Promise<ChargeResult> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(request.paymentToken, { expand: ['payment_method'] });
    } catch (error) {
      if (error instanceof errors.StripeInvalidRequestError) return { ok: false, reason: 'invalid_token', message: `Stripe did not accept the payment_token: ${error.message}` };
      throw unknownOutcome(errors, error);
    }
    if (intent.metadata?.till_order_id !== request.orderId || intent.amount !== request.amount || intent.currency !== request.currency.toLowerCase()) {
      return { ok: false, reason: 'invalid_token', message: `PaymentIntent '${request.paymentToken}' is not for this order's amount and currency.` };
    }
    return resultOf(intent);
  }

  async function cancelPayment(paymentId: string): Promise<'canceled' | 'succeeded'> {
    const { stripe, errors } = await client();
    try {
      await stripe.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' });
      return 'canceled';
    } catch (error) {
      if (!(error instanceof errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state')) throw unknownOutcome(errors, error);
    }
    // Already canceled, or it took the money first.
    const intent = await retrieve(stripe, errors, paymentId);
    if (intent.status === 'canceled') return 'canceled';
    if (intent.status === 'succeeded') return 'succeeded';
    throw new ProcessorFailure(`PaymentIntent ${paymentId} is ${intent.status}`, intent.status === 'processing');
  }

  return {
    name: 'stripe',
    remote: true,
    preparePayment,
    charge,
    cancelPayment,
    async refund(request): Promise<RefundResult> {
      if (request.paymentId === null) return { ok: false, reason: 'refused', message: 'This payment has no Stripe PaymentIntent to refund.' };
      const { stripe, errors } = await client();
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amount, metadata: { till_order_id: request.orderId, till_refund_id: request.refundId } },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundResult(refund);
      } catch (error) {
        if (error instanceof errors.StripeInvalidRequestError) return { ok: false, reason: 'refused', message: `Stripe refused the refund: ${error.message}` };
        if (answeredWithServerError(errors, error)) {
          // Stripe finished the request with an error: its list of the PaymentIntent's refunds shows whether money moved.
          const made = await findRefund(stripe, errors, request.paymentId, request.refundId);
          if (made !== undefined) return refundResult(made);
          return { ok: false, reason: 'processor_error', message: `Stripe answered with an error and made no refund: ${(error as Error).message}` };
        }
        throw unknownOutcome(errors, error);
      }
    },
  };
}


function refundResult(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'failed' || refund.status === 'canceled') return { ok: false, reason: 'refused', message: `Stripe could not refund this payment (refund ${refund.status}).` };
  return { ok: true, refundId: refund.id };
}

async function retrieve(stripe: Stripe, errors: StripeErrors, intentId: string): Promise<Stripe.PaymentIntent> {
  try {
    return await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
  } catch (error) {
    throw unknownOutcome(errors, error);
  }
}

async function findRefund(stripe: Stripe, errors: StripeErrors, intentId: string, refundId: string): Promise<Stripe.Refund | undefined> {
  try {
    const list = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    return list.data.find((r) => r.metadata?.till_refund_id === refundId);
  } catch (error) {
    throw unknownOutcome(errors, error);
  }
}

/** What a PaymentIntent's status says about the attempt that confirmed it last. */
function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded': {
      const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : undefined;
      return { ok: true, paymentId: intent.id, cardLast4: method?.card?.last4 ?? null, cardBrand: method?.card?.brand ?? null };
    }
    case 'requires_action':
      if (intent.client_secret === null) break;
      return authenticationRequired(intent.id, intent.client_secret);
    case 'processing':
      throw new ProcessorFailure(`Stripe is still processing PaymentIntent ${intent.id}`, true);
    default:
      break;
  }
  const why = intent.last_payment_error?.message;
  return { ok: false, reason: 'card_declined', message: `The payment did not go through (Stripe status ${intent.status})${why ? `: ${why}` : ''}.` };
}

function authenticationRequired(id: string, clientSecret: string): ChargeResult {
  return {
    ok: false,
    reason: 'authentication_required',
    message: 'This card needs the customer to authenticate (3-D Secure). Finish it in the app with the client secret, then capture again with the PaymentIntent id as payment_token.',
    paymentIntent: { id, client_secret: clientSecret },
  };
}

function chargeRefusal(error: InstanceType<StripeErrors['StripeCardError']>): ChargeResult {
  const raw = error.raw as { payment_intent?: Stripe.PaymentIntent };
  if (error.code === 'authentication_required' && raw.payment_intent?.client_secret) {
    return authenticationRequired(raw.payment_intent.id, raw.payment_intent.client_secret);
  }
  const decline = error.decline_code ?? error.code ?? 'declined';
  return { ok: false, reason: 'card_declined', message: `The card was declined (${decline}): ${error.message}` };
}

/** Stripe finished the request and answered a 5xx of its own (not a 409 for the key in flight). */
function answeredWithServerError(errors: StripeErrors, error: unknown): boolean {
  return error instanceof errors.StripeAPIError && (error.statusCode ?? 500) >= 500;
}

/** No answer, a timeout, or the key still in flight at Stripe: what Stripe did is unknown. */
function unknownOutcome(errors: StripeErrors, error: unknown): ProcessorFailure {
  const inFlight = error instanceof errors.StripeError && error.statusCode === 409;
  if (inFlight) return new ProcessorFailure(`Another request with the same idempotency key is in progress at Stripe: ${(error as Error).message}`, true);
  return new ProcessorFailure(`Stripe could not be reached or did not answer: ${(error as Error).message}`, false);
}
