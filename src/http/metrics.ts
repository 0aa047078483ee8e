/**
 * Prometheus metrics at `GET /metrics`: process figures, one latency histogram per route, and the
 * database's connections, waiting requests, faults by kind and time since it last answered.
 *
 * They tell an outsider the Node.js version, the memory and the traffic of every route, so they are
 * not public: `METRICS_TOKEN` requires it as a bearer token; `METRICS_PORT` serves them on a listener
 * of their own (on `METRICS_HOST`, the loopback address by default) and not on the API's port; with
 * neither, `/metrics` answers 404 (only `till demo --serve` serves it openly).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DATABASE_FAULTS, type DatabaseFault, type Db } from '../db/connection.js';
import { ApiError, errorBody } from '../errors.js';
import { randomBase62 } from '../ids.js';

export interface MetricsOptions {
  /** The bearer token `/metrics` requires (METRICS_TOKEN), wherever it is served. */
  token: string | undefined;
  /** A listener of its own (METRICS_HOST, METRICS_PORT); `/metrics` is then not served on the main port. */
  listener: { host: string; port: number } | undefined;
  /** Open to anyone on the main port: the demo's choice, never a production one. */
  open: boolean;
  db: Db;
  faults: DatabaseFaultCounts;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the separate metrics listener listens, once it does (METRICS_PORT only). */
    metricsAddress(): AddressInfo | undefined;
  }
}

/** Requests that failed because of the database, by kind of fault (counted by the error handler). */
export class DatabaseFaultCounts {
  private readonly counts = new Map<DatabaseFault, number>();

  add(fault: DatabaseFault): void {
    this.counts.set(fault, (this.counts.get(fault) ?? 0) + 1);
  }

  of(fault: DatabaseFault): number {
    return this.counts.get(fault) ?? 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry `/metrics` shows, for modules that add their own figures. */
    metricsRegistry: Registry;
  }
}

/** Not encapsulated (fastify-plugin), so its timing hook sees every route of the app. */
export const metricsPlugin = fp(async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const { db, faults } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'till_' });
  const duration = new Histogram({
    name: 'till_http_request_duration_seconds',
    help: 'Time from request received to response sent, by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'till_database_connections',
    help: 'Database connections open, by state (idle: not lent to a request).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = db.stats();
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'in_use' }, stats.connections - stats.idle);
    },
  });
  new Gauge({
    name: 'till_database_waiting_requests',
    help: 'Requests waiting for a database connection to be free.',
    registers: [registry],
    collect() {
      this.set(db.stats().waiting);
    },
  });
  new Gauge({
    name: 'till_database_seconds_since_answer',
    help: 'Seconds since the database last answered a statement (-1: it never has).',
    registers: [registry],
    collect() {
      const at = db.stats().lastAnsweredAt;
      this.set(at === undefined ? -1 : (Date.now() - at) / 1000);
    },
  });
  new Counter({
    name: 'till_database_errors_total',
    help: 'Requests answered 503 because of the database, by kind of fault.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const kind of DATABASE_FAULTS) this.inc({ kind }, faults.of(kind));
    },
  });

  app.decorate('metricsRegistry', registry);

  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  let listener: Server | undefined;
  app.decorate('metricsAddress', () => (listener?.address() ?? undefined) as AddressInfo | undefined);

  if (options.listener !== undefined) {
    const { host, port } = options.listener;
    app.addHook('onReady', async () => {
      listener = createServer((request, response) => void serveSeparately(request, response, registry, options.token));
      await new Promise<void>((resolve, reject) => {
        listener!.once('error', (error) => reject(new Error(`the metrics listener cannot listen on ${host}:${port} (METRICS_HOST, METRICS_PORT): ${error.message}`)));
        listener!.listen(port, host, resolve);
      });
      const address = listener.address() as AddressInfo;
      app.log.info({ url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/metrics` }, 'metrics are served on their own listener');
    });
    app.addHook('onClose', async () => {
      if (listener === undefined) return;
      const closed = new Promise((resolve) => listener!.close(resolve));
      listener.closeAllConnections();
      await closed;
    });
    return;
  }
  if (options.token === undefined && !options.open) {
    app.addHook('onReady', async () => {
      app.log.info('GET /metrics is off: set METRICS_TOKEN (sent by Prometheus as a bearer token) or METRICS_PORT (a listener of its own, on METRICS_HOST) to serve it');
    });
    return;
  }

  const token = options.token;
  app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    if (token !== undefined) {
      const refusal = refusalOf(request.headers.authorization, token);
      if (refusal !== undefined) throw refusal;
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
});

/** Why a request for the metrics is refused, if it is: no bearer token, or not METRICS_TOKEN (compared in constant time). */
function refusalOf(authorization: string | undefined, token: string): ApiError | undefined {
  const given = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (given === undefined) return new ApiError('missing_credentials', 'The metrics need the metrics token: send "Authorization: Bearer <METRICS_TOKEN>".');
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (!timingSafeEqual(digest(given), digest(token))) return new ApiError('invalid_credentials', 'That is not the metrics token this server was given (METRICS_TOKEN).');
  return undefined;
}

/** The separate listener: `GET /metrics` and nothing else, in the API's error envelope. */
async function serveSeparately(request: IncomingMessage, response: ServerResponse, registry: Registry, token: string | undefined): Promise<void> {
  const requestId = `req_${randomBase62(20)}`;
  const path = (request.url ?? '/').split('?')[0];
  let refusal: ApiError | undefined;
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    refusal = new ApiError('route_not_found', `Unrecognized request URL (${request.method} ${path}): this listener serves GET /metrics only.`);
  } else if (token !== undefined) {
    refusal = refusalOf(request.headers.authorization, token);
  }
  if (refusal !== undefined) {
    response.writeHead(refusal.status, {
      'content-type': 'application/json; charset=utf-8',
      'request-id': requestId,
      ...(refusal.status === 401 ? { 'www-authenticate': 'Bearer realm="till-metrics"' } : {}),
    });
    response.end(JSON.stringify(errorBody(refusal, requestId)));
    return;
  }
  try {
    const text = await registry.metrics();
    response.writeHead(200, { 'content-type': registry.contentType, 'request-id': requestId });
    response.end(request.method === 'HEAD' ? undefined : text);
  } catch {
    response.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'request-id': requestId });
    response.end(JSON.stringify(errorBody(new ApiError('internal_error', 'The metrics could not be collected.'), requestId)));
  }
}
