/**
 * PostgreSQL made to misbehave from outside while `till serve` (the built command line, in a process
 * of its own, so that a crash shows) serves a light steady stream of orders, captures and refunds:
 * a routine restart, a crash (SIGKILL), terminated and idle-timed-out connections, a table lock, a
 * frozen server, every connection slot taken, a read-only server, and a start against a database
 * that is missing or never answers. Each runs on a cluster of the test's own (test/helpers/private-postgres.ts).
 *
 * Each fault test asserts: the process is still up; every request was answered, within the deadline
 * (DATABASE_STATEMENT_TIMEOUT_MS plus a margin), either as it would have been or 503
 * `database_timeout` / `service_unavailable` with `Retry-After`; `/healthz` answers at once
 * throughout; `/readyz` answers within 2 s, 503 while the database is out and 200 after; Till serves
 * again within 5 s of the database's return, without a restart; and the ledger holds: every
 * acknowledged order is there, the 503s wrote nothing (retried with their keys they do their work
 * once), stock adds up, no refund passes its order's total.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';
import { after, afterEach, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createApiKey } from '../../src/auth/api-keys.js';
import { API_KEY_SCOPES } from '../../src/auth/permissions.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { IDEMPOTENCY_LEASE_MS } from '../../src/idempotency/claim-key.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { randomBase62 } from '../../src/ids.js';
import { systemClock } from '../../src/time.js';
import { ledgerProblems } from '../helpers/ledger.js';
import { PRIVATE_POSTGRES_SKIP, PrivateCluster } from '../helpers/private-postgres.js';
import { TillServe } from '../helpers/till-serve.js';
import { until } from '../helpers/wait.js';

/** /metrics is the operator's: the servers here serve it to this token. */
const METRICS_TOKEN = `metrics-${randomBase62(24)}`;

/** DATABASE_STATEMENT_TIMEOUT_MS of the servers under test. */
const STATEMENT_TIMEOUT_MS = 1_500;
/**
 * Every request is answered by then, whatever the fault: 10 times the statement timeout, so that a
 * loaded machine's slowness never counts as a hang. (A request that hung would never be answered.)
 */
const DEADLINE_MS = 10 * STATEMENT_TIMEOUT_MS;
/** `/readyz` answers within 2 s (its own deadline); this is 10 times that. */
const READYZ_MS = 20_000;
/** Till serves again within 5 s of the database's return when the machine is idle; this is 10 times that. */
const RECOVERY_MS = 50_000;
/**
 * These tests start PostgreSQL and `till serve`, put a fault under load and wait for the recovery: on a
 * loaded machine that takes longer than the suite's 60 s per test.
 */
const FAULT_TEST = { timeout: 240_000 };
const LOOPS = 3;
const STOCK = 100_000;

interface Sent {
  method: 'POST';
  path: string;
  body: unknown;
  key: string;
}

interface Answer {
  sent: Sent;
  status: number;
  body: any;
  retryAfter: string | null;
  ms: number;
  /** The request failed without an answer (refused, reset, or no answer within 30 s). */
  failure?: string;
}

/** `till serve --json` on the database under test, with this file's pool and deadline. */
const startTill = (env: Record<string, string>) => TillServe.start(env, { poolSize: 5, statementTimeoutMs: STATEMENT_TIMEOUT_MS });

/** One HTTP request, timed; a request left unanswered for 30 s counts as a hang. */
async function send(url: string, key: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  try {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as any),
      retryAfter: response.headers.get('retry-after'),
      replayed: response.headers.get('idempotent-replayed'),
      ms: performance.now() - started,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return { status: 0, body: undefined, retryAfter: null, replayed: null, ms: performance.now() - started, failure: String(cause) };
  }
}

/**
 * A TCP proxy in front of the PostgreSQL server on `port`, for Till's `DATABASE_URL`. Each client gets
 * a connection of its own to the server, opened once `opening()` has resolved (a gate's wait), and
 * `relay` carries the bytes between the two, as they are or altered. Either side closing closes the
 * other; `close()` cuts every connection and stops listening.
 */
async function postgresProxy(port: number, relay: (client: Socket, server: Socket) => void, opening?: () => Promise<void>) {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  };
  const proxy = createServer(async (client) => {
    track(client);
    await opening?.();
    if (client.destroyed) return;
    const server = createConnection({ host: '127.0.0.1', port });
    track(server);
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
    relay(client, server);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  return {
    url: `postgres://postgres@127.0.0.1:${(proxy.address() as { port: number }).port}/postgres`,
    sockets,
    close() {
      for (const socket of sockets) socket.destroy();
      proxy.close();
    },
  };
}

describe('PostgreSQL faults', { skip: PRIVATE_POSTGRES_SKIP }, () => {
  let cluster: PrivateCluster;
  let db: Db;
  const tills: TillServe[] = [];

  before(async () => {
    cluster = await PrivateCluster.create();
    db = await openDatabase({ url: cluster.url });
    await migrateToLatest(db);
  });
  // A server holds connections while it lives (its listener's for good): stopped after its test, it
  // leaves the cluster's 40 slots to the next one.
  afterEach(async () => {
    for (const till of tills.splice(0)) await till.stop();
  });
  after(async () => {
    await db?.close();
    await cluster?.destroy();
  });

  function serve(env: Record<string, string> = {}): TillServe {
    const till = startTill({ DATABASE_URL: cluster.url, METRICS_TOKEN, ...env });
    tills.push(till);
    return till;
  }

  /** A merchant of the test's own, with an API key and two tracked products. */
  async function shop(url: string) {
    const { merchant } = await createMerchant(db, systemClock, {
      name: 'Fault Shop',
      email: `owner-${randomBase62(10).toLowerCase()}@example.com`,
      password: `pw-${randomBase62(16)}`,
    });
    const { key } = await createApiKey(db, systemClock, { merchantId: merchant.id, environment: 'sandbox', name: 'faults', permissions: API_KEY_SCOPES });
    const products: string[] = [];
    for (const price of [250, 1_299]) {
      const created = await send(url, key, 'POST', '/v1/products', { name: `P${price}`, price, inventory: STOCK });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      products.push(created.body.id);
    }
    return { merchantId: merchant.id, key, products, initialStock: new Map(products.map((id) => [id, STOCK])) };
  }

  /**
   * LOOPS clients, each sending Create Order, then for some orders Capture and a partial Refund,
   * one request at a time with a short pause, until stopped. Every request and its answer is kept.
   */
  function load(url: string, key: string, products: string[]) {
    const answers: Answer[] = [];
    let stopping = false;
    let sequence = 0;
    const post = async (path: string, body: unknown): Promise<Answer> => {
      const sent: Sent = { method: 'POST', path, body, key: `fault-${sequence++}-${randomBase62(8)}` };
      const answer = { sent, ...(await send(url, key, 'POST', path, body, { 'idempotency-key': sent.key })) };
      answers.push(answer);
      return answer;
    };
    const loop = async (n: number) => {
      while (!stopping) {
        const created = await post('/v1/orders', { items: [{ product_id: products[n % 2]!, quantity: 1 + (sequence % 3) }, { product_id: products[(n + 1) % 2]!, quantity: 1 }] });
        if (created.status === 201 && sequence % 2 === 0) {
          const captured = await post(`/v1/orders/${created.body.id}/capture`, { payment_token: 'tok_visa' });
          if (captured.status === 200) await post(`/v1/orders/${created.body.id}/refund`, { amount: 1 + (sequence % Math.floor(created.body.total / 2)) });
        }
        await sleep(20);
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));
    return {
      answers,
      /** Resolves once `n` more requests have been answered. */
      async answered(n: number): Promise<void> {
        const target = answers.length + n;
        await until(`${n} more requests are answered`, () => answers.length >= target);
      },
      async stop(): Promise<Answer[]> {
        stopping = true;
        await Promise.all(loops);
        return answers;
      },
    };
  }

  /** Every request answered, in time, as it would have been or 503 with Retry-After. */
  function assertAnswered(answers: Answer[]): { failed: number } {
    let failed = 0;
    for (const answer of answers) {
      const what = `${answer.sent.path} (${Math.round(answer.ms)} ms): ${answer.status} ${answer.failure ?? JSON.stringify(answer.body)}`;
      assert.equal(answer.failure, undefined, `no answer to ${what}`);
      assert.ok(answer.ms <= DEADLINE_MS, `answered past the deadline of ${DEADLINE_MS} ms: ${what}`);
      if (answer.status === 503) {
        failed++;
        assert.ok(['database_timeout', 'service_unavailable', 'commit_unconfirmed'].includes(answer.body.error.code), what);
        assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/, `503 without Retry-After: ${what}`);
      } else {
        assert.ok([200, 201].includes(answer.status), what);
      }
    }
    return { failed };
  }

  /** `/readyz` answers within READYZ_MS with `status`; `/healthz` answers 200 at once. */
  async function assertReadiness(url: string, status: number): Promise<void> {
    const ready = await send(url, undefined, 'GET', '/readyz');
    assert.ok(ready.ms <= READYZ_MS, `/readyz took ${Math.round(ready.ms)} ms`);
    assert.equal(ready.status, status, `/readyz: ${ready.failure ?? JSON.stringify(ready.body)}`);
    if (status === 503) assert.match(ready.retryAfter ?? '', /^[1-9]\d*$/);
    const health = await send(url, undefined, 'GET', '/healthz');
    assert.equal(health.status, 200);
    assert.ok(health.ms < 5_000, `/healthz took ${Math.round(health.ms)} ms`);
  }

  /** Milliseconds from now until an order is created and `/readyz` says ready; fails past RECOVERY_MS. */
  async function recovery(url: string, key: string, product: string): Promise<number> {
    const started = performance.now();
    await until(`Till serves again (an order created, /readyz ready) within ${RECOVERY_MS} ms`, async () => {
      const order = await send(url, key, 'POST', '/v1/orders', { items: [{ product_id: product, quantity: 1 }] });
      const ready = order.status === 201 ? await send(url, undefined, 'GET', '/readyz') : undefined;
      return ready?.status === 200;
    }, RECOVERY_MS);
    return performance.now() - started;
  }

  /**
   * The 503s wrote nothing: retried with their keys (once their leases have passed, as time would
   * make them), each does its work once. Then every acknowledged order is stored and the ledger holds.
   */
  async function assertLedger(url: string, merchant: { merchantId: string; key: string; initialStock: Map<string, number> }, answers: Answer[]): Promise<void> {
    await db.kysely
      .updateTable('idempotency_keys')
      .set({ locked_at: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1_000).toISOString() })
      .where('merchant_id', '=', merchant.merchantId)
      .where('status', '=', 'in_progress')
      .execute();
    const acknowledged = new Set(answers.filter((a) => a.status === 201 && a.sent.path === '/v1/orders').map((a) => a.body.id as string));
    for (const answer of answers.filter((a) => a.status === 503)) {
      const retried = await send(url, merchant.key, 'POST', answer.sent.path, answer.sent.body, { 'idempotency-key': answer.sent.key });
      assert.ok([200, 201].includes(retried.status), `retry of ${answer.sent.path}: ${retried.status} ${JSON.stringify(retried.body)}`);
      // A 503 wrote nothing, so its retry is the first to do the work, never a replay; except one
      // that says the commit was not confirmed: then the retry tells the outcome, whichever it was.
      if (answer.body.error.code !== 'commit_unconfirmed') {
        assert.equal(retried.replayed, null, `the retry of a 503 ${answer.sent.path} was a replay: the 503 had written`);
      }
      if (answer.sent.path === '/v1/orders') acknowledged.add(retried.body.id);
    }
    const stored = await db.kysely.selectFrom('orders').select('id').where('merchant_id', '=', merchant.merchantId).execute();
    const storedIds = new Set(stored.map((o) => o.id));
    // Orders made by `recovery` are acknowledged too; every one of the load's must be there.
    for (const id of acknowledged) assert.ok(storedIds.has(id), `acknowledged order ${id} is missing`);
    assert.deepEqual(await ledgerProblems(db.kysely, merchant.merchantId, merchant.initialStock), []);
  }

  /**
   * The shape every fault test shares: a server and a merchant, load, the fault once 30 requests are
   * answered, `during` while it lasts, the database's return, then the checks. Returns what it saw.
   */
  async function underLoad(
    t: { diagnostic(message: string): void },
    name: string,
    fault: { inject(): Promise<void>; during?(url: string): Promise<void>; restore(): Promise<void>; readyDuring?: 200 | 503; expectFailures?: boolean },
    env: Record<string, string> = {},
  ) {
    const till = serve(env);
    const url = await till.url();
    const merchant = await shop(url);
    const traffic = load(url, merchant.key, merchant.products);
    let recoveredMs: number;
    try {
      await traffic.answered(30);
      await fault.inject();
      if (fault.readyDuring !== undefined) await assertReadiness(url, fault.readyDuring);
      await fault.during?.(url);
      await fault.restore();
      recoveredMs = await recovery(url, merchant.key, merchant.products[0]!);
      await traffic.answered(20);
    } finally {
      // Also when a step fails: a load that went on would keep this file's process alive after its tests.
      await traffic.stop();
    }
    const answers = traffic.answers;
    assert.ok(till.running, `till serve exited:\n${till.output}`);
    const { failed } = assertAnswered(answers);
    if (fault.expectFailures !== false) assert.ok(failed > 0, `no request met the fault (${answers.length} answered)`);
    await assertReadiness(url, 200);
    await assertLedger(url, merchant, answers);
    const slowest = Math.max(...answers.map((a) => a.ms));
    t.diagnostic(`${name}: ${answers.length} answered, ${failed} of them 503, slowest ${Math.round(slowest)} ms, served again ${Math.round(recoveredMs)} ms after the database was back`);
    return { till, url, answers };
  }

  test('a fast restart of PostgreSQL (pg_ctl restart -m fast, 1 s down) under load: Till stays up and serves again within 5 s', FAULT_TEST, async (t) => {
    await underLoad(t, 'fast restart', {
      inject: () => cluster.stop('fast'),
      readyDuring: 503,
      during: () => sleep(1_000),
      restore: () => cluster.start(),
    });
  });

  test('the SQLSTATEs of database faults name their kind (disk full, too many clients, read-only, terminated, timeouts)', () => {
    const kinds = Object.fromEntries(['53100', '53300', '25006', '57P01', '57P02', '57P03', '57014', '55P03', '08006', '23505'].map((code) => [code, db.faultOf(Object.assign(new Error(code), { code }))]));
    assert.deepEqual(kinds, {
      '53100': 'disk_full',
      '53300': 'too_many_connections',
      '25006': 'read_only',
      '57P01': 'unreachable',
      '57P02': 'unreachable',
      '57P03': 'unreachable',
      '57014': 'timeout',
      '55P03': 'timeout',
      '08006': 'unreachable',
      // A unique key taken is the request's doing, not the database's.
      '23505': undefined,
    });
    // pg-pool: every connection stayed lent out (a wait), or none could be opened in time (unreachable).
    assert.equal(db.faultOf(new Error('timeout exceeded when trying to connect')), 'timeout');
    assert.equal(db.faultOf(new Error('Connection terminated due to connection timeout')), 'unreachable');
  });

  test('PostgreSQL killed (SIGKILL to every server process) under load and started 2 s later: Till stays up and serves again within 5 s', FAULT_TEST, async (t) => {
    await underLoad(t, 'SIGKILL', {
      inject: () => cluster.kill(),
      readyDuring: 503,
      during: () => sleep(2_000),
      restore: () => cluster.start(),
    });
  });

  test("pg_terminate_backend of Till's connections under load: the broken connections are replaced", FAULT_TEST, async (t) => {
    const { till } = await underLoad(t, 'pg_terminate_backend', {
      inject: async () => {
        for (let round = 0; round < 3; round++) {
          await cluster.sql("select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()");
          await sleep(300);
        }
      },
      restore: async () => {},
      // A request caught by a termination answers 503; one between them is served.
      expectFailures: false,
    });
    assert.doesNotMatch(till.output, /Unhandled|uncaught/i);
  });

  test('idle_session_timeout closing idle connections: Till stays up and its next requests are served', FAULT_TEST, async (t) => {
    await cluster.sql("alter system set idle_session_timeout = '300ms'");
    await cluster.sql('select pg_reload_conf()');
    try {
      const till = serve();
      const url = await till.url();
      const merchant = await shop(url);
      for (let round = 0; round < 3; round++) {
        // Every pooled connection sits idle past the timeout, and PostgreSQL closes it (57P05).
        // (A span of the fault, not a wait for a result: the order below must be served whether or
        // not PostgreSQL has closed them all yet. The dispatcher and the credential listener open
        // connections of their own at any time, so "none left" is not a moment to wait for.)
        await sleep(800);
        assert.ok(till.running, `till serve exited:\n${till.output}`);
        const order = await send(url, merchant.key, 'POST', '/v1/orders', { items: [{ product_id: merchant.products[0]!, quantity: 1 }] });
        assert.equal(order.status, 201, JSON.stringify(order.body));
      }
      await assertReadiness(url, 200);
      t.diagnostic('idle_session_timeout: 3 rounds of idle connections closed, every next order served');
    } finally {
      await cluster.sql('alter system reset idle_session_timeout');
      await cluster.sql('select pg_reload_conf()');
    }
  });

  for (const poolSize of [5, 2]) {
    const crowded = poolSize < LOOPS ? ', with fewer connections than clients (the wait for a free one ends at the deadline)' : '';
    test(`LOCK TABLE orders held for 3 statement timeouts${crowded}: orders answer 503 database_timeout in time, /readyz answers at once, then orders are served`, FAULT_TEST, async (t) => {
      const locker = new pg.Client({ connectionString: cluster.url });
      await locker.connect();
      try {
        const { answers, till } = await underLoad(
          t,
          `LOCK TABLE, ${poolSize} connections`,
          {
            inject: async () => {
              await locker.query('begin');
              await locker.query('lock table orders in access exclusive mode');
            },
            // The database answers and takes writes to every other table: the server stays in rotation.
            readyDuring: 200,
            during: () => sleep(3 * STATEMENT_TIMEOUT_MS),
            restore: async () => {
              await locker.query('rollback');
            },
          },
          { DATABASE_POOL_SIZE: String(poolSize), LOG_LEVEL: 'error' },
        );
        const timedOut = answers.filter((a) => a.status === 503);
        assert.ok(timedOut.every((a) => a.body.error.code === 'database_timeout'), `${JSON.stringify(timedOut.map((a) => [a.sent.path, a.ms, a.body.error]))}\n${till.output}`);
      } finally {
        await locker.end();
      }
    });
  }

  test('PostgreSQL frozen (SIGSTOP, 4 s) under load: every request answers within the deadline, /readyz says not ready, /metrics shows it', FAULT_TEST, async (t) => {
    let thaw: (() => void) | undefined;
    try {
      const { url } = await underLoad(t, 'SIGSTOP', {
        inject: async () => {
          thaw = cluster.freeze();
        },
        readyDuring: 503,
        during: async (url) => {
          // The freeze is held 1.5 s past the readiness check (the fault's length, so that the load
          // meets it), then until /metrics has counted a second without an answer.
          await sleep(1_500);
          let since = Number.NaN;
          await until('/metrics to count a second without an answer from the database', async () => {
            const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
            since = Number(/^till_database_seconds_since_answer (\S+)$/m.exec(metrics)?.[1]);
            return since >= 1;
          }, 30_000);
          assert.ok(since >= 1, `seconds since the database answered: ${since}`);
        },
        restore: async () => {
          thaw!();
          thaw = undefined;
        },
      });
      const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
      const errors = [...metrics.matchAll(/^till_database_errors_total\{kind="(\w+)"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[2]), 0);
      assert.ok(errors > 0, metrics);
      assert.match(metrics, /^till_database_connections\{state="idle"\} \d+$/m);
      assert.match(metrics, /^till_database_waiting_requests \d+$/m);
    } finally {
      thaw?.();
    }
  });

  test('a COMMIT whose answer never comes (PostgreSQL committed, the reply is lost): 503 commit_unconfirmed, and the retry with the key answers with the stored result', FAULT_TEST, async () => {
    // Till talks to PostgreSQL through this proxy. On a connection that has stored an idempotent
    // answer (the capture's transaction), the reply to the COMMIT that follows is swallowed: the
    // commit is made, and Till never hears of it.
    const stored = Buffer.from('update "idempotency_keys" set "status"');
    const commit = Buffer.from('Q\0\0\0\x0bcommit\0', 'latin1');
    let swallowed = 0;
    const proxy = await postgresProxy(cluster.port, (client, server) => {
      let storing = false;
      let silent = false;
      client.on('data', (chunk) => {
        if (chunk.includes(stored)) storing = true;
        if (storing && chunk.includes(commit) && swallowed === 0) {
          silent = true;
          swallowed++;
        }
        server.write(chunk);
      });
      server.on('data', (chunk) => {
        if (!silent) client.write(chunk);
      });
    });
    try {
      const till = serve({ DATABASE_URL: proxy.url, DATABASE_POOL_SIZE: '1' });
      const url = await till.url();
      const merchant = await shop(url);
      const created = await send(url, merchant.key, 'POST', '/v1/orders', { items: [{ product_id: merchant.products[0]!, quantity: 2 }] });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const path = `/v1/orders/${created.body.id}/capture`;
      const key = `capture-${randomBase62(8)}`;

      const lost = await send(url, merchant.key, 'POST', path, { payment_token: 'tok_visa' }, { 'idempotency-key': key });
      assert.equal(swallowed, 1, 'the COMMIT of the capture went through the proxy');
      assert.equal(lost.status, 503, JSON.stringify(lost.body));
      assert.equal(lost.body.error.code, 'commit_unconfirmed');
      assert.match(lost.retryAfter ?? '', /^[1-9]\d*$/);
      assert.ok(lost.ms <= DEADLINE_MS, `answered after ${Math.round(lost.ms)} ms`);
      const order = await db.kysely.selectFrom('orders').select('status').where('id', '=', created.body.id).executeTakeFirstOrThrow();
      assert.equal(order.status, 'paid', 'PostgreSQL made the commit');

      const retried = await send(url, merchant.key, 'POST', path, { payment_token: 'tok_visa' }, { 'idempotency-key': key });
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.replayed, 'true');
      assert.equal(retried.body.status, 'paid');
      assert.ok(till.running, till.output);
    } finally {
      proxy.close();
    }
  });

  test('a connection terminated in the same read as its start-up (ReadyForQuery, then FATAL 57P01): Till stays up, answers 503, and serves again', FAULT_TEST, async () => {
    // pg-pool lends a new connection out with no 'error' listener on it until the borrower adds one,
    // a promise later. A termination that reaches Till in the same chunk as the connection's
    // ReadyForQuery lands in that gap; without a listener of Till's own, Node ends the process.
    // This proxy makes that chunk for every connection opened while it is armed.
    const readyForQuery = Buffer.from('Z\0\0\0\x05I', 'latin1');
    const fields = Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0', 'latin1');
    const terminated = Buffer.concat([Buffer.from('E', 'latin1'), Buffer.alloc(4), fields]);
    terminated.writeInt32BE(4 + fields.length, 1);
    let armed = false;
    let poisoned = 0;
    const proxy = await postgresProxy(cluster.port, (client, server) => {
      let started = false;
      client.on('data', (chunk) => server.write(chunk));
      server.on('data', (chunk) => {
        if (!started && chunk.includes(readyForQuery)) {
          started = true;
          if (armed) {
            poisoned++;
            client.end(Buffer.concat([chunk, terminated]));
            server.destroy();
            return;
          }
        }
        client.write(chunk);
      });
    });
    try {
      const till = serve({ DATABASE_URL: proxy.url, LOG_LEVEL: 'error' });
      const url = await till.url();
      const merchant = await shop(url);
      const order = () => send(url, merchant.key, 'POST', '/v1/orders', { items: [{ product_id: merchant.products[0]!, quantity: 1 }] });
      assert.equal((await order()).status, 201);

      // Every open connection is cut, so that the next requests open new ones, each terminated as it starts.
      // A request may still meet a cut connection that Till has not yet seen close (a 503 too, but no new
      // connection), so requests go on until five connections have been terminated as they started.
      armed = true;
      for (const socket of proxy.sockets) socket.destroy();
      let requests = 0;
      while (poisoned < 5 && requests < 20) {
        requests++;
        const refused = await order();
        assert.equal(refused.status, 503, `${refused.failure ?? JSON.stringify(refused.body)}\n${till.output}`);
        assert.equal(refused.body.error.code, 'service_unavailable');
      }
      assert.ok(poisoned >= 5, `${poisoned} connections were terminated as they started, in ${requests} requests`);
      assert.ok(till.running, till.output);

      armed = false;
      assert.equal((await order()).status, 201);
      assert.ok(till.running, till.output);
      assert.doesNotMatch(till.output, /Unhandled 'error' event/);
    } finally {
      proxy.close();
    }
  });

  test('every connection slot taken (53300 too many clients): new connections answer 503 service_unavailable, the log names it, and Till recovers', FAULT_TEST, async (t) => {
    const hogs: pg.Client[] = [];
    /** Takes every free slot, until PostgreSQL says 53300. */
    const takeEverySlot = async () => {
      for (;;) {
        const client = new pg.Client({ connectionString: cluster.url, application_name: 'hog' });
        client.on('error', () => undefined);
        try {
          await client.connect();
        } catch (error) {
          assert.equal((error as { code?: string }).code, '53300');
          return;
        }
        hogs.push(client);
      }
    };
    // Till reaches PostgreSQL through this gate. While it is shut, Till's new connections wait in it,
    // so that the slots of the connections terminated below go to the test's clients, not back to a
    // Till under load (a race it won through ten rounds on a busy machine).
    let shut = false;
    const waiting: Array<() => void> = [];
    const upstream = new Set<Socket>();
    const gate = await postgresProxy(
      cluster.port,
      (client, server) => {
        upstream.add(server);
        server.on('close', () => upstream.delete(server));
        client.pipe(server).pipe(client);
      },
      () => (shut ? new Promise<void>((open) => waiting.push(open)) : Promise.resolve()),
    );
    try {
      const { till } = await underLoad(
        t,
        'too many clients',
        {
          inject: async () => {
            // Every slot is taken, then Till's connections (the gate's, known by their ports) are
            // closed and their slots taken too: its next connections go through to a full server.
            shut = true;
            await takeEverySlot();
            assert.ok(hogs.length > 0, 'every slot was taken before the test took one');
            const tillsBackends = async () =>
              (await hogs[0]!.query<{ pid: number }>('select pid from pg_stat_activity where client_port = any($1::int[])', [[...upstream].map((socket) => socket.localPort)])).rows.map((row) => row.pid);
            const pids = await tillsBackends();
            assert.ok(pids.length > 0, 'Till under load holds connections');
            await hogs[0]!.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
            // A terminated backend keeps its slot until it has exited.
            await until(
              `terminated backends ${pids.join(', ')} have exited`,
              async () => (await hogs[0]!.query('select 1 from pg_stat_activity where pid = any($1::int[])', [pids])).rowCount === 0,
              5_000,
            );
            await takeEverySlot();
            assert.deepEqual(await tillsBackends(), [], 'Till holds no connection');
            shut = false;
            for (const open of waiting.splice(0)) open();
          },
          readyDuring: 503,
          during: () => sleep(1_000),
          restore: async () => {
            await Promise.all(hogs.splice(0).map((client) => client.end()));
          },
        },
        { LOG_LEVEL: 'error', DATABASE_URL: gate.url },
      );
      assert.match(till.output, /database unavailable: too_many_connections/);
    } finally {
      await Promise.all(hogs.map((client) => client.end()));
      gate.close();
    }
  });

  test('a read-only server (default_transaction_read_only): writes answer 503 service_unavailable, /readyz says not ready, both recover when it is writable again', FAULT_TEST, async (t) => {
    const setReadOnly = async (on: boolean) => {
      await cluster.sql(on ? 'alter system set default_transaction_read_only = on' : 'alter system reset default_transaction_read_only');
      await cluster.sql('select pg_reload_conf()');
      // The setting reaches every session at its next statement; give the reload a moment.
      await sleep(200);
    };
    try {
      const { till, answers } = await underLoad(
        t,
        'read-only',
        { inject: () => setReadOnly(true), readyDuring: 503, during: () => sleep(1_000), restore: () => setReadOnly(false) },
        { LOG_LEVEL: 'error' },
      );
      // Refused writes say the database takes none; on a starved machine a request may also pass its
      // deadline first (database_timeout), which is load shed, not this fault.
      const codes = answers.filter((a) => a.status === 503).map((a) => a.body.error.code as string);
      assert.ok(codes.includes('service_unavailable') && codes.every((code) => code === 'service_unavailable' || code === 'database_timeout'), codes.join(', '));
      assert.match(till.output, /database unavailable: read_only/);
    } finally {
      await setReadOnly(false);
    }
  });
});

describe('starting against a database that is not there', { skip: PRIVATE_POSTGRES_SKIP }, () => {
  let silent: ReturnType<typeof createServer>;
  let silentPort: number;
  const sockets: Socket[] = [];
  before(async () => {
    // Accepts TCP connections and never says a word, as a frozen server or a black-holing firewall.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  test('a server that accepts TCP and never answers: till serve fails within 15 s with one line naming the host, password masked', FAULT_TEST, async () => {
    const started = performance.now();
    const till = startTill({ DATABASE_URL: `postgres://till:hunter2@127.0.0.1:${silentPort}/till`, DATABASE_CONNECT_TIMEOUT_MS: '5000' });
    const code = await till.exited;
    const ms = performance.now() - started;
    assert.notEqual(code, 0);
    // DATABASE_CONNECT_TIMEOUT_MS is 5 s: 10 times that on a loaded machine, and never a hang.
    assert.ok(ms < 50_000, `took ${Math.round(ms)} ms`);
    const lines = till.output.trim().split('\n');
    assert.equal(lines.length, 1, till.output);
    assert.match(lines[0]!, new RegExp(`postgres://till:\\*\\*\\*@127\\.0\\.0\\.1:${silentPort}/till`));
    assert.doesNotMatch(till.output, /hunter2/);
  });

  test('with DATABASE_WAIT_SECONDS, till serve waits for a database that comes up, saying so every few seconds, then serves', FAULT_TEST, async (t) => {
    const cluster = await PrivateCluster.create();
    try {
      await cluster.stop('fast');
      const till = startTill({ DATABASE_URL: cluster.url, DATABASE_WAIT_SECONDS: '30', MIGRATE_ON_START: 'true' });
      try {
        const waitingLines = () => till.output.split('\n').filter((line) => line.startsWith('waiting for the database'));
        // Said again while it waits: a second line (the lines come every few seconds).
        await until('till serve says twice that it is waiting for the database', () => waitingLines().length >= 2);
        assert.ok(till.running, till.output);
        const waiting = waitingLines();
        assert.match(waiting[0]!, new RegExp(`postgres://postgres@127\\.0\\.0\\.1:${cluster.port}/postgres`));
        const started = performance.now();
        await cluster.start();
        const url = await till.url();
        const ready = await send(url, undefined, 'GET', '/readyz');
        assert.equal(ready.status, 200);
        t.diagnostic(`listening ${Math.round(performance.now() - started)} ms after PostgreSQL started; ${waiting.length} waiting lines before it started`);
      } finally {
        await till.stop();
      }
    } finally {
      await cluster.destroy();
    }
  });

  test('with DATABASE_WAIT_SECONDS=3 and a silent server, till serve gives up after about 3 s', FAULT_TEST, async () => {
    const started = performance.now();
    const till = startTill({ DATABASE_URL: `postgres://till@127.0.0.1:${silentPort}/till`, DATABASE_WAIT_SECONDS: '3', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    const code = await till.exited;
    const ms = performance.now() - started;
    assert.notEqual(code, 0);
    // At least the 3 s it was told to wait; at most 10 times that on a loaded machine.
    assert.ok(ms >= 3_000 && ms < 30_000, `took ${Math.round(ms)} ms`);
    assert.match(till.output, /^waiting for the database postgres:\/\/till@127\.0\.0\.1:\d+\/till \(\d+ s left\): /m);
    assert.match(till.output, /cannot start the server/);
  });
});
