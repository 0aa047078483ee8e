/**
 * Assertions and shortcuts shared by the orders and catalogue suites. Expected error types are
 * written out from decisions.md here, not imported from src, so a wrong catalogue entry fails a test.
 */
import assert from 'node:assert/strict';
import type { Api, ApiResponse } from '../helpers/server.js';

/** `error.type` by status, as decisions.md's error table gives it (415 and 503 follow Stripe). */
export const ERROR_TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'payment_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  408: 'invalid_request_error',
  409: 'conflict_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  422: 'unprocessable_error',
  429: 'rate_limit_error',
  431: 'invalid_request_error',
  500: 'api_error',
  502: 'api_error',
  503: 'api_error',
};

const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['a stack frame', /\bat \S+ \(|\n\s+at /],
  ['a source file', /\.(ts|js|mjs|cjs)\b(:\d+)?/],
  ['a file path', /\/(work|home|usr|tmp|src|node_modules)\//],
  ['node_modules', /node_modules/],
  ['SQL', /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b/i],
  ['a database error', /SQLITE_|sqlite3|violates|constraint|relation "|syntax error/i],
];

/** Fails when a response body shows internals: stack frames, file paths, SQL or driver messages. */
export function assertNoInternals(body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  for (const [what, pattern] of LEAKS) {
    assert.doesNotMatch(text, pattern, `the body shows ${what}: ${text}`);
  }
}

/**
 * Checks a whole error answer: status, envelope, type, code, `param` (a string: that field; `null`:
 * no field named; omitted: not checked), `request_id` equal to the `Request-Id` header,
 * `WWW-Authenticate: Bearer` on a 401, and nothing internal in the body.
 */
export function assertError(response: ApiResponse, status: number, code: string, param?: string | null): void {
  const shown = JSON.stringify(response.body);
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status}: ${shown}`);
  assert.equal(typeof response.body, 'object', `error body is not JSON: ${shown}`);
  assert.deepEqual(Object.keys(response.body), ['error'], shown);
  const error = response.body.error;
  assert.equal(error.code, code, shown);
  assert.equal(error.type, ERROR_TYPE_BY_STATUS[status], shown);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 0, 'empty message');
  // `payment_intent` (as in Stripe's error object) belongs to authentication_required alone.
  const fields = code === 'authentication_required' ? ['type', 'code', 'message', 'param', 'request_id', 'payment_intent'] : ['type', 'code', 'message', 'param', 'request_id'];
  for (const key of Object.keys(error)) {
    assert.ok(fields.includes(key), `unexpected error field ${key}: ${shown}`);
  }
  if (code === 'authentication_required') {
    assert.match(error.payment_intent?.id ?? '', /^pi_/, shown);
    assert.match(error.payment_intent?.client_secret ?? '', /^pi_.+_secret_/, shown);
  }
  if (param === null) assert.equal(error.param, undefined, `no param expected: ${shown}`);
  else if (param !== undefined) assert.equal(error.param, param, shown);
  assert.match(error.request_id, /^req_[0-9A-Za-z]{16,}$/);
  assert.equal(response.headers.get('request-id'), error.request_id);
  if (status === 401) assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer\b/);
  else assert.equal(response.headers.get('www-authenticate'), null);
  assertNoInternals(response.body);
}

/** Asserts a success status, showing the body when it is not. */
export function assertStatus(response: ApiResponse, status: number): void {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function assertId(value: unknown, prefix: string): void {
  assert.match(String(value), new RegExp(`^${prefix}_[0-9A-Za-z]{16,}$`));
}

export type Lines = ReadonlyArray<readonly [{ id: string }, number]>;

/** Creates an order of `[product, quantity]` lines and returns it; fails unless 201. */
export async function createOrder(api: Api, lines: Lines, extra: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post('/v1/orders', { items: lines.map(([p, quantity]) => ({ product_id: p.id, quantity })), ...extra });
  assertStatus(response, 201);
  return response.body;
}

/** Captures a pending order (card: with `token`; cash: `null`, no body) and returns it; fails unless 200. */
export async function capture(api: Api, orderId: string, token: string | null = 'tok_visa'): Promise<any> {
  const response = await api.post(`/v1/orders/${orderId}/capture`, token === null ? undefined : { payment_token: token });
  assertStatus(response, 200);
  return response.body;
}

/** A new order, paid by card (sandbox) or cash. */
export async function paidOrder(api: Api, lines: Lines, extra: Record<string, unknown> = {}): Promise<any> {
  const order = await createOrder(api, lines, extra);
  return capture(api, order.id, extra.payment_method === 'cash' ? null : 'tok_visa');
}

export async function refund(api: Api, orderId: string, body?: Record<string, unknown>): Promise<any> {
  const response = await api.post(`/v1/orders/${orderId}/refund`, body);
  assertStatus(response, 200);
  return response.body;
}

export async function getOrder(api: Api, orderId: string): Promise<any> {
  const response = await api.get(`/v1/orders/${orderId}`);
  assertStatus(response, 200);
  return response.body;
}

export async function inventoryOf(api: Api, productId: string): Promise<number | null> {
  const response = await api.get(`/v1/products/${productId}`);
  assertStatus(response, 200);
  return response.body.inventory;
}

/** A customer of the credential's merchant and environment. */
export async function createCustomer(api: Api, fields: { name?: string; email?: string | null } = {}): Promise<any> {
  const response = await api.post('/v1/customers', { name: fields.name ?? 'Ada Lovelace', ...fields });
  assertStatus(response, 201);
  return response.body;
}

/** Counts answers by `status` or `status code`, e.g. `{ '201': 10, '422 out_of_stock': 40 }`. */
export function tally(responses: readonly ApiResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of responses) {
    const key = r.status < 400 ? String(r.status) : `${r.status} ${r.body?.error?.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
