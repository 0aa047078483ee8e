/**
 * The API's request bodies: JSON only, read by `parseJsonBody`, and an empty body taken as `{}` so
 * that a full refund or the capture of a cash order can be sent with no body at all.
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from '../errors.js';
import { inexactNumber, scanJson } from './hard-edges.js';

/** Makes JSON the only body `app` takes, up to `bodyLimit` bytes. */
export function acceptJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body !== undefined) request.body = {};
    done();
  });
}

/**
 * A JSON body, or `{}` for an empty one. Keys that could reach an object's prototype (`__proto__`,
 * `constructor.prototype`) are refused, so metadata can never smuggle them in; so are bodies nested
 * deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_KEYS keys (checked on the text, before
 * it is parsed), and numbers written with a decimal point or an exponent (see `scanJson`).
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  const { inexactNumberAt } = scanJson(text);
  try {
    const parsed: unknown = secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
    if (inexactNumberAt !== undefined) throw inexactNumber(inexactNumberAt);
    return parsed;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof SyntaxError && /prototype|constructor/.test(error.message) && !/JSON/.test(error.message)) {
      throw new ApiError('parameter_invalid', 'Keys named "__proto__", or "constructor" holding "prototype", are not accepted in a request body.');
    }
    // The parser's own message quotes the body (a password, a token): only its position is kept.
    const position = / in JSON at position (\d+)/.exec((error as Error).message)?.[1];
    throw new ApiError('invalid_json', `The request body is not valid JSON${position === undefined ? '' : ` (at character ${position})`}.`);
  }
}
