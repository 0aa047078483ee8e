/**
 * Graceful shutdown of a real `till serve` process: on SIGTERM it stops accepting connections,
 * finishes the request in flight (its answer is sent, its rows are whole), and exits 0; a request
 * that never finishes cannot hold the process past SHUTDOWN_TIMEOUT_MS, after which it exits 1.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { tillServe } from './serve-process.js';
import { until } from '../helpers/wait.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';

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

/** True once a new connection to the address is refused (asked until it is, 20 s at most). */
async function refusesConnections(url: URL): Promise<boolean> {
  const refused = async () => {
    const socket = connect(Number(url.port), url.hostname);
    const outcome = await new Promise<string | undefined>((resolve) => {
      socket.once('connect', () => resolve('accepted'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    socket.destroy();
    return outcome === 'ECONNREFUSED';
  };
  return until('a new connection is refused', refused).then(
    () => true,
    () => false,
  );
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
