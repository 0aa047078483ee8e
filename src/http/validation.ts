/**
 * Request validation: one compiler for every route schema, and the translation of its failures into
 * the API's error codes.
 *
 * Query strings and path parameters arrive as text, so their numbers are coerced; JSON bodies are
 * taken as sent, so `"amount": "500"` is refused rather than read as 500. Unknown fields are refused
 * in both (`additionalProperties: false` with nothing removed).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../errors.js';

/** ISO 8601 date-time with an offset (`2026-11-21T10:00:00Z`, milliseconds optional) or a date (`2026-11-21`). */
const TIMESTAMP_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/**
 * True for a date or date-time that exists on the calendar and the clock (RFC 3339 ranges). Checked
 * field by field because `Date.parse` rolls `2026-02-30` over to March 2 and `T24:00` to the next day.
 */
export function isTimestampOrDate(value: string): boolean {
  const parts = TIMESTAMP_PARTS.exec(value);
  if (parts === null) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month! - 1];
  return (
    daysInMonth !== undefined &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
    // `strict: false` also drops the finiteness check, and JSON's 1e400 parses to Infinity, which
    // would then pass as an integer.
    strictNumbers: true,
  });
  addFormats.default(ajv, ['email', 'date-time', 'date', 'uri']);
  ajv.addFormat('timestamp-or-date', {
    type: 'string',
    validate: isTimestampOrDate,
  });
  return ajv;
}

const textAjv = makeAjv('array');
const jsonAjv = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return withPrecheck(jsonAjv.compile(schema as object) as ValidateFunction, unstorableTextError);
  const integers = integerFields(schema);
  return withPrecheck(textAjv.compile(schema as object) as ValidateFunction, (data) => unstorableTextError(data) ?? integerTextError(data, integers));
};

/**
 * Runs `precheck` before the schema; its error, if any, is the validator's only error.
 * Fastify hands validators that carry `schemaEnv` the parent object, so the root can still be coerced.
 */
function withPrecheck(validate: ValidateFunction, precheck: (data: unknown) => ErrorObject | undefined): ValidateFunction {
  const wrapped = function (this: unknown, data: unknown, ...rest: unknown[]) {
    const refused = precheck(data);
    if (refused !== undefined) {
      wrapped.errors = [refused];
      return false;
    }
    const valid = (validate as (...args: unknown[]) => boolean).call(this, data, ...rest);
    wrapped.errors = validate.errors;
    return valid;
  } as unknown as ValidateFunction;
  return Object.assign(wrapped, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

/**
 * Refuses any string (value or object key) that a database would not store as sent. PostgreSQL text
 * cannot hold U+0000 and fails the whole statement (a 500 there, a 201 on SQLite); a lone UTF-16
 * surrogate (`"\ud800"` in JSON) is not Unicode and comes back as replacement characters. Either
 * is a 400 naming the field, the same on both databases.
 */
function unstorableTextError(data: unknown): ErrorObject | undefined {
  const at = pathOfUnstorable(data, '');
  if (at === undefined) return undefined;
  return {
    keyword: 'unstorable',
    instancePath: at,
    schemaPath: '#',
    params: {},
    message: 'must be well-formed Unicode without the NUL character (U+0000)',
  };
}

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The instance path of the first unstorable string (a bad key names its object), or undefined. */
function pathOfUnstorable(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfUnstorable(value[i], `${path}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path;
    const found = pathOfUnstorable(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Top-level fields of a query or path schema that are integers. */
function integerFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.keys(properties).filter((key) => properties[key]!.type === 'integer');
}

/**
 * Integers in a query string must be written as decimal digits. Ajv's coercion reads any text that
 * `Number()` reads, so without this `per_page=1e1` meant 10 and `page=0x10` meant 16.
 */
function integerTextError(data: unknown, integers: readonly string[]): ErrorObject | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  for (const key of integers) {
    const raw = (data as Record<string, unknown>)[key];
    if (typeof raw === 'string' && !/^-?\d+$/.test(raw)) {
      return { keyword: 'type', instancePath: `/${key}`, schemaPath: '#', params: { type: 'integer' }, message: 'must be a whole number written in digits' };
    }
  }
  return undefined;
}

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

/** `/items/0/quantity` -> `items[0].quantity` */
function paramName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').filter((p) => p !== '');
  if (child !== undefined) parts.push(child);
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name === '' ? part : `${name}.${part}`), '');
}

/** Turns the first schema failure of a request part into a 400 with the field named. */
export function validationError(errors: ErrorObject[], part: string): ApiError {
  const first = errors[0];
  const where = PART_NAMES[part] ?? part;
  if (first === undefined) return new ApiError('parameter_invalid', `Invalid ${where}.`);
  if (first.keyword === 'additionalProperties') {
    const name = paramName(first.instancePath, String(first.params.additionalProperty));
    return new ApiError('parameter_unknown', `Received unknown parameter: ${name}`, name);
  }
  if (first.keyword === 'required') {
    const name = paramName(first.instancePath, String(first.params.missingProperty));
    return new ApiError('parameter_missing', `Missing required parameter: ${name}`, name);
  }
  const name = paramName(first.instancePath);
  if (name === '') {
    return new ApiError('parameter_invalid', `The ${where} ${first.message ?? 'is invalid'}.`);
  }
  const allowed = first.keyword === 'enum' ? `: one of ${(first.params.allowedValues as unknown[]).join(', ')}` : '';
  return new ApiError('parameter_invalid', `Invalid ${name}: ${first.message ?? 'invalid value'}${allowed}.`, name);
}
