import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '../../src/idempotency/claim-key.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const withKey = (key: string) => ({ 'idempotency-key': key });

describeEachBackend('Idempotency-Key', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('a retry with the same key and body replays the first answer and does the work once', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 250, inventory: 10 });
    const body = { items: [{ product_id: product.id, quantity: 2 }] };

    const first = await shop.sandbox.post('/v1/orders', body, withKey('order-1'));
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const retry = await shop.sandbox.post('/v1/orders', body, withKey('order-1'));
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(retry.body, first.body);
    assert.notEqual(retry.headers.get('request-id'), first.headers.get('request-id'));

    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 1);
    assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.inventory, 8);
  });

  test('key order in the body does not matter; another body or endpoint is idempotency_key_reused', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    const first = await shop.sandbox.post('/v1/orders', `{"notes":"a","items":[{"quantity":1,"product_id":"${product.id}"}]}`, withKey('k'));
    assert.equal(first.status, 201);
    const reordered = await shop.sandbox.post('/v1/orders', `{"items":[{"product_id":"${product.id}","quantity":1}],"notes":"a"}`, withKey('k'));
    assert.equal(reordered.headers.get('idempotent-replayed'), 'true');

    const otherBody = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 2 }], notes: 'a' }, withKey('k'));
    assert.equal(otherBody.status, 400);
    assert.equal(otherBody.body.error.type, 'invalid_request_error');
    assert.equal(otherBody.body.error.code, 'idempotency_key_reused');
    const otherEndpoint = await shop.sandbox.post('/v1/customers', { name: 'Ada' }, withKey('k'));
    assert.equal(otherEndpoint.status, 400);
    assert.equal(otherEndpoint.body.error.code, 'idempotency_key_reused');
    assert.equal((await shop.sandbox.get('/v1/customers')).body.pagination.total, 0);
  });

  test('capture and refund retried with their keys charge and refund once', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 1000 });
    const order = (await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).body;
    for (let i = 0; i < 3; i++) {
      const capture = await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }, withKey('capture'));
      assert.equal(capture.status, 200);
      assert.equal(capture.body.status, 'paid');
    }
    const refunds = [];
    for (let i = 0; i < 3; i++) refunds.push(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 300 }, withKey('refund-1')));
    assert.deepEqual(refunds.map((r) => r.status), [200, 200, 200]);
    assert.equal(new Set(refunds.map((r) => r.body.id)).size, 1);
    const after = (await shop.sandbox.get(`/v1/orders/${order.id}`)).body;
    assert.equal(after.refunded_amount, 300);
    assert.equal(after.refunds.length, 1);
  });

  test('an error answer is replayed too, even when the retry would now succeed', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 1 });
    const body = { items: [{ product_id: product.id, quantity: 2 }] };
    const first = await shop.sandbox.post('/v1/orders', body, withKey('short'));
    assert.equal(first.status, 422);
    assert.equal(first.body.error.code, 'out_of_stock');
    await shop.sandbox.patch(`/v1/products/${product.id}`, { inventory: 5 });
    const retry = await shop.sandbox.post('/v1/orders', body, withKey('short'));
    assert.equal(retry.status, 422);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(retry.body, first.body);
    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 0);
  });

  test('parallel requests with one key: one does the work, the others see it running or replay it', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 50 });
    const body = { items: [{ product_id: product.id, quantity: 1 }] };
    const responses = await Promise.all(Array.from({ length: 10 }, () => shop.sandbox.post('/v1/orders', body, withKey('parallel'))));
    const created = responses.filter((r) => r.status === 201);
    const busy = responses.filter((r) => r.status === 409);
    assert.equal(created.length + busy.length, 10, `unexpected statuses ${responses.map((r) => r.status)}`);
    assert.equal(created.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1);
    assert.equal(new Set(created.map((r) => r.body.id)).size, 1);
    for (const response of busy) {
      assert.equal(response.body.error.type, 'conflict_error');
      assert.equal(response.body.error.code, 'idempotency_key_in_use');
    }
    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 1);
    assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.inventory, 49);
  });

  test('keys belong to one merchant and one environment', async () => {
    const shop = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const mine = await createProduct(shop.sandbox, { price: 100 });
    const theirs = await createProduct(other.sandbox, { price: 100 });
    const live = await createProduct(shop.production, { price: 100 });
    const a = await shop.sandbox.post('/v1/orders', { items: [{ product_id: mine.id, quantity: 1 }] }, withKey('same'));
    const b = await other.sandbox.post('/v1/orders', { items: [{ product_id: theirs.id, quantity: 1 }] }, withKey('same'));
    const c = await shop.production.post('/v1/orders', { items: [{ product_id: live.id, quantity: 1 }] }, withKey('same'));
    assert.deepEqual([a.status, b.status, c.status], [201, 201, 201]);
    for (const response of [a, b, c]) assert.equal(response.headers.get('idempotent-replayed'), null);
  });

  test('a key is kept 24 hours, then may be used for a new request', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    const first = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }, withKey('daily'));
    assert.equal(first.status, 201);
    server.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    const stillKept = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 3 }] }, withKey('daily'));
    assert.equal(stillKept.status, 400);
    server.clock.advance(2000);
    const fresh = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 3 }] }, withKey('daily'));
    assert.equal(fresh.status, 201);
    assert.notEqual(fresh.body.id, first.body.id);
  });

  test('a key left running by a server that died is taken over after the lease', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    const body = { items: [{ product_id: product.id, quantity: 1 }] };
    // What a server that died mid-request leaves: the key claimed, no answer recorded, no order.
    const { requestFingerprint } = await import('../../src/idempotency/claim-key.js');
    const startedAt = server.clock.now().toISOString();
    await server.db.kysely
      .insertInto('idempotency_keys')
      .values({
        merchant_id: shop.merchantId,
        environment: 'sandbox',
        key: 'orphan',
        request_hash: requestFingerprint('POST', '/v1/orders', body),
        status: 'in_progress',
        response_status: null,
        response_body: null,
        created_at: startedAt,
        locked_at: startedAt,
      })
      .execute();
    assert.equal((await shop.sandbox.post('/v1/orders', body, withKey('orphan'))).status, 409);
    server.clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    const retry = await shop.sandbox.post('/v1/orders', body, withKey('orphan'));
    assert.equal(retry.status, 201);
    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 1);
  });

  test('bad keys are refused; GET requests ignore the header; requests without a key are not deduplicated', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    const body = { items: [{ product_id: product.id, quantity: 1 }] };
    for (const key of ['x'.repeat(256), 'cl\u00e9', 'tab\there']) {
      const response = await shop.sandbox.post('/v1/orders', body, withKey(key));
      assert.equal(response.status, 400, key);
      assert.equal(response.body.error.code, 'parameter_invalid');
      assert.equal(response.body.error.param, 'Idempotency-Key');
    }
    assert.equal((await shop.sandbox.post('/v1/orders', body, withKey('x'.repeat(255)))).status, 201);
    assert.equal((await shop.sandbox.get('/v1/orders', withKey('x'.repeat(255)))).status, 200);
    await shop.sandbox.post('/v1/orders', body);
    await shop.sandbox.post('/v1/orders', body);
    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 3);
  });

  test('a refused request (validation, permission) does not use up the key', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    const invalid = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 0 }] }, withKey('fresh'));
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.error.code, 'parameter_invalid');
    const valid = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }, withKey('fresh'));
    assert.equal(valid.status, 201);
    assert.equal(valid.headers.get('idempotent-replayed'), null);
  });
});
