/**
 * Schema pieces shared by every resource: identifiers, money, timestamps, pagination and the error
 * responses. Route schemas are built from these, and the OpenAPI document is generated from them.
 */
import Type, { type Static, type TLiteral, type TSchema, type TSchemaOptions, type TUnion } from 'typebox';
import { ERROR_CODES, ErrorBody, type ErrorCode } from '../errors.js';
import type { IdPrefix } from '../ids.js';

export const MAX_UNIT_PRICE = 99_999_999;
export const MAX_QUANTITY = 10_000;
/** The most a discount's amount can be: a line's largest total (`MAX_UNIT_PRICE * MAX_QUANTITY`). */
export const MAX_DISCOUNT_AMOUNT = MAX_UNIT_PRICE * MAX_QUANTITY;

export function IdOf(prefix: IdPrefix, description?: string) {
  return Type.String({ pattern: `^${prefix}_[0-9A-Za-z]+$`, examples: [`${prefix}_4Vq2c9XrT0bLkP7sYh1m`], ...(description ? { description } : {}) });
}

/** An identifier in a request: any short string, so an unknown one is "not found" rather than "malformed". */
/**
 * A phone number as people write it: an optional leading `+`, digits, and spaces, dashes, dots or
 * parentheses between them (stored without the separators).
 */
export const PHONE_PATTERN = '^\\+?[ ().-]*[0-9][0-9 ().-]*$';

export const IdParam = Type.String({ minLength: 1, maxLength: 255 });

/** A register's receipt number: the register's code (1 to 20 letters, digits, `-` and `_`), a dash, and its counter (1 to 10 digits). */
export const REGISTER_RECEIPT_NUMBER_PATTERN = '^[A-Za-z0-9_-]{1,20}-[0-9]{1,10}$';

export const Money = Type.Integer({ minimum: 0, description: 'Amount in the smallest currency unit (e.g. cents).' });
export const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency code.', examples: ['USD'] });
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC, with milliseconds.', examples: ['2026-11-21T10:00:00.000Z'] });

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A string that is one of `values`: the schema (`anyOf` of constants, `type: string`) and its static
 * type both come from the one list, as every enumeration of the API does (order status, roles...).
 */
export function OneOf<const T extends readonly string[]>(values: T, options?: TSchemaOptions): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  // TypeScript cannot follow the tuple through `map`; the cast states what it holds.
  return Type.Union(values.map((value) => Type.Literal(value)), options) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
}

/** Free-form string key/value pairs: at most 50 keys of at most 40 characters, values at most 500. */
export const Metadata = Type.Unsafe<Record<string, string>>({
  type: 'object',
  maxProperties: 50,
  propertyNames: { minLength: 1, maxLength: 40 },
  additionalProperties: { type: 'string', maxLength: 500 },
  description: 'Up to 50 string key/value pairs (keys up to 40 characters, values up to 500) for your own use.',
});

export const PaginationQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1, description: 'Page number, starting at 1.' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100.' })),
};

export const Pagination = Type.Object(
  {
    total: Type.Integer({ description: 'Number of objects matching the filters, on all pages.' }),
    page: Type.Integer(),
    per_page: Type.Integer(),
    has_more: Type.Boolean({ description: 'True when a later page has objects.' }),
  },
  { $id: 'Pagination' },
);
export type Pagination = Static<typeof Pagination>;


/**
 * Error codes every `/v1` operation can answer: a malformed URL, headers too large, a client too slow
 * to send its request, too many requests (the limiter of `rate-limit.ts` counts every `/v1`
 * request), a failure on our side, a database past its statement timeout, a server shutting down.
 */
export const COMMON_ERRORS: readonly ErrorCode[] = [
  'parameter_invalid',
  'request_timeout',
  'headers_too_large',
  'rate_limited',
  'internal_error',
  'database_timeout',
  'commit_unconfirmed',
  'service_unavailable',
];

const errorCodesOfResponse = new WeakMap<object, readonly ErrorCode[]>();

/**
 * The error responses of a route, one entry per status its codes can answer, each with the envelope.
 * Each entry remembers its codes (see `errorCodesOf`), so the OpenAPI document can list them.
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, typeof ErrorBody> {
  const byStatus: Record<number, ErrorCode[]> = {};
  for (const code of new Set([...COMMON_ERRORS, ...codes])) {
    (byStatus[ERROR_CODES[code].status] ??= []).push(code);
  }
  const responses: Record<number, typeof ErrorBody> = {};
  for (const [status, list] of Object.entries(byStatus)) {
    const response = Type.Object(ErrorBody.properties, {
      description: `Error: ${list.map((c) => `\`${c}\``).join(', ')}`,
    }) as unknown as typeof ErrorBody;
    errorCodesOfResponse.set(response, list);
    responses[Number(status)] = response;
  }
  return responses;
}

/** The codes of an error response made by `errorResponses`; undefined for any other schema. */
export function errorCodesOf(response: unknown): readonly ErrorCode[] | undefined {
  return response !== null && typeof response === 'object' ? errorCodesOfResponse.get(response) : undefined;
}

/** Error codes every authenticated route can answer. */
export const AUTH_ERRORS: ErrorCode[] = ['missing_credentials', 'invalid_credentials', 'credential_revoked', 'token_expired', 'insufficient_permissions', 'parameter_unknown'];

/** Error codes every POST can answer because of its `Idempotency-Key`. */
export const IDEMPOTENCY_ERRORS: ErrorCode[] = ['idempotency_key_reused', 'idempotency_key_in_use'];
