/**
 * Builds the HTTP application from its parts, in order: the one Services container (`services.ts`),
 * infrastructure (request ids, parsing, validation, errors, metrics, the OpenAPI document), then
 * authentication (`authentication.ts`), then the resource modules, then this process's background
 * jobs (`jobs.ts`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { dashboardRoutes } from '../dashboard/routes.js';
import type { Db } from '../db/connection.js';
import { runWithDeadline } from '../db/deadline.js';
import { openReadReplicas, primaryReads, type ReplicaOptions } from '../db/read-replica.js';
import { openApiPlugin } from '../docs/openapi.js';
import { referencePageRoutes } from '../docs/reference-page.js';
import { apiErrorHandler, refusedBeforeRouting } from '../http/error-handler.js';
import { clientErrorHandler } from '../http/hard-edges.js';
import { healthRoutes } from '../http/health.js';
import { lazySerializers } from '../http/lazy-serializers.js';
import { acceptJsonBodies } from '../http/json-body.js';
import { DatabaseFaultCounts, metricsPlugin } from '../http/metrics.js';
import { sharedSchemasPlugin } from '../http/shared-schemas.js';
import { Site } from '../http/site.js';
import { answerUnknownRoutes } from '../http/unknown-routes.js';
import { validationError, validatorCompiler } from '../http/validation.js';
import { idempotencyPlugin } from '../idempotency/plugin.js';
import { randomBase62 } from '../ids.js';
import { stripeLookups } from '../payments/stripe-lookup.js';
import { connectRedis } from '../redis.js';
import type { Services } from '../services.js';
import { systemClock, type Clock } from '../time.js';
import { rewrapWebhookSecrets } from '../webhooks/webhook-secrets.js';
import { registerAuthentication } from './authentication.js';
import { startJobs } from './jobs.js';
import { MODULES } from './modules.js';
import { buildServices } from './services.js';
import { SHARED_SCHEMAS } from './shared-schemas.js';

/** How long start-up waits for Redis before serving with limits counted in memory until it answers. */
const REDIS_READY_WAIT_MS = 2_000;
/**
 * Two years, the span the HSTS preload list asks for, without `includeSubDomains`: Till answers for
 * its own host, not for other services of the operator's domain.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000';

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: boolean;
  /**
   * Whether this process runs the background jobs that run once per deployment (`jobs.ts`); default
   * true. With WORKERS=N only one worker does.
   */
  deploymentJobs?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;

  const lookups = stripeLookups({
    productionSecretKey: config.paymentProcessor === 'stripe' ? config.stripeSecretKey : undefined,
    sandboxSecretKey: config.stripeSandboxSecretKey,
    apiBase: config.stripeApiBase,
  });

  const serializers = lazySerializers();
  const app = Fastify({
    // Response serializers are compiled on first use, not before listening (http/lazy-serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: serializers.buildSerializer } },
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
          },
    genReqId: () => `req_${randomBase62(20)}`,
    // Only the load balancers named in TRUST_PROXY may say who the client is (X-Forwarded-For):
    // every limit per address counts the address this gives (see http/client-address.ts).
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
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
    frameworkErrors: refusedBeforeRouting,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Counters shared by every process through Redis when REDIS_URL is set; in memory otherwise.
  const redis = config.redisUrl === undefined ? undefined : connectRedis(config.redisUrl, config.redisPrefix, app.log);
  // The issuer of access tokens: PUBLIC_URL, or else the address the server listens on once it does.
  const site = new Site(config);
  // The read replicas (DATABASE_READ_URL) for lists and reports; the primary for everything else.
  const reads = config.databaseReadUrl === undefined ? primaryReads(db) : await openReadReplicas(db, replicaOptions(config, app.log));
  app.addHook('onClose', () => reads.close());
  const services = await buildServices({ config, db, clock, log: app.log, redis, site, reads });

  app.decorate('compileSerializers', serializers.compileAll);
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => validationError(errors as never, dataVar));

  // Every hook here is synchronous, with a callback (no promise per request): they run on every request.
  // Every operation is handed the one Services; the idempotency plugin swaps in transactions that store a request's answer.
  app.decorateRequest('services', null as unknown as Services);
  // One deadline for all of a request's database work, from its arrival, where the database bounds
  // its waits by it (PostgreSQL: the wait for a connection and for answers; src/db/deadline.ts).
  // Entered again before the handler, because reading the body runs outside the context the first
  // hook opened.
  const deadlines = new WeakMap<object, number>();
  // Served at an https PUBLIC_URL: browsers are told to come back over HTTPS only (HSTS, RFC 6797).
  const strictTransport = config.publicUrl?.startsWith('https:') === true;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Request-Id', request.id);
    if (strictTransport) reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    request.services = services;
    if (!db.usesRequestDeadlines) return done();
    const deadline = Date.now() + config.databaseStatementTimeoutMs;
    deadlines.set(request, deadline);
    runWithDeadline(deadline, done, config.databaseStatementTimeoutMs);
  });
  if (db.usesRequestDeadlines) {
    app.addHook('preHandler', (request, _reply, done) => {
      runWithDeadline(deadlines.get(request) ?? Date.now() + config.databaseStatementTimeoutMs, done, config.databaseStatementTimeoutMs);
    });
  }
  if (reads.replicated) {
    // A credential's write (any method but a read's), noted before its answer goes out: that
    // credential's next lists and reports read from the primary until the replicas have it.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.principal != null) reads.wrote(request.principal.id);
      done(null, payload);
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });

  acceptJsonBodies(app, config.bodyLimitBytes);

  const faultCounts = new DatabaseFaultCounts();
  app.setErrorHandler(apiErrorHandler(db, faultCounts, config.bodyLimitBytes));
  answerUnknownRoutes(app);

  await app.register(sharedSchemasPlugin, { schemas: SHARED_SCHEMAS });
  await app.register(openApiPlugin, { config });
  await app.register(referencePageRoutes);
  await app.register(dashboardRoutes);
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    listener: config.metricsPort === undefined ? undefined : { host: config.metricsHost, port: config.metricsPort },
    open: config.metricsPublic,
    db,
    faults: faultCounts,
  });
  await app.register(healthRoutes, { db });
  if (redis !== undefined) {
    app.addHook('onReady', () => redis.ready(REDIS_READY_WAIT_MS));
    app.addHook('onClose', () => redis.close());
  }

  app.addHook('onListen', async function learnAddress() {
    const address = this.server.address();
    if (typeof address === 'object' && address !== null) site.listening(address.port);
  });
  await registerAuthentication(app, { config, services, redis, site });
  // Webhook endpoint secrets are sealed with the signing keys' cipher; those stored in clear are sealed now.
  const sealedSecrets = await rewrapWebhookSecrets(db, services.cipher, 'in-clear');
  if (sealedSecrets > 0) app.log.info({ count: sealedSecrets }, 'webhook endpoint secrets stored in clear are now encrypted with SIGNING_KEY_ENCRYPTION_KEY');

  await app.register(idempotencyPlugin, { services });

  for (const module of MODULES) await module.routes?.(app, { config, lookups });
  await startJobs(app, { config, services, lookups }, options.deploymentJobs ?? true);

  if (config.production && config.paymentProcessor === 'stripe' && config.stripeSecretKey?.includes('_test_')) {
    app.log.warn('STRIPE_SECRET_KEY is a Stripe test-mode key: production card captures will be test charges, and no real money moves');
  }
  return app;
}

/** The read replicas' settings: the primary's pool size and timeouts; their going out of use and back is logged. */
function replicaOptions(config: Config, log: FastifyBaseLogger): ReplicaOptions {
  return {
    url: config.databaseReadUrl!,
    schema: config.databaseSchema,
    poolSize: config.databasePoolSize,
    maxLagMs: config.databaseReadMaxLagMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    onState: (state, err) => {
      if (state === 'primary') log.warn({ err }, 'read replicas out of use: lists and reports read from the primary');
      else log.warn('read replicas in use again for lists and reports');
    },
  };
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
