/**
 * The webhook delivery scenarios: a receiver in a process of its own that answers 200 at once
 * (receiver-process.ts), and the compiled `till serve` dispatching to it.
 *
 * - `webhook-delivery`: a backlog of `order.created` events already in the outbox (written straight
 *   into the database, spread over ENDPOINTS endpoints), and the server started on it: deliveries
 *   per second from the first arrival to the last. Each endpoint gets one delivery at a time (its
 *   events in order), so the figure for one endpoint is also given.
 * - `webhook-lag`: Create Order at LAG_RATE orders/s, one endpoint subscribed: the run's warm-up
 *   seconds (as every request scenario has), then its duration, measured. For each event of an order
 *   created in the measured seconds: its arrival at the receiver minus its `created_at` (taken just
 *   before the commit, so the lag is, if anything, overstated). The warm-up's events are delivered
 *   and waited for, but not counted: they are the freshly started server's first requests (JIT,
 *   connections opened on first use), which the request scenarios leave out too. Any backlog they
 *   leave delays the measured events, and so still counts.
 *
 * Endpoints are inserted into the database rather than created with the API: the server runs with
 * NODE_ENV=production, which accepts only `https` URLs, and the receiver is plain `http` on loopback
 * (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lets the dispatcher reach it). Their secrets are inserted in
 * clear, so the server encrypts them at start and decrypts them to sign, as in production.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../src/db/connection.js';
import { newId } from '../src/ids.js';
import type { BenchDatabase, FillSummary } from './bench-database.js';
import { FILL_ENVIRONMENT } from './fill-data.js';
import type { ScenarioResult } from './targets.js';
import type { ReceiverArrivals, ReceiverQuestion, ReceiverStats } from './receiver-process.js';
import { ServerProcess } from './till-process.js';

const RECEIVER_PROCESS = fileURLToPath(new URL('./receiver-process.ts', import.meta.url));

export const DELIVERY_SCENARIOS = [
  { id: 'webhook-delivery', title: 'Webhook deliveries, backlog drained' },
  { id: 'webhook-lag', title: `Webhook lag, commit to delivery` },
] as const;

/** Events in the backlog, and the endpoints they are spread over. */
const BACKLOG_EVENTS = 6_000;
const ENDPOINTS = 16;
const SINGLE_ENDPOINT_EVENTS = 1_000;
/** Orders per second for the lag scenario. */
export const LAG_RATE = 200;

/** The receiver process, seen from here (see receiver-process.ts). */
interface Receiver {
  url: string;
  stats(): Promise<ReceiverStats>;
  /** Forgets every arrival and count. */
  reset(): Promise<void>;
  /** Resolves once `count` distinct events have arrived. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  /** First arrival time (ms since the epoch) and body ('' unless kept) by `webhook-id`. */
  arrivals(): Promise<Map<string, { at: number; body: string }>>;
  close(): Promise<void>;
}

async function startReceiver(keepBodies: boolean): Promise<Receiver> {
  const child = fork(RECEIVER_PROCESS, keepBodies ? ['--keep-bodies'] : [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, (answer: unknown) => void>();
  let seq = 0;
  child.on('message', (message: { seq: number }) => {
    waiting.get(message.seq)?.(message);
    waiting.delete(message.seq);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ask = <T>(question: ReceiverQuestion['ask']): Promise<T> =>
    new Promise((resolve, reject) => {
      if (!child.connected) return reject(new Error('the webhook receiver process has exited'));
      seq += 1;
      waiting.set(seq, resolve as (answer: unknown) => void);
      child.send({ seq, ask: question } satisfies ReceiverQuestion);
    });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    waiting.set(0, resolve as (answer: unknown) => void);
    child.once('exit', (code) => reject(new Error(`the webhook receiver process exited (${code}) before listening`)));
  });
  return {
    url,
    stats: () => ask<ReceiverStats>('stats'),
    reset: async () => void (await ask<ReceiverStats>('reset')),
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { distinct } = await ask<ReceiverStats>('stats');
        if (distinct >= count) return;
        if (Date.now() > deadline) throw new Error(`the receiver got ${distinct} of ${count} events within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async arrivals() {
      const { arrivals } = await ask<ReceiverArrivals>('arrivals');
      return new Map(arrivals.map(([id, at, body]) => [id, { at, body }]));
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

async function insertEndpoints(db: Db, merchantId: string, url: string, count: number, enabledEvents: string[]): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, () => ({
    merchant_id: merchantId,
    environment: FILL_ENVIRONMENT,
    id: newId('we'),
    url,
    description: 'bench',
    enabled_events: JSON.stringify(enabledEvents),
    metadata: '{}',
    status: 'enabled' as const,
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  }));
  await db.kysely.insertInto('webhook_endpoints').values(rows).execute();
  return rows.map((r) => r.id);
}

/** A backlog of `events` order.created events (carrying a filled order) with their deliveries, spread over `endpointIds`. */
async function insertBacklog(db: Db, merchantId: string, endpointIds: string[], events: number, fill: FillSummary): Promise<void> {
  const order = await db.kysely.selectFrom('orders').selectAll().where('id', '=', fill.getOrderId).executeTakeFirstOrThrow();
  const data = JSON.stringify({ id: order.id, object: 'order', status: order.status, total: order.total, currency: order.currency, created_at: order.created_at });
  const start = Date.now();
  for (let offset = 0; offset < events; offset += 500) {
    const batch = Array.from({ length: Math.min(500, events - offset) }, (_, i) => {
      const at = new Date(start + offset + i).toISOString();
      return { id: newId('evt'), at, endpoint: endpointIds[(offset + i) % endpointIds.length]! };
    });
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('events')
        .values(batch.map((e) => ({ merchant_id: merchantId, environment: FILL_ENVIRONMENT, id: e.id, type: 'order.created', data, created_at: e.at })))
        .execute();
      await trx
        .insertInto('webhook_deliveries')
        .values(
          batch.map((e) => ({
            id: newId('whd'),
            merchant_id: merchantId,
            environment: FILL_ENVIRONMENT,
            endpoint_id: e.endpoint,
            event_id: e.id,
            event_type: 'order.created',
            payload: null,
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: e.at,
            lease_until: null,
            lease_owner: null,
            created_at: e.at,
            updated_at: e.at,
          })),
        )
        .execute();
    });
  }
}

export interface DeliveryContext {
  database: BenchDatabase;
  fill: FillSummary;
  durationSeconds: number;
  warmupSeconds: number;
  logLevel: string;
  logFile: (name: string) => string;
  say: (line: string) => void;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Drains a backlog over ENDPOINTS endpoints, then one of SINGLE_ENDPOINT_EVENTS to one endpoint. */
export async function measureDeliveryThroughput(context: DeliveryContext): Promise<ScenarioResult> {
  const { database, fill, say } = context;
  const db = await openDatabase({ url: database.env.DATABASE_URL!, ...(database.env.DATABASE_SCHEMA ? { schema: database.env.DATABASE_SCHEMA } : {}) });
  const receiver = await startReceiver(false);
  try {
    const runs: { endpoints: number; events: number; perSecond: number; seconds: number; received: number; cpuMsPerDelivery: number }[] = [];
    let peakRss = 0;
    for (const [endpoints, events] of [
      [ENDPOINTS, BACKLOG_EVENTS],
      [1, SINGLE_ENDPOINT_EVENTS],
    ] as const) {
      // A merchant of its own per run would be cleaner; the endpoints of the first run are disabled instead.
      await db.kysely.updateTable('webhook_endpoints').set({ status: 'disabled' }).where('merchant_id', '=', database.merchantId).execute();
      const ids = await insertEndpoints(db, database.merchantId, receiver.url, endpoints, ['order.created']);
      await insertBacklog(db, database.merchantId, ids, events, fill);
      await receiver.reset();
      const server = await ServerProcess.startTill({
        databaseEnv: database.env,
        logLevel: context.logLevel,
        logFile: context.logFile(`delivery-${endpoints}`),
        extraEnv: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
      });
      try {
        const peak = server.watchPeakRss();
        const cpuAtStart = server.cpuMs();
        await receiver.waitFor(events, 300_000);
        const times = [...(await receiver.arrivals()).values()].map((arrival) => arrival.at);
        const first = Math.min(...times);
        const last = Math.max(...times);
        const seconds = (last - first) / 1000;
        const { count: received, connections } = await receiver.stats();
        peakRss = Math.max(peakRss, peak());
        // The server's CPU time per delivery (from when it listens) moves less with the machine's load than deliveries per second.
        const cpuMsPerDelivery = (server.cpuMs() - cpuAtStart) / events;
        runs.push({ endpoints, events, seconds, perSecond: (events - 1) / seconds, received, cpuMsPerDelivery });
        say(
          `  ${events} events to ${endpoints} endpoint(s): ${Math.round((events - 1) / seconds)} deliveries/s (${seconds.toFixed(2)} s, ${received} requests received, ` +
            `${connections} connections), server CPU ${cpuMsPerDelivery.toFixed(2)} ms per delivery`,
        );
      } finally {
        await server.stop();
      }
    }
    const [spread, single] = runs;
    return {
      id: 'webhook-delivery',
      title: DELIVERY_SCENARIOS[0].title,
      credential: null,
      measured: true,
      duration_s: round(spread!.seconds, 2),
      requests: spread!.events,
      req_per_s: round(spread!.perSecond, 1),
      errors: spread!.received - spread!.events,
      peak_rss_mb: Math.round(peakRss / 2 ** 20),
      notes: {
        events: spread!.events,
        endpoints: spread!.endpoints,
        deliveries_per_second: round(spread!.perSecond, 1),
        single_endpoint_events: single!.events,
        single_endpoint_per_second: round(single!.perSecond, 1),
        server_cpu_ms_per_delivery: round(spread!.cpuMsPerDelivery, 2),
        single_endpoint_server_cpu_ms_per_delivery: round(single!.cpuMsPerDelivery, 2),
        duplicate_requests: spread!.received - spread!.events + (single!.received - single!.events),
      },
    };
  } finally {
    await receiver.close();
    await db.close();
  }
}

/** Create Order at LAG_RATE orders/s for `warmupSeconds`, then `durationSeconds`; the lag of each event of the latter from its `created_at` to its arrival. */
export async function measureDeliveryLag(context: DeliveryContext): Promise<ScenarioResult> {
  const { database, fill, say } = context;
  const db = await openDatabase({ url: database.env.DATABASE_URL!, ...(database.env.DATABASE_SCHEMA ? { schema: database.env.DATABASE_SCHEMA } : {}) });
  const receiver = await startReceiver(true);
  const server = await ServerProcess.startTill({
    databaseEnv: database.env,
    logLevel: context.logLevel,
    logFile: context.logFile('delivery-lag'),
    extraEnv: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
  });
  try {
    await db.kysely.updateTable('webhook_endpoints').set({ status: 'disabled' }).where('merchant_id', '=', database.merchantId).execute();
    await insertEndpoints(db, database.merchantId, receiver.url, 1, ['order.created']);
    // The server reads endpoints from the database on each event: nothing to wait for.
    const headers = { authorization: `Bearer ${database.apiKey}`, 'content-type': 'application/json' };
    const warmup = LAG_RATE * context.warmupSeconds;
    const total = warmup + LAG_RATE * context.durationSeconds;
    let sent = 0;
    let created = 0;
    let failed = 0;
    /** Ids of the orders created in the measured seconds. */
    const measuredOrders = new Set<string>();
    let measuring: { from: number; peak: () => number } | undefined;
    const started = performance.now();
    const pending: Promise<void>[] = [];
    while (sent < total) {
      if (sent === warmup) measuring = { from: performance.now(), peak: server.watchPeakRss() };
      const due = started + (sent * 1000) / LAG_RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const product = fill.productIds[sent % fill.productIds.length]!;
      const measured = sent >= warmup;
      sent += 1;
      pending.push(
        fetch(`${server.url}/v1/orders`, { method: 'POST', headers, body: JSON.stringify({ items: [{ product_id: product, quantity: 1 }] }) }).then(
          async (response) => {
            const text = await response.text();
            if (response.status !== 201) {
              failed += 1;
              return;
            }
            created += 1;
            if (measured) measuredOrders.add((JSON.parse(text) as { id: string }).id);
          },
          () => void (failed += 1),
        ),
      );
    }
    await Promise.all(pending);
    const seconds = (performance.now() - measuring!.from) / 1000;
    await receiver.waitFor(created, 60_000);
    const arrivals = await receiver.arrivals();
    const { count: received, connections } = await receiver.stats();
    const lags = [...arrivals.values()]
      .map(({ at, body }) => ({ at, event: JSON.parse(body) as { id: string; created_at: string; data: { object: { id: string } } } }))
      .filter(({ event }) => measuredOrders.has(event.data.object.id))
      .map(({ at, event }) => at - Date.parse(event.created_at))
      .sort((a, b) => a - b);
    const result: ScenarioResult = {
      id: 'webhook-lag',
      title: `${DELIVERY_SCENARIOS[1].title} at ${LAG_RATE} orders/s`,
      credential: 'api_key',
      measured: true,
      duration_s: round(seconds, 1),
      requests: sent - warmup,
      req_per_s: round((sent - warmup) / seconds, 1),
      p50_ms: percentile(lags, 50),
      p90_ms: percentile(lags, 90),
      p99_ms: percentile(lags, 99),
      max_ms: lags[lags.length - 1]!,
      errors: failed,
      peak_rss_mb: Math.round(measuring!.peak() / 2 ** 20),
      notes: { events: lags.length, rate: LAG_RATE, duplicate_requests: received - arrivals.size },
    };
    say(
      `  ${lags.length} events at ${LAG_RATE} orders/s: lag p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, max ${result.max_ms} ms, ${failed} failed orders, ` +
        `${connections} connections to the receiver`,
    );
    return result;
  } finally {
    await server.stop();
    await receiver.close();
    await db.close();
  }
}
