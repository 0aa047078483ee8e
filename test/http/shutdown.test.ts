/**
 * Graceful shutdown of a real `till serve` process: on SIGTERM it stops accepting connections,
 * finishes the request in flight (its answer is sent, its rows are whole), and exits 0; a request
 * that never finishes cannot hold the process past SHUTDOWN_TIMEOUT_MS, after which it exits 1.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';

const TILL = fileURLToPath(new URL('../../bin/till.js', import.meta.url));

interface Serving {
  url: URL;
  child: ChildProcess;
  /** Everything the process has printed (its log lines included). */
  output(): string;
  exited: Promise<number | null>;
}

/** `till serve --json` on the test server's database, as an operator starts it. */
async function tillServe(server: TestServer, env: Record<string, string>): Promise<Serving> {
  const child = spawn(process.execPath, [TILL, 'serve', '--json'], {
    env: {
      ...process.env,
      DATABASE_URL: server.database.url,
      ...(server.database.schema === undefined ? {} : { DATABASE_SCHEMA: server.database.schema }),
      MIGRATE_ON_START: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = output.split('\n').find((l) => l.startsWith('{"url":'));
      if (line !== undefined) resolve((JSON.parse(line) as { url: string }).url);
    };
    child.stdout!.on('data', look);
    void exited.then((code) => reject(new Error(`till serve exited with ${code} before listening:\n${output}`)));
  });
  return { url: new URL(url), child, output: () => output, exited };
}

/**
 * Starts a Create Order over a raw connection and stops half-way through its body, once the server
 * has read its headers (it answers `100 Continue`): a request in flight, held by the client.
 */
async function startOrder(url: URL, key: string, productId: string, quantity: number) {
  const body = JSON.stringify({ items: [{ product_id: productId, quantity }], notes: 'in flight during shutdown' });
  const socket = connect(Number(url.port), url.hostname);
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = once(socket, 'close');
  socket.write(
    `POST /v1/orders HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  while (!received.includes('100 Continue')) await once(socket, 'data');
  return {
    /** Sends the rest of the body and reads the answer. */
    async finish(): Promise<{ status: number; body: any }> {
      // Not end(): a client that half-closes its side gets its connection dropped by Node, answer or not.
      socket.write(body.slice(half));
      await closed;
      const answer = received.slice(received.lastIndexOf('HTTP/1.1 '));
      const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      assert.ok(text.length > 0, `an answer with a body: ${JSON.stringify(received)}`);
      return { status: Number(answer.slice(9, 12)), body: JSON.parse(text) };
    },
    socket,
  };
}

/** True once a new connection to the address is refused. */
async function refusesConnections(url: URL): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const socket = connect(Number(url.port), url.hostname);
    const outcome = await new Promise<string | undefined>((resolve) => {
      socket.once('connect', () => resolve('accepted'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    socket.destroy();
    if (outcome === 'ECONNREFUSED') return true;
    await sleep(20);
  }
  return false;
}

async function footprint(server: TestServer, shop: TestMerchant, productId: string) {
  const db = server.db.kysely;
  const orders = await db.selectFrom('orders').select(['id', 'total']).where('merchant_id', '=', shop.merchantId).execute();
  const lines = await db.selectFrom('line_items').select(['order_id', 'quantity']).where('merchant_id', '=', shop.merchantId).execute();
  const product = await db.selectFrom('products').select('inventory').where('id', '=', productId).executeTakeFirstOrThrow();
  return { orders, lines, inventory: product.inventory };
}

describeEachBackend('graceful shutdown of till serve', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('SIGTERM: new connections are refused, the request in flight is answered 201 with all its rows, and the process exits 0', async (t) => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 250, inventory: 10 });
    const serving = await tillServe(server, { SHUTDOWN_TIMEOUT_MS: '20000' });
    t.after(() => serving.child.kill('SIGKILL'));

    const inFlight = await startOrder(serving.url, shop.sandboxKey, product.id, 3);
    serving.child.kill('SIGTERM');
    assert.ok(await refusesConnections(serving.url), 'a new connection is refused once shutting down');
    assert.equal(serving.child.exitCode, null, 'still running while a request is in flight');

    const answer = await inFlight.finish();
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.status, 'pending');
    assert.equal(await serving.exited, 0, serving.output());
    assert.match(serving.output(), /"msg":"shutting down"/);
    assert.match(serving.output(), /"msg":"shut down"/);

    const after = await footprint(server, shop, product.id);
    assert.deepEqual(after.orders, [{ id: answer.body.id, total: 750 }]);
    assert.deepEqual(after.lines, [{ order_id: answer.body.id, quantity: 3 }]);
    assert.equal(after.inventory, 7);
  });

  test('a request that never finishes cannot hold the process: past SHUTDOWN_TIMEOUT_MS it exits 1 with a log line, having written nothing', async (t) => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 250, inventory: 10 });
    const serving = await tillServe(server, { SHUTDOWN_TIMEOUT_MS: '500' });
    t.after(() => serving.child.kill('SIGKILL'));

    const hung = await startOrder(serving.url, shop.sandboxKey, product.id, 3);
    serving.child.kill('SIGTERM');
    assert.equal(await serving.exited, 1, serving.output());
    assert.match(serving.output(), /"level":50[^\n]*"timeout_ms":500[^\n]*"msg":"shutdown timed out/);
    hung.socket.destroy();

    const after = await footprint(server, shop, product.id);
    assert.deepEqual(after, { orders: [], lines: [], inventory: 10 });
  });
});
