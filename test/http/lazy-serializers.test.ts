/**
 * Response serializers are compiled on a route's first answer with a status (src/http/lazy-serializers.ts):
 * a started server has compiled none of them, an answer compiles its own, and every one that is still
 * pending compiles, so a schema that could not compile cannot hide until a rare answer needs it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend('response serializers compiled on first use', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('an answer is the same before and after every serializer is compiled, and each compiles once', async () => {
    const shop = await createTestMerchant(server);
    const product = await shop.sandbox.post('/v1/products', { name: 'Flat white', price: 420, inventory: 3 });
    assert.equal(product.status, 201);
    const first = await shop.sandbox.get(`/v1/products/${product.body.id}`);
    const missing = await shop.sandbox.get('/v1/orders/ord_doesnotexist');

    const compiled = server.app.compileSerializers();
    // Every route's documented statuses, less the few answered above: well over a hundred.
    assert.ok(compiled > 100, `compiled ${compiled} pending serializers`);
    assert.equal(server.app.compileSerializers(), 0, 'nothing is left to compile');

    const again = await shop.sandbox.get(`/v1/products/${product.body.id}`);
    assert.deepEqual(again.body, first.body);
    assert.equal(JSON.stringify(again.body), JSON.stringify(first.body), 'same fields in the same order');
    const missingAgain = await shop.sandbox.get('/v1/orders/ord_doesnotexist');
    assert.equal(missingAgain.status, 404);
    assert.equal(missingAgain.body.error.code, missing.body.error.code);
  });
});
