import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const ORDER_EVENTS = 'order.created,order.paid,order.canceled,order.refunded,refund.created';

describeEachBackend('events', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  /**
   * Every order and refund event of the credential's tenant, newest first (or those `query` names).
   * The test merchant's API keys and products record events of their own, not looked at here.
   */
  async function allEvents(api: Api, query = `&type=${ORDER_EVENTS}`): Promise<any[]> {
    const response = await api.get(`/v1/events?per_page=100${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data;
  }

  test('each order operation records its events, carrying the object after the change', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 1000 });
    const tea = await createProduct(shop.sandbox, { name: 'Tea', price: 300, inventory: 5 });

    const created = await shop.sandbox.post('/v1/orders', { items: [{ product_id: tea.id, quantity: 2 }] });
    assert.equal(created.status, 201);
    const orderId = created.body.id;
    let events = await allEvents(shop.sandbox);
    assert.deepEqual(events.map((e) => e.type), ['order.created']);
    assert.match(events[0].id, /^evt_[0-9A-Za-z]{16,}$/);
    assert.equal(events[0].created_at, created.body.created_at);
    assert.deepEqual(events[0].data.object, created.body);

    server.clock.advance(1000);
    const paid = await shop.sandbox.post(`/v1/orders/${orderId}/capture`, { payment_token: 'tok_mastercard' });
    assert.equal(paid.status, 200);
    events = await allEvents(shop.sandbox);
    assert.deepEqual(events.map((e) => e.type), ['order.paid', 'order.created']);
    assert.deepEqual(events[0].data.object, paid.body);
    assert.equal(events[0].data.object.payment.card_last4, '4444');

    server.clock.advance(1000);
    const refund = await shop.sandbox.post(`/v1/orders/${orderId}/refund`, { amount: 100, reason: 'duplicate' });
    assert.equal(refund.status, 200);
    events = await allEvents(shop.sandbox);
    assert.equal(events.length, 4);
    const [first, second] = events;
    assert.deepEqual(new Set([first.type, second.type]), new Set(['refund.created', 'order.refunded']));
    const refundEvent = events.find((e) => e.type === 'refund.created');
    const refundedEvent = events.find((e) => e.type === 'order.refunded');
    assert.deepEqual(refundEvent.data.object, refund.body);
    assert.equal(refundedEvent.data.object.id, orderId);
    assert.equal(refundedEvent.data.object.status, 'partially_refunded');
    assert.equal(refundedEvent.data.object.refunded_amount, 100);
    assert.deepEqual(refundedEvent.data.object, (await shop.sandbox.get(`/v1/orders/${orderId}`)).body);

    server.clock.advance(1000);
    const other = await shop.sandbox.post('/v1/orders', { items: [{ product_id: tea.id, quantity: 1 }] });
    server.clock.advance(1000);
    const canceled = await shop.sandbox.post(`/v1/orders/${other.body.id}/cancel`);
    assert.equal(canceled.status, 200);
    events = await allEvents(shop.sandbox);
    assert.deepEqual(events.slice(0, 2).map((e) => [e.type, e.data.object.id, e.data.object.status]), [
      ['order.canceled', other.body.id, 'canceled'],
      ['order.created', other.body.id, 'pending'],
    ]);
  });

  test('order.refunded carries the order as Get Order answers it after each refund: items back, refunds made at one instant', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const tea = await createProduct(shop.sandbox, { name: 'Tea', price: 300, inventory: 5 });
    const cake = await createProduct(shop.sandbox, { name: 'Cake', price: 450 });
    const created = await shop.sandbox.post('/v1/orders', { items: [{ product_id: tea.id, quantity: 2 }, { product_id: cake.id, quantity: 1 }] });
    const orderId = created.body.id;
    assert.equal((await shop.sandbox.post(`/v1/orders/${orderId}/capture`, { payment_token: 'tok_visa' })).status, 200);
    server.clock.advance(1000);
    // The clock stands still: these refunds share their created_at and are listed by id.
    const refunds = [{ items: [{ line_item_id: created.body.items[0].id, quantity: 1 }] }, { amount: 7 }, { amount: 5 }, {}];
    for (const body of refunds) {
      const refund = await shop.sandbox.post(`/v1/orders/${orderId}/refund`, body);
      assert.equal(refund.status, 200, JSON.stringify(refund.body));
      const [latest] = await allEvents(shop.sandbox, '&type=order.refunded');
      assert.deepEqual(latest.data.object, (await shop.sandbox.get(`/v1/orders/${orderId}`)).body);
    }
    const order = (await shop.sandbox.get(`/v1/orders/${orderId}`)).body;
    assert.equal(order.status, 'refunded');
    assert.equal(order.refunds.length, 4);
    assert.equal(order.items[0].refunded_quantity, 1);
  });

  test('concurrent refunds of one order: each order.refunded event carries every refund made before it', async () => {
    const shop = await createTestMerchant(server);
    const cake = await createProduct(shop.sandbox, { name: 'Cake', price: 5000 });
    const created = await shop.sandbox.post('/v1/orders', { items: [{ product_id: cake.id, quantity: 1 }] });
    const orderId = created.body.id;
    assert.equal((await shop.sandbox.post(`/v1/orders/${orderId}/capture`, { payment_token: 'tok_visa' })).status, 200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => shop.sandbox.post(`/v1/orders/${orderId}/refund`, { amount: 10 })));
    assert.deepEqual(answers.map((a) => a.status), answers.map(() => 200));
    const events = (await allEvents(shop.sandbox, '&type=order.refunded')).filter((e) => e.data.object.id === orderId);
    assert.equal(events.length, 20);
    const amounts = events.map((e) => e.data.object.refunded_amount).sort((a, b) => a - b);
    assert.deepEqual(amounts, Array.from({ length: 20 }, (_, i) => 10 * (i + 1)));
    for (const { data } of events) {
      const order = data.object;
      assert.equal(order.refunds.length, order.refunded_amount / 10, JSON.stringify(order.refunds));
      assert.equal(order.status, 'partially_refunded');
    }
    const [latest] = events.sort((a, b) => b.data.object.refunded_amount - a.data.object.refunded_amount);
    assert.deepEqual(latest.data.object, (await shop.sandbox.get(`/v1/orders/${orderId}`)).body);
  });

  test('a refused operation records no event', async () => {
    const shop = await createTestMerchant(server);
    const scarce = await createProduct(shop.sandbox, { price: 500, inventory: 1 });
    assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: scarce.id, quantity: 2 }] })).status, 422);
    assert.deepEqual(await allEvents(shop.sandbox), []);

    const order = await shop.sandbox.post('/v1/orders', { items: [{ product_id: scarce.id, quantity: 1 }] });
    const declined = await shop.sandbox.post(`/v1/orders/${order.body.id}/capture`, { payment_token: 'tok_chargeDeclined' });
    assert.equal(declined.status, 402);
    assert.equal((await shop.sandbox.post(`/v1/orders/${order.body.id}/refund`)).status, 422);
    assert.deepEqual((await allEvents(shop.sandbox)).map((e) => e.type), ['order.created']);
  });

  test('pagination, the type filter and Get Event', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: null });
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1000);
      const order = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }], payment_method: 'cash' });
      orderIds.push(order.body.id);
    }
    server.clock.advance(1000);
    assert.equal((await shop.sandbox.post(`/v1/orders/${orderIds[0]}/capture`)).status, 200);

    const page2 = await shop.sandbox.get(`/v1/events?per_page=3&page=2&type=${ORDER_EVENTS}`);
    assert.equal(page2.status, 200);
    assert.deepEqual(page2.body.pagination, { total: 4, page: 2, per_page: 3, has_more: false });
    assert.deepEqual(page2.body.data.map((e: any) => [e.type, e.data.object.id]), [['order.created', orderIds[0]]]);
    const page1 = await shop.sandbox.get(`/v1/events?per_page=3&type=${ORDER_EVENTS}`);
    assert.equal(page1.body.pagination.has_more, true);
    assert.deepEqual(page1.body.data.map((e: any) => e.type), ['order.paid', 'order.created', 'order.created']);

    const created = await shop.sandbox.get('/v1/events?type=order.created');
    assert.deepEqual(created.body.data.map((e: any) => e.data.object.id), [...orderIds].reverse());
    assert.equal(created.body.pagination.total, 3);
    const both = await allEvents(shop.sandbox, '&type=order.paid,order.canceled');
    assert.deepEqual(both.map((e) => e.type), ['order.paid']);

    const bad = await shop.sandbox.get('/v1/events?type=order.shipped');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'parameter_invalid');
    assert.equal(bad.body.error.param, 'type');
    const unknown = await shop.sandbox.get('/v1/events?kind=order.created');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'parameter_unknown');

    const one = await shop.sandbox.get(`/v1/events/${page1.body.data[0].id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, page1.body.data[0]);
    const missing = await shop.sandbox.get('/v1/events/evt_doesnotexist0000000');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'resource_not_found');
  });

  test("another merchant's or environment's events are invisible", async () => {
    const shop = await createTestMerchant(server);
    const rival = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
    const [event] = await allEvents(shop.sandbox);
    assert.equal(event.type, 'order.created');

    for (const outsider of [rival.sandbox, rival.production, shop.production]) {
      assert.deepEqual(await allEvents(outsider), []);
      const response = await outsider.get(`/v1/events/${event.id}`);
      assert.equal(response.status, 404);
      assert.equal(response.body.error.code, 'resource_not_found');
    }
  });

  test('reading events needs orders:read', async () => {
    const shop = await createTestMerchant(server);
    const productsOnly = await shop.keyWith('sandbox', ['products:read', 'orders:write']);
    const denied = await productsOnly.get('/v1/events');
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error.code, 'insufficient_permissions');
    assert.equal((await productsOnly.get('/v1/events/evt_any')).status, 403);
    const reader = await shop.keyWith('sandbox', ['orders:read']);
    assert.equal((await reader.get('/v1/events')).status, 200);
    assert.equal((await new Api(server.url, undefined).get('/v1/events')).status, 401);
  });
});
