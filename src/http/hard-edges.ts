/**
 * Limits on what a request may be, enforced before any route runs: the shape of a JSON body (depth
 * and number of keys) and the answers to requests Node refuses before Fastify sees them (headers too
 * large, a request not received in time, bytes that are not HTTP).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { ApiError, errorBody } from '../errors.js';
import { randomBase62 } from '../ids.js';

/** Deepest nesting of objects and arrays accepted in a body (the API's own bodies need 4). */
export const MAX_JSON_DEPTH = 32;
/** Most keys accepted in one body, counted over every object in it. */
export const MAX_JSON_KEYS = 1_000;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const COLON = 0x3a; // :
const COMMA = 0x2c; // ,
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const MINUS = 0x2d; // -
const NUMBER_CHARS = /[0-9eE.+-]/;

interface Level {
  array: boolean;
  key: string;
  index: number;
}

/**
 * Reads a JSON text once, character by character, before `JSON.parse` builds anything, so that a body
 * of a million nested arrays or keys costs a scan, not a million objects:
 *
 * - nested deeper than MAX_JSON_DEPTH, or more than MAX_JSON_KEYS keys: thrown at once (400
 *   `invalid_json`);
 * - a number written with a decimal point or an exponent (`1.5`, `1e3`, `100.0`): every number the
 *   API takes is a whole number (money in the smallest unit, quantities), so one written otherwise is
 *   a mistake, even when its value is whole. Returned as the path of the first one (`items[0].quantity`),
 *   for the caller to refuse once the text is known to be JSON.
 *
 * Malformed text is left for the parser to report.
 */
export function scanJson(text: string): { inexactNumberAt: string | undefined } {
  const levels: Level[] = [];
  let keys = 0;
  let expectKey = false;
  let inexactNumberAt: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      for (i = start; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
      const top = levels[levels.length - 1];
      if (expectKey && top !== undefined) top.key = text.slice(start, i);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (levels.length >= MAX_JSON_DEPTH) {
        throw new ApiError('invalid_json', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
      }
      levels.push({ array: c === OPEN_ARRAY, key: '', index: 0 });
      expectKey = c === OPEN_OBJECT;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      levels.pop();
      expectKey = false;
    } else if (c === COLON) {
      expectKey = false;
      if (++keys > MAX_JSON_KEYS) throw new ApiError('invalid_json', `The request body has more than ${MAX_JSON_KEYS} keys.`);
    } else if (c === COMMA) {
      const top = levels[levels.length - 1];
      if (top?.array === true) top.index++;
      else expectKey = true;
    } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      let inexact = false;
      for (; i < text.length && NUMBER_CHARS.test(text[i]!); i++) {
        const d = text.charCodeAt(i);
        if (d === 0x2e || d === 0x65 || d === 0x45) inexact = true;
      }
      i--;
      if (inexact && inexactNumberAt === undefined) inexactNumberAt = pathOf(levels);
    }
  }
  return { inexactNumberAt };
}

/** `items[0].quantity`, as validation errors name fields. */
function pathOf(levels: readonly Level[]): string {
  let path = '';
  for (const level of levels) path += level.array ? `[${level.index}]` : `${path === '' ? '' : '.'}${level.key}`;
  return path;
}

/** The error for a number written with a decimal point or an exponent. */
export function inexactNumber(param: string): ApiError {
  return new ApiError(
    'parameter_invalid',
    `Invalid ${param || 'body'}: numbers must be whole and written without a decimal point or exponent (amounts are in the smallest currency unit, e.g. 1050 for 10.50).`,
    param || undefined,
  );
}

const CLIENT_ERRORS: Record<string, () => ApiError> = {
  HPE_HEADER_OVERFLOW: () => new ApiError('headers_too_large', 'The request headers are larger than 16 KiB.'),
  ERR_HTTP_REQUEST_TIMEOUT: () => new ApiError('request_timeout', 'The request was not received in time.'),
  ERR_HTTP_HEADERS_TIMEOUT: () => new ApiError('request_timeout', 'The request headers were not received in time.'),
};

/**
 * Answers a request Node could not read, in the API's error envelope, then closes the connection.
 * Nothing is answered on a connection that has already sent something or has gone.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (error, socket: Socket) {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy(error);
    return;
  }
  const apiError = CLIENT_ERRORS[code]?.() ?? new ApiError('parameter_invalid', 'The request could not be read as HTTP.');
  const requestId = `req_${randomBase62(20)}`;
  const body = JSON.stringify(errorBody(apiError, requestId));
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Request-Id: ${requestId}\r\n\r\n` +
      body,
  );
};

