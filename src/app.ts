/**
 * Builds the HTTP application from its parts, in order: infrastructure (request ids, parsing,
 * validation, errors, metrics, the OpenAPI document), then authentication, then the resource modules.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import secureJson from 'secure-json-parse';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { accountRoutes } from './account/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { accessTokenAuthenticator } from './auth/access-tokens.js';
import { apiKeyAuthenticator } from './auth/api-keys.js';
import type { SessionSettings } from './auth/sessions.js';
import { SignInLimits } from './auth/sign-in-limits.js';
import { KeyRing } from './auth/signing-keys.js';
import { serviceUrl, type Config } from './config.js';
import type { Db } from './db/connection.js';
import { ApiError, errorBody } from './errors.js';
import { authenticationHook } from './http/authenticate.js';
import { healthRoutes } from './http/health.js';
import { idempotencyPlugin } from './idempotency/plugin.js';
import { metricsPlugin } from './http/metrics.js';
import { rateLimitPlugin } from './http/rate-limit.js';
import { connectRedis } from './http/redis.js';
import { clientErrorHandler, inexactNumber, scanJson } from './http/hard-edges.js';
import { validationError, validatorCompiler } from './http/validation.js';
import { randomBase62 } from './ids.js';
import { customerRoutes } from './customers/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { openApiPlugin } from './docs/openapi.js';
import { referencePageRoutes } from './docs/reference-page.js';
import { eventRoutes } from './events/routes.js';
import { refreshRoute } from './oauth/refresh-route.js';
import { oauthRoutes } from './oauth/routes.js';
import { orderRoutes } from './orders/routes.js';
import { processorsFor } from './payments/processor.js';
import { productRoutes } from './products/routes.js';
import { reportRoutes } from './reports/routes.js';
import { teamRoutes } from './team/routes.js';
import { baseServices } from './services.js';
import { systemClock, type Clock } from './time.js';

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const services = baseServices(db, clock, processorsFor(config.paymentProcessor));

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
          },
    genReqId: () => `req_${randomBase62(20)}`,
    requestIdHeader: false,
    // One access line per answered request (the onResponse hook below) instead of Fastify's pair.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    // A client must send its whole request within REQUEST_TIMEOUT_MS (a slow-loris client sending a
    // byte at a time is cut off with 408); Node checks every connection this often.
    // (Node reads these when the server is created: Fastify setting requestTimeout afterwards is not enough.)
    requestTimeout: config.requestTimeoutMs,
    http: httpServerOptions(config.requestTimeoutMs) as object,
    // Headers over Node's limit (16 KiB), a request timed out, bytes that are not HTTP: answered
    // in the error envelope before any route runs.
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 255 },
    // Requests refused before routing (a malformed URL, say) get the same envelope as any other.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const apiError = new ApiError('parameter_invalid', `The request URL could not be read: ${error.message}`);
      reply.header('Request-Id', request.id).code(apiError.status).send(errorBody(apiError, request.id));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => validationError(errors as never, dataVar));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });

  // JSON is the only body the API takes. An empty body is an empty object, so that a full refund or a
  // capture of a cash order can be sent with no body at all.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: config.bodyLimitBytes }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body !== undefined) request.body = {};
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, config.bodyLimitBytes);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else if (!(error instanceof ApiError)) request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
    if (apiError.status === 401) {
      // RFC 6750: a request that sent no credential gets the challenge without an error code.
      reply.header('WWW-Authenticate', apiError.code === 'missing_credentials' ? 'Bearer realm="till"' : 'Bearer realm="till", error="invalid_token"');
    }
    reply.header('Request-Id', request.id).code(apiError.status).send(errorBody(apiError, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new ApiError('route_not_found', `Unrecognized request URL (${request.method} ${request.url.split('?')[0]}).`);
    reply.code(404).send(errorBody(error, request.id));
  });

  await app.register(openApiPlugin, { config });
  await app.register(referencePageRoutes);
  await app.register(dashboardRoutes);
  await app.register(metricsPlugin);
  await app.register(healthRoutes, { db });
  // Counters shared by every process through Redis when REDIS_URL is set; in memory otherwise.
  const redis = config.redisUrl === undefined ? undefined : connectRedis(config.redisUrl, config.redisPrefix, app.log);
  if (redis !== undefined) app.addHook('onClose', () => redis.close());
  await app.register(rateLimitPlugin, { max: config.rateLimitMax, windowMs: config.rateLimitWindowMs, ...(redis === undefined ? {} : { redis }) });

  // The issuer of access tokens: PUBLIC_URL, or else the address the server listens on once it does.
  const site = { url: serviceUrl(config, config.port) };
  app.addHook('onListen', async function learnAddress() {
    const address = this.server.address();
    if (config.publicUrl === undefined && typeof address === 'object' && address !== null) site.url = serviceUrl(config, address.port);
  });
  const keys = new KeyRing(db, clock, config.accessTokenTtlSeconds);
  const sessions: SessionSettings = {
    db: db.kysely,
    keys,
    clock,
    issuer: () => site.url,
    ttlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    transaction: (work) => db.kysely.transaction().execute(work),
  };
  const signInLimits = new SignInLimits({ perAddress: config.signInLimitPerAddress, perAccount: config.signInLimitPerAccount, redis });

  const authenticators = [apiKeyAuthenticator(db.kysely, clock), accessTokenAuthenticator(db.kysely, sessions)];
  app.addHook('onRequest', authenticationHook(authenticators));
  await app.register(oauthRoutes, { db: db.kysely, publicUrl: config.publicUrl, signUpEnabled: config.signUpEnabled, sessions, keys, limits: signInLimits });

  await app.register(idempotencyPlugin, { services });

  await app.register(orderRoutes);
  await app.register(productRoutes);
  await app.register(customerRoutes);
  await app.register(eventRoutes);
  await app.register(apiKeyRoutes);
  await app.register(accountRoutes);
  await app.register(teamRoutes);
  await app.register(reportRoutes);
  await app.register(refreshRoute, { sessions, limits: signInLimits });
  return app;
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
    throw new ApiError('invalid_json', `The request body is not valid JSON (${(error as Error).message}).`);
  }
}

const FASTIFY_CODES: Record<string, (error: FastifyError, bodyLimit: number) => ApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError('unsupported_media_type', 'Request bodies must be JSON, sent with "Content-Type: application/json".'),
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, bodyLimit) => new ApiError('request_too_large', `The request body is larger than ${bodyLimit} bytes.`),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError('parameter_invalid', 'The Content-Length header does not match the body.'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ApiError('invalid_json', 'The request body is not valid JSON.'),
};

/** Every failure as an API error; anything unexpected becomes a 500 that reveals nothing. */
function toApiError(error: FastifyError, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseTimeout(error)) {
    return new ApiError('database_timeout', 'The database did not answer in time; nothing was changed. Retry the request (with the same Idempotency-Key).');
  }
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

/**
 * PostgreSQL cancelled a statement past `statement_timeout` (57014) or a lock wait past
 * `lock_timeout` (55P03); SQLite waited past its busy timeout for the write lock. The transaction
 * has been rolled back whole.
 */
function isDatabaseTimeout(error: { code?: unknown }): boolean {
  return error.code === '57014' || error.code === '55P03' || error.code === 'SQLITE_BUSY';
}

/** Node's own request and headers timeouts, checked often enough for a short limit to hold. */
function httpServerOptions(requestTimeoutMs: number) {
  if (requestTimeoutMs === 0) return { requestTimeout: 0 };
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(requestTimeoutMs, 60_000),
    connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
  };
}
