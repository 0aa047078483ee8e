/**
 * The payment-processor interface behind Capture, and the sandbox simulator that implements it.
 *
 * A processor charges a tokenized card. It answers with the card's last four digits, or a decline.
 * Production captures need a real processor; until one is configured they answer 503.
 */
import type { Environment } from '../db/schema.js';

export type ChargeResult =
  | { ok: true; cardLast4: string }
  | { ok: false; reason: 'card_declined' | 'invalid_token'; message: string };

export interface ChargeRequest {
  merchantId: string;
  orderId: string;
  amount: number;
  currency: string;
  paymentToken: string;
}

export interface PaymentProcessor {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Test tokens of the sandbox, as documented in the API reference. */
export const SANDBOX_TEST_TOKENS: Readonly<Record<string, ChargeResult>> = {
  tok_visa: { ok: true, cardLast4: '4242' },
  tok_mastercard: { ok: true, cardLast4: '4444' },
  tok_amex: { ok: true, cardLast4: '0005' },
  tok_chargeDeclined: { ok: false, reason: 'card_declined', message: 'Your card was declined.' },
};

export const sandboxSimulator: PaymentProcessor = {
  name: 'sandbox-simulator',
  async charge({ paymentToken }) {
    return (
      SANDBOX_TEST_TOKENS[paymentToken] ?? {
        ok: false,
        reason: 'invalid_token',
        message: `Unknown test token '${paymentToken}'. The sandbox accepts ${Object.keys(SANDBOX_TEST_TOKENS).join(', ')}.`,
      }
    );
  },
};

/** Which processor serves an environment; undefined when production has none configured. */
export type ProcessorFor = (environment: Environment) => PaymentProcessor | undefined;

/** Production processors Till can be configured with (`PAYMENT_PROCESSOR`); none is built in yet. */
export type ProductionProcessorName = 'none';

/**
 * The sandbox always uses the simulator; production uses the configured processor, and with `none`
 * has none, so its card captures answer 503.
 */
export function processorsFor(production: ProductionProcessorName): ProcessorFor {
  switch (production) {
    case 'none':
      return (environment) => (environment === 'sandbox' ? sandboxSimulator : undefined);
  }
}
