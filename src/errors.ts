/**
 * The one catalogue of error codes: the API's, its error class and the envelope clients see, and the
 * OAuth endpoints' (RFC 6749).
 *
 * Business code throws `ApiError` with a code from `ERROR_CODES` (or `InvalidInput`, the refusal the
 * command line prints too); the error handler (`http/error-handler.ts`) turns it into
 * `{"error": {...}}`. Anything that is not an `ApiError` becomes a 500 `internal_error` whose cause
 * is logged, never sent. The OAuth endpoints throw `OAuthError` with a code from `OAUTH_ERROR_CODES`.
 */
import Type, { type Static } from 'typebox';

export const ERROR_CODES = {
  invalid_json: { status: 400, type: 'invalid_request_error' },
  parameter_missing: { status: 400, type: 'invalid_request_error' },
  parameter_invalid: { status: 400, type: 'invalid_request_error' },
  parameter_unknown: { status: 400, type: 'invalid_request_error' },
  invalid_refund_amount: { status: 400, type: 'invalid_request_error' },
  already_refunded: { status: 400, type: 'invalid_request_error' },
  idempotency_key_reused: { status: 400, type: 'invalid_request_error' },
  incorrect_password: { status: 400, type: 'invalid_request_error' },
  webhook_endpoint_limit_reached: { status: 400, type: 'invalid_request_error' },
  signature_invalid: { status: 400, type: 'invalid_request_error' },
  request_too_large: { status: 413, type: 'invalid_request_error' },
  headers_too_large: { status: 431, type: 'invalid_request_error' },
  request_timeout: { status: 408, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
  missing_credentials: { status: 401, type: 'authentication_error' },
  invalid_credentials: { status: 401, type: 'authentication_error' },
  token_expired: { status: 401, type: 'authentication_error' },
  credential_revoked: { status: 401, type: 'authentication_error' },
  refresh_token_used: { status: 401, type: 'authentication_error' },
  card_declined: { status: 402, type: 'payment_error' },
  authentication_required: { status: 402, type: 'payment_error' },
  insufficient_permissions: { status: 403, type: 'permission_error' },
  resource_not_found: { status: 404, type: 'not_found_error' },
  route_not_found: { status: 404, type: 'not_found_error' },
  method_not_allowed: { status: 405, type: 'invalid_request_error' },
  idempotency_key_in_use: { status: 409, type: 'conflict_error' },
  capture_in_progress: { status: 409, type: 'conflict_error' },
  product_not_found: { status: 422, type: 'unprocessable_error' },
  product_inactive: { status: 422, type: 'unprocessable_error' },
  out_of_stock: { status: 422, type: 'unprocessable_error' },
  customer_not_found: { status: 422, type: 'unprocessable_error' },
  order_not_refundable: { status: 422, type: 'unprocessable_error' },
  order_not_capturable: { status: 422, type: 'unprocessable_error' },
  order_not_cancelable: { status: 422, type: 'unprocessable_error' },
  rate_limited: { status: 429, type: 'rate_limit_error' },
  internal_error: { status: 500, type: 'api_error' },
  processor_error: { status: 502, type: 'api_error' },
  processor_unavailable: { status: 503, type: 'api_error' },
  service_unavailable: { status: 503, type: 'api_error' },
  database_timeout: { status: 503, type: 'api_error' },
  commit_unconfirmed: { status: 503, type: 'api_error' },
} as const satisfies Record<string, { status: number; type: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface PaymentIntentRef {
  id: string;
  client_secret: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly param: string | undefined;
  /** `authentication_required` only: the PaymentIntent the app finishes (3-D Secure) with its client secret. */
  readonly paymentIntent: PaymentIntentRef | undefined;

  constructor(code: ErrorCode, message: string, param?: string, extra?: { payment_intent?: PaymentIntentRef }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.param = param;
    this.paymentIntent = extra?.payment_intent;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  get type(): string {
    return ERROR_CODES[this.code].type;
  }
}

/**
 * The codes of the OAuth endpoints (`/oauth/token`, `/oauth/revoke`, and the sign-in form's failures),
 * with their status. These answer RFC 6749's `{"error", "error_description"}` (section 5.2) instead
 * of the envelope below, translated in one place: the OAuth routes' error handler (`oauth/routes.ts`).
 */
export const OAUTH_ERROR_CODES = {
  invalid_request: 400,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_client: 401,
  rate_limited: 429,
  server_error: 500,
} as const satisfies Record<string, number>;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_CODES;

/** A refusal of the OAuth endpoints; `headers` are sent with it (`Retry-After` for `rate_limited`). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    return OAUTH_ERROR_CODES[this.error];
  }
}

/** The error envelope, as documented in the OpenAPI document for every error status. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      type: Type.String({ description: 'The class of error, e.g. `invalid_request_error`.' }),
      code: Type.String({ description: 'A machine-readable code from the catalogue, e.g. `out_of_stock`.' }),
      message: Type.String({ description: 'A human-readable explanation, safe to show to a merchant.' }),
      param: Type.Optional(Type.String({ description: 'The request field at fault, where one is.' })),
      request_id: Type.String({ description: 'The `Request-Id` of the request, for support.' }),
      payment_intent: Type.Optional(
        Type.Object(
          {
            id: Type.String({ description: 'The Stripe PaymentIntent id (`pi_...`).' }),
            client_secret: Type.String({ description: 'Its client secret, for Stripe\'s SDK to run the authentication.' }),
          },
          {
            description:
              '`authentication_required` only, as in Stripe\'s error object: the PaymentIntent waiting for the customer to authenticate (3-D Secure). The app finishes it with Stripe\'s SDK, then captures again with its `id` as `payment_token`.',
          },
        ),
      ),
    }),
  },
  { $id: 'Error', title: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      request_id: requestId,
      ...(error.paymentIntent === undefined ? {} : { payment_intent: error.paymentIntent }),
    },
  };
}

/** A lower-case message of a business rule ("the password must ...") as a sentence. */
export function asSentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Input that a rule of the domain refuses, for the API and the command line alike. `reason` is the
 * rule's lower-case clause ("the merchant name must not be empty"): the API answers it as a sentence
 * with `parameter_invalid` and the field at fault as `param`; the command line prints the clause as
 * it is (`src/cli/cli-error.ts`).
 */
export class InvalidInput extends ApiError {
  constructor(
    readonly reason: string,
    param?: string,
  ) {
    super('parameter_invalid', asSentence(reason), param);
    this.name = 'InvalidInput';
  }
}

/**
 * The 404 of a missing object. `elsewhere`: the credential's other environment holds an object with
 * this id (of the same merchant), which the message says, so that a key of the wrong environment is
 * told apart from a wrong id.
 */
export function notFound(kind: string, id: string, param?: string, elsewhere?: 'sandbox' | 'production'): ApiError {
  if (elsewhere === undefined) return new ApiError('resource_not_found', `No such ${kind}: '${id}'`, param);
  const how = elsewhere === 'sandbox' ? 'use a sk_test_ key, or switch the sign-in to the sandbox' : 'use a sk_live_ key, or switch the sign-in to production';
  return new ApiError('resource_not_found', `No such ${kind}: '${id}'; a similar object exists in the ${elsewhere} data set: ${how}.`, param);
}
