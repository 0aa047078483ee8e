/**
 * A local server speaking the part of Stripe's documented API that Till calls, for the real `stripe`
 * client to talk to (no network reaches Stripe from the tests):
 *
 * - `POST /v1/payment_intents` with `confirm=true` and a `payment_method` (Stripe's test PaymentMethods
 *   `pm_card_visa`, `pm_card_mastercard`, `pm_card_chargeDeclined`, `pm_card_chargeDeclinedInsufficientFunds`,
 *   `pm_card_authenticationRequired`) or `payment_method_data[card][token]` (`tok_visa`...);
 * - `GET /v1/payment_intents/:id`;
 * - `POST /v1/refunds` with `payment_intent` and `amount`;
 * - `GET /v1/payment_intents/search` by `till_order_id` metadata, and `GET /v1/refunds` of a `payment_intent`.
 *
 * Bodies are form-encoded as Stripe's client sends them. `Idempotency-Key` is honoured like Stripe:
 * the same key with the same parameters replays the first answer (`Idempotent-Replayed: true`), with
 * other parameters it is 400 `idempotency_error`. Every request is recorded; a test can make the next
 * calls to a path fail with 500, or hold an answer until it has done something (kill Till).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  /** Whether the answer was a replay of an earlier one with the same key. */
  replayed: boolean;
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

export class StripeTestServer {
  readonly calls: StripeCall[] = [];
  readonly paymentIntents = new Map<string, Record<string, any>>();
  readonly refunds: Array<Record<string, any>> = [];
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly failures = new Map<string, number>();
  /** Called once a call has been carried out and before it is answered; the answer waits for it. */
  beforeAnswer: ((call: StripeCall) => Promise<void>) | undefined;
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const header = req.headers['idempotency-key'];
    const call: StripeCall = { method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey: typeof header === 'string' ? header : undefined, replayed: false };
    this.calls.push(call);
    if (req.headers.authorization?.startsWith('Bearer sk_') !== true) {
      return send(res, { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } });
    }
    const failing = this.failures.get(url.pathname) ?? 0;
    if (failing > 0) {
      this.failures.set(url.pathname, failing - 1);
      return send(res, { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } });
    }
    let answer: Answer;
    const fingerprint = `${call.method} ${call.path} ${new URLSearchParams(Object.entries(params).sort()).toString()}`;
    const stored = call.idempotencyKey === undefined ? undefined : this.idempotent.get(call.idempotencyKey);
    if (stored !== undefined) {
      if (stored.fingerprint !== fingerprint) {
        answer = {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${call.idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      } else {
        call.replayed = true;
        answer = stored.answer;
      }
    } else {
      answer = this.execute(call);
      if (call.idempotencyKey !== undefined && call.method === 'POST') this.idempotent.set(call.idempotencyKey, { fingerprint, answer });
    }
    if (this.beforeAnswer !== undefined) await this.beforeAnswer(call);
    send(res, answer, call.replayed);
  }

  private execute(call: StripeCall): Answer {
    const { method, path, params } = call;
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return this.searchPaymentIntents(params);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = this.refunds.filter((r) => r.payment_intent === params.payment_intent);
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve !== null) {
      const intent = this.paymentIntents.get(retrieve[1]!);
      if (intent === undefined) return invalid(`No such payment_intent: '${retrieve[1]}'`, 'resource_missing', 'id', 404);
      return { status: 200, body: params['expand[0]'] === 'payment_method' ? intent : { ...intent, payment_method: intent.payment_method?.id ?? null } };
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    return invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
  }

  /** Stripe's Search API, for the one query Till sends: `metadata['till_order_id']:'<id>'`. */
  private searchPaymentIntents(params: Record<string, string>): Answer {
    const wanted = /^metadata\['till_order_id'\]:'([^']*)'$/.exec(params.query ?? '')?.[1];
    if (wanted === undefined) return invalid('This test server searches PaymentIntents by till_order_id metadata only.', 'parameter_invalid', 'query');
    const data = [...this.paymentIntents.values()].filter((intent) => intent.metadata?.till_order_id === wanted).map((intent) => ({ ...intent, payment_method: intent.payment_method?.id ?? null }));
    return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data } };
  }

  private createPaymentIntent(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid integer: amount', 'parameter_invalid_integer', 'amount');
    if (params.confirm !== 'true') return invalid('This test server only creates confirmed PaymentIntents.', 'parameter_invalid', 'confirm');
    const token = params.payment_method ?? params['payment_method_data[card][token]'];
    const card = token === undefined ? undefined : CARDS[token];
    if (card === undefined) return invalid(`No such PaymentMethod: '${token}'`, 'resource_missing', 'payment_method');
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const metadata = Object.fromEntries(Object.entries(params).filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
    const paymentMethod = { id: `pm_${randomBytes(12).toString('hex')}`, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 } };
    const status = card.outcome === 'succeeded' ? 'succeeded' : card.outcome === 'requires_action' ? 'requires_action' : 'requires_payment_method';
    const intent: Record<string, any> = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: status === 'succeeded' ? amount : 0,
      currency: params.currency,
      status,
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      payment_method: status === 'requires_payment_method' ? null : paymentMethod,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      next_action: status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    };
    this.paymentIntents.set(id, intent);
    const expanded = params['expand[0]'] === 'payment_method';
    const shown = expanded ? intent : { ...intent, payment_method: intent.payment_method?.id ?? null };
    if (card.outcome === 'declined' || card.outcome === 'insufficient_funds') {
      const decline = card.outcome === 'declined' ? 'generic_decline' : 'insufficient_funds';
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: decline,
            message: card.outcome === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.',
            payment_intent: shown,
          },
        },
      };
    }
    return { status: 200, body: shown };
  }

  private createRefund(params: Record<string, string>): Answer {
    const intent = this.paymentIntents.get(params.payment_intent ?? '');
    if (intent === undefined || intent.status !== 'succeeded') return invalid(`No such payment_intent: '${params.payment_intent}'`, 'resource_missing', 'payment_intent');
    const refunded = this.refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + (r.amount as number), 0);
    const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
    if (refunded + amount > intent.amount) {
      return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`, 'amount_too_large', 'amount');
    }
    const metadata = Object.fromEntries(Object.entries(params).filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
    const refund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', metadata };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
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
