/**
 * The payment-processor interface behind Capture and Refund, and the sandbox simulator that implements it.
 *
 * A processor charges a tokenized card and refunds a charge. Every call carries an idempotency key
 * derived from Till's own ids, so sending a call again (a retry, or settling a call whose answer was
 * lost) never charges or refunds twice. A refusal (a decline, a card that needs authentication) and a
 * processor error after which the processor shows that nothing moved are results (`ok: false`); a
 * call whose outcome is unknown (no answer, a dropped connection, the same key still in flight)
 * throws `ProcessorFailure`, and the call stays pending: it is never taken for a failure.
 *
 * A remote processor takes an order's card payments on one payment object of its own (Stripe's
 * PaymentIntent), made once per order by `preparePayment` with a key made of the order's id; each
 * capture attempt confirms that same object, so the money an order can take is its total or nothing.
 *
 * Adding a processor is one file implementing `PaymentProcessor`, and one case in `processorsFor`.
 */
import type { ProductionProcessorName } from '../config.js';
import type { Environment } from '../db/schema.js';

export type ChargeResult =
  | { ok: true; paymentId: string | null; cardLast4: string | null; cardBrand: string | null }
  | { ok: false; reason: 'card_declined' | 'invalid_token' | 'processor_error'; message: string }
  | { ok: false; reason: 'authentication_required'; message: string; paymentIntent: { id: string; client_secret: string } };

export interface ChargeRequest {
  merchantId: string;
  orderId: string;
  amount: number;
  currency: string;
  paymentToken: string;
  idempotencyKey: string;
  /** A remote processor's payment object for the order (from `preparePayment`); absent for the simulator. */
  paymentId?: string | undefined;
  /** The payment object's amount is set to `amount` before it is confirmed (it was made for the total before a tip). */
  setAmount?: boolean | undefined;
}

/** The order's one payment object at a remote processor, made with a key of the order's id. */
export interface PrepareRequest {
  merchantId: string;
  orderId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export type RefundResult = { ok: true; refundId: string | null } | { ok: false; reason: 'refused' | 'processor_error'; message: string };

export interface RefundRequest {
  merchantId: string;
  orderId: string;
  refundId: string;
  /** The processor's payment id stored at capture; null for the simulator. */
  paymentId: string | null;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

/** What the processor did is unknown (no answer, or the same call still in flight there): the call stays pending. */
export class ProcessorFailure extends Error {
  /** True when the processor said another request with the same idempotency key is still being carried out. */
  readonly inFlight: boolean;
  constructor(message: string, inFlight: boolean) {
    super(message);
    this.name = 'ProcessorFailure';
    this.inFlight = inFlight;
  }
}

export interface PaymentProcessor {
  /** Stored on the order as `payment.processor`. */
  readonly name: 'simulator' | 'stripe';
  /**
   * A remote processor's calls are recorded (`processor_calls`) before they are sent and settled after,
   * so a call whose answer is lost is sent again; the simulator answers in the order's transaction.
   */
  readonly remote: boolean;
  /** Remote processors: makes (or finds, by its key) the order's payment object; its id. Moves no money. */
  preparePayment?(request: PrepareRequest): Promise<string>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Remote processors: cancels the order's payment object so that nothing can charge it any more (a
   * 3-D Secure challenge left open); `succeeded` when it had already taken the money.
   */
  cancelPayment?(paymentId: string): Promise<'canceled' | 'succeeded'>;
}

/** Test tokens of the sandbox, as documented in the API reference. */
export const SANDBOX_TEST_TOKENS: Readonly<Record<string, ChargeResult>> = {
  tok_visa: { ok: true, paymentId: null, cardLast4: '4242', cardBrand: 'visa' },
  tok_mastercard: { ok: true, paymentId: null, cardLast4: '4444', cardBrand: 'mastercard' },
  tok_amex: { ok: true, paymentId: null, cardLast4: '0005', cardBrand: 'amex' },
  tok_chargeDeclined: { ok: false, reason: 'card_declined', message: 'Your card was declined.' },
};

export const sandboxSimulator: PaymentProcessor = {
  name: 'simulator',
  remote: false,
  async charge({ paymentToken }) {
    // An own property only: `__proto__`, `constructor` or `toString` must not find Object.prototype's.
    return (
      (Object.hasOwn(SANDBOX_TEST_TOKENS, paymentToken) ? SANDBOX_TEST_TOKENS[paymentToken] : undefined) ?? {
        ok: false,
        reason: 'invalid_token',
        message: `Unknown test token '${paymentToken}'. The sandbox accepts ${Object.keys(SANDBOX_TEST_TOKENS).join(', ')}.`,
      }
    );
  },
  async refund() {
    return { ok: true, refundId: null };
  },
};

/** Which processor serves an environment; undefined when production has none configured. */
export type ProcessorFor = (environment: Environment) => PaymentProcessor | undefined;

export type { ProductionProcessorName };

export interface ProcessorSettings {
  /** `PAYMENT_PROCESSOR`. */
  production: ProductionProcessorName;
  /** Builds the Stripe processor for a secret key; given so that this file does not load Stripe's client. */
  stripe?: (secretKey: string) => PaymentProcessor;
  stripeSecretKey?: string | undefined;
  /** A Stripe test key (`sk_test_`) for sandbox captures; without it the sandbox uses the simulator. */
  stripeSandboxSecretKey?: string | undefined;
}

/**
 * The sandbox uses the simulator, or Stripe's test mode when a sandbox Stripe key is configured;
 * production uses the configured processor, and with `none` has none, so its card captures answer 503.
 */
export function processorsFor(settings: ProcessorSettings): ProcessorFor {
  const sandbox =
    settings.stripeSandboxSecretKey !== undefined && settings.stripe !== undefined ? settings.stripe(settings.stripeSandboxSecretKey) : sandboxSimulator;
  let production: PaymentProcessor | undefined;
  switch (settings.production) {
    case 'none':
      production = undefined;
      break;
    case 'stripe':
      if (settings.stripe === undefined || settings.stripeSecretKey === undefined) throw new Error('PAYMENT_PROCESSOR=stripe needs STRIPE_SECRET_KEY');
      production = settings.stripe(settings.stripeSecretKey);
      break;
  }
  return (environment) => (environment === 'sandbox' ? sandbox : production);
}
