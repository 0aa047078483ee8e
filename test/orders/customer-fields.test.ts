import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend("an order's customer fields need customers:read", (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend, { WEBHOOK_DISPATCH: 'off' });
  });
  after(() => server.close());

  test('without customers:read an order shows its customer as the id only, in every view and event', async () => {
    const shop = await createTestMerchant(server);
    const ordersOnly = await shop.keyWith('sandbox', ['orders:read', 'orders:write', 'products:read']);
    const product = await createProduct(shop.sandbox, { name: 'Tea', price: 300 });
    const customer = await shop.sandbox.post('/v1/customers', { name: 'Ada Lovelace', email: 'ada@example.com' });
    assert.equal(customer.status, 201);
    const idOnly = { id: customer.body.id };
    const full = { id: customer.body.id, name: 'Ada Lovelace', email: 'ada@example.com' };
    const body = { items: [{ product_id: product.id, quantity: 1 }], customer_id: customer.body.id };

    const created = await ordersOnly.post('/v1/orders', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.customer, idOnly);
    assert.equal(created.body.customer_id, customer.body.id);
    const read = await ordersOnly.get(`/v1/orders/${created.body.id}`);
    assert.deepEqual([read.status, read.body.customer], [200, idOnly]);
    const captured = await ordersOnly.post(`/v1/orders/${created.body.id}/capture`, { payment_token: 'tok_visa' });
    assert.deepEqual([captured.status, captured.body.customer], [200, idOnly]);
    const other = await ordersOnly.post('/v1/orders', body);
    const canceled = await ordersOnly.post(`/v1/orders/${other.body.id}/cancel`);
    assert.deepEqual([canceled.status, canceled.body.customer], [200, idOnly]);
    const events = await ordersOnly.get('/v1/events?per_page=100');
    const orderEvents = events.body.data.filter((e: { type: string }) => e.type.startsWith('order.'));
    assert.ok(orderEvents.length >= 3);
    for (const event of orderEvents) assert.deepEqual(event.data.object.customer, idOnly);
    assert.deepEqual((await ordersOnly.get(`/v1/events/${orderEvents[0].id}`)).body.data.object.customer, idOnly);
    for (const response of [created, read, captured, canceled, events]) assert.ok(!JSON.stringify(response.body).includes('ada@example.com'));

    // With customers:read, the same views show the customer in full.
    assert.deepEqual((await shop.sandbox.get(`/v1/orders/${created.body.id}`)).body.customer, full);
    assert.deepEqual((await shop.sandbox.get(`/v1/events/${orderEvents[0].id}`)).body.data.object.customer, full);
    const mine = await shop.sandbox.post('/v1/orders', body);
    assert.deepEqual(mine.body.customer, full);
  });
});
