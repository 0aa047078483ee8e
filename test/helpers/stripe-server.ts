/**
 * A local server speaking the part of Stripe's documented API that Till calls, for the real `stripe`
 * client to talk to (no network reaches Stripe from the tests):
 *
 * - `POST /v1/payment_intents` (confirmed at once with `confirm=true`, or left `requires_payment_method`),
 *   `POST /v1/payment_intents/:id` (its `amount`, before it is confirmed), `POST /v1/payment_intents/:id/confirm`, `POST /v1/payment_intents/:id/cancel`,
 *   `GET /v1/payment_intents/:id`, with Stripe's test PaymentMethods (`pm_card_visa`, `pm_card_mastercard`,
 *   `pm_card_chargeDeclined`, `pm_card_chargeDeclinedInsufficientFunds`, `pm_card_authenticationRequired`)
 *   or `payment_method_data[card][token]` (`tok_visa`...);
 * - `POST /v1/refunds` with `payment_intent` and `amount`; `GET /v1/refunds?payment_intent=`;
 * - `GET /v1/payment_intents/search` by `till_order_id` metadata.
 *
 * Bodies are form-encoded as Stripe's client sends them. `Idempotency-Key` is honoured as Stripe
 * documents it (https://docs.stripe.com/api/idempotent_requests): a request whose key is still being
 * carried out answers 409 `idempotency_error`; a finished key with the same parameters replays the
 * first answer (`Idempotent-Replayed: true`), with other parameters it is 400 `idempotency_error`.
 * A request refused before it ran (a 500 `api_error` injected by a test, a dropped connection before
 * acting) saves nothing, so its key can be sent again.
 *
 * Faults a test can inject per request (`fault`): a delay while the request is being carried out
 * (its key in flight), a 500, the connection dropped before acting, or dropped after acting (the
 * effect is made and saved under the key; the answer is lost). `beforeAnswer` holds an answer until
 * the test has done something (kill Till). The server keeps the truth (each PaymentIntent's status,
 * `amount_received`, refunds), which `capturedFor` and `refundedFor` sum for an order.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  /** Whether the answer was a replay of an earlier one with the same key. */
  replayed: boolean;
  /** The status answered; undefined while in flight or when the connection was dropped. */
  status?: number;
}

/** What goes wrong with one request: `delayMs` while it is carried out, then `fail` (or nothing). */
export interface StripeFault {
  delayMs?: number;
  fail?: 'error_500' | 'drop_before' | 'drop_after';
}

interface Answer {
  status: number;
  body: unknown;
}

const CARDS: Record<string, { brand: string; last4: string; outcome: 'succeeded' | 'declined' | 'insufficient_funds' | 'requires_action' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
  tok_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
};

/** Statuses from which Stripe confirms a PaymentIntent again, and from which it can be canceled. */
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
const CANCELABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing']);

export class StripeTestServer {
  readonly calls: StripeCall[] = [];
  readonly paymentIntents = new Map<string, Record<string, any>>();
  readonly refunds: Array<Record<string, any>> = [];
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly inFlight = new Set<string>();
  private readonly failures = new Map<string, number>();
  /** Called once a call has been carried out and before it is answered; the answer waits for it. */
  beforeAnswer: ((call: StripeCall) => Promise<void>) | undefined;
  /** Decides each request's fault (after `failNext`); undefined: none. */
  fault: ((call: StripeCall) => StripeFault | undefined) | undefined;
  private readonly server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` requests to `path` answer 500 `api_error` without doing anything. */
  failNext(path: string, count: number): void {
    this.failures.set(path, count);
  }

  callsTo(method: string, path: string): StripeCall[] {
    return this.calls.filter((c) => c.method === method && c.path.startsWith(path));
  }

  /** The order's PaymentIntents (by `metadata[till_order_id]`). */
  intentsFor(orderId: string): Array<Record<string, any>> {
    return [...this.paymentIntents.values()].filter((pi) => pi.metadata.till_order_id === orderId);
  }

  /** The money Stripe has taken for the order: the sum of its PaymentIntents' `amount_received`. */
  capturedFor(orderId: string): number {
    return this.intentsFor(orderId).reduce((sum, pi) => sum + (pi.amount_received as number), 0);
  }

  /** The money Stripe has given back for the order: the sum of its PaymentIntents' refunds. */
  refundedFor(orderId: string): number {
    const ids = new Set(this.intentsFor(orderId).map((pi) => pi.id as string));
    return this.refunds.filter((r) => ids.has(r.payment_intent)).reduce((sum, r) => sum + (r.amount as number), 0);
  }

  /**
   * The customer finishes a 3-D Secure challenge in the app: a PaymentIntent still `requires_action`
   * succeeds (the money is taken); one that has moved on (confirmed with another card, canceled)
   * does not. Returns whether money was taken.
   */
  finishChallenge(intentId: string): boolean {
    const intent = this.paymentIntents.get(intentId);
    if (intent?.status !== 'requires_action') return false;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    return true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const header = req.headers['idempotency-key'];
    const call: StripeCall = { method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey: typeof header === 'string' ? header : undefined, replayed: false };
    this.calls.push(call);
    if (req.headers.authorization?.startsWith('Bearer sk_') !== true) {
      return this.send(res, call, { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } });
    }
    const key = call.method === 'POST' ? call.idempotencyKey : undefined;
    if (key !== undefined && this.inFlight.has(key)) {
      return this.send(res, call, {
        status: 409,
        body: { error: { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' + key + '. Please try again later.' } },
      });
    }
    const failing = this.failures.get(url.pathname) ?? 0;
    if (failing > 0) {
      this.failures.set(url.pathname, failing - 1);
      return this.send(res, call, serverError());
    }
    const fault = this.fault?.(call) ?? {};
    if (key !== undefined) this.inFlight.add(key);
    let answer: Answer;
    try {
      if (fault.delayMs !== undefined && fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.fail === 'error_500') return this.send(res, call, serverError());
      if (fault.fail === 'drop_before') return void res.socket?.destroy();
      answer = this.answer(call, key);
      if (this.beforeAnswer !== undefined) await this.beforeAnswer(call);
    } finally {
      if (key !== undefined) this.inFlight.delete(key);
    }
    if (fault.fail === 'drop_after') return void res.socket?.destroy();
    this.send(res, call, answer);
  }

  private send(res: ServerResponse, call: StripeCall, answer: Answer): void {
    call.status = answer.status;
    send(res, answer, call.replayed);
  }

  /** Replays a finished key's answer, refuses a key reused with other parameters, or carries the call out. */
  private answer(call: StripeCall, key: string | undefined): Answer {
    const fingerprint = `${call.method} ${call.path} ${new URLSearchParams(Object.entries(call.params).sort()).toString()}`;
    const stored = key === undefined ? undefined : this.idempotent.get(key);
    if (stored === undefined) {
      const answer = this.execute(call);
      if (key !== undefined) this.idempotent.set(key, { fingerprint, answer });
      return answer;
    }
    if (stored.fingerprint !== fingerprint) {
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      };
    }
    call.replayed = true;
    return stored.answer;
  }

  private execute(call: StripeCall): Answer {
    const { method, path, params } = call;
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return this.searchPaymentIntents(params);
    const action = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    if (action !== null) {
      const intent = this.paymentIntents.get(action[1]!);
      if (intent === undefined) return invalid(`No such payment_intent: '${action[1]}'`, 'resource_missing', 'id', 404);
      if (method === 'GET' && action[2] === undefined) return { status: 200, body: shown(intent, params) };
      if (method === 'POST' && action[2] === 'confirm') return this.confirm(intent, params);
      if (method === 'POST' && action[2] === 'cancel') return this.cancel(intent, params);
      if (method === 'POST' && action[2] === undefined) return this.update(intent, params);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = this.refunds.filter((r) => params.payment_intent === undefined || r.payment_intent === params.payment_intent);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    return invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
  }

  /** Stripe's Search API, for the one query Till sends: `metadata['till_order_id']:'<id>'`. */
  private searchPaymentIntents(params: Record<string, string>): Answer {
    const wanted = /^metadata\['till_order_id'\]:'([^']*)'$/.exec(params.query ?? '')?.[1];
    if (wanted === undefined) return invalid('This test server searches PaymentIntents by till_order_id metadata only.', 'parameter_invalid', 'query');
    const data = [...this.paymentIntents.values()].filter((intent) => intent.metadata?.till_order_id === wanted).map((intent) => shown(intent, params));
    return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data } };
  }

  private createPaymentIntent(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid integer: amount', 'parameter_invalid_integer', 'amount');
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: Record<string, any> = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: metadataOf(params),
      payment_method: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      next_action: null,
      last_payment_error: null,
    };
    if (params.confirm !== 'true') {
      this.paymentIntents.set(id, intent);
      return { status: 200, body: shown(intent, params) };
    }
    const token = params.payment_method ?? params['payment_method_data[card][token]'];
    if (token === undefined || CARDS[token] === undefined) return invalid(`No such PaymentMethod: '${token}'`, 'resource_missing', 'payment_method');
    this.paymentIntents.set(id, intent);
    return this.confirm(intent, params);
  }

  /** Confirms with the given card (or the one attached): succeeded, requires_action, or a decline. */
  private confirm(intent: Record<string, any>, params: Record<string, string>): Answer {
    if (!CONFIRMABLE.has(intent.status)) {
      return unexpectedState(intent, params, `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
    }
    const token = params.payment_method ?? params['payment_method_data[card][token]'];
    const card = token === undefined ? undefined : CARDS[token];
    if (token !== undefined && card === undefined) return invalid(`No such PaymentMethod: '${token}'`, 'resource_missing', 'payment_method');
    if (card !== undefined) {
      intent.payment_method = { id: `pm_${randomBytes(12).toString('hex')}`, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 } };
      intent.outcome = card.outcome;
    }
    if (intent.payment_method === null) return invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_intent_unexpected_state', 'payment_method');
    const outcome = intent.outcome as string;
    if (outcome === 'declined' || outcome === 'insufficient_funds') {
      const decline = outcome === 'declined' ? 'generic_decline' : 'insufficient_funds';
      const message = outcome === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.';
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: decline, message };
      const failedWith = intent.payment_method;
      intent.payment_method = null;
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', decline_code: decline, message, payment_intent: shown({ ...intent, payment_method: failedWith }, params) } },
      };
    }
    if (outcome === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.next_action = null;
    }
    return { status: 200, body: shown(intent, params) };
  }

  /** Updates the amount, as Stripe allows before the PaymentIntent is confirmed or canceled. */
  private update(intent: Record<string, any>, params: Record<string, string>): Answer {
    if (params.amount !== undefined) {
      if (!CONFIRMABLE.has(intent.status)) {
        return unexpectedState(intent, params, `You cannot update this PaymentIntent's amount because it has a status of ${intent.status}.`);
      }
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid integer: amount', 'parameter_invalid_integer', 'amount');
      intent.amount = amount;
    }
    return { status: 200, body: shown(intent, params) };
  }

  private cancel(intent: Record<string, any>, params: Record<string, string>): Answer {
    if (!CANCELABLE.has(intent.status)) {
      return unexpectedState(intent, params, `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
    }
    intent.status = 'canceled';
    intent.next_action = null;
    intent.cancellation_reason = params.cancellation_reason ?? null;
    return { status: 200, body: shown(intent, params) };
  }

  private createRefund(params: Record<string, string>): Answer {
    const intent = this.paymentIntents.get(params.payment_intent ?? '');
    if (intent === undefined) return invalid(`No such payment_intent: '${params.payment_intent}'`, 'resource_missing', 'payment_intent');
    if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable', 'payment_intent');
    const refunded = this.refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + (r.amount as number), 0);
    const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
    if (refunded + amount > intent.amount) {
      return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`, 'amount_too_large', 'amount');
    }
    const refund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', metadata: metadataOf(params) };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
}

/** The PaymentIntent as Stripe shows it: `payment_method` expanded only when asked (`expand[]=payment_method`). */
function shown(intent: Record<string, any>, params: Record<string, string>): Record<string, any> {
  const { outcome: _outcome, ...visible } = intent;
  const expanded = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && v === 'payment_method');
  return expanded ? visible : { ...visible, payment_method: intent.payment_method?.id ?? null };
}

function unexpectedState(intent: Record<string, any>, params: Record<string, string>, message: string): Answer {
  return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: shown(intent, params) } } };
}

function serverError(): Answer {
  return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } };
}

function invalid(message: string, code: string | undefined, param: string | undefined, status = 400): Answer {
  return { status, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } };
}

function send(res: ServerResponse, answer: Answer, replayed = false): void {
  if (res.destroyed) return;
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
  });
  res.end(JSON.stringify(answer.body));
}

export async function startStripeServer(): Promise<StripeTestServer> {
  return new StripeTestServer().start();
}
