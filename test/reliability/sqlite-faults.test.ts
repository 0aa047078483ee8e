/**
 * Faults of a SQLite database under a running server, each injected for real: the write lock held by
 * another connection, a full database, a file made read-only, the file deleted or replaced. In each,
 * the process stays up, `/healthz` answers at once, every request answers within the statement
 * timeout with the documented 503 and `Retry-After`, nothing is half written (the ledger check), and
 * `/readyz` is not ready during the fault and ready after it where the server can recover.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { sqlitePath } from '../../src/db/connection.js';
import { ledgerProblems } from '../helpers/ledger.js';
import { startSecondProcess, stopProcess } from '../helpers/processes.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus } from '../orders/support.js';
import { until } from '../helpers/wait.js';

/** DATABASE_STATEMENT_TIMEOUT_MS of the servers under test. */
const TIMEOUT_MS = 1_000;
/**
 * What an answer may take beyond the timeout: the HTTP round trip and the request's own work, on a
 * machine as loaded as can be: 10 times the timeout in all. (A request that waited for the lock
 * instead of its deadline would not answer 503 database_timeout: its status says that.)
 */
const MARGIN_MS = 9 * TIMEOUT_MS;
/**
 * `/healthz` never touches the database: it answers within this, whatever the database does. (About
 * 1 ms as a rule; up to 130 ms seen on a loaded 2-core machine. A wait for the lock on the event loop
 * would hold it for the writes' deadlines one after the other: 5 s for the five writes below.)
 */
const HEALTH_MS = 2 * TIMEOUT_MS;

/** A server in this process (it made the file and the merchant), and a `till serve` process on the same file. */
async function startPair(server: TestServer, env: Record<string, string> = {}) {
  return startSecondProcess(server, { DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS), ...env });
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Polls `/healthz` every 10 ms until the returned function is called, which answers the latencies seen. */
function watchHealth(url: string): () => Promise<number[]> {
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { ms, value } = await timed(() => fetch(`${url}/healthz`));
      assert.equal(value.status, 200);
      latencies.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return latencies;
  };
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, median_ms: Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10, max_ms: Math.round(sorted.at(-1)! * 10) / 10 };
}

/** `/readyz`, timed: it answers within 2 s (its own deadline; 10 times that on a loaded machine). */
async function readiness(url: string): Promise<number> {
  const { ms, value } = await timed(() => fetch(`${url}/readyz`));
  assert.ok(ms < 20_000, `/readyz took ${Math.round(ms)} ms`);
  return value.status;
}

/** Asks `/readyz` until it answers 200 (`withinMs` when the machine is idle; 10 times that at most). */
async function readyAgain(url: string, withinMs: number): Promise<void> {
  await until('/readyz answers 200 again', async () => (await readiness(url)) === 200, 10 * withinMs);
}

/** A database fault: 503 with the code, Retry-After, within the deadline. */
function assertFault(answer: { ms: number; value: ApiResponse }, code: 'database_timeout' | 'service_unavailable', message: RegExp): void {
  assertError(answer.value, 503, code, null);
  assert.match(answer.value.body.error.message, message);
  assert.ok(Number(answer.value.headers.get('retry-after')) >= 1, 'Retry-After is missing');
  assert.ok(answer.ms < TIMEOUT_MS + MARGIN_MS, `answered in ${Math.round(answer.ms)} ms`);
}

const order = (productId: string, quantity = 1) => ({ items: [{ product_id: productId, quantity }] });

/** The merchant's orders and the product's stock, read through the in-process server's connection. */
async function footprint(server: TestServer, shop: TestMerchant, productId: string) {
  const db = server.db.kysely;
  const orders = await db.selectFrom('orders').select('id').where('merchant_id', '=', shop.merchantId).execute();
  const product = await db.selectFrom('products').select('inventory').where('id', '=', productId).executeTakeFirstOrThrow();
  return { orders: orders.map((o) => o.id).sort(), inventory: product.inventory };
}

test('another connection holding the write lock: /healthz answers at once, writes answer 503 database_timeout within the deadline, and succeed once it is released', async (t) => {
  const server = await startTestServer('sqlite');
  const second = await startPair(server);
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 250, inventory: 20 });
    const api = new Api(second.url, shop.sandboxKey);
    // The key's first use on this process records last_used_at (a write); later reads do not write.
    assertStatus(await api.get(`/v1/products/${product.id}`), 200);

    const other = new BetterSqlite3(sqlitePath(server.database.url));
    other.exec('begin immediate');
    const stopWatching = watchHealth(second.url);
    let orders: Array<{ ms: number; value: ApiResponse }>;
    let read: { ms: number; value: ApiResponse };
    let ready: number;
    try {
      orders = await Promise.all([0, 1, 2, 3, 4].map((i) => timed(() => api.post('/v1/orders', order(product.id, 2), { 'idempotency-key': `held-${i}` }))));
      read = await timed(() => api.get(`/v1/products/${product.id}`));
      ready = await readiness(second.url);
    } finally {
      other.exec('rollback');
      other.close();
    }
    const health = await stopWatching();
    t.diagnostic(`healthz while the lock was held: ${JSON.stringify(summary(health))}; orders answered in ${orders.map((o) => Math.round(o.ms)).join(', ')} ms`);

    for (const answer of orders) assertFault(answer, 'database_timeout', /did not answer in time/);
    assertStatus(read.value, 200);
    // (A read waiting behind the lock would answer 503 database_timeout at its deadline.)
    assert.equal(ready, 503);
    assert.ok(health.length >= 10, `only ${health.length} health checks answered`);
    assert.ok(summary(health).max_ms < HEALTH_MS, `/healthz took up to ${summary(health).max_ms} ms`);
    assert.deepEqual(await footprint(server, shop, product.id), { orders: [], inventory: 20 });

    // Released: the same requests succeed, on the same process, without a restart.
    await readyAgain(second.url, 2_000);
    for (let i = 0; i < 5; i++) assertStatus(await api.post('/v1/orders', order(product.id, 2), { 'idempotency-key': `held-${i}` }), 201);
    assert.equal((await footprint(server, shop, product.id)).inventory, 10);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 20]])), []);
    assert.equal(second.process.exitCode, null);
  } finally {
    await stopProcess(second.process);
    await server.close();
  }
});

test('a transaction of the server holding its connection past the timeout: the requests behind it answer 503 database_timeout at their deadline, /healthz at once', async () => {
  // A capture holds the connection while the processor charges the card; here a transaction of the
  // server in this process simply sleeps. The server opens SQLite with its default 5 s timeout.
  const server = await startTestServer('sqlite');
  const timeoutMs = 5_000;
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
    const api = shop.sandbox;
    assertStatus(await api.get(`/v1/products/${product.id}`), 200);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Held 1.5 s past the timeout, whatever happens (without the deadline, the requests would wait for it).
    const holdTimer = setTimeout(() => release(), timeoutMs + 1_500);
    const holding = server.db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('products').select('id').where('id', '=', product.id).execute();
      await released;
    });
    const stopWatching = watchHealth(server.url);
    let answers: Array<{ ms: number; value: ApiResponse }>;
    try {
      answers = await Promise.all([
        timed(() => api.post('/v1/orders', order(product.id, 2), { 'idempotency-key': 'behind' })),
        timed(() => api.get(`/v1/products/${product.id}`)),
      ]);
    } finally {
      clearTimeout(holdTimer);
      release();
      await holding;
    }
    const health = await stopWatching();
    for (const answer of answers) {
      assertError(answer.value, 503, 'database_timeout', null);
      assert.ok(Number(answer.value.headers.get('retry-after')) >= 1, 'Retry-After is missing');
      assert.ok(answer.ms >= timeoutMs - 50 && answer.ms < timeoutMs + MARGIN_MS, `answered in ${Math.round(answer.ms)} ms`);
    }
    assert.ok(summary(health).max_ms < HEALTH_MS, `/healthz took up to ${summary(health).max_ms} ms`);
    assert.deepEqual(await footprint(server, shop, product.id), { orders: [], inventory: 10 });

    assertStatus(await api.post('/v1/orders', order(product.id, 2), { 'idempotency-key': 'behind' }), 201);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
  } finally {
    await server.close();
  }
});

test('a full database (SQLITE_FULL): writes answer 503 service_unavailable naming the full disk, /readyz is not ready, and both recover once there is room', async () => {
  // The server in this process: `max_page_count` is a setting of the connection that writes, and a
  // write past it fails with SQLITE_FULL exactly as on a full disk.
  const server = await startTestServer('sqlite');
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
    const api = shop.sandbox;
    assertStatus(await api.get(`/v1/products/${product.id}`), 200);
    const before = await footprint(server, shop, product.id);
    // An order with 25 KB of metadata needs new pages.
    const big = { ...order(product.id, 3), metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'x'.repeat(500)])) };

    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(server.db.kysely);
    await sql`pragma max_page_count = ${sql.raw(String(pages.rows[0]!.page_count))}`.execute(server.db.kysely);
    const stopWatching = watchHealth(server.url);
    const refused = await timed(() => api.post('/v1/orders', big, { 'idempotency-key': 'full' }));
    const ready = await readiness(server.url);
    const health = await stopWatching();

    assertFault(refused, 'service_unavailable', /disk holding the database is full/);
    assert.equal(ready, 503);
    assert.ok(summary(health).max_ms < HEALTH_MS, `/healthz took up to ${summary(health).max_ms} ms`);
    assert.deepEqual(await footprint(server, shop, product.id), before);

    await sql`pragma max_page_count = 1073741823`.execute(server.db.kysely);
    await readyAgain(server.url, 8_000);
    assertStatus(await api.post('/v1/orders', big, { 'idempotency-key': 'full' }), 201);
    assert.equal(await readiness(server.url), 200);
    assert.equal((await footprint(server, shop, product.id)).inventory, 7);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
  } finally {
    await server.close();
  }
});

/** Sets or clears the immutable attribute; false when this process may not (not root) or the file system has none. */
function immutable(paths: string[], on: boolean): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', ...paths], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('the file made read-only under the running server: writes answer 503 service_unavailable naming it, the log says read_only, and both recover once it is writable', async (t) => {
  // chmod does not stop a process that has the file open (nor root from opening it); an immutable
  // file refuses every write, through open descriptors too, even root's.
  const server = await startTestServer('sqlite');
  const path = sqlitePath(server.database.url);
  const files = [path, `${path}-wal`];
  const second = await startPair(server, { LOG_LEVEL: 'error' });
  let log = '';
  second.process.stdout!.on('data', (chunk: string) => (log += chunk));
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
    const api = new Api(second.url, shop.sandboxKey);
    assertStatus(await api.get(`/v1/products/${product.id}`), 200);
    assertStatus(await api.post('/v1/orders', order(product.id)), 201);
    const before = await footprint(server, shop, product.id);

    if (!immutable(files, true)) {
      t.skip('chattr +i is not available here (it needs root, or CAP_LINUX_IMMUTABLE, and a file system with the attribute)');
      return;
    }
    let refused: { ms: number; value: ApiResponse };
    let ready: number;
    let health: number[];
    try {
      const stopWatching = watchHealth(second.url);
      refused = await timed(() => api.post('/v1/orders', order(product.id, 2), { 'idempotency-key': 'read-only' }));
      ready = await readiness(second.url);
      health = await stopWatching();
    } finally {
      immutable(files, false);
    }
    assertFault(refused, 'service_unavailable', /read-only/);
    assert.equal(ready, 503);
    assert.ok(summary(health).max_ms < HEALTH_MS, `/healthz took up to ${summary(health).max_ms} ms`);
    assert.match(log, /"fault":"read_only"/);
    assert.deepEqual(await footprint(server, shop, product.id), before);

    await readyAgain(second.url, 8_000);
    assertStatus(await api.post('/v1/orders', order(product.id, 2), { 'idempotency-key': 'read-only' }), 201);
    assert.equal((await footprint(server, shop, product.id)).inventory, 7);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
    assert.equal(second.process.exitCode, null);
  } finally {
    immutable(files, false);
    await stopProcess(second.process);
    await server.close();
  }
});

test('a server started on a file it may not write: /readyz says so, writes answer 503 service_unavailable, and a restart once it is writable serves again', async (t) => {
  // SQLite opens a file it may not write read-only, without an error: only the first write would tell.
  const server = await startTestServer('sqlite');
  const path = sqlitePath(server.database.url);
  let second: Awaited<ReturnType<typeof startPair>> | undefined;
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
    if (!immutable([path], true)) {
      t.skip('chattr +i is not available here (it needs root, or CAP_LINUX_IMMUTABLE, and a file system with the attribute)');
      return;
    }
    try {
      second = await startPair(server);
      const api = new Api(second.url, shop.sandboxKey);
      assertFault(await timed(() => api.post('/v1/orders', order(product.id), { 'idempotency-key': 'started-read-only' })), 'service_unavailable', /read-only/);
      assert.equal(await readiness(second.url), 503);
      const health = await timed(() => fetch(`${second!.url}/healthz`));
      assert.equal(health.value.status, 200);
    } finally {
      immutable([path], false);
    }
    // Writable again, the connection opened read-only stays so: not ready until restarted.
    assert.equal(await readiness(second.url), 503);
    await stopProcess(second.process);
    second = await startPair(server);
    assert.equal(await readiness(second.url), 200);
    assertStatus(await new Api(second.url, shop.sandboxKey).post('/v1/orders', order(product.id), { 'idempotency-key': 'started-read-only' }), 201);
    assert.equal((await footprint(server, shop, product.id)).inventory, 9);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
  } finally {
    immutable([path], false);
    await stopProcess(second?.process);
    await server.close();
  }
});

test('the file deleted under the running server: writes are refused with 503 service_unavailable, never acknowledged, and /readyz is not ready', async () => {
  const server = await startTestServer('sqlite');
  const path = sqlitePath(server.database.url);
  const second = await startPair(server);
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
    const api = new Api(second.url, shop.sandboxKey);
    assertStatus(await api.get(`/v1/products/${product.id}`), 200);
    const acknowledged = [(await api.post('/v1/orders', order(product.id))).body.id, (await api.post('/v1/orders', order(product.id))).body.id];
    assert.equal(await readiness(second.url), 200);

    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    const stopWatching = watchHealth(second.url);
    for (let i = 0; i < 3; i++) {
      assertFault(await timed(() => api.post('/v1/orders', order(product.id), { 'idempotency-key': `gone-${i}` })), 'service_unavailable', /cannot be reached/);
    }
    assert.equal(await readiness(second.url), 503);
    const health = await stopWatching();
    assert.ok(summary(health).max_ms < HEALTH_MS, `/healthz took up to ${summary(health).max_ms} ms`);
    assert.equal(second.process.exitCode, null);
    // Still not ready after more writes were refused: nothing at the path is the file it opened.
    for (let i = 3; i < 6; i++) {
      assertFault(await timed(() => api.post('/v1/orders', order(product.id), { 'idempotency-key': `gone-${i}` })), 'service_unavailable', /cannot be reached/);
    }
    assert.equal(await readiness(second.url), 503);

    // The deleted file (still open in this process) holds what was acknowledged, and only that.
    assert.deepEqual(await footprint(server, shop, product.id), { orders: [...acknowledged].sort(), inventory: 8 });
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
  } finally {
    await stopProcess(second.process);
    await server.close();
  }
});

test('the file replaced under the running server: writes are refused with 503 service_unavailable and land in neither file; /readyz is not ready', async () => {
  const server = await startTestServer('sqlite');
  const path = sqlitePath(server.database.url);
  const second = await startPair(server);
  try {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
    const api = new Api(second.url, shop.sandboxKey);
    assertStatus(await api.get(`/v1/products/${product.id}`), 200);
    const acknowledged = (await api.post('/v1/orders', order(product.id))).body.id as string;

    // A copy of the database moved over the path, as a restore from a backup would.
    const copy = `${path}.restored`;
    const reader = new BetterSqlite3(path);
    reader.exec(`vacuum into '${copy}'`);
    reader.close();
    renameSync(copy, path);
    for (let i = 0; i < 3; i++) {
      assertFault(await timed(() => api.post('/v1/orders', order(product.id), { 'idempotency-key': `replaced-${i}` })), 'service_unavailable', /cannot be reached/);
    }
    assert.equal(await readiness(second.url), 503);
    assert.equal(second.process.exitCode, null);

    // The old file (open in this process) and the new one hold the acknowledged order, and nothing more.
    assert.deepEqual(await footprint(server, shop, product.id), { orders: [acknowledged], inventory: 9 });
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
    const restored = new BetterSqlite3(path, { readonly: true });
    try {
      const ids = restored.prepare('select id from orders where merchant_id = ?').all(shop.merchantId) as Array<{ id: string }>;
      assert.deepEqual(ids.map((row) => row.id), [acknowledged]);
    } finally {
      restored.close();
    }
  } finally {
    await stopProcess(second.process);
    await server.close();
  }
});
