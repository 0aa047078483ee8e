/**
 * Builds the HTTP application from its parts, in order: infrastructure (request ids, parsing,
 * validation, errors, metrics, the OpenAPI document), then authentication, then the resource modules.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { SigningKeyCipher } from './auth/signing-key-cipher.js';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { runWithDeadline } from './db/deadline.js';
import { committedDeliveries } from './db/transaction.js';
import { healthRoutes } from './http/health.js';
import { idempotencyPlugin } from './idempotency/plugin.js';
import { DatabaseFaultCounts, metricsPlugin } from './http/metrics.js';
import { connectRedis } from './redis.js';
import { clientErrorHandler } from './http/hard-edges.js';
import { sharedSchemasPlugin } from './http/shared-schemas.js';
import { validationError, validatorCompiler } from './http/validation.js';
import { randomBase62 } from './ids.js';
import { customerRoutes } from './customers/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { openApiPlugin } from './docs/openapi.js';
import { referencePageRoutes } from './docs/reference-page.js';
import { eventRoutes } from './events/routes.js';
import { refreshRoute } from './oauth/refresh-route.js';
import { orderRoutes } from './orders/routes.js';
import { repeatWhileOpen } from './http/repeat.js';
import { processorsFor } from './payments/processor.js';
import { settleAllPendingCalls } from './payments/settle-pending-calls.js';
import { reconcileStripePayments, RECONCILE_AFTER_MS } from './payments/reconcile-stripe-payments.js';
import { stripeEventRoutes } from './payments/stripe-event-routes.js';
import { stripeLookups } from './payments/stripe-lookup.js';
import { stripeProcessor } from './payments/stripe-processor.js';
import { productRoutes } from './products/routes.js';
import { reportRoutes } from './reports/routes.js';
import { teamRoutes } from './team/routes.js';
import { baseServices, type Services } from './services.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { webhookRoutes } from './webhooks/routes.js';
import { rewrapWebhookSecrets } from './webhooks/webhook-secrets.js';
import { webhookMetrics, type AttemptOutcome } from './webhooks/webhook-metrics.js';
import { systemClock, type Clock } from './time.js';
import { answerUnknownRoutes } from './http/unknown-routes.js';
import { acceptJsonBodies } from './http/json-body.js';
import { apiErrorHandler, refusedBeforeRouting } from './http/error-handler.js';
import { registerAuthentication } from './auth/authentication.js';

export { parseJsonBody } from './http/json-body.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The services this request's operation runs with; with an idempotency key, its transactions also record the answer. */
    services: Services;
  }
}

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
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const services = baseServices(
    db,
    clock,
    processorsFor({
      production: config.paymentProcessor,
      stripe: (key) => stripeProcessor(key, { apiBase: config.stripeApiBase }),
      stripeSecretKey: config.stripeSecretKey,
      stripeSandboxSecretKey: config.stripeSandboxSecretKey,
    }),
  );

  const lookups = stripeLookups({
    productionSecretKey: config.paymentProcessor === 'stripe' ? config.stripeSecretKey : undefined,
    sandboxSecretKey: config.stripeSandboxSecretKey,
    apiBase: config.stripeApiBase,
  });

  const app = Fastify({
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
    runWithDeadline(deadline, done);
  });
  if (db.usesRequestDeadlines) {
    app.addHook('preHandler', (request, _reply, done) => {
      runWithDeadline(deadlines.get(request) ?? Date.now() + config.databaseStatementTimeoutMs, done);
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

  await app.register(sharedSchemasPlugin);
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
  // Counters shared by every process through Redis when REDIS_URL is set; in memory otherwise.
  const redis = config.redisUrl === undefined ? undefined : connectRedis(config.redisUrl, config.redisPrefix, app.log);
  if (redis !== undefined) {
    app.addHook('onReady', () => redis.ready(REDIS_READY_WAIT_MS));
    app.addHook('onClose', () => redis.close());
  }

  const { sessions, signInLimits, cipher } = await registerAuthentication(app, { config, db, clock, redis });
  // Webhook endpoint secrets are sealed with the signing keys' cipher; those stored in clear are sealed now.
  const sealedSecrets = await rewrapWebhookSecrets(db, cipher, 'in-clear');
  if (sealedSecrets > 0) app.log.info({ count: sealedSecrets }, 'webhook endpoint secrets stored in clear are now encrypted with SIGNING_KEY_ENCRYPTION_KEY');

  await app.register(idempotencyPlugin, { services });

  await app.register(orderRoutes);
  await app.register(productRoutes);
  await app.register(customerRoutes);
  await app.register(eventRoutes);
  await app.register(apiKeyRoutes);
  await app.register(accountRoutes, { lifetimes: sessions, limits: signInLimits });
  await app.register(teamRoutes);
  await app.register(reportRoutes);
  await app.register(webhookRoutes, { production: config.production, cipher });
  if (config.webhookDispatch) {
    // On PostgreSQL the dispatcher has connections of its own: its statements never queue behind the
    // requests waiting for the pool (hundreds of them in a burst, or while a server warms up).
    const dispatchDb = await db.withOwnConnections(config.webhookDatabasePoolSize);
    const dispatcher = webhookDispatcher(config, dispatchDb, clock, app.log, webhookMetrics(app.metricsRegistry, db, clock));
    app.addHook('onReady', async () => dispatcher.start());
    // A write's transaction has committed once its answer is sent: the deliveries it queued can go now.
    // The dispatcher looks only when a transaction of this process has committed deliveries since it
    // was last told to (a pass is a transaction of its own, which most writes queue nothing for).
    // (Deliveries queued by other processes wait for the next poll, WEBHOOK_POLL_INTERVAL_MS.)
    let nudgedAt = committedDeliveries();
    app.addHook('onResponse', (_request, _reply, done) => {
      const committed = committedDeliveries();
      if (committed !== nudgedAt) {
        nudgedAt = committed;
        dispatcher.nudge();
      }
      done();
    });
    // Before the database closes: attempts in flight are aborted and handed back.
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      if (dispatchDb !== db) await dispatchDb.close();
    });
  }
  await app.register(refreshRoute, { sessions, limits: signInLimits });
  await app.register(stripeEventRoutes, { secrets: config.stripeWebhookSecrets, lookups, bodyLimit: config.bodyLimitBytes });

  if (config.production && config.paymentProcessor === 'stripe' && config.stripeSecretKey?.includes('_test_')) {
    app.log.warn('STRIPE_SECRET_KEY is a Stripe test-mode key: production card captures will be test charges, and no real money moves');
  }
  // Calls to the processor whose result a dead process never recorded: settled at start (a restart
  // follows the crash), then every minute for those a live process left behind.
  app.addHook('onListen', async () => {
    settleAllPendingCalls(services, { includeRecent: true }).catch((err) => app.log.warn({ err }, 'settling pending processor calls failed'));
  });
  repeatWhileOpen(app, 60_000, 'settling pending processor calls failed', () => settleAllPendingCalls(services, { includeRecent: false }));
  // Captures still pending when Stripe sent no event: settled by what Stripe holds for their orders.
  repeatWhileOpen(app, RECONCILE_AFTER_MS, 'reconciling pending Stripe captures failed', () =>
    reconcileStripePayments(services, lookups, (fields, message) => app.log.warn(fields, message)),
  );
  return app;
}

/** The webhook dispatcher this process runs (WEBHOOK_DISPATCH=on, the default; `till worker` runs only it). */
export function webhookDispatcher(
  config: Config,
  db: Db,
  clock: Clock,
  log: FastifyInstance['log'],
  onAttempt?: (outcome: AttemptOutcome) => void,
): WebhookDispatcher {
  return new WebhookDispatcher({
    ...(onAttempt === undefined ? {} : { onAttempt }),
    db,
    clock,
    log,
    retryScheduleSeconds: config.webhookRetryScheduleSeconds,
    timeoutMs: config.webhookTimeoutMs,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
    allowLinkLocal: config.webhookAllowLinkLocal,
    pollIntervalMs: config.webhookPollIntervalMs,
    cipher: new SigningKeyCipher(config.signingKeyEncryptionKey, config.signingKeyEncryptionKeyPrevious),
  });
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
