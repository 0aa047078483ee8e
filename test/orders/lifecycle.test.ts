import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend('order life cycle', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('create, capture, refund in part and in full, with tax and stock', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const coffee = await createProduct(shop.sandbox, { name: 'Coffee', price: 350, inventory: 10 });

    const created = await shop.sandbox.post('/v1/orders', { items: [{ product_id: coffee.id, quantity: 3 }] });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'pending');
    assert.equal(created.body.subtotal, 1050);
    assert.equal(created.body.tax, 87); // 1050 * 8.25% = 86.625, rounded half up
    assert.equal(created.body.total, 1137);
    assert.deepEqual(
      created.body.items.map((i: any) => [i.name, i.quantity, i.unit_price, i.total]),
      [['Coffee', 3, 350, 1050]],
    );
    assert.equal((await shop.sandbox.get(`/v1/products/${coffee.id}`)).body.inventory, 7);

    const captured = await shop.sandbox.post(`/v1/orders/${created.body.id}/capture`, { payment_token: 'tok_visa' });
    assert.equal(captured.status, 200);
    assert.equal(captured.body.status, 'paid');
    assert.equal(captured.body.payment.card_last4, '4242');
    assert.match(captured.body.payment.paid_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const partial = await shop.sandbox.post(`/v1/orders/${created.body.id}/refund`, { amount: 137 });
    assert.equal(partial.status, 200);
    assert.equal(partial.body.amount, 137);
    assert.equal(partial.body.status, 'succeeded');
    assert.equal(partial.body.reason, 'customer_request');

    const rest = await shop.sandbox.post(`/v1/orders/${created.body.id}/refund`);
    assert.equal(rest.status, 200);
    assert.equal(rest.body.amount, 1000);

    const order = await shop.sandbox.get(`/v1/orders/${created.body.id}`);
    assert.equal(order.body.status, 'refunded');
    assert.equal(order.body.refunded_amount, 1137);
    assert.equal(order.body.refunds.length, 2);

    const again = await shop.sandbox.post(`/v1/orders/${created.body.id}/refund`);
    assert.equal(again.status, 400);
    assert.equal(again.body.error.code, 'already_refunded');
  });
});
