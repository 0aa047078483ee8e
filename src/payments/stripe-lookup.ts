/**
 * Reading Stripe's records of Till's payments, for the events Stripe sends and the reconciliation of
 * calls whose answer never came: a PaymentIntent by id, the PaymentIntents made for an order (Stripe's
 * Search API on the `till_order_id` metadata every capture sets), and the refunds of a PaymentIntent.
 * Nothing here moves money.
 *
 * One lookup per environment that takes cards through Stripe, with that environment's key: production
 * with `STRIPE_SECRET_KEY` (when `PAYMENT_PROCESSOR=stripe`), the sandbox with `STRIPE_SANDBOX_SECRET_KEY`.
 */
import type Stripe from 'stripe';
import type { Environment } from '../db/schema.js';
import { ENVIRONMENTS } from '../db/schema.js';
import { lazyStripeClient } from './stripe-client.js';

export interface StripeLookup {
  /** Whether the key is a live-mode one: its events carry `livemode: true`. */
  readonly livemode: boolean;
  /** The PaymentIntent with its payment method expanded; undefined when Stripe has none of that id. */
  paymentIntent(id: string): Promise<Stripe.PaymentIntent | undefined>;
  /** The PaymentIntents whose `till_order_id` metadata is `orderId` (Stripe's Search API: new ones show within about a minute). */
  paymentIntentsOfOrder(orderId: string): Promise<Stripe.PaymentIntent[]>;
  /** Every refund of a PaymentIntent, oldest first. */
  refundsOf(paymentIntentId: string): Promise<Stripe.Refund[]>;
}

export type StripeLookups = (environment: Environment) => StripeLookup | undefined;

export interface StripeLookupSettings {
  productionSecretKey?: string | undefined;
  sandboxSecretKey?: string | undefined;
  apiBase?: string | undefined;
}

export function stripeLookups(settings: StripeLookupSettings): StripeLookups {
  const lookups = new Map<Environment, StripeLookup>();
  if (settings.productionSecretKey !== undefined) lookups.set('production', stripeLookup(settings.productionSecretKey, settings.apiBase));
  if (settings.sandboxSecretKey !== undefined) lookups.set('sandbox', stripeLookup(settings.sandboxSecretKey, settings.apiBase));
  return (environment) => lookups.get(environment);
}

/** The environments whose Stripe key is of the mode an event says (`livemode`), production first. */
export function environmentsOfMode(lookups: StripeLookups, livemode: boolean): Environment[] {
  return [...ENVIRONMENTS].reverse().filter((environment) => lookups(environment)?.livemode === livemode);
}

function stripeLookup(secretKey: string, apiBase: string | undefined): StripeLookup {
  const client = lazyStripeClient(secretKey, apiBase);

  return {
    livemode: /^(sk|rk)_live_/.test(secretKey),
    async paymentIntent(id) {
      const { stripe, errors } = await client();
      try {
        return await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] });
      } catch (error) {
        if (error instanceof errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    async paymentIntentsOfOrder(orderId) {
      const { stripe } = await client();
      // Order ids are letters, digits and `_`: nothing in one can break out of the quoted value.
      const found = await stripe.paymentIntents.search({ query: `metadata['till_order_id']:'${orderId.replace(/[^A-Za-z0-9_]/g, '')}'`, limit: 100 });
      return found.data;
    },
    async refundsOf(paymentIntentId) {
      const { stripe } = await client();
      const refunds: Stripe.Refund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) refunds.push(refund);
      return refunds.sort((a, b) => a.created - b.created);
    },
  };
}
