/**
 * The hard edges of a request: its size, shape, media type, headers and pace, the numbers it holds,
 * and how long the database may take for it. Each is refused in the error envelope, never with a
 * 5xx, and a refused request writes nothing.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { sqlitePath } from '../../src/db/connection.js';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../src/http/hard-edges.js';
import { describeEachBackend } from '../helpers/backends.js';
import { startSecondProcess, stopProcess, STARTS_PROCESSES } from '../helpers/processes.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus } from '../orders/support.js';

/** Orders, line items and stock of a merchant, straight from the database. */
async function footprint(server: TestServer, shop: TestMerchant, productId: string) {
  const db = server.db.kysely;
  const orders = await db.selectFrom('orders').select('id').where('merchant_id', '=', shop.merchantId).execute();
  const lines = await db.selectFrom('line_items').select('id').where('merchant_id', '=', shop.merchantId).execute();
  const product = await db.selectFrom('products').select('inventory').where('id', '=', productId).executeTakeFirstOrThrow();
  return { orders: orders.length, lines: lines.length, inventory: product.inventory };
}

/** A raw HTTP request, so that headers fetch would add or refuse can be sent (or left out). */
function rawPost(url: string, path: string, headers: Record<string, string>, body: string): Promise<ApiResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target.hostname, port: target.port, path, method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
        resolve({ status: response.statusCode!, headers: responseHeaders, body: text === '' ? undefined : JSON.parse(text) });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

describeEachBackend('hard edges', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend, { BODY_LIMIT_BYTES: '4096', REQUEST_TIMEOUT_MS: '1000' });
  });
  after(() => server.close());

  test('a body over BODY_LIMIT_BYTES is 413 request_too_large; just under it is read', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const item = { product_id: product.id, quantity: 1 };
    const over = JSON.stringify({ items: [item], notes: 'x'.repeat(4096) });
    const refused = await shop.sandbox.post('/v1/orders', over);
    assertError(refused, 413, 'request_too_large', null);
    assert.match(refused.body.error.message, /larger than 4096 bytes/);
    const under = JSON.stringify({ items: [item], notes: 'x'.repeat(4000) });
    assertError(await shop.sandbox.post('/v1/orders', under), 400, 'parameter_invalid', 'notes');
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 0, lines: 0, inventory: 5 });
  });

  test(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is 400 invalid_json, refused before it is parsed`, async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const deep = `{"items":[{"product_id":"${product.id}","quantity":1}],"metadata":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    const tooDeep = await shop.sandbox.post('/v1/orders', deep);
    assertError(tooDeep, 400, 'invalid_json', null);
    assert.match(tooDeep.body.error.message, /nested more than 32 levels/);
    // One level less passes the parser, and is then refused for its content, not its shape.
    const deepest = `{"items":[{"product_id":"${product.id}","quantity":1}],"metadata":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    assertError(await shop.sandbox.post('/v1/orders', deepest), 400, 'parameter_invalid', 'metadata');

    assert.deepEqual(await footprint(server, shop, product.id), { orders: 0, lines: 0, inventory: 5 });
  });

  test('Content-Type: JSON (any case, with a charset) is read; anything else, or none, is 415', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const body = JSON.stringify({ items: [{ product_id: product.id, quantity: 1 }] });
    const auth = { authorization: `Bearer ${shop.sandboxKey}` };
    const cases: Array<Record<string, string>> = [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'application/json-patch+json' },
      { 'content-type': '' },
      { 'content-length': String(body.length) },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const headers of cases) {
      assertError(await rawPost(server.url, '/v1/orders', { ...auth, ...headers }, body), 415, 'unsupported_media_type', null);
    }
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 0, lines: 0, inventory: 5 });
    assertStatus(await rawPost(server.url, '/v1/orders', { ...auth, 'content-type': 'application/json; charset=utf-8' }, body), 201);
    assertStatus(await rawPost(server.url, '/v1/orders', { ...auth, 'content-type': 'Application/JSON' }, body), 201);
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 2, lines: 2, inventory: 3 });
  });

  test('__proto__ anywhere in a body (metadata, a line item, nested, top level) is refused and nothing is written', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const item = `{"product_id":"${product.id}","quantity":1}`;
    const bodies = [
      `{"items":[${item}],"metadata":{"__proto__":{"admin":"1"}}}`,
      `{"items":[${item}],"metadata":{"a":"b","__proto__":"x"}}`,
      `{"items":[{"product_id":"${product.id}","quantity":1,"__proto__":{"quantity":2}}]}`,
      `{"__proto__":{"status":"paid"},"items":[${item}]}`,
      `{"items":[${item}],"metadata":{"constructor":{"prototype":{"admin":"1"}}}}`,
      `{"items":[{"product_id":"${product.id}","quantity":1,"constructor":{"prototype":{"x":"1"}}}]}`,
    ];
    for (const body of bodies) {
      const response = await shop.sandbox.post('/v1/orders', body);
      assertError(response, 400, 'parameter_invalid', null);
      assert.match(response.body.error.message, /__proto__/);
    }
    assertError(await shop.sandbox.post('/v1/products', `{"name":"Mug","price":100,"metadata":{"__proto__":{"a":"1"}}}`), 400, 'parameter_invalid', null);
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 0, lines: 0, inventory: 5 });
    assert.equal(({} as Record<string, unknown>).admin, undefined, 'no prototype was touched');
  });

  test('numbers: exponent and decimal forms, huge, negative, fractional and string values are 400 naming the field', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const order = (quantity: string) => `{"items":[{"product_id":"${product.id}","quantity":${quantity}}]}`;
    for (const quantity of ['1e3', '1E0', '2.0', '1.5', '-1', '0', '9007199254740993', '1e400', '"2"', '10001']) {
      assertError(await shop.sandbox.post('/v1/orders', order(quantity)), 400, 'parameter_invalid', 'items[0].quantity');
    }
    for (const price of ['1e2', '100.0', '-5', '100000000', '9007199254740993', '"100"']) {
      assertError(await shop.sandbox.post('/v1/products', `{"name":"Mug","price":${price}}`), 400, 'parameter_invalid', 'price');
    }
    const paid = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }], payment_method: 'cash' });
    assertStatus(paid, 201);
    assertStatus(await shop.sandbox.post(`/v1/orders/${paid.body.id}/capture`), 200);
    for (const amount of ['5e1', '50.0', '0.5', '"50"']) {
      assertError(await shop.sandbox.post(`/v1/orders/${paid.body.id}/refund`, `{"amount":${amount}}`), 400, 'parameter_invalid', 'amount');
    }
    for (const amount of ['-1', '0', '9007199254740993', '1000000000000000000000']) {
      const response = await shop.sandbox.post(`/v1/orders/${paid.body.id}/refund`, `{"amount":${amount}}`);
      assert.equal(response.status, 400, `amount ${amount}: ${JSON.stringify(response.body)}`);
      assert.ok(['parameter_invalid', 'invalid_refund_amount'].includes(response.body.error.code), JSON.stringify(response.body));
      assert.equal(response.body.error.param, 'amount', JSON.stringify(response.body));
    }
    const after = await shop.sandbox.get(`/v1/orders/${paid.body.id}`);
    assert.equal(after.body.refunded_amount, 0);
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 1, lines: 1, inventory: 4 });
  });

  test('headers over 16 KiB (a 32 KiB cookie or Authorization) are 431 headers_too_large in the envelope', async () => {
    const oversized: Array<Record<string, string>> = [{ cookie: `session=${'x'.repeat(32 * 1024)}` }, { authorization: `Bearer sk_test_${'x'.repeat(32 * 1024)}` }];
    for (const headers of oversized) {
      const response = await new Api(server.url, undefined).get('/v1/orders', headers);
      assertError(response, 431, 'headers_too_large', null);
      assert.equal(response.headers.get('request-id'), response.body.error.request_id);
    }
    assertStatus(await new Api(server.url, undefined).get('/healthz'), 200);
  });

  test('a client sending its request a byte at a time is answered 408 request_timeout and cut off (REQUEST_TIMEOUT_MS)', async () => {
    const shop = await createTestMerchant(server);
    const target = new URL(server.url);
    const body = JSON.stringify({ items: [{ product_id: 'prod_x', quantity: 1 }], notes: 'n'.repeat(200) });
    for (const slowPart of ['headers', 'body'] as const) {
      const head = `POST /v1/orders HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${shop.sandboxKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      const socket = connect(Number(target.port), target.hostname);
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (received += chunk));
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const slow = slowPart === 'headers' ? head + body : body;
      if (slowPart === 'body') socket.write(head);
      let sent = 0;
      // A byte every 50 ms: the whole request would take 10 s or more; the server's limit is 1 s.
      const drip = setInterval(() => {
        if (socket.destroyed || sent >= slow.length) return clearInterval(drip);
        socket.write(slow[sent++]!);
      }, 50);
      await closed;
      clearInterval(drip);
      assert.ok(sent < slow.length, `cut off before the whole ${slowPart} was sent (${sent} of ${slow.length} bytes)`);
      assert.match(received, /^HTTP\/1\.1 408 /, received);
      const answer = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
      assert.equal(answer.error.code, 'request_timeout');
      assert.equal(answer.error.type, 'invalid_request_error');
    }
  });
});

describeEachBackend('hard edges: the default body limit', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test(`more than ${MAX_JSON_KEYS} keys in a body is 400 invalid_json, refused before it is parsed`, async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    // Braces, brackets and colons inside strings are neither keys nor levels.
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, '{"a":[[[[']));
    const body = (count: number) => ({ items: [{ product_id: product.id, quantity: 1 }], customer: { a: keys(count) } });
    // items, product_id, quantity, customer, a: 5 keys besides the generated ones.
    const refused = await shop.sandbox.post('/v1/orders', body(MAX_JSON_KEYS - 4));
    assertError(refused, 400, 'invalid_json', null);
    assert.match(refused.body.error.message, /more than 1000 keys/);
    // At the limit the body is parsed, then refused for its unknown field.
    assertError(await shop.sandbox.post('/v1/orders', body(MAX_JSON_KEYS - 5)), 400, 'parameter_unknown', 'customer');
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 0, lines: 0, inventory: 5 });
  });
});

describeEachBackend('hard edges: the database timeout', (backend) => {
  let server: TestServer;
  let second: Awaited<ReturnType<typeof startSecondProcess>> | undefined;
  before(async () => {
    server = await startTestServer(backend);
    // A server process whose database gives up after 300 ms.
    second = await startSecondProcess(server, { DATABASE_STATEMENT_TIMEOUT_MS: '300' });
  }, STARTS_PROCESSES);
  after(async () => {
    await stopProcess(second?.process);
    await server.close();
  });

  test('an order waiting past DATABASE_STATEMENT_TIMEOUT_MS for a locked row answers 503 database_timeout, writes nothing, and succeeds once retried', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const api = new Api(second!.url, shop.sandboxKey);
    const release = await holdProduct(server, product.id);
    let refused: ApiResponse;
    try {
      refused = await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 2 }] }, { 'idempotency-key': 'held' });
    } finally {
      await release();
    }
    assertError(refused, 503, 'database_timeout', null);
    assert.match(refused.body.error.message, /Retry/);
    assert.equal(refused.headers.get('retry-after'), '1');
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 0, lines: 0, inventory: 5 });

    const retried = await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 2 }] }, { 'idempotency-key': 'held' });
    assertStatus(retried, 201);
    assert.deepEqual(await footprint(server, shop, product.id), { orders: 1, lines: 1, inventory: 3 });
  });
});

/**
 * Holds the product's row (PostgreSQL: a row lock from another connection) or the whole database
 * (SQLite: the write lock, from another connection) until the returned function is called.
 */
async function holdProduct(server: TestServer, productId: string): Promise<() => Promise<void>> {
  if (server.backend === 'sqlite') {
    const other = new BetterSqlite3(sqlitePath(server.database.url));
    other.exec('begin immediate');
    return async () => {
      other.exec('rollback');
      other.close();
    };
  }
  const client = new pg.Client({ connectionString: server.database.url });
  await client.connect();
  await client.query('begin');
  await client.query(`select id from "${server.database.schema}".products where id = $1 for update`, [productId]);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}
