/**
 * The events of the catalogue, the customers and the API keys: each change records its event in the
 * change's own transaction, an endpoint subscribed to it receives it, and an API key's events never
 * carry the key nor its hash.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Receivers, type Receiver } from '../helpers/receiver.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0,0,0',
  WEBHOOK_TIMEOUT_MS: '2000',
  SIGN_IN_LIMIT_PER_ADDRESS: '1000',
};

/** The events of `type`, newest first, as GET /v1/events?type= lists them. */
async function eventsOf(api: Api, type: string): Promise<any[]> {
  const response = await api.get(`/v1/events?type=${type}&per_page=100`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data;
}

/** The received deliveries, parsed, once `count` have arrived. */
async function deliveries(hook: Receiver, count: number, secret: string): Promise<any[]> {
  const received = await hook.waitFor(count);
  return received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>));
}

describeEachBackend('product, customer and API key events', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test('creating and changing a product records product.created and product.updated, and a subscribed endpoint receives both', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['product.created', 'product.updated'] });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));

    const created = await shop.sandbox.post('/v1/products', { name: 'Tea', price: 300 });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const changed = await shop.sandbox.patch(`/v1/products/${created.body.id}`, { price: 350 });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    // A body that changes nothing records nothing; an unknown product is 404 and records nothing.
    assert.equal((await shop.sandbox.patch(`/v1/products/${created.body.id}`, {})).status, 200);
    assert.equal((await shop.sandbox.patch('/v1/products/prod_unknown000000000000000', { price: 1 })).status, 404);

    const [createdEvent] = await eventsOf(shop.sandbox, 'product.created');
    assert.deepEqual(createdEvent.data.object, created.body);
    const updatedEvents = await eventsOf(shop.sandbox, 'product.updated');
    assert.equal(updatedEvents.length, 1);
    assert.deepEqual(updatedEvents[0].data.object, changed.body);
    assert.equal(updatedEvents[0].data.object.price, 350);

    const received = await deliveries(hook, 2, endpoint.body.secret);
    assert.deepEqual(received.map((e) => [e.type, e.id]).sort(), [['product.created', createdEvent.id], ['product.updated', updatedEvents[0].id]].sort());
    // Another environment's products are another tenant's: nothing there.
    assert.equal((await eventsOf(shop.production, 'product.created')).length, 0);
  });

  test('creating and changing a customer records customer.created and customer.updated, and a subscribed endpoint receives both', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created', 'customer.updated'] });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));

    const created = await shop.sandbox.post('/v1/customers', { name: 'Ada', email: 'ada@example.com' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const changed = await shop.sandbox.patch(`/v1/customers/${created.body.id}`, { name: 'Ada Lovelace' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));

    const [createdEvent] = await eventsOf(shop.sandbox, 'customer.created');
    assert.deepEqual(createdEvent.data.object, created.body);
    const [updatedEvent] = await eventsOf(shop.sandbox, 'customer.updated');
    assert.deepEqual(updatedEvent.data.object, { ...created.body, name: 'Ada Lovelace' });

    const received = await deliveries(hook, 2, endpoint.body.secret);
    assert.deepEqual(new Set(received.map((e) => e.type)), new Set(['customer.created', 'customer.updated']));
    assert.deepEqual(received.find((e) => e.type === 'customer.updated').data.object, changed.body);
  });

  test('creating and revoking an API key records api_key.created and api_key.revoked in its environment, never with the key or its hash', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    // API key events go to endpoints of those who manage keys (an admin's sign-in); an API key is refused them.
    const productionAdmin = (await signInAs(server, shop, 'admin', { environment: 'production' })).api;
    assert.equal((await shop.production.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['api_key.created'] })).status, 403);
    const endpoint = await productionAdmin.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['api_key.created', 'api_key.revoked'] });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    const admin = (await signInAs(server, shop, 'admin', { environment: 'sandbox' })).api;

    // A sandbox user creates a production key: the event is the production environment's.
    const created = await admin.post('/v1/api_keys', { name: 'Register 3', environment: 'production' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { key, ...record } = created.body;
    const revoked = await admin.post(`/v1/api_keys/${created.body.id}/revoke`, {});
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    // Revoking again changes nothing and records nothing.
    assert.equal((await admin.post(`/v1/api_keys/${created.body.id}/revoke`, {})).status, 200);

    // API key events are read by those who manage keys: an admin's sign-in, not an API key.
    const createdEvents = (await eventsOf(productionAdmin, 'api_key.created')).filter((e) => e.data.object.id === created.body.id);
    assert.equal(createdEvents.length, 1);
    assert.deepEqual(createdEvents[0].data.object, record);
    const revokedEvents = await eventsOf(productionAdmin, 'api_key.revoked');
    assert.equal(revokedEvents.length, 1);
    assert.deepEqual(revokedEvents[0].data.object, revoked.body);
    assert.ok(revokedEvents[0].data.object.revoked_at !== null);
    assert.equal((await eventsOf(admin, 'api_key.revoked')).length, 0, 'not in the other environment');

    // Nor does anyone else read them: an API key (keys never manage keys) or a cashier lists none, and is refused one by id.
    const cashier = (await signInAs(server, shop, 'cashier', { environment: 'production' })).api;
    for (const reader of [shop.production, cashier]) {
      assert.equal((await eventsOf(reader, 'api_key.created')).length, 0);
      assert.ok((await reader.get('/v1/events?per_page=100')).body.data.every((e: { type: string }) => !e.type.startsWith('api_key.')));
      const one = await reader.get(`/v1/events/${createdEvents[0].id}`);
      assert.equal(one.status, 403, JSON.stringify(one.body));
      assert.equal(one.body.error.code, 'insufficient_permissions');
    }
    assert.equal((await productionAdmin.get(`/v1/events/${createdEvents[0].id}`)).status, 200);

    const received = await deliveries(hook, 2, endpoint.body.secret);
    assert.deepEqual(received.map((e) => e.type).sort(), ['api_key.created', 'api_key.revoked']);

    // Neither the key nor its stored hash appears anywhere: not in the events API, nor on the wire, nor in the stored event.
    const row = await server.db.kysely.selectFrom('api_keys').select('key_hash').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    const stored = await server.db.kysely.selectFrom('events').select('data').where('merchant_id', '=', shop.merchantId).where('type', 'like', 'api_key.%').execute();
    const everything = [JSON.stringify(createdEvents), JSON.stringify(revokedEvents), ...hook.received.map((r) => r.body), ...stored.map((s) => s.data)].join('\n');
    assert.ok(stored.length >= 2);
    assert.ok(!everything.includes(key), 'the key is never in an event');
    assert.ok(!everything.includes(key.slice(8)), 'nor its secret part');
    assert.ok(!everything.includes(row.key_hash), 'nor its hash');
    assert.ok(!everything.includes('key_hash'));
  });
});
