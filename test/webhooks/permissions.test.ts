import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { revokeApiKey } from '../../src/auth/api-keys.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Receivers } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0', WEBHOOK_TIMEOUT_MS: '2000' };

const typesOf = (received: { body: string }[]) => received.map((r) => (JSON.parse(r.body) as { type: string }).type);

/** One event of every kind a full key can make: a product, a customer, an order with that customer (order.created). */
async function everyKindOfEvent(full: Api): Promise<{ customerId: string; orderId: string }> {
  const product = await createProduct(full, { name: 'Tea', price: 300 });
  const customer = await full.post('/v1/customers', { name: 'Ada Lovelace', email: 'ada@example.com' });
  assert.equal(customer.status, 201);
  const order = await full.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }], customer_id: customer.body.id });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  return { customerId: customer.body.id, orderId: order.body.id };
}

describeEachBackend('webhook subscriptions follow read permissions', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test('a webhooks-only key is refused every event type it cannot read, and receives none of them', async () => {
    const shop = await createTestMerchant(server);
    const hooksOnly = await shop.keyWith('sandbox', ['webhooks:read', 'webhooks:write']);
    const hook = await receivers.start();
    for (const types of [['customer.created'], ['order.paid'], ['api_key.created'], ['product.created', 'order.created']]) {
      const refused = await hooksOnly.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: types });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.deepEqual([refused.body.error.code, refused.body.error.param], ['insufficient_permissions', 'enabled_events']);
      assert.match(refused.body.error.message, new RegExp(types.at(-1)!.replace('.', '\\.')));
    }
    const endpoint = await hooksOnly.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['*'] });
    assert.equal(endpoint.status, 201);
    // Nor can an update widen it, nor can it take over an endpoint another credential made.
    assert.equal((await hooksOnly.patch(`/v1/webhook_endpoints/${endpoint.body.id}`, { enabled_events: ['customer.created'] })).status, 403);
    const others = await shop.sandbox.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['customer.created'] });
    assert.equal((await hooksOnly.patch(`/v1/webhook_endpoints/${others.body.id}`, { url: hook.url })).status, 403);

    await everyKindOfEvent(shop.sandbox);
    const customerEvent = (await shop.sandbox.get('/v1/events?type=customer.created&per_page=1')).body.data[0];
    const resent = await hooksOnly.post(`/v1/events/${customerEvent.id}/resend`, { endpoint_id: endpoint.body.id });
    assert.deepEqual([resent.status, resent.body.endpoint_ids], [200, []]);
    // A ping is queued after all of those: an endpoint's deliveries go out in the order they were queued,
    // so anything queued for the events above would arrive before it.
    assert.equal((await hooksOnly.post(`/v1/webhook_endpoints/${endpoint.body.id}/test`)).status, 200);
    await hook.waitFor(1);
    assert.deepEqual(typesOf(hook.received), ['ping']);
  });

  test('a manager cannot subscribe to API key events and receives none; order events carry the customer in full', async () => {
    const shop = await createTestMerchant(server);
    const manager = (await signInAs(server, shop, 'manager', { environment: 'sandbox' })).api;
    const admin = (await signInAs(server, shop, 'admin', { environment: 'sandbox' })).api;
    const hook = await receivers.start();
    const refused = await manager.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['api_key.created', 'order.created'] });
    assert.equal(refused.status, 403);
    assert.match(refused.body.error.message, /api_key\.created \(api_keys:write\)/);
    const endpoint = await manager.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['*'] });
    assert.equal(endpoint.status, 201);
    assert.equal((await admin.post('/v1/api_keys', { name: 'Till 2', environment: 'sandbox' })).status, 201);
    const { customerId } = await everyKindOfEvent(shop.sandbox);
    // product.created, customer.created, order.created: the readable ones, after the API key's event.
    await hook.waitFor(3);
    assert.equal((await manager.post(`/v1/webhook_endpoints/${endpoint.body.id}/test`)).status, 200);
    await hook.waitFor(4);
    assert.deepEqual(typesOf(hook.received), ['product.created', 'customer.created', 'order.created', 'ping']);
    const order = JSON.parse(hook.received[2]!.body).data.object;
    assert.deepEqual(order.customer, { id: customerId, name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  test('what the creating key loses, its endpoint stops receiving; an order key without customers:read gets the customer id only', async () => {
    const shop = await createTestMerchant(server);
    const ordersOnly = await shop.keyWith('sandbox', ['orders:read', 'webhooks:write']);
    const hook = await receivers.start();
    const endpoint = await ordersOnly.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['order.created'] });
    assert.equal(endpoint.status, 201);
    const { customerId } = await everyKindOfEvent(shop.sandbox);
    const [first] = await hook.waitFor(1);
    const order = JSON.parse(first!.body).data.object;
    assert.deepEqual(order.customer, { id: customerId });
    assert.equal(order.customer_id, customerId);
    assert.ok(!first!.body.includes('ada@example.com') && !first!.body.includes('Lovelace'));

    // The key is revoked: its endpoint receives no order event from now on (the ping, queued after, proves it).
    const key = await server.db.kysely
      .selectFrom('api_keys')
      .select('id')
      .where('merchant_id', '=', shop.merchantId)
      .where('permissions', '=', JSON.stringify(['orders:read', 'webhooks:write']))
      .executeTakeFirstOrThrow();
    assert.ok(await revokeApiKey(server.db, server.clock, key.id, shop.merchantId));
    await everyKindOfEvent(shop.sandbox);
    const ping = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.body.id}/test`);
    assert.deepEqual(ping.body.endpoint_ids, [endpoint.body.id]);
    await hook.waitFor(2);
    assert.deepEqual(typesOf(hook.received), ['order.created', 'ping']);
  });
});
