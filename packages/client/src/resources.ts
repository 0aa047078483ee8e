/**
 * One namespace per resource, one method per operation of the OpenAPI document, each typed from the
 * generated `paths`: its query, body and answer are those of the document, so a change of the API
 * that the client does not follow fails the type check of the client.
 */
import { ApiPromise, PagePromise, queryString, type Page, type Query, type RequestOptions, type Transport } from './core.js';
import type { components, paths } from './schema.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;

/** The answer of a success (200, 201 or 202) of an operation. */
export type AnswerOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? JsonOf<R[Extract<keyof R, 200 | 201 | 202>]> : never;
/** The JSON body an operation takes. */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The query parameters an operation takes. */
export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type OrderSummary = Schemas['OrderSummary'];
export type Product = Schemas['Product'];
export type DiscountCode = Schemas['DiscountCode'];
export type AppliedDiscount = Schemas['AppliedDiscount'];
export type ModifierGroup = Schemas['ModifierGroup'];
export type LineItemModifier = Schemas['LineItemModifier'];
export type Customer = Schemas['Customer'];
export type Refund = Schemas['Refund'];
export type Receipt = Schemas['Receipt'];
export type ReceiptLink = Schemas['ReceiptLink'];
export type Event = Schemas['Event'];
export type ApiKey = Schemas['ApiKey'];
export type User = Schemas['User'];
export type Account = Schemas['Account'];
export type Session = Schemas['Session'];
export type SalesReport = Schemas['SalesReport'];
export type EndOfDayReport = Schemas['EndOfDayReport'];
export type CashDrawer = Schemas['CashDrawer'];
export type TokenResponse = Schemas['TokenResponse'];
export type Merchant = Schemas['Merchant'];
export type WebhookEndpoint = AnswerOf<'/v1/webhook_endpoints/{id}', 'get'>;

type ItemOf<L> = L extends Page<infer T> ? T : L extends { data: (infer T)[] } ? T : never;

const enc = encodeURIComponent;

abstract class Resource {
  constructor(protected readonly transport: Transport) {}

  protected call<P extends keyof paths, M extends Method>(method: M, path: string, body?: unknown, options?: RequestOptions): ApiPromise<AnswerOf<P, M>> {
    return new ApiPromise(() => this.transport.send<AnswerOf<P, M>>(method.toUpperCase(), path, body, options));
  }

  /** A POST the server cannot replay (`x-idempotent: false`): sent once, never retried. */
  protected callOnce<P extends keyof paths>(path: string, body?: unknown, options?: RequestOptions): ApiPromise<AnswerOf<P, 'post'>> {
    return new ApiPromise(() => this.transport.send<AnswerOf<P, 'post'>>('POST', path, body, options, false));
  }

  protected paged<P extends keyof paths>(path: string, query: Query | undefined, options?: RequestOptions): PagePromise<ItemOf<AnswerOf<P, 'get'>>> {
    type Item = ItemOf<AnswerOf<P, 'get'>>;
    const first = Number(query?.page ?? 1);
    return new PagePromise<Item>((page) => this.transport.send<Page<Item>>('GET', path + queryString({ ...query, page }), undefined, options), first);
  }
}

export class Orders extends Resource {
  list(query?: QueryOf<'/v1/orders', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/orders'>('/v1/orders', query, options);
  }
  create(body: BodyOf<'/v1/orders', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/orders', 'post'>('post', '/v1/orders', body, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}', 'get'>('get', `/v1/orders/${enc(id)}`, undefined, options);
  }
  /**
   * Every order matching List Orders' filters (or, with `type: 'line_items'`, their line items) as CSV
   * text; `.withResponse()` gives the file's name in `Content-Disposition`. The whole file is read
   * within `timeout` (default 60 s): give a large export more.
   */
  export(query?: QueryOf<'/v1/orders/export', 'get'>, options?: RequestOptions): ApiPromise<string> {
    const headers = { accept: 'text/csv', ...options?.headers };
    return new ApiPromise(() => this.transport.send<string>('GET', `/v1/orders/export${queryString(query)}`, undefined, { ...options, headers }, true, 'text'));
  }
  /** Edits a pending order: the fields sent change (`items` replaces every line, priced now); an edit that changes nothing records no event. */
  update(id: string, body: BodyOf<'/v1/orders/{id}', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}', 'patch'>('patch', `/v1/orders/${enc(id)}`, body, options);
  }
  capture(id: string, body: BodyOf<'/v1/orders/{id}/capture', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}/capture', 'post'>('post', `/v1/orders/${enc(id)}/capture`, body, options);
  }
  cancel(id: string, body: BodyOf<'/v1/orders/{id}/cancel', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}/cancel', 'post'>('post', `/v1/orders/${enc(id)}/cancel`, body, options);
  }
  refund(id: string, body: BodyOf<'/v1/orders/{id}/refund', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}/refund', 'post'>('post', `/v1/orders/${enc(id)}/refund`, body, options);
  }
  /** The receipt of a paid order: the shop, the lines, the totals, the payment by tender and the refunds. */
  retrieveReceipt(id: string, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}/receipt', 'get'>('get', `/v1/orders/${enc(id)}/receipt`, undefined, options);
  }
  /** A new link to the order's hosted receipt page; its token is in this answer only, so it is sent once and never retried. */
  createReceiptLink(id: string, options?: RequestOptions) {
    return this.callOnce<'/v1/orders/{id}/receipt_links'>(`/v1/orders/${enc(id)}/receipt_links`, {}, options);
  }
  /** E-mails the receipt of a paid order to `to`, or to the order's customer. */
  sendReceiptEmail(id: string, body: BodyOf<'/v1/orders/{id}/receipt_emails', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/orders/{id}/receipt_emails', 'post'>('post', `/v1/orders/${enc(id)}/receipt_emails`, body, options);
  }
}

export class Products extends Resource {
  list(query?: QueryOf<'/v1/products', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/products'>('/v1/products', query, options);
  }
  create(body: BodyOf<'/v1/products', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/products', 'post'>('post', '/v1/products', body, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/products/{id}', 'get'>('get', `/v1/products/${enc(id)}`, undefined, options);
  }
  update(id: string, body: BodyOf<'/v1/products/{id}', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/products/{id}', 'patch'>('patch', `/v1/products/${enc(id)}`, body, options);
  }
  /** Copies the sandbox catalogue into production (call with a production credential); products already copied are skipped. */
  copyFromSandbox(body: BodyOf<'/v1/products/copy_from_sandbox', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/products/copy_from_sandbox', 'post'>('post', '/v1/products/copy_from_sandbox', body, options);
  }
}

export class DiscountCodes extends Resource {
  list(query?: QueryOf<'/v1/discount_codes', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/discount_codes'>('/v1/discount_codes', query, options);
  }
  create(body: BodyOf<'/v1/discount_codes', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/discount_codes', 'post'>('post', '/v1/discount_codes', body, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/discount_codes/{id}', 'get'>('get', `/v1/discount_codes/${enc(id)}`, undefined, options);
  }
  update(id: string, body: BodyOf<'/v1/discount_codes/{id}', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/discount_codes/{id}', 'patch'>('patch', `/v1/discount_codes/${enc(id)}`, body, options);
  }
}

export class Customers extends Resource {
  list(query?: QueryOf<'/v1/customers', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/customers'>('/v1/customers', query, options);
  }
  create(body: BodyOf<'/v1/customers', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/customers', 'post'>('post', '/v1/customers', body, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/customers/{id}', 'get'>('get', `/v1/customers/${enc(id)}`, undefined, options);
  }
  update(id: string, body: BodyOf<'/v1/customers/{id}', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/customers/{id}', 'patch'>('patch', `/v1/customers/${enc(id)}`, body, options);
  }
}

export class Events extends Resource {
  list(query?: QueryOf<'/v1/events', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/events'>('/v1/events', query, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/events/{id}', 'get'>('get', `/v1/events/${enc(id)}`, undefined, options);
  }
  /** Sends the event again to the webhook endpoints (one, with `endpoint_id`). */
  resend(id: string, body: BodyOf<'/v1/events/{id}/resend', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/events/{id}/resend', 'post'>('post', `/v1/events/${enc(id)}/resend`, body, options);
  }
}

export class ApiKeys extends Resource {
  list(query?: QueryOf<'/v1/api_keys', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/api_keys'>('/v1/api_keys', query, options);
  }
  /** Sent once, never retried: the answer shows the key, which the server cannot replay. After a lost answer, list the keys and revoke any you did not receive. */
  create(body: BodyOf<'/v1/api_keys', 'post'>, options?: RequestOptions) {
    return this.callOnce<'/v1/api_keys'>('/v1/api_keys', body, options);
  }
  revoke(id: string, body: BodyOf<'/v1/api_keys/{id}/revoke', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/api_keys/{id}/revoke', 'post'>('post', `/v1/api_keys/${enc(id)}/revoke`, body, options);
  }
}

/** The signed-in user's own account (user tokens only). */
export class AccountResource extends Resource {
  retrieve(options?: RequestOptions) {
    return this.call<'/v1/account', 'get'>('get', '/v1/account', undefined, options);
  }
  listSessions(query?: QueryOf<'/v1/account/sessions', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/account/sessions'>('/v1/account/sessions', query, options);
  }
  deleteSession(id: string, options?: RequestOptions) {
    return this.call<'/v1/account/sessions/{id}', 'delete'>('delete', `/v1/account/sessions/${enc(id)}`, undefined, options);
  }
  /** Sent once, never retried: a retry of a change that succeeded would answer `incorrect_password`. */
  changePassword(body: BodyOf<'/v1/account/password', 'post'>, options?: RequestOptions) {
    return this.callOnce<'/v1/account/password'>('/v1/account/password', body, options);
  }
}

/** The merchant's team (user tokens with the owner or admin role). */
export class Users extends Resource {
  list(query?: QueryOf<'/v1/users', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/users'>('/v1/users', query, options);
  }
  create(body: BodyOf<'/v1/users', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/users', 'post'>('post', '/v1/users', body, options);
  }
  update(id: string, body: BodyOf<'/v1/users/{id}', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/users/{id}', 'patch'>('patch', `/v1/users/${enc(id)}`, body, options);
  }
  delete(id: string, options?: RequestOptions) {
    return this.call<'/v1/users/{id}', 'delete'>('delete', `/v1/users/${enc(id)}`, undefined, options);
  }
  signOut(id: string, body: BodyOf<'/v1/users/{id}/sign_out', 'post'> = {}, options?: RequestOptions) {
    return this.call<'/v1/users/{id}/sign_out', 'post'>('post', `/v1/users/${enc(id)}/sign_out`, body, options);
  }
}

type EndOfDayQuery = Omit<QueryOf<'/v1/reports/end_of_day', 'get'>, 'format'>;

export class Reports extends Resource {
  sales(query: QueryOf<'/v1/reports/sales', 'get'>, options?: RequestOptions) {
    return this.call<'/v1/reports/sales', 'get'>('get', '/v1/reports/sales' + queryString(query), undefined, options);
  }
  /** The end-of-day (Z) report of one local day (`date`, in `time_zone`): per register and in total. */
  endOfDay(query: EndOfDayQuery, options?: RequestOptions) {
    return this.call<'/v1/reports/end_of_day', 'get'>('get', '/v1/reports/end_of_day' + queryString(query), undefined, options);
  }
  /** The same report as CSV text (a header row, one row per register, then the totals), for a spreadsheet. */
  endOfDayCsv(query: EndOfDayQuery, options?: RequestOptions): ApiPromise<string> {
    const headers = { accept: 'text/csv', ...options?.headers };
    return new ApiPromise(() => this.transport.send<string>('GET', '/v1/reports/end_of_day' + queryString({ ...query, format: 'csv' }), undefined, { ...options, headers }));
  }
}

/** A register's cash drawer sessions: opened with a float, cash paid in and out, counted and closed. */
export class CashDrawers extends Resource {
  list(query?: QueryOf<'/v1/cash_drawers', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/cash_drawers'>('/v1/cash_drawers', query, options);
  }
  /** Opens a drawer for a register (409 `cash_drawer_already_open` when it has one open). */
  open(body: BodyOf<'/v1/cash_drawers', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/cash_drawers', 'post'>('post', '/v1/cash_drawers', body, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/cash_drawers/{id}', 'get'>('get', `/v1/cash_drawers/${enc(id)}`, undefined, options);
  }
  /** Cash paid in or out of an open drawer, with its reason. */
  createMovement(id: string, body: BodyOf<'/v1/cash_drawers/{id}/movements', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/cash_drawers/{id}/movements', 'post'>('post', `/v1/cash_drawers/${enc(id)}/movements`, body, options);
  }
  /** Closes the drawer with the cash counted in it: its expected cash is fixed and its over/short known. */
  close(id: string, body: BodyOf<'/v1/cash_drawers/{id}/close', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/cash_drawers/{id}/close', 'post'>('post', `/v1/cash_drawers/${enc(id)}/close`, body, options);
  }
}

export class WebhookEndpoints extends Resource {
  list(query?: QueryOf<'/v1/webhook_endpoints', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/webhook_endpoints'>('/v1/webhook_endpoints', query, options);
  }
  /** Sent once, never retried: the answer shows the secret, which the server cannot replay. After a lost answer, list the endpoints and delete any you did not receive. */
  create(body: BodyOf<'/v1/webhook_endpoints', 'post'>, options?: RequestOptions) {
    return this.callOnce<'/v1/webhook_endpoints'>('/v1/webhook_endpoints', body, options);
  }
  retrieve(id: string, options?: RequestOptions) {
    return this.call<'/v1/webhook_endpoints/{id}', 'get'>('get', `/v1/webhook_endpoints/${enc(id)}`, undefined, options);
  }
  update(id: string, body: BodyOf<'/v1/webhook_endpoints/{id}', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/webhook_endpoints/{id}', 'patch'>('patch', `/v1/webhook_endpoints/${enc(id)}`, body, options);
  }
  delete(id: string, options?: RequestOptions) {
    return this.call<'/v1/webhook_endpoints/{id}', 'delete'>('delete', `/v1/webhook_endpoints/${enc(id)}`, undefined, options);
  }
  /** Sent once, never retried: the answer shows the new secret, which the server cannot replay. After a lost answer, rotate again. */
  rotateSecret(id: string, body: BodyOf<'/v1/webhook_endpoints/{id}/rotate_secret', 'post'> = {}, options?: RequestOptions) {
    return this.callOnce<'/v1/webhook_endpoints/{id}/rotate_secret'>(`/v1/webhook_endpoints/${enc(id)}/rotate_secret`, body, options);
  }
  listDeliveries(id: string, query?: QueryOf<'/v1/webhook_endpoints/{id}/deliveries', 'get'>, options?: RequestOptions) {
    return this.paged<'/v1/webhook_endpoints/{id}/deliveries'>(`/v1/webhook_endpoints/${enc(id)}/deliveries`, query, options);
  }
  /** Sends a `ping` event to the endpoint now. */
  test(id: string, options?: RequestOptions) {
    return this.call<'/v1/webhook_endpoints/{id}/test', 'post'>('post', `/v1/webhook_endpoints/${enc(id)}/test`, undefined, options);
  }
}

/** The merchant's settings (admin users and full-access API keys: `merchant:read` / `merchant:write`). */
export class MerchantResource extends Resource {
  retrieve(options?: RequestOptions) {
    return this.call<'/v1/merchant', 'get'>('get', '/v1/merchant', undefined, options);
  }
  /** Changes the fields sent; orders created afterwards use them, earlier orders keep their figures. */
  update(body: BodyOf<'/v1/merchant', 'patch'>, options?: RequestOptions) {
    return this.call<'/v1/merchant', 'patch'>('patch', '/v1/merchant', body, options);
  }
}

/** `POST /v1/auth/refresh` as is; a client built with `tokens` refreshes by itself. */
export class AuthResource extends Resource {
  refresh(body: BodyOf<'/v1/auth/refresh', 'post'>, options?: RequestOptions) {
    return this.call<'/v1/auth/refresh', 'post'>('post', '/v1/auth/refresh', body, options);
  }
}
