/**
 * `@till/client` against a real server: a checkout, every page of a long list, each error class, and
 * retries that never do the work twice (a proxy in front of the server loses the first answer).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PaymentError,
  PermissionError,
  RateLimitError,
  Till,
  TillError,
  UnprocessableError,
} from '../../packages/client/src/index.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';
import { envelope, startProxy, type Proxy } from './support.js';

/** The error a call throws, checked to be a `TillError` of the class expected. */
async function rejection<E extends TillError>(call: PromiseLike<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof kind, `expected a ${kind.name}, got ${(error as Error)?.name}: ${(error as Error)?.message}`);
    assert.ok(error instanceof TillError);
    return error;
  }
  assert.fail(`the call succeeded; a ${kind.name} was expected`);
}

describeEachBackend('@till/client', (backend) => {
  let server: TestServer;
  let shop: TestMerchant;
  let proxy: Proxy;
  before(async () => {
    server = await startTestServer(backend);
    shop = await createTestMerchant(server);
    proxy = await startProxy(server.url);
  });
  beforeEach(() => {
    proxy.plans.length = 0;
  });
  after(async () => {
    await proxy.close();
    await server.close();
  });

  test('a checkout: product, customer, order, capture, refund, each answer typed and with its Request-Id', async () => {
    // Slashes at the end of baseUrl are dropped: paths are joined to it with one.
    const till = new Till({ apiKey: shop.sandboxKey, baseUrl: `${server.url}//` });
    const product = await till.products.create({ name: 'Tea', price: 450, inventory: 10 });
    assert.match(product.id, /^prod_/);
    const customer = await till.customers.create({ name: 'Ada', email: 'ada@example.com' });
    const order = await till.orders.create({ items: [{ product_id: product.id, quantity: 2 }], customer_id: customer.id });
    assert.equal(order.status, 'pending');
    assert.equal(order.subtotal, 900);
    const paid = await till.orders.capture(order.id, { payment_token: 'tok_visa' });
    assert.equal(paid.status, 'paid');
    const refund = await till.orders.refund(order.id, { amount: 300 });
    assert.match(refund.id, /^ref_/);
    assert.equal(refund.amount, 300);
    assert.equal(refund.order_id, order.id);

    const { data, response, requestId } = await till.orders.retrieve(order.id).withResponse();
    assert.equal(data.id, order.id);
    assert.equal(data.status, 'partially_refunded');
    assert.equal(response.status, 200);
    assert.ok(requestId !== undefined && requestId === response.headers.get('request-id'), 'the Request-Id header is given');
    assert.equal((await till.products.retrieve(product.id)).inventory, 8);
  });

  test('catalogue fields are typed, and q and category reach List Products and List Customers', async () => {
    const { sandbox } = await createTestMerchant(server);
    const till = new Till({ apiKey: sandbox.credential!, baseUrl: server.url });
    const espresso = await till.products.create({ name: 'Espresso', price: 250, sku: 'ESP-1', barcode: '4006381333931', category: 'Coffee' });
    await till.products.create({ name: 'Scone', price: 300, category: 'Bakery' });
    const sku: string | null = espresso.sku;
    assert.equal(sku, 'ESP-1');
    assert.deepEqual((await till.products.list({ q: 'ESP-1' })).data.map((p) => p.id), [espresso.id]);
    assert.deepEqual((await till.products.list({ category: 'Bakery' })).data.map((p) => p.name), ['Scone']);
    const ada = await till.customers.create({ name: 'Ada', phone: '+44 20 7946 0958', note: 'Regular' });
    assert.deepEqual([ada.phone, ada.note], ['+442079460958', 'Regular']);
    assert.deepEqual((await till.customers.list({ q: '+4420' })).data.map((c) => c.id), [ada.id]);
    const taken = await rejection(till.products.create({ name: 'Again', price: 1, sku: 'ESP-1' }), InvalidRequestError);
    assert.equal(taken.param, 'sku');
  });

  test('a list of 250 orders: one page on await, every order once with for await, and page by page', async () => {
    const other = await createTestMerchant(server);
    const till = new Till({ apiKey: other.sandboxKey, baseUrl: server.url });
    const product = await till.products.create({ name: 'Pen', price: 100 });
    const created = new Set<string>();
    for (let batch = 0; batch < 25; batch++) {
      const orders = await Promise.all(Array.from({ length: 10 }, () => till.orders.create({ items: [{ product_id: product.id, quantity: 1 }] })));
      for (const order of orders) created.add(order.id);
    }
    assert.equal(created.size, 250);

    const first = await till.orders.list({ per_page: 100 });
    assert.equal(first.data.length, 100);
    assert.deepEqual(first.pagination, { total: 250, page: 1, per_page: 100, has_more: true });

    const iterated: string[] = [];
    for await (const order of till.orders.list({ status: 'pending', per_page: 100 })) iterated.push(order.id);
    assert.equal(iterated.length, 250);
    assert.deepEqual(new Set(iterated), created);

    const sizes: number[] = [];
    for await (const page of till.orders.list({ per_page: 100 }).pages()) sizes.push(page.data.length);
    assert.deepEqual(sizes, [100, 100, 50]);

    // From a later page on, and an empty list.
    let fromThird = 0;
    for await (const _ of till.orders.list({ per_page: 100, page: 3 })) fromThird++;
    assert.equal(fromThird, 50);
    let none = 0;
    for await (const _ of till.customers.list()) none++;
    assert.equal(none, 0);
  });

  test('each error class, narrowable on code, with status, type, param and requestId', async () => {
    const till = new Till({ apiKey: shop.sandboxKey, baseUrl: server.url, maxRetries: 0 });

    const auth = await rejection(new Till({ apiKey: 'sk_test_nope', baseUrl: server.url }).orders.list(), AuthenticationError);
    assert.equal(auth.status, 401);
    assert.equal(auth.type, 'authentication_error');
    assert.equal(auth.code, 'invalid_credentials');
    assert.match(auth.requestId ?? '', /./);

    const readOnly = await shop.keyWith('sandbox', ['orders:read']);
    const permission = await rejection(new Till({ apiKey: readOnly.credential!, baseUrl: server.url }).products.create({ name: 'X', price: 1 }), PermissionError);
    assert.equal(permission.status, 403);
    assert.equal(permission.code, 'insufficient_permissions');

    const missing = await rejection(till.orders.retrieve('ord_missing'), NotFoundError);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'resource_not_found');

    const invalid = await rejection(till.products.create({ name: 'X', price: -5 }), InvalidRequestError);
    assert.equal(invalid.status, 400);
    assert.equal(invalid.param, 'price');
    if (invalid.code === 'parameter_invalid') assert.match(invalid.message, /price/);
    else assert.fail(`code ${invalid.code}`);

    const unprocessable = await rejection(till.orders.create({ items: [{ product_id: 'prod_missing', quantity: 1 }] }), UnprocessableError);
    assert.equal(unprocessable.status, 422);
    assert.equal(unprocessable.code, 'product_not_found');

    const product = await till.products.create({ name: 'Card item', price: 1000 });
    const order = await till.orders.create({ items: [{ product_id: product.id, quantity: 1 }] });
    const declined = await rejection(till.orders.capture(order.id, { payment_token: 'tok_chargeDeclined' }), PaymentError);
    assert.equal(declined.status, 402);
    assert.equal(declined.code, 'card_declined');

    // The proxy answers what the server only does under load or in a fault.
    const viaProxy = new Till({ apiKey: shop.sandboxKey, baseUrl: proxy.url, maxRetries: 0 });
    proxy.plans.push({ replace: { status: 409, body: envelope('conflict_error', 'idempotency_key_in_use') } });
    const conflict = await rejection(viaProxy.products.create({ name: 'Y', price: 1 }), ConflictError);
    assert.equal(conflict.code, 'idempotency_key_in_use');
    proxy.plans.push({ replace: { status: 500, body: envelope('api_error', 'internal_error') } });
    const failed = await rejection(viaProxy.orders.list(), ApiError);
    assert.equal(failed.status, 500);
    assert.equal(failed.requestId, 'req_simulated');
    proxy.plans.push({ replace: { status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' } });
    const gateway = await rejection(viaProxy.orders.list(), ApiError);
    assert.equal(gateway.status, 502);

    const unreachable = await rejection(new Till({ apiKey: shop.sandboxKey, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 }).orders.list(), ConnectionError);
    assert.equal(unreachable.code, 'connection_failed');
    assert.equal(unreachable.status, 0);
    proxy.plans.push('hang');
    const slow = await rejection(viaProxy.orders.list(undefined, { timeout: 200 }), ConnectionError);
    assert.equal(slow.code, 'timeout');
    const controller = new AbortController();
    proxy.plans.push('hang');
    const seen = proxy.seen.length;
    const aborted = viaProxy.orders.list(undefined, { signal: controller.signal });
    await until('the request reaches the proxy', () => proxy.seen.length > seen);
    controller.abort();
    assert.equal((await rejection(aborted, ConnectionError)).code, 'aborted');
  });

  test('a rate limit is a RateLimitError with retryAfter, and retried after Retry-After', async () => {
    const limited = await startTestServer(backend, { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '1000' });
    try {
      const owner = await createTestMerchant(limited);
      const impatient = new Till({ apiKey: owner.sandboxKey, baseUrl: limited.url, maxRetries: 0 });
      await impatient.orders.list();
      const refused = await rejection(impatient.orders.list(), RateLimitError);
      assert.equal(refused.status, 429);
      assert.equal(refused.code, 'rate_limited');
      assert.ok(refused.retryAfter !== undefined && refused.retryAfter > 0 && refused.retryAfter <= 1, `retryAfter ${refused.retryAfter}`);

      // The limiter keeps the server's clock: the window passes on it as soon as the refusal is answered,
      // and the client still waits the Retry-After it was told.
      const patient = new Till({
        apiKey: owner.sandboxKey,
        baseUrl: limited.url,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (response.status === 429) limited.clock.advance(1_000);
          return response;
        },
      });
      const started = Date.now();
      await patient.orders.list();
      await patient.orders.list();
      assert.ok(Date.now() - started >= 300, 'the second call waited for the window');
    } finally {
      await limited.close();
    }
  });

  for (const [label, plan] of [
    ['a 503', { replace: { status: 503, body: envelope('api_error', 'service_unavailable') } }],
    ['a 429 with Retry-After', { replace: { status: 429, headers: { 'retry-after': '1' }, body: envelope('rate_limit_error', 'rate_limited') } }],
    ['a 409 idempotency_key_in_use', { replace: { status: 409, body: envelope('conflict_error', 'idempotency_key_in_use') } }],
    ['a cut connection', 'drop'],
  ] as const) {
    test(`an order whose answer is lost to ${label} is retried with the same Idempotency-Key and made once`, async () => {
      const owner = await createTestMerchant(server);
      const direct = new Till({ apiKey: owner.sandboxKey, baseUrl: server.url });
      const product = await direct.products.create({ name: 'Soap', price: 250, inventory: 5 });
      const till = new Till({ apiKey: owner.sandboxKey, baseUrl: proxy.url });
      const before = proxy.seen.length;
      proxy.plans.push(plan);
      const started = Date.now();
      const { data: order, response } = await till.orders.create({ items: [{ product_id: product.id, quantity: 2 }] }).withResponse();
      const attempts = proxy.seen.slice(before);
      assert.equal(attempts.length, 2, 'one retry');
      const keys = attempts.map((a) => a.headers['idempotency-key']);
      assert.match(String(keys[0]), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(keys[1], keys[0], 'the retry reuses the key');
      assert.equal(response.headers.get('idempotent-replayed'), 'true', 'the server replayed the first answer');
      const orders = await direct.orders.list();
      assert.equal(orders.pagination.total, 1, 'one order');
      assert.equal(orders.data[0]!.id, order.id);
      assert.equal((await direct.products.retrieve(product.id)).inventory, 3, 'stock taken once');
      if (typeof plan === 'object' && plan.replace.status === 429) assert.ok(Date.now() - started >= 900, 'Retry-After: 1 was honoured');
    });
  }

  test("the caller's Idempotency-Key is used; maxRetries bounds the attempts, per client and per call", async () => {
    const owner = await createTestMerchant(server);
    const till = new Till({ apiKey: owner.sandboxKey, baseUrl: proxy.url, maxRetries: 1 });
    const unavailable = { replace: { status: 503, body: envelope('api_error', 'service_unavailable') } } as const;
    let before = proxy.seen.length;
    proxy.plans.push(unavailable, unavailable, unavailable);
    await rejection(till.customers.create({ name: 'Bo' }, { idempotencyKey: 'my-key-1' }), ApiError);
    assert.deepEqual(proxy.seen.slice(before).map((s) => s.headers['idempotency-key']), ['my-key-1', 'my-key-1']);
    proxy.plans.length = 0;

    before = proxy.seen.length;
    proxy.plans.push(unavailable, unavailable);
    const customer = await till.customers.create({ name: 'Bo' }, { idempotencyKey: 'my-key-2', maxRetries: 2 });
    assert.equal(proxy.seen.length - before, 3);
    assert.equal(customer.name, 'Bo');

    // A GET carries no key; a 4xx other than 408, 409 in use and 429 is not retried.
    before = proxy.seen.length;
    await rejection(till.customers.retrieve('cus_missing'), NotFoundError);
    assert.equal(proxy.seen.length - before, 1);
    assert.equal(proxy.seen.at(-1)!.headers['idempotency-key'], undefined);
  });
});
