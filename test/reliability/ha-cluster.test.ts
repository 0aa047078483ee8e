/**
 * Till on a highly available PostgreSQL: the lab of scripts/ha-lab.ts (etcd, three Patroni nodes with
 * synchronous replication, HAProxy's primary and replicas ports), `till serve` (the built command
 * line, in a process of its own) with DATABASE_URL at the primary port and DATABASE_READ_URL at the
 * replicas port, and a steady mix of Create Order, Capture, Refund and reads from concurrent clients
 * that retry a 503 with the same Idempotency-Key after its Retry-After, as a careful integration does.
 *
 * In turn: a planned switchover (patronictl), a kill -9 of the primary's postmaster (its Patroni may
 * restart it in place), the primary's whole node lost (Patroni and PostgreSQL killed: a failover to
 * the synchronous standby), and the replicas stopped one after the other (the synchronous standby
 * first; the other once the leader has made it its synchronous standby: see HaLab.waitForSyncSettled
 * for the Patroni race that stopping it sooner runs into). After each: the process never restarted; every answer came within the
 * deadline plus a margin, and every 5xx was a 503 with Retry-After; every acknowledged order, capture
 * and refund is on the primary now, and the ledger adds up (stock, refunded amounts, events); a
 * writer's List Orders always held the order it had just made; and the reads of a credential that
 * does not write (a dashboard's lists and reports, from the replicas) never failed while the primary
 * was up. While there is no primary, a read that needs it (a credential's check while the
 * credential listener reconnects) answers 503 with Retry-After like a write; the count is reported.
 * A last test stops the replicas' replay and shows the lag bound and the writer's window at work. The time from the fault to the first successful write is reported (t.diagnostic), as
 * measured by a probe that sends a new order every 100 ms.
 *
 * Skipped, with the reason, where patroni, etcd or haproxy is not installed (CI installs them).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createApiKey } from '../../src/auth/api-keys.js';
import { API_KEY_SCOPES } from '../../src/auth/permissions.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { randomBase62 } from '../../src/ids.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { systemClock } from '../../src/time.js';
import { HaLab, haLabMissing } from '../../scripts/ha-lab.js';
import { ledgerProblems } from '../helpers/ledger.js';
import { TillServe } from '../helpers/till-serve.js';
import { until } from '../helpers/wait.js';

const missing = haLabMissing();
const HA_SKIP: string | false = missing === undefined ? false : `HA cluster not tested: ${missing}`;

/** DATABASE_STATEMENT_TIMEOUT_MS of the server: a request's deadline. */
const STATEMENT_TIMEOUT_MS = 2_000;
/** Every answer comes by then: the deadline, and a margin for a loaded machine (the margin, not the deadline, is large). */
const ANSWER_BOUND_MS = STATEMENT_TIMEOUT_MS + 8_000;
/** A new leader, or the old one restarted, within this (Patroni's ttl is 10 s; a loaded machine is slow). */
const LEADER_BOUND_MS = 90_000;
/** A retry refused 409 because its failed first try still holds the key is served within this (the lease is 60 s). */
const KEY_RELEASED_MS = 30_000;
/** Clients writing, one request after another, without pause. */
const CLIENTS = 8;
/** Clients of another credential, which never writes, reading lists and reports (a dashboard's). */
const READERS = 2;
const STOCK = 1_000_000;
/** The lab's start, a fault and its recovery each take longer than the suite's 60 s per test on a loaded machine. */
const HA_TEST = { timeout: 240_000 };

interface Answer {
  /** `own-read`: a writer's read of what it has just written; `read`: a reader's, which never writes. */
  kind: 'create' | 'capture' | 'refund' | 'own-read' | 'read' | 'probe';
  path: string;
  status: number;
  body: any;
  retryAfter: string | null;
  started: number;
  ended: number;
  failure?: string;
}

/** `till serve --json` on the database under test, with this file's pool and deadline. */
const startTill = (env: Record<string, string>) => TillServe.start(env, { poolSize: 10, statementTimeoutMs: STATEMENT_TIMEOUT_MS });

async function send(url: string, key: string, kind: Answer['kind'], method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return { kind, path, status: response.status, body: text === '' ? undefined : JSON.parse(text), retryAfter: response.headers.get('retry-after'), started, ended: performance.now() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return { kind, path, status: 0, body: undefined, retryAfter: null, started, ended: performance.now(), failure: String(cause) };
  }
}

describe('Till on a highly available PostgreSQL (Patroni, etcd, HAProxy)', { skip: HA_SKIP }, () => {
  let lab: HaLab;
  let till: TillServe;
  let url: string;
  let shop: { merchantId: string; key: string; readerKey: string; products: string[]; initialStock: Map<string, number> };

  before(async () => {
    lab = await HaLab.start({ fsync: false, keepFiles: process.env.HA_LAB_KEEP === '1' });
    const db = await openDatabase({ url: lab.primaryUrl });
    try {
      await migrateToLatest(db);
      const { merchant } = await createMerchant(db, systemClock, { name: 'HA Shop', email: `owner-${randomBase62(10).toLowerCase()}@example.com`, password: `pw-${randomBase62(16)}` });
      const { key } = await createApiKey(db, systemClock, { merchantId: merchant.id, environment: 'sandbox', name: 'ha', permissions: API_KEY_SCOPES });
      const { key: readerKey } = await createApiKey(db, systemClock, { merchantId: merchant.id, environment: 'sandbox', name: 'dashboard', permissions: API_KEY_SCOPES });
      shop = { merchantId: merchant.id, key, readerKey, products: [], initialStock: new Map() };
    } finally {
      await db.close();
    }
    till = startTill({ DATABASE_URL: lab.primaryUrl, DATABASE_READ_URL: lab.replicasUrl, DATABASE_READ_MAX_LAG_MS: '10000' });
    url = await till.url();
    for (const price of [250, 1_299]) {
      const created = await send(url, shop.key, 'create', 'POST', '/v1/products', { name: `P${price}`, price, inventory: STOCK });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      shop.products.push(created.body.id);
      shop.initialStock.set(created.body.id, STOCK);
    }
  }, HA_TEST);

  after(async () => {
    await till?.stop();
    await lab?.stop();
  });

  /**
   * CLIENTS clients, each: Create Order; for every other order, Capture and then a partial Refund;
   * and a read (List Orders, which must hold the client's own order just made, or List Events) after
   * each: these read from the primary (the credential has just written), so they may answer 503 while
   * it is replaced. READERS clients of another credential read lists and reports, from the replicas or
   * the primary, waiting Retry-After after a 503. A write answered 503 is sent again with its key
   * after Retry-After (0.5 to 1.5 times it); a 409 `idempotency_key_in_use` (the failed first try
   * still holding the key) again after 50 ms. A probe sends a new order every 100 ms, never retried,
   * to time the outage.
   */
  function traffic() {
    const answers: Answer[] = [];
    const acknowledged = { orders: new Set<string>(), captured: new Set<string>(), refunds: new Set<string>() };
    /** The longest a retry was refused 409 `idempotency_key_in_use` (its failed first try's key not yet released). */
    const longestInUse = { ms: 0 };
    let stopping = false;
    let sequence = 0;

    const served = async (kind: Answer['kind'], path: string, body: unknown): Promise<Answer> => {
      const key = `ha-${sequence++}-${randomBase62(8)}`;
      let refusedSince: number | undefined;
      for (;;) {
        const answer = await send(url, shop.key, kind, 'POST', path, body, key);
        answers.push(answer);
        if (answer.status === 409 && answer.body?.error?.code === 'idempotency_key_in_use') {
          refusedSince ??= answer.started;
          longestInUse.ms = Math.max(longestInUse.ms, answer.ended - refusedSince);
          await sleep(50);
          continue;
        }
        if (answer.status !== 503 || stopping) return answer;
        await sleep(Number(answer.retryAfter) * 1000 * (0.5 + Math.random()));
      }
    };
    const read = async (path: string, key = shop.key, kind: Answer['kind'] = 'own-read'): Promise<Answer> => {
      const answer = await send(url, key, kind, 'GET', path);
      answers.push(answer);
      return answer;
    };
    const reader = async () => {
      const today = new Date().toISOString().slice(0, 10);
      while (!stopping) {
        for (const path of ['/v1/orders?per_page=20', '/v1/events?per_page=20', `/v1/reports/end_of_day?date=${today}`]) {
          const answer = await read(path, shop.readerKey, 'read');
          if (answer.status === 503) await sleep(Number(answer.retryAfter) * 1000 * (0.5 + Math.random()));
        }
      }
    };
    const client = async (n: number) => {
      while (!stopping) {
        const created = await served('create', '/v1/orders', { items: [{ product_id: shop.products[n % 2]!, quantity: 1 + (n % 3) }, { product_id: shop.products[(n + 1) % 2]!, quantity: 1 }] });
        if (created.status !== 201) continue;
        acknowledged.orders.add(created.body.id);
        // Searched by its id, so that orders other clients made meanwhile cannot push it off the page.
        const list = await read(`/v1/orders?q=${created.body.id}`);
        if (list.status === 200) assert.ok(list.body.data.some((o: { id: string }) => o.id === created.body.id), `List Orders right after Create Order lacks the client's own order ${created.body.id}`);
        if (sequence % 2 === 0) {
          const captured = await served('capture', `/v1/orders/${created.body.id}/capture`, { payment_token: 'tok_visa' });
          if (captured.status !== 200) continue;
          acknowledged.captured.add(created.body.id);
          const refund = await served('refund', `/v1/orders/${created.body.id}/refund`, { amount: 1 + (sequence % Math.floor(created.body.total / 2)) });
          if (refund.status === 200) acknowledged.refunds.add(refund.body.id);
        } else {
          await read('/v1/events?per_page=20');
        }
      }
    };
    const probe = async () => {
      while (!stopping) {
        const answer = await send(url, shop.key, 'probe', 'POST', '/v1/orders', { items: [{ product_id: shop.products[0]!, quantity: 1 }] }, `probe-${randomBase62(12)}`);
        answers.push(answer);
        if (answer.status === 201) acknowledged.orders.add(answer.body.id);
        await sleep(100);
      }
    };
    const running = [...Array.from({ length: CLIENTS }, (_, n) => client(n)), ...Array.from({ length: READERS }, () => reader()), probe()];
    return {
      answers,
      acknowledged,
      longestInUse,
      /** Resolves once `n` more writes have succeeded. */
      async written(n: number, ms = 60_000): Promise<void> {
        const succeeded = () => answers.filter((a) => a.kind !== 'read' && a.kind !== 'own-read' && a.status >= 200 && a.status < 300).length;
        const target = succeeded() + n;
        await until(`${n} more writes succeed`, () => succeeded() >= target, ms);
      },
      async stop(): Promise<void> {
        stopping = true;
        await Promise.all(running);
      },
    };
  }

  /**
   * The checks after a fault, and what is reported: see the file's comment. `faultAt` is when the
   * fault was made (performance.now()).
   */
  async function assertThrough(t: { diagnostic(message: string): void }, name: string, load: ReturnType<typeof traffic>, faultAt: number, startedAt: number, readsAlwaysServed: boolean) {
    const { answers, acknowledged } = load;
    assert.ok(till.running, `till serve exited:\n${till.output}`);
    // A failed request's key is released once the database answers: a retry is never refused for the lease (60 s).
    assert.ok(load.longestInUse.ms < KEY_RELEASED_MS, `a retry was refused 409 idempotency_key_in_use for ${Math.round(load.longestInUse.ms)} ms`);
    let unavailable = 0;
    for (const answer of answers) {
      const what = `${answer.kind} ${answer.path} (${Math.round(answer.ended - answer.started)} ms): ${answer.status} ${answer.failure ?? JSON.stringify(answer.body)}`;
      assert.equal(answer.failure, undefined, `no answer to ${what}`);
      assert.ok(answer.ended - answer.started <= ANSWER_BOUND_MS, `answered past ${ANSWER_BOUND_MS} ms: ${what}`);
      if (answer.status === 503) {
        unavailable++;
        assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/, `503 without Retry-After: ${what}`);
        assert.ok(['database_timeout', 'service_unavailable', 'commit_unconfirmed'].includes(answer.body.error.code), what);
      } else if (answer.status === 409) {
        assert.equal(answer.body.error.code, 'idempotency_key_in_use', what);
      } else {
        assert.ok([200, 201].includes(answer.status), what);
      }
      if (answer.kind === 'read' && readsAlwaysServed) assert.equal(answer.status, 200, `a reader's read failed: ${what}`);
    }
    // Everything acknowledged is on the primary now, and the ledger adds up.
    const db: Db = await openDatabase({ url: lab.primaryUrl });
    try {
      const orders = await db.kysely.selectFrom('orders').select(['id', 'status']).where('merchant_id', '=', shop.merchantId).execute();
      const status = new Map(orders.map((o) => [o.id, o.status]));
      for (const id of acknowledged.orders) assert.ok(status.has(id), `acknowledged order ${id} is missing on the primary`);
      for (const id of acknowledged.captured) assert.ok(['paid', 'partially_refunded', 'refunded'].includes(status.get(id)!), `acknowledged capture of ${id}: order is ${status.get(id)}`);
      const refunds = new Set((await db.kysely.selectFrom('refunds').select('id').where('merchant_id', '=', shop.merchantId).execute()).map((r) => r.id));
      for (const id of acknowledged.refunds) assert.ok(refunds.has(id), `acknowledged refund ${id} is missing on the primary`);
      assert.deepEqual(await ledgerProblems(db.kysely, shop.merchantId, shop.initialStock), []);
    } finally {
      await db.close();
    }
    // The outage as the probe saw it: from the fault to its first order that succeeded after one failed.
    const probes = answers.filter((a) => a.kind === 'probe' && a.started >= faultAt);
    const firstFailure = probes.find((a) => a.status !== 201);
    const back = firstFailure === undefined ? undefined : probes.find((a) => a.started > firstFailure.started && a.status === 201);
    assert.ok(firstFailure === undefined || back !== undefined, `${name}: the probe never wrote again`);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const span = Math.max(...answers.map((a) => a.ended)) - startedAt;
    const slowest = Math.max(...answers.map((a) => a.ended - a.started));
    t.diagnostic(
      `${name}: first successful write ${back === undefined ? '(no write failed)' : `${seconds(back.ended - faultAt)} s`} after the fault; ` +
        `${answers.length} requests in ${seconds(span)} s (${Math.round(answers.length / (span / 1000))}/s), ${unavailable} answered 503 with Retry-After, ` +
        `${answers.filter((a) => a.status === 409).length} 409 key in use (longest ${seconds(load.longestInUse.ms)} s), slowest answer ${seconds(slowest)} s; ` +
        `reader's reads ${answers.filter((a) => a.kind === 'read').length}, ${answers.filter((a) => a.kind === 'read' && a.status === 503).length} of them 503; ` +
        `${acknowledged.orders.size} orders, ${acknowledged.captured.size} captures, ${acknowledged.refunds.size} refunds acknowledged, all on the primary`,
    );
  }

  /** Traffic, `fault` once it is steady, `recovered` (waits for the cluster's own event), more traffic, the checks. */
  async function throughFault(t: { diagnostic(message: string): void }, name: string, fault: () => Promise<string>, recovered: () => Promise<void>, readsAlwaysServed = false): Promise<void> {
    const startedAt = performance.now();
    const load = traffic();
    let faultAt = 0;
    let detail = '';
    try {
      await load.written(50);
      faultAt = performance.now();
      detail = await fault();
      await recovered();
      // Service is back: writes succeed again through Till, and go on for a while.
      await load.written(100, LEADER_BOUND_MS);
    } finally {
      await load.stop();
    }
    await assertThrough(t, `${name} (${detail})`, load, faultAt, startedAt, readsAlwaysServed);
    // The credential-change listener (LISTEN) is connected to the primary there is now.
    await until('the credential listener is connected to the primary', async () => (await onPrimary<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name like 'till-credentials %'"))[0]!.n >= 1, LEADER_BOUND_MS);
  }

  /** Runs `sql` on the primary, through HAProxy's primary port. */
  async function onPrimary<Row>(sql: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: lab.primaryUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(sql)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  test('a planned switchover (patronictl switchover): writes answer 503 with Retry-After meanwhile, nothing acknowledged is lost, service returns by itself', HA_TEST, async (t) => {
    await throughFault(
      t,
      'switchover',
      async () => {
        const { from, to } = await lab.switchover();
        return `${from} to ${to}`;
      },
      async () => {
        await until('a new leader runs', async () => (await lab.leader()) !== undefined, LEADER_BOUND_MS);
      },
    );
    await lab.waitForReplicas(2);
  });

  test('kill -9 of the primary\'s postmaster: a new leader (or the old one restarted by Patroni), nothing acknowledged lost, service returns by itself', HA_TEST, async (t) => {
    await throughFault(
      t,
      'kill -9 of the primary postmaster',
      async () => `${await lab.killPrimaryPostmaster()} killed`,
      // Patroni may fail over or restart the old primary in place: either way a leader runs again.
      async () => {
        await until('a leader runs again', async () => (await lab.leader()) !== undefined, LEADER_BOUND_MS);
        const leader = await lab.leader();
        t.diagnostic(`leader after kill -9: ${leader?.name}`);
      },
    );
    await lab.waitForReplicas(2);
  });

  test('the primary\'s node lost (kill -9 of its Patroni and PostgreSQL): the synchronous standby is promoted once the leader key expires, nothing acknowledged lost, service returns by itself', HA_TEST, async (t) => {
    let lost = '';
    await throughFault(
      t,
      'node of the primary lost',
      async () => {
        lost = await lab.loseLeaderNode();
        return `${lost} lost`;
      },
      async () => {
        await until('another node leads', async () => ((await lab.leader())?.name ?? lost) !== lost, LEADER_BOUND_MS);
        t.diagnostic(`leader after ${lost} was lost: ${(await lab.leader())?.name}`);
      },
    );
    lab.startPatroni(lab.node(lost));
    await lab.waitForReplicas(2);
  });

  test('the replicas stopped one after the other: reads fall back to the primary and never fail, writes go on; reads return to the replicas once they are back', HA_TEST, async (t) => {
    // The synchronous standby first: the leader hands its role to the other replica, which then stops too.
    const members = await lab.members();
    const replicas = [...members.filter((m) => m.role === 'sync_standby'), ...members.filter((m) => m.role === 'replica')].map((m) => m.name);
    assert.equal(replicas.length, 2, JSON.stringify(members));
    const logBefore = till.output.length;
    await throughFault(
      t,
      'replicas stopped',
      async () => {
        // Each stop resolves once the leader has settled its synchronous standby without the node
        // (the last: synchronous_standby_names empty), so commits never wait for a gone replica.
        for (const name of replicas) await lab.stopNode(name);
        return `${replicas.join(' and ')} stopped`;
      },
      async () => {
        // A read met the replicas gone and went to the primary: Till says so.
        await until('Till says the read replicas are out of use', () => till.output.slice(logBefore).includes('read replicas out of use'), 30_000);
      },
      true,
    );
    for (const name of replicas) lab.startPatroni(lab.node(name));
    await lab.waitForReplicas(2);
    // Reads go back to the replicas once a read there succeeds again (after a second's rest).
    await until(
      'Till reads from the replicas again',
      async () => {
        await send(url, shop.key, 'read', 'GET', '/v1/events?per_page=1');
        return till.output.slice(logBefore).includes('read replicas in use again');
      },
      60_000,
    );
  });
  test('a credential reads its own write at once; another reads the replicas, and the primary once they are DATABASE_READ_MAX_LAG_MS behind', HA_TEST, async (t) => {
    const boundMs = 4_000;
    const second = startTill({ DATABASE_URL: lab.primaryUrl, DATABASE_READ_URL: lab.replicasUrl, DATABASE_READ_MAX_LAG_MS: String(boundMs) });
    const replicas = (await lab.members()).filter((m) => m.role !== 'leader').map((m) => lab.nodeUrl(m.name));
    /** Runs `sql` on each replica, past HAProxy; the first row of each. */
    const onEach = async (sql: string) => {
      const rows: any[] = [];
      for (const url of replicas) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        rows.push((await client.query(sql)).rows[0]);
        await client.end();
      }
      return rows;
    };
    let startups: number[] = [];
    try {
      const secondUrl = await second.url();
      const listed = async (key: string, id: string) => {
        const list = await send(secondUrl, key, 'read', 'GET', '/v1/orders?per_page=100');
        assert.equal(list.status, 200, JSON.stringify(list.body));
        return list.body.data.some((o: { id: string }) => o.id === id);
      };
      const order = async () => {
        const created = await send(secondUrl, shop.key, 'create', 'POST', '/v1/orders', { items: [{ product_id: shop.products[0]!, quantity: 1 }] }, `lag-${randomBase62(12)}`);
        assert.equal(created.status, 201, JSON.stringify(created.body));
        return created.body.id as string;
      };
      // The replicas have replayed a first order; then they stop replaying (their WAL still arrives,
      // and the synchronous standby still confirms commits). Patroni resumes a replay paused by
      // pg_wal_replay_pause() within a second, so the replaying process itself is stopped (SIGSTOP).
      const first = await order();
      await until('the reader sees the first order', () => listed(shop.readerKey, first), 30_000);
      startups = (await onEach("select pid from pg_stat_activity where backend_type = 'startup'")).map((row: { pid: number }) => row.pid);
      for (const pid of startups) process.kill(pid, 'SIGSTOP');
      const pausedAt = performance.now();
      // How old each replica's last replayed transaction was as replay stopped: its lag grows from there.
      const ages = await onEach('select floor(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::int as age_ms');
      const oldestMs = Math.max(...ages.map((row: { age_ms: number }) => row.age_ms)) + (performance.now() - pausedAt);
      // A replica is refused from then on (with half a second for the clocks and the measure's own rounding).
      const refusedAfterMs = boundMs - oldestMs - 500;
      const made = await order();
      // The writer reads its own order at once: from the primary, whatever the replicas hold.
      assert.ok(await listed(shop.key, made), 'the writer does not see the order it has just made');
      // The reader reads the replicas while they are within the bound: its first look misses the order
      // (unless this machine was too slow to look before they were past the bound).
      const missed = !(await listed(shop.readerKey, made));
      const lookedAfterMs = performance.now() - pausedAt;
      if (lookedAfterMs < refusedAfterMs) assert.ok(missed, `the reader saw the order ${Math.round(lookedAfterMs)} ms after replay stopped, the replicas still within the bound: it did not read a replica`);
      // Past the bound the replicas are refused, and the reader reads the primary.
      await until('the reader sees the order once the replicas are past the bound', () => listed(shop.readerKey, made), 60_000);
      const seenAfterMs = performance.now() - pausedAt;
      assert.ok(seenAfterMs >= refusedAfterMs, `the reader saw the order ${Math.round(seenAfterMs)} ms after replay stopped, before the replicas were ${boundMs} ms behind (expected from ${Math.round(refusedAfterMs)} ms)`);
      t.diagnostic(
        `replay stopped (last replayed transaction ${Math.round(oldestMs)} ms old): the reader ${missed ? 'missed' : 'saw'} the order ${Math.round(lookedAfterMs)} ms after, ` +
          `and saw it from the primary ${Math.round(seenAfterMs)} ms after (bound ${boundMs} ms)`,
      );
    } finally {
      for (const pid of startups) process.kill(pid, 'SIGCONT');
      await second.stop();
    }
  });
});
