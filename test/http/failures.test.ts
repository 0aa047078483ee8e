import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertNoInternals } from '../orders/support.js';

describeEachBackend('server-side failures', (backend) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer(backend);
  });
  afterEach(() => server.close());

  test('a database failure mid-order is a 500 that shows nothing inside and leaves nothing half written', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    // The event insert is the last statement of Create Order: without its table the transaction fails
    // after the stock has been taken and the order and line items written.
    await server.db.kysely.schema.dropTable('events').execute();

    const response = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 2 }] });
    assert.equal(response.status, 500);
    assert.equal(response.body.error.type, 'api_error');
    assert.equal(response.body.error.code, 'internal_error');
    assert.equal(response.body.error.request_id, response.headers.get('request-id'));
    assert.match(response.body.error.message, /request_id/);
    assertNoInternals(response.body);

    const stock = await server.db.kysely.selectFrom('products').select('inventory').where('id', '=', product.id).executeTakeFirstOrThrow();
    assert.equal(stock.inventory, 5);
    const orders = await server.db.kysely.selectFrom('orders').select('id').where('merchant_id', '=', shop.merchantId).execute();
    assert.deepEqual(orders, []);
    const lines = await server.db.kysely.selectFrom('line_items').select('id').where('merchant_id', '=', shop.merchantId).execute();
    assert.deepEqual(lines, []);
  });

  test('a 500 frees its Idempotency-Key, so the retry does the work once the fault is gone', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const body = { items: [{ product_id: product.id, quantity: 1 }] };
    await server.db.kysely.schema.alterTable('events').renameTo('events_away').execute();
    const failed = await shop.sandbox.post('/v1/orders', body, { 'idempotency-key': 'through-a-fault' });
    assert.equal(failed.status, 500);
    await server.db.kysely.schema.alterTable('events_away').renameTo('events').execute();
    const retried = await shop.sandbox.post('/v1/orders', body, { 'idempotency-key': 'through-a-fault' });
    assert.equal(retried.status, 201);
    assert.equal(retried.headers.get('idempotent-replayed'), null);
    assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.inventory, 4);
  });

  test('/readyz answers 503 once the database is gone, while /healthz still answers', async () => {
    await server.db.close();
    const anonymous = new Api(server.url, undefined);
    const ready = await anonymous.get('/readyz');
    assert.equal(ready.status, 503);
    assert.equal(ready.body.error.type, 'api_error');
    assert.equal(ready.body.error.code, 'service_unavailable');
    assert.match(ready.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    assertNoInternals(ready.body);
    assert.equal((await anonymous.get('/healthz')).status, 200);
    // close() must not fail on the database closed above.
    server.db.close = async () => {};
  });
});
