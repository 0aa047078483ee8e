/**
 * Crash safety: `till serve` runs as a child process under a steady stream of Create Order,
 * Capture, Cancel and Refund requests from several client loops, and is killed with SIGKILL several
 * times, each time after some requests were answered, then started again on the same database.
 * Afterwards every answered request is in the database with all its rows, nothing is half written,
 * stock balances, and keys left running by a killed server are taken over after the lease.
 *
 * The test process holds no connection while the servers run, so every restart opens the database
 * cold, as after a real crash. CRASH_SEED repeats a run's choices (the seed is printed).
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { IDEMPOTENCY_LEASE_MS } from '../../src/idempotency/claim-key.js';
import { describeEachBackend } from '../helpers/backends.js';
import { ledgerProblems } from '../helpers/ledger.js';
import { startTillServer, tillEnv } from '../helpers/cli.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { createCustomer } from '../orders/support.js';
import { until } from '../helpers/wait.js';

const KILLS = 4;
const LOOPS = 6;
/** Answers the server gives between two kills: at least the first, fewer than the second. */
const ANSWERED_BEFORE_KILL: readonly [number, number] = [40, 160];

/** A small seeded generator, so that a failing run can be repeated (the seed is printed). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A time past the lease: a key locked then is free to be taken over. */
const backdated = () => new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1000).toISOString();

interface Sent {
  path: string;
  body: unknown;
  key: string;
}

describeEachBackend('crash safety', (backend) => {
  let server: TestServer;
  let child: ChildProcess | undefined;
  let serverOpen = true;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    if (serverOpen) await server.close();
    else await server.database.drop();
  });

  /** A connection of the test's own for a moment: reads and fixes the tables while no server runs. */
  async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const db = await openDatabase({ url: server.database.url, schema: server.database.schema });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }

  // `till serve` killed and started again KILLS times under a stream of requests: longer than the
  // suite's 60 s per test on a loaded machine.
  test(`SIGKILL ${KILLS} times under a stream of orders and refunds: answered work is whole, nothing is half written, stock balances`, { timeout: 300_000 }, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const rand = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const initialStock = new Map<string, number>();
    const products: Array<{ id: string }> = [];
    for (let i = 0; i < 4; i++) {
      const product = await createProduct(shop.sandbox, { name: `P${i}`, price: 199 + 150 * i, inventory: 2_000 });
      initialStock.set(product.id, 2_000);
      products.push(product);
    }
    const untracked = await createProduct(shop.sandbox, { name: 'Service', price: 500, inventory: null });
    const customers: Array<{ id: string }> = [];
    for (let i = 0; i < 3; i++) customers.push(await createCustomer(shop.sandbox, { name: `C${i}` }));

    // From here on no connection of the test process holds the database open, so each restart
    // after a SIGKILL opens it cold (SQLite recovers from the write-ahead log then).
    await server.app.close();
    await server.db.close();
    serverOpen = false;

    // The server under test, and the promise the loops wait on while it is down.
    // `till serve` itself (bin/till.js), as an operator runs it; migrations already ran.
    const serve = async () => {
      const started = await startTillServer(tillEnv(server.database, { MIGRATE_ON_START: 'false', DATABASE_POOL_SIZE: '20', RATE_LIMIT_MAX: '1000000' }));
      return { url: started.url, process: started.server.child };
    };
    let serving = await serve();
    child = serving.process;
    let api = new Api(serving.url, shop.sandboxKey);
    let up: Promise<void> = Promise.resolve();
    let answeredSinceStart = 0;
    let stopping = false;

    const answers: Array<{ sent: Sent; response: ApiResponse }> = [];
    const unanswered: Sent[] = [];
    let sequence = 0;

    async function clientLoop(loop: number): Promise<void> {
      const pending: any[] = [];
      const paid: any[] = [];
      while (!stopping) {
        await up;
        const roll = rand();
        let sent: Sent;
        if (roll < 0.45 || (pending.length === 0 && paid.length === 0)) {
          const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
            product_id: rand() < 0.1 ? untracked.id : pick(products).id,
            quantity: 1 + Math.floor(rand() * 3),
          }));
          sent = { path: '/v1/orders', body: { items: lines, ...(rand() < 0.3 ? { customer_id: pick(customers).id } : {}) }, key: '' };
        } else if (roll < 0.7 && pending.length > 0) {
          const order = pending.splice(Math.floor(rand() * pending.length), 1)[0];
          sent = { path: `/v1/orders/${order.id}/capture`, body: { payment_token: 'tok_visa' }, key: '' };
        } else if (roll < 0.78 && pending.length > 0) {
          const order = pending.splice(Math.floor(rand() * pending.length), 1)[0];
          sent = { path: `/v1/orders/${order.id}/cancel`, body: undefined, key: '' };
        } else if (paid.length > 0) {
          const order = pick(paid);
          const kind = rand();
          const body =
            kind < 0.4
              ? { amount: 1 + Math.floor(rand() * 150) }
              : kind < 0.85
                ? { items: [{ line_item_id: pick(order.items as any[]).id, quantity: 1 }] }
                : undefined;
          sent = { path: `/v1/orders/${order.id}/refund`, body, key: '' };
        } else {
          continue;
        }
        sent.key = `crash-${loop}-${sequence++}`;
        let response: ApiResponse;
        try {
          response = await api.post(sent.path, sent.body, { 'idempotency-key': sent.key });
        } catch {
          unanswered.push(sent); // the server died with the request in flight
          continue;
        }
        answers.push({ sent, response });
        answeredSinceStart++;
        if (response.status === 201) pending.push(response.body);
        if (response.status === 200 && sent.path.endsWith('/capture')) paid.push(response.body);
      }
    }

    async function killer(): Promise<number> {
      let keysLeftRunning = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const [least, most] = ANSWERED_BEFORE_KILL;
        const target = least + Math.floor(rand() * (most - least));
        await until(`${target} requests are answered before kill ${kill + 1}`, () => answeredSinceStart >= target, 60_000);
        let restarted!: () => void;
        up = new Promise((resolve) => (restarted = resolve));
        const exited = once(serving.process, 'exit');
        serving.process.kill('SIGKILL');
        await exited;
        keysLeftRunning += await withDatabase(async (db) => {
          const left = await db.kysely
            .selectFrom('idempotency_keys')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('merchant_id', '=', shop.merchantId)
            .where('status', '=', 'in_progress')
            .where('locked_at', '>', backdated())
            .executeTakeFirstOrThrow();
          // A restarted server finds the keys its predecessor left running; make them older than
          // the lease, as they would be by the time a client retries them.
          await db.kysely
            .updateTable('idempotency_keys')
            .set({ locked_at: backdated() })
            .where('merchant_id', '=', shop.merchantId)
            .where('status', '=', 'in_progress')
            .execute();
          return Number(left.n);
        });
        serving = await serve();
        child = serving.process;
        api = new Api(serving.url, shop.sandboxKey);
        answeredSinceStart = 0;
        restarted();
      }
      await until(`${ANSWERED_BEFORE_KILL[0]} requests are answered after the last restart`, () => answeredSinceStart >= ANSWERED_BEFORE_KILL[0], 60_000);
      stopping = true;
      return keysLeftRunning;
    }

    const [keysLeftRunning] = await Promise.all([killer(), ...Array.from({ length: LOOPS }, (_, i) => clientLoop(i))]);

    // Every request the killed servers never answered is retried with its key: none still held
    // (409), none failing; the work is done now, or was done and is replayed.
    for (const sent of unanswered) {
      const response = await api.post(sent.path, sent.body, { 'idempotency-key': sent.key });
      answers.push({ sent, response });
    }
    // The last server is killed too, once idle: what follows reads the database as a kill leaves it.
    const lastExit = once(serving.process, 'exit');
    serving.process.kill('SIGKILL');
    await lastExit;
    const succeeded = answers.filter((a) => a.response.status === 200 || a.response.status === 201);
    const serverErrors = answers.filter((a) => a.response.status >= 500 || a.response.status === 409);
    assert.deepEqual(serverErrors.map((a) => `${a.sent.path} ${a.response.status} ${JSON.stringify(a.response.body)}`), []);
    await withDatabase(async ({ kysely }) => {
      const running = await kysely.selectFrom('idempotency_keys').select('key').where('merchant_id', '=', shop.merchantId).where('status', '=', 'in_progress').execute();
      assert.deepEqual(running, [], 'keys still running after every request was answered');

      // Every answered request is in the database with all its rows.
      const orders = new Map((await kysely.selectFrom('orders').selectAll().where('merchant_id', '=', shop.merchantId).execute()).map((o) => [o.id, o]));
      const lineIds = new Set((await kysely.selectFrom('line_items').select('id').where('merchant_id', '=', shop.merchantId).execute()).map((l) => l.id));
      const refunds = new Map((await kysely.selectFrom('refunds').selectAll().where('merchant_id', '=', shop.merchantId).execute()).map((r) => [r.id, r]));
      for (const { sent, response } of succeeded) {
        const body = response.body;
        if (sent.path === '/v1/orders') {
          const order = orders.get(body.id);
          assert.ok(order, `answered order ${body.id} is missing`);
          assert.equal(order.items_count, body.items.length);
          for (const item of body.items) assert.ok(lineIds.has(item.id), `line item ${item.id} of answered order ${body.id} is missing`);
        } else if (sent.path.endsWith('/capture')) {
          assert.ok(['paid', 'partially_refunded', 'refunded'].includes(orders.get(body.id)!.status), `captured order ${body.id} is ${orders.get(body.id)!.status}`);
          assert.ok(orders.get(body.id)!.paid_at !== null);
        } else if (sent.path.endsWith('/cancel')) {
          assert.equal(orders.get(body.id)!.status, 'canceled');
        } else {
          const refund = refunds.get(body.id);
          assert.ok(refund, `answered refund ${body.id} is missing`);
          assert.equal(Number(refund.amount), body.amount);
          assert.equal(refund.order_id, body.order_id);
        }
      }
      // Nothing half written; stock, refunds, events and order counts balance.
      assert.deepEqual(await ledgerProblems(kysely, shop.merchantId, initialStock), []);
    });

    const created = succeeded.filter((a) => a.sent.path === '/v1/orders').length;
    const refunded = succeeded.filter((a) => a.sent.path.endsWith('/refund')).length;
    assert.ok(created > 0 && refunded > 0, `created ${created}, refunded ${refunded}`);
    console.log(
      `crash [${backend}] seed ${seed}: ${KILLS} SIGKILLs, ${answers.length - unanswered.length} requests answered while killing ` +
        `(${created} orders and ${refunded} refunds succeeded in all), ${unanswered.length} cut off and retried, keys left running by the kills: ${keysLeftRunning}`,
    );
  });
});
