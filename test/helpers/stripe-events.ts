/**
 * Stripe's events, as Stripe sends them to a webhook endpoint: the event JSON, signed with the
 * endpoint's secret in the `Stripe-Signature` header (`t=<unix time>,v1=<HMAC-SHA256 of "t.body">`,
 * made by Stripe's own client), POSTed to Till. The objects are built from what the local Stripe
 * server (stripe-server.ts) holds, shaped as Stripe's events carry them (the payment method as an id).
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeTestServer } from './stripe-server.js';

export const STRIPE_EVENTS_PATH = '/v1/processors/stripe/events';

export interface StripeEventOptions {
  livemode?: boolean;
  /** The idempotency key of the API request that caused the event (Stripe's `request.idempotency_key`). */
  idempotencyKey?: string | null;
  id?: string;
}

export function stripeEvent(type: string, object: Record<string, unknown>, options: StripeEventOptions = {}): Record<string, any> {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: options.livemode ?? true,
    pending_webhooks: 1,
    request: { id: options.idempotencyKey == null ? null : `req_${randomBytes(8).toString('hex')}`, idempotency_key: options.idempotencyKey ?? null },
    type,
  };
}

/** A PaymentIntent of the local server as an event carries it: its payment method as an id. */
export function intentObject(stripe: StripeTestServer, id: string): Record<string, any> {
  const intent = stripe.paymentIntents.get(id);
  if (intent === undefined) throw new Error(`the Stripe server has no PaymentIntent ${id}`);
  return { ...intent, payment_method: intent.payment_method?.id ?? null };
}

/** The charge of a PaymentIntent (with its metadata, as Stripe copies it); `refunds` listed only when given (older API versions). */
export function chargeObject(stripe: StripeTestServer, intentId: string, options: { listRefunds?: boolean } = {}): Record<string, any> {
  const intent = intentObject(stripe, intentId);
  const refunds = stripe.refunds.filter((r) => r.payment_intent === intentId);
  const refunded = refunds.reduce((sum, r) => sum + (r.amount as number), 0);
  return {
    id: `ch_${intentId.slice(3)}`,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: refunded,
    currency: intent.currency,
    payment_intent: intentId,
    metadata: intent.metadata,
    refunded: refunded === intent.amount,
    livemode: intent.livemode,
    ...(options.listRefunds === true ? { refunds: { object: 'list', has_more: false, url: `/v1/charges/ch_${intentId.slice(3)}/refunds`, data: refunds } } : {}),
  };
}

/** A refund made in Stripe's dashboard: Stripe holds it; Till did not ask for it (no `till_refund_id`). */
export function dashboardRefund(stripe: StripeTestServer, intentId: string, amount: number, reason: string | null = 'requested_by_customer'): Record<string, any> {
  const intent = stripe.paymentIntents.get(intentId)!;
  const refund = {
    id: `re_${randomBytes(12).toString('hex')}`,
    object: 'refund',
    amount,
    currency: intent.currency,
    payment_intent: intentId,
    status: 'succeeded',
    reason,
    metadata: {},
    created: Math.floor(Date.now() / 1000),
  };
  stripe.refunds.push(refund);
  return refund;
}

export function disputeObject(stripe: StripeTestServer, intentId: string, reason = 'fraudulent'): Record<string, any> {
  const intent = stripe.paymentIntents.get(intentId)!;
  return {
    id: `du_${randomBytes(12).toString('hex')}`,
    object: 'dispute',
    amount: intent.amount,
    currency: intent.currency,
    charge: `ch_${intentId.slice(3)}`,
    payment_intent: intentId,
    reason,
    status: 'needs_response',
    created: Math.floor(Date.now() / 1000),
    livemode: intent.livemode,
    metadata: {},
  };
}

export interface SendOptions {
  /** Unix seconds of the signature; default now. */
  timestamp?: number;
  /** A `Stripe-Signature` header to send as it is. */
  signatureHeader?: string;
}

/** POSTs `event` to Till's Stripe events endpoint, signed with `secret` as Stripe signs. */
export async function sendStripeEvent(baseUrl: string, secret: string, event: Record<string, unknown>, options: SendOptions = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const payload = JSON.stringify(event, null, 2);
  const header = options.signatureHeader ?? Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) });
  const response = await fetch(baseUrl + STRIPE_EVENTS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: payload,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: response.status, headers: response.headers, body };
}
