/**
 * Limits on what a request may be, enforced before any route runs: the shape of a JSON body (depth
 * and number of keys) and the answers to requests Node refuses before Fastify sees them (headers too
 * large, a request not received in time, bytes that are not HTTP).
 */
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
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Refuses a JSON text nested deeper than MAX_JSON_DEPTH or with more than MAX_JSON_KEYS keys, in one
 * pass over its characters, before `JSON.parse` builds anything: a body of a million nested arrays
 * or keys costs a scan, not a million objects. Malformed text is left for the parser to report.
 */
export function checkJsonShape(text: string): void {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > MAX_JSON_DEPTH) {
        throw new ApiError('invalid_json', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    } else if (c === COLON && ++keys > MAX_JSON_KEYS) {
      throw new ApiError('invalid_json', `The request body has more than ${MAX_JSON_KEYS} keys.`);
    }
  }
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
    `HTTP/1.1 ${apiError.status} ${STATUS_TEXT[apiError.status] ?? 'Bad Request'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Request-Id: ${requestId}\r\n\r\n` +
      body,
  );
};

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
