/**
 * The one catalogue of error codes: the API's, its error class and the envelope clients see, and the
 * OAuth endpoints' (RFC 6749). Each API code carries its status, its type and what it means to a
 * client (the API reference's table of codes, `docs/conventions.ts`), so a new code does not compile
 * until it is explained. The client's copy (`packages/client/src/errors.ts`) is held equal to this
 * one by `test/client/schema.test.ts`.
 *
 * Business code throws `ApiError` with a code from `ERROR_CODES` (or `InvalidInput`, the refusal the
 * command line prints too); the error handler (`http/error-handler.ts`) turns it into
 * `{"error": {...}}`. Anything that is not an `ApiError` becomes a 500 `internal_error` whose cause
 * is logged, never sent. The OAuth endpoints throw `OAuthError` with a code from `OAUTH_ERROR_CODES`.
 */
import Type, { type Static } from 'typebox';

export const ERROR_CODES = {
  invalid_json: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The request body is not valid JSON, or is nested too deep or holds too many keys (see Limits).',
  },
  parameter_missing: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A required field is missing (`param` names it), e.g. `items`, or `payment_token` when capturing a card order.',
  },
  parameter_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A field, query parameter or path has the wrong type, format or range (`param` names it), including a number written with a decimal point or exponent; also a malformed URL, an unknown sandbox test token, a line item that is not on the order, or a body key named `__proto__`.',
  },
  parameter_unknown: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A body field or query parameter that the operation does not take (`param` names it).',
  },
  invalid_refund_amount: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The refund amount is not between 1 and what is left to refund, is above the value of the returned items, or more units are returned than are left on a line.',
  },
  already_refunded: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The order has been refunded in full.',
  },
  idempotency_key_reused: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The `Idempotency-Key` was already used, within 24 hours, for a request to another endpoint or with another body. Use a new key for a new request.',
  },
  incorrect_password: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'From `POST /v1/account/password`: `current_password` is not the user\'s password (`param` `current_password`). Nothing changed; it counts as a failed sign-in for the account\'s limit.',
  },
  webhook_endpoint_limit_reached: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'From `POST /v1/webhook_endpoints`: the merchant already has 16 webhook endpoints (not deleted) in this environment, the most it may have. Delete one, or send more event types to one endpoint.',
  },
  currency_locked: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'From `PATCH /v1/merchant`: the merchant already has an order, in either environment, so its `currency` can no longer change (`param` `currency`). Nothing changed.',
  },
  production_required: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'From `POST /v1/products/copy_from_sandbox`: the credential is a sandbox one. The copy goes into production, so it is made with a production credential (an `sk_live_` key, or a dashboard sign-in switched to production). Nothing was copied.',
  },
  signature_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A Stripe event (`POST /v1/processors/stripe/events`) whose `Stripe-Signature` header is missing, does not match the body with any secret in `STRIPE_WEBHOOK_SECRET`, or is older than 5 minutes (a replay). Nothing was applied. Also the answer while no `STRIPE_WEBHOOK_SECRET` is set.',
  },
  request_too_large: {
    status: 413,
    type: 'invalid_request_error',
    meaning: 'The request body is larger than the limit (1 MiB unless the operator set `BODY_LIMIT_BYTES`).',
  },
  headers_too_large: {
    status: 431,
    type: 'invalid_request_error',
    meaning: 'The request headers (cookies and `Authorization` included) are larger than 16 KiB together.',
  },
  request_timeout: {
    status: 408,
    type: 'invalid_request_error',
    meaning: 'The request was not received whole within the server\'s request timeout (30 s by default); the connection is closed.',
  },
  unsupported_media_type: {
    status: 415,
    type: 'invalid_request_error',
    meaning: 'A request body was sent with a `Content-Type` other than `application/json`.',
  },
  missing_credentials: {
    status: 401,
    type: 'authentication_error',
    meaning: 'No `Authorization` header.',
  },
  invalid_credentials: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The credential is unknown, or the header is not `Bearer <credential>`, or a credential was sent in the query string (`access_token`, `api_key`, `key`).',
  },
  token_expired: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The user access token is past its expiry (`exp`, with 60 s of leeway): refresh it. From `/v1/auth/refresh`: the refresh token is past its 30 days; sign in again.',
  },
  credential_revoked: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The API key has been revoked; or the user access token or refresh token belongs to a sign-in that has ended (signed out, here or from the list of sign-ins; signed out everywhere by an admin; ended by a password change made from another sign-in; user removed; a refresh token or code used twice; or past its maximum age, 90 days by default).',
  },
  refresh_token_used: {
    status: 401,
    type: 'authentication_error',
    meaning: 'From `/v1/auth/refresh`: this refresh token was exchanged moments ago (within the grace period). Use the refresh token that exchange returned; the sign-in goes on.',
  },
  card_declined: {
    status: 402,
    type: 'payment_error',
    meaning: 'The card was declined (in the sandbox: `tok_chargeDeclined`; with Stripe, the message names Stripe\'s `decline_code`). The order stays `pending`.',
  },
  authentication_required: {
    status: 402,
    type: 'payment_error',
    meaning: 'The card needs the customer to authenticate (3-D Secure). The error carries `payment_intent` (`id`, `client_secret`): the app finishes it with Stripe\'s SDK, then captures again with the PaymentIntent id as `payment_token`. The order stays `pending`.',
  },
  insufficient_permissions: {
    status: 403,
    type: 'permission_error',
    meaning: 'The credential lacks the permission the operation requires, or is of a kind the operation does not accept.',
  },
  resource_not_found: {
    status: 404,
    type: 'not_found_error',
    meaning: "No such object for this merchant and environment. Another merchant's object answers the same; an object of the same merchant's other environment too, with a message that adds that a similar object exists in the sandbox (or production) data set.",
  },
  route_not_found: {
    status: 404,
    type: 'not_found_error',
    meaning: 'No operation has this path.',
  },
  method_not_allowed: {
    status: 405,
    type: 'invalid_request_error',
    meaning: 'The path is an operation\'s, under other methods (`DELETE /v1/products/{id}`, say); the `Allow` header lists them.',
  },
  idempotency_key_in_use: {
    status: 409,
    type: 'conflict_error',
    meaning: 'The first request with this `Idempotency-Key` is still running. Retry once it has answered; the retry then gets its answer.',
  },
  capture_in_progress: {
    status: 409,
    type: 'conflict_error',
    meaning: 'Another capture or refund of this order is with the card processor right now, and did not finish within the wait (10 s). Nothing was charged or refunded by this request. Retry after `Retry-After` seconds: the retry waits for, or answers with, the result of the call in progress, and cannot charge twice. This answer is not stored under the `Idempotency-Key`.',
  },
  cash_drawer_already_open: {
    status: 409,
    type: 'conflict_error',
    meaning: 'From `POST /v1/cash_drawers`: the register already has an open drawer (`param` `register`). Close it first (`POST /v1/cash_drawers/{id}/close`), or use it. Of two opens of one register at once, one succeeds and the other answers this.',
  },
  product_not_found: {
    status: 422,
    type: 'unprocessable_error',
    meaning: "An ordered product is unknown, or another tenant's (`param` names the line).",
  },
  product_inactive: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'An ordered product is inactive: it can no longer be sold until it is made active again (`param` names the line). Nothing is reserved.',
  },
  out_of_stock: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'A product has fewer units in stock than the order asks for (`param` names the line). Nothing is reserved.',
  },
  customer_not_found: {
    status: 422,
    type: 'unprocessable_error',
    meaning: "`customer_id` names no customer of this merchant and environment.",
  },
  order_not_refundable: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'The order is `pending` or `canceled`; only `paid` and `partially_refunded` orders can be refunded.',
  },
  order_not_capturable: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'The order is not `pending`.',
  },
  order_not_cancelable: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'The order is not `pending`.',
  },
  order_not_editable: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'The order is not `pending`; only pending orders can be edited.',
  },
  cash_drawer_closed: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'The cash drawer is closed: no cash goes in or out of it any more, and it cannot be closed again. On a capture or a refund (`param` `cash_drawer_id`): ring it up on the open drawer of the register (or open a new one). Nothing was changed, charged or refunded.',
  },
  order_not_paid: {
    status: 422,
    type: 'unprocessable_error',
    meaning: 'From the receipt operations (`/v1/orders/{id}/receipt`, `/receipt_links`, `/receipt_emails`): the order is `pending` or `canceled`. Only orders that were paid (`paid`, `partially_refunded`, `refunded`) have a receipt.',
  },
  rate_limited: {
    status: 429,
    type: 'rate_limit_error',
    meaning: 'The credential (or, for a request without one, the client address) has spent its budget of requests for the current window; retry after `Retry-After` seconds. The request did nothing.',
  },
  internal_error: {
    status: 500,
    type: 'api_error',
    meaning: 'Something failed on our side. It is logged; quote the `request_id`. The body never shows the cause.',
  },
  processor_error: {
    status: 502,
    type: 'api_error',
    meaning: 'The card processor (Stripe) answered with an error, and shows that nothing was charged or refunded by this request (its PaymentIntent took no money, or it lists no such refund). Retry it (with the same `Idempotency-Key`).',
  },
  processor_unavailable: {
    status: 503,
    type: 'api_error',
    meaning: 'A card capture in production while no payment processor is configured (use a sandbox key to try captures); or the card processor did not answer a capture or refund in time, so the charge or refund **may or may not have happened**. The call stays pending; retrying the capture (or the same refund) after `Retry-After` seconds is safe: Till sends the same call again with the same processor idempotency key, so it charges or refunds once, and a retry that finds its own earlier call succeeded answers `200` with the result. Do not take the payment another way in the meantime.',
  },
  service_unavailable: {
    status: 503,
    type: 'api_error',
    meaning: 'The server is shutting down, or its database cannot be reached, has no connection free, is out of disk or takes no writes. Nothing was changed; retry after `Retry-After` seconds, with the same `Idempotency-Key`.',
  },
  database_timeout: {
    status: 503,
    type: 'api_error',
    meaning: 'The database did not answer within the server\'s statement timeout (10 s by default, counted from the request\'s arrival), for example while another request held the rows. The request was rolled back whole; retry it (after `Retry-After` seconds) with the same `Idempotency-Key`.',
  },
  commit_unconfirmed: {
    status: 503,
    type: 'api_error',
    meaning: 'The connection to the database broke, or the database fell silent, while it was committing the change: the change may or may not have been made. Retry the request with the same `Idempotency-Key`: if it was made, the retry answers with its stored result; if not, the retry makes it. Never retry such a request without its key.',
  },
} as const satisfies Record<string, { status: number; type: string; meaning: string }>;

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
