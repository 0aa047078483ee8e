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
import { PHONE_PATTERN, REGISTER_RECEIPT_NUMBER_PATTERN } from './schemas.js';

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

/** An ISO 8601 date-time with `Z` or an offset (`2026-11-21T10:00:00Z`, milliseconds optional) that exists on the calendar and the clock. */
export function isTimestamp(value: string): boolean {
  return value.includes('T') && isTimestampOrDate(value);
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
    // Errors carry the schema that failed, from which `describeFailure` says what is allowed.
    verbose: true,
  });
  addFormats.default(ajv, ['email', 'date-time', 'date', 'uri']);
  ajv.addFormat('timestamp-or-date', {
    type: 'string',
    validate: isTimestampOrDate,
  });
  ajv.addFormat('timestamp', { type: 'string', validate: isTimestamp });
  return ajv;
}

const textAjv = makeAjv('array');
const jsonAjv = makeAjv(false);

/** Shared schemas the validators know already: every app the process builds registers the same objects. */
const knownSharedSchemas = new WeakSet<object>();

/** Lets route schemas refer to the shared schemas (`{ $ref: 'Order#' }`, see `shared-schemas.ts`). */
export function addSharedSchemas(schemas: readonly object[]): void {
  for (const schema of schemas) {
    if (knownSharedSchemas.has(schema)) continue;
    textAjv.addSchema(schema);
    jsonAjv.addSchema(schema);
    knownSharedSchemas.add(schema);
  }
}

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

/** Whether a database stores `text` as sent: no NUL, no lone UTF-16 surrogate. For inputs no schema validates (the OAuth forms). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

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
    return new ApiError('parameter_unknown', `Received unknown parameter: ${name}. Remove it; see the operation's reference for the parameters it takes.`, name);
  }
  if (first.keyword === 'required') {
    const name = paramName(first.instancePath, String(first.params.missingProperty));
    return new ApiError('parameter_missing', `Missing required parameter: ${name}.`, name);
  }
  // A union of literals fails on each branch's `const` first; the union itself says what is allowed.
  const failure = errors.find((error) => error.keyword === 'anyOf' && error.instancePath === first.instancePath && constsOf(error.schema) !== undefined) ?? first;
  const name = paramName(failure.instancePath);
  if (name === '') {
    return new ApiError('parameter_invalid', `The ${where} ${describeFailure(failure)}.`);
  }
  // A metadata key (`propertyNames`) fails with its object's path; the key itself is named.
  const key = (failure as ErrorObject & { propertyName?: string }).propertyName;
  const shown = key === undefined ? '' : `the key "${key.length > 40 ? `${key.slice(0, 40)}...` : key}" `;
  return new ApiError('parameter_invalid', `Invalid ${name}: ${shown}${describeFailure(failure)}.`, name);
}

/** The values of a union of constants (`Type.Union([Type.Literal(...), ...])`), or undefined. */
function constsOf(branches: unknown): unknown[] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const values = branches.map((branch) => (branch !== null && typeof branch === 'object' && 'const' in branch ? (branch as { const: unknown }).const : undefined));
  return values.every((value) => value !== undefined) ? values : undefined;
}

/** Formats described in words, with an example, since a client cannot act on a format's name. */
const FORMATS: Record<string, string> = {
  'timestamp-or-date': 'an ISO 8601 date-time with its time zone, such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00-05:00, or a date such as 2026-11-21',
  timestamp: 'an ISO 8601 date-time with its time zone, such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00.000-05:00',
  'date-time': 'an ISO 8601 date-time with its time zone, such as 2026-11-21T10:00:00Z',
  date: 'a date such as 2026-11-21',
  email: 'an e-mail address such as ann@example.com',
  uri: 'an absolute URL such as https://example.com/path',
};

const TYPES: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function listOf(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');
}

/**
 * What the field must be, in words a merchant can act on, from the schema that refused it: never
 * Ajv's own wording ("must match pattern ...", "must be equal to constant"), which shows the schema
 * rather than the choices.
 */
export function describeFailure(error: ErrorObject): string {
  const params = error.params as Record<string, any>;
  const schema = (error.parentSchema ?? {}) as Record<string, any>;
  const example = Array.isArray(schema.examples) && schema.examples.length > 0 ? `, such as ${listOf([schema.examples[0]])}` : '';
  switch (error.keyword) {
    case 'anyOf': {
      const values = constsOf(error.schema);
      if (values !== undefined) return `must be one of ${listOf(values)}`;
      const types = (error.schema as Array<Record<string, any>>).map((branch) => (typeof branch.type === 'string' ? TYPES[branch.type] : undefined));
      return types.every((type) => type !== undefined) ? `must be ${types.join(' or ')}` : 'is not of an accepted form';
    }
    case 'const':
      return `must be ${listOf([params.allowedValue])}`;
    case 'enum':
      return `must be one of ${listOf(params.allowedValues as unknown[])}`;
    case 'pattern':
      return describePattern(String(params.pattern), example);
    case 'format':
      return `must be ${FORMATS[String(params.format)] ?? `written as ${String(params.format)}`}`;
    case 'type': {
      const types = String(params.type).split(',').map((type) => TYPES[type] ?? type);
      return `must be ${types.join(' or ')}`;
    }
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${plural(params.limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(params.limit, 'character')} long`;
    case 'minItems':
      return `must have at least ${plural(params.limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(params.limit, 'item')}`;
    case 'minProperties':
      return `must have at least ${plural(params.limit, 'key')}`;
    case 'maxProperties':
      return `must have at most ${plural(params.limit, 'key')}`;
    case 'minimum':
      return `must be ${params.limit} or more`;
    case 'maximum':
      return `must be ${params.limit} or less`;
    case 'exclusiveMinimum':
      return `must be more than ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`;
    case 'uniqueItems':
      return `must not list the same value twice (items ${params.j} and ${params.i} are equal)`;
    case 'propertyNames':
      return `has a key that is not accepted (${String(params.propertyName)}): keys must be ${describeKeys(schema.propertyNames)}`;
    default:
      // Messages of the prechecks above (`unstorable`, digits for integers) are written as sentences already.
      return error.schemaPath === '#' && error.message !== undefined ? error.message : `is not accepted${example}`;
  }
}

function describeKeys(keys: Record<string, any> | undefined): string {
  const min = keys?.minLength ?? 0;
  const max = keys?.maxLength;
  return max === undefined ? `at least ${plural(min, 'character')} long` : `${min} to ${max} characters long`;
}

/**
 * A pattern in words. The API's patterns are of three kinds: a list of values (`^(a|b)(,(a|b))*$`,
 * one or several separated by commas), an identifier (`^ord_[0-9A-Za-z]+$`), or a rule stated in the
 * field's description (not blank; three capital letters).
 */
function describePattern(pattern: string, example: string): string {
  const list = /^\^\(([^()]+)\)\(,\(\1\)\)\*\$$/.exec(pattern);
  if (list !== null) return `must be one of ${list[1]!.split('|').map((value) => value.replace(/\\/g, '')).join(', ')}, or several of them separated by commas`;
  const id = /^\^([a-z]+_)\[0-9A-Za-z\]\+\$$/.exec(pattern);
  if (id !== null) return `must be an identifier starting with ${id[1]} followed by letters and digits${example}`;
  if (pattern === '\\S') return 'must not be blank';
  if (pattern === '^[A-Z]{3}$') return 'must be a currency code of three capital letters, such as USD';
  if (pattern === '^[0-9A-Za-z]+$') return 'must be letters and digits only';
  if (pattern === PHONE_PATTERN) return 'must be a phone number: digits, an optional leading +, and spaces, dashes, dots or parentheses';
  if (pattern === REGISTER_RECEIPT_NUMBER_PATTERN) return "must be a register's receipt number: the register's code (1 to 20 letters, digits, dashes or underscores), a dash, then 1 to 10 digits, such as R1-000042";
  return `is not of the accepted form${example}`;
}
