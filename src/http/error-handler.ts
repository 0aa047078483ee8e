/**
 * Every failure answered in the API's error envelope, with its `Request-Id`: a database fault as 503
 * with `Retry-After` (`database-faults.ts`), a framework error (a body too large, a wrong media type,
 * a validation failure) as the code of the one catalogue (`toApiError`), anything unexpected as a 500
 * that reveals nothing and is logged.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { ApiError, errorBody } from '../errors.js';
import { databaseFaultError, retryAfterSeconds } from './database-faults.js';
import type { DatabaseFaultCounts } from './metrics.js';
import { validationError } from './validation.js';

/** The error handler of the API; `faultCounts` counts the database faults for `/metrics`. */
export function apiErrorHandler(db: Db, faultCounts: DatabaseFaultCounts, bodyLimit: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const fault = error instanceof ApiError ? undefined : db.faultOf(error);
    if (fault !== undefined) {
      // The database failed, not the request: say which way, and when to try again.
      faultCounts.add(fault);
      request.log.error({ err: error, fault }, `database unavailable: ${fault}`);
      const apiError = databaseFaultError(fault);
      reply.header('Request-Id', request.id).header('Retry-After', String(retryAfterSeconds(fault)));
      reply.code(apiError.status).send(errorBody(apiError, request.id));
      return;
    }
    const apiError = toApiError(error, bodyLimit);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else if (!(error instanceof ApiError)) request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
    // Nothing was done, and the same request may succeed in a moment.
    if (apiError.status === 503 || apiError.code === 'capture_in_progress') reply.header('Retry-After', '1');
    if (apiError.status === 401) {
      // RFC 6750: a request that sent no credential gets the challenge without an error code.
      reply.header('WWW-Authenticate', apiError.code === 'missing_credentials' ? 'Bearer realm="till"' : 'Bearer realm="till", error="invalid_token"');
    }
    reply.header('Request-Id', request.id).code(apiError.status).send(errorBody(apiError, request.id));
  };
}

/** A request refused before routing (a malformed URL, say), in the same envelope as any other. */
export function refusedBeforeRouting(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const why = error.code === 'FST_ERR_MAX_PARAM_LENGTH' || /max param length/.test(error.message) ? 'an identifier in the path is longer than 255 characters' : error.message.replace(/\.$/, '');
  const apiError = new ApiError('parameter_invalid', `The request URL could not be read: ${why}.`);
  reply.header('Request-Id', request.id).code(apiError.status).send(errorBody(apiError, request.id));
}

const FASTIFY_CODES: Record<string, (error: FastifyError, bodyLimit: number) => ApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError('unsupported_media_type', 'Request bodies must be JSON, sent with "Content-Type: application/json".'),
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, bodyLimit) => new ApiError('request_too_large', `The request body is larger than ${bodyLimit} bytes.`),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError('parameter_invalid', 'The Content-Length header does not match the body.'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ApiError('invalid_json', 'The request body is not valid JSON.'),
};

/** Every failure as an API error; anything unexpected becomes a 500 that reveals nothing. */
export function toApiError(error: FastifyError, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation !== undefined) return validationError(error.validation as never, error.validationContext ?? 'body');
  const known = error.code === undefined ? undefined : FASTIFY_CODES[error.code];
  if (known !== undefined) return known(error, bodyLimit);
  if (error.statusCode === 404) return new ApiError('route_not_found', 'Unrecognized request URL.');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('parameter_invalid', 'The request could not be read.');
  }
  if (error.statusCode === 503) return new ApiError('service_unavailable', 'The server is shutting down; retry shortly.');
  return new ApiError('internal_error', 'Something went wrong on our side. It has been logged; quote the request_id when you contact support.');
}
