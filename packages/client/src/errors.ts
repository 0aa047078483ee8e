/**
 * The errors the client throws: one `TillError` class with a subclass per `type` of the API's error
 * envelope, so an app catches a family (`instanceof RateLimitError`) and narrows on `code` within it.
 * The code catalogue mirrors the server's `src/errors.ts`, where each code is declared once;
 * `test/client/schema.test.ts` fails to compile when the two differ.
 */

/** Every error code of the API, by the `type` it belongs to. */
export interface ErrorCatalogue {
  invalid_request_error:
    | 'invalid_json'
    | 'parameter_missing'
    | 'parameter_invalid'
    | 'parameter_unknown'
    | 'invalid_refund_amount'
    | 'already_refunded'
    | 'idempotency_key_reused'
    | 'incorrect_password'
    | 'webhook_endpoint_limit_reached'
    | 'currency_locked'
    | 'production_required'
    | 'signature_invalid'
    | 'request_too_large'
    | 'headers_too_large'
    | 'request_timeout'
    | 'unsupported_media_type'
    | 'method_not_allowed';
  authentication_error: 'missing_credentials' | 'invalid_credentials' | 'token_expired' | 'credential_revoked' | 'refresh_token_used';
  payment_error: 'card_declined' | 'authentication_required';
  permission_error: 'insufficient_permissions';
  not_found_error: 'resource_not_found' | 'route_not_found';
  conflict_error: 'idempotency_key_in_use' | 'capture_in_progress' | 'cash_drawer_already_open';
  unprocessable_error:
    | 'product_not_found'
    | 'product_inactive'
    | 'out_of_stock'
    | 'customer_not_found'
    | 'order_not_refundable'
    | 'order_not_capturable'
    | 'order_not_cancelable'
    | 'order_not_editable'
    | 'cash_drawer_closed'
    | 'order_not_paid';
  rate_limit_error: 'rate_limited';
  api_error: 'internal_error' | 'processor_error' | 'processor_unavailable' | 'service_unavailable' | 'database_timeout' | 'commit_unconfirmed';
}

export type ErrorType = keyof ErrorCatalogue;
/** Any code of the API's catalogue. */
export type ErrorCode = ErrorCatalogue[ErrorType];

/** The `error` object of the API's envelope (`{"error": {...}}`). */
export interface ErrorObject {
  type: string;
  code: string;
  message: string;
  param?: string;
  request_id?: string;
  payment_intent?: { id: string; client_secret: string };
}

/**
 * An answer of the API that is not a success, or no answer at all (`ConnectionError`, status 0).
 * `code` is a string beyond the catalogue too: a server newer than this client may send a new one.
 */
export class TillError<C extends string = ErrorCode | (string & {})> extends Error {
  /** The HTTP status, 0 when no answer came. */
  readonly status: number;
  readonly type: string;
  readonly code: C;
  /** The request field at fault, where one is. */
  readonly param: string | undefined;
  /** The `Request-Id` of the answer, for support. */
  readonly requestId: string | undefined;
  /** The answer's headers, when one came. */
  readonly headers: Headers | undefined;

  constructor(status: number, error: ErrorObject, headers?: Headers) {
    super(error.message);
    this.name = new.target.name;
    this.status = status;
    this.type = error.type;
    this.code = error.code as C;
    this.param = error.param;
    this.requestId = error.request_id ?? headers?.get('request-id') ?? undefined;
    this.headers = headers;
  }
}

export class InvalidRequestError extends TillError<ErrorCatalogue['invalid_request_error']> {}
export class AuthenticationError extends TillError<ErrorCatalogue['authentication_error'] | (string & {})> {}
export class PermissionError extends TillError<ErrorCatalogue['permission_error']> {}
export class NotFoundError extends TillError<ErrorCatalogue['not_found_error']> {}
export class ConflictError extends TillError<ErrorCatalogue['conflict_error']> {}
export class UnprocessableError extends TillError<ErrorCatalogue['unprocessable_error']> {}
export class ApiError extends TillError<ErrorCatalogue['api_error']> {}

/** A card refused, or one that needs 3-D Secure: `paymentIntent` is what Stripe's SDK finishes. */
export class PaymentError extends TillError<ErrorCatalogue['payment_error']> {
  readonly paymentIntent: { id: string; client_secret: string } | undefined;
  constructor(status: number, error: ErrorObject, headers?: Headers) {
    super(status, error, headers);
    this.paymentIntent = error.payment_intent;
  }
}

/** Too many requests; `retryAfter` is the wait in seconds the API asked for, when it said. */
export class RateLimitError extends TillError<ErrorCatalogue['rate_limit_error']> {
  readonly retryAfter: number | undefined;
  constructor(status: number, error: ErrorObject, headers?: Headers) {
    super(status, error, headers);
    const seconds = retryAfterMs(headers);
    this.retryAfter = seconds === undefined ? undefined : seconds / 1000;
  }
}

/** No answer: the network failed, or the timeout passed (`code: 'timeout'`) or the caller aborted (`'aborted'`). */
export class ConnectionError extends TillError<'connection_failed' | 'timeout' | 'aborted'> {
  constructor(code: 'connection_failed' | 'timeout' | 'aborted', message: string, cause?: unknown) {
    super(0, { type: 'connection_error', code, message });
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/** A webhook whose signature, timestamp or headers do not check out. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

const BY_TYPE: Record<string, new (status: number, error: ErrorObject, headers?: Headers) => TillError> = {
  invalid_request_error: InvalidRequestError,
  authentication_error: AuthenticationError,
  permission_error: PermissionError,
  not_found_error: NotFoundError,
  conflict_error: ConflictError,
  unprocessable_error: UnprocessableError,
  payment_error: PaymentError,
  rate_limit_error: RateLimitError,
  api_error: ApiError,
};

/** The error of a failed answer, from its envelope; an answer without one (a proxy's page) gets a generic one by status. */
export function errorOf(status: number, body: unknown, headers: Headers): TillError {
  const error = (body as { error?: ErrorObject } | undefined)?.error;
  if (error !== undefined && typeof error === 'object' && typeof error.code === 'string') {
    return new (BY_TYPE[error.type] ?? TillError)(status, error, headers);
  }
  const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : status === 401 ? 'authentication_error' : 'invalid_request_error';
  const code = status === 429 ? 'rate_limited' : status >= 500 ? 'internal_error' : 'http_' + status;
  const text = typeof body === 'string' && body !== '' ? `: ${body.slice(0, 200)}` : '';
  return new BY_TYPE[type]!(status, { type, code, message: `The API answered ${status} without an error object${text}` }, headers);
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), when the answer has one. */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (value === null || value === undefined || value === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
