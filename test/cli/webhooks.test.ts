import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { RunningTill, runTill, runTillJson, tillEnv } from '../helpers/cli.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend('till worker and till events resend', (backend) => {
  let server: TestServer;
  let hook: Receiver;
  before(async () => {
    // The API server records events and delivers none: `till worker` does.
    server = await startTestServer(backend, { WEBHOOK_DISPATCH: 'off' });
    hook = await startReceiver();
  });
  after(async () => {
    await server.close();
    await hook.close();
  });

  test('till worker delivers what the API servers queued, and till events resend queues an event again', async () => {
    const shop = await createTestMerchant(server);
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['order.created'] });
    assert.equal(endpoint.status, 201);
    const product = await createProduct(shop.sandbox, { price: 100 });
    assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);
    const eventId = (await shop.sandbox.get('/v1/events?per_page=1')).body.data[0].id;
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(hook.received.length, 0, 'no dispatcher runs yet');

    const env = tillEnv(server.database, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50' });
    const worker = RunningTill.start(['worker'], env);
    try {
      const [first] = await hook.waitFor(1, 30_000);
      assert.equal(first!.headers['webhook-id'], eventId);

      const resent = await runTillJson(['events', 'resend', eventId], env);
      assert.deepEqual(resent, { event_id: eventId, endpoint_ids: [endpoint.body.id] });
      const [, second] = await hook.waitFor(2, 30_000);
      assert.equal(second!.headers['webhook-id'], eventId);
    } finally {
      assert.equal(await worker.stop(), 0, 'the worker stops gracefully on SIGTERM');
    }

    const missing = await runTill(['events', 'resend', 'evt_missing'], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no event with id "evt_missing"/);
  });
});

describeEachBackend('till webhooks listen', (backend) => {
  let server: TestServer;
  let local: Receiver;
  before(async () => {
    server = await startTestServer(backend, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50' });
    local = await startReceiver({ status: 202, body: 'thanks' });
  });
  after(async () => {
    await server.close();
    await local.close();
  });

  test('registers a temporary endpoint, prints and forwards each delivery signed, and deletes the endpoint on SIGTERM', async () => {
    const shop = await createTestMerchant(server);
    const listen = RunningTill.start(
      ['webhooks', 'listen', '--forward-to', local.url, '--api-url', server.url, '--api-key', shop.sandboxKey, '--events', 'order.*'],
      tillEnv(server.database),
    );
    try {
      await listen.waitForOutput((out) => out.includes('Listening'));
      const endpoints = (await shop.sandbox.get('/v1/webhook_endpoints')).body.data;
      assert.equal(endpoints.length, 1);
      assert.deepEqual(endpoints[0].enabled_events, ['order.created', 'order.paid', 'order.canceled', 'order.refunded', 'order.disputed']);
      const product = await createProduct(shop.sandbox, { price: 100 });
      assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);
      const eventId = (await shop.sandbox.get('/v1/events?per_page=1')).body.data[0].id;
      const [forwarded] = await local.waitFor(1, 30_000);
      assert.equal(forwarded!.headers['webhook-id'], eventId);
      assert.ok(String(forwarded!.headers['webhook-signature']).startsWith('v1,'));
      const printed = await listen.waitForOutput((out) => out.includes(eventId));
      assert.match(printed, new RegExp(`order\\.created  ${eventId}  -> 202`));
    } finally {
      assert.equal(await listen.stop(), 0);
    }
    assert.equal((await shop.sandbox.get('/v1/webhook_endpoints')).body.data.length, 0, 'the temporary endpoint is gone');
  });
});
