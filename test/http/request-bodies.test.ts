import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend('request bodies and challenges', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('prototype keys are refused and nothing is written', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    for (const metadata of ['{"__proto__":{"admin":"1"}}', '{"constructor":{"prototype":{"admin":"1"}}}']) {
      const response = await shop.sandbox.post('/v1/orders', `{"items":[{"product_id":"${product.id}","quantity":1}],"metadata":${metadata}}`);
      assert.equal(response.status, 400);
      assert.equal(response.body.error.code, 'parameter_invalid');
      assert.match(response.body.error.message, /__proto__/);
    }
    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 0);
    assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.inventory, 5);
  });

  test('a key merely named "constructor" in metadata is ordinary data', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    const created = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }], metadata: { constructor: 'x', toString: 'y' } });
    assert.equal(created.status, 201);
    assert.deepEqual((await shop.sandbox.get(`/v1/orders/${created.body.id}`)).body.metadata, { constructor: 'x', toString: 'y' });
  });

  test('malformed JSON is invalid_json; an empty body counts as {}', async () => {
    const shop = await createTestMerchant(server);
    const malformed = await shop.sandbox.post('/v1/orders', '{"items": [');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.code, 'invalid_json');
    const empty = await shop.sandbox.post('/v1/orders', '');
    assert.equal(empty.status, 400);
    assert.equal(empty.body.error.code, 'parameter_missing');
    assert.equal(empty.body.error.param, 'items');
  });

  test('401 challenges follow RFC 6750', async () => {
    const missing = await new Api(server.url, undefined).get('/v1/orders');
    assert.equal(missing.status, 401);
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="till"');
    const wrong = await new Api(server.url, 'sk_test_notarealkey0000000000000000000').get('/v1/orders');
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error.code, 'invalid_credentials');
    assert.equal(wrong.headers.get('www-authenticate'), 'Bearer realm="till", error="invalid_token"');
    const notBearer = await new Api(server.url, undefined).get('/v1/orders', { authorization: 'Basic dXNlcjpwYXNz' });
    assert.equal(notBearer.status, 401);
    assert.equal(notBearer.body.error.code, 'invalid_credentials');
  });
});
