/**
 * Stripe's official client, as the processor and the event handler's look-ups both use it: loaded at
 * its first use, not at start (it holds about 25 MB of a server's memory, which a server that never
 * takes a card through Stripe does not pay for), and pointed at `STRIPE_API_BASE` when one is set.
 */
import type Stripe from 'stripe';

export type StripeErrors = typeof Stripe.errors;

export interface LoadedStripe {
  stripe: Stripe;
  errors: StripeErrors;
}

/**
 * A function that loads the client once and gives it to every caller.
 *
 * @example const client = lazyStripeClient(secretKey, config.stripeApiBase); const { stripe } = await client();
 */
export function lazyStripeClient(secretKey: string, apiBase: string | undefined): () => Promise<LoadedStripe> {
  const base = apiBase === undefined ? undefined : new URL(apiBase);
  let loading: Promise<LoadedStripe> | undefined;
  return () =>
    (loading ??= import('stripe').then(({ default: StripeClient }) => ({
      stripe: new StripeClient(secretKey, {
        // Every call carries its own idempotency key, so the client's retries of a call that got no
        // answer (or a 409 for the key in flight, or a 5xx) are safe: the same key, Stripe's first result.
        maxNetworkRetries: 2,
        timeout: 20_000,
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
}
