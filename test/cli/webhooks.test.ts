import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { describeEachBackend } from '../helpers/backends.js';
import { RunningTill, runTill, runTillJson, tillEnv } from '../helpers/cli.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

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

  test('till worker delivers what the API servers queued, and till events resend queues an event again', STARTS_PROCESSES, async () => {
    const shop = await createTestMerchant(server);
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['order.created'] });
    assert.equal(endpoint.status, 201);
    const product = await createProduct(shop.sandbox, { price: 100 });
    assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);
    const eventId = (await shop.sandbox.get('/v1/events?per_page=1')).body.data[0].id;
    // No dispatcher runs yet: the delivery waits in the outbox, unattempted.
    const queued = await server.db.kysely.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('event_id', '=', eventId).execute();
    assert.deepEqual(queued.map((d) => [d.status, d.attempts]), [['pending', 0]]);
    assert.equal(hook.received.length, 0);

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
    // The server reaches no receiver of this machine: listen fetches the events itself.
    server = await startTestServer(backend, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    local = await startReceiver({ status: 202, body: 'thanks' });
  });
  after(async () => {
    await server.close();
    await local.close();
  });

  test('prints the signing secret first, then forwards each new event it fetched from Till, signed with it; no endpoint is registered', STARTS_PROCESSES, async () => {
    const shop = await createTestMerchant(server);
    const env = tillEnv(server.database, { TILL_API_KEY: shop.sandboxKey });
    const secret = (await runTill(['webhooks', 'listen', '--api-url', server.url, '--print-secret'], env)).stdout.trim();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const listen = RunningTill.start(['webhooks', 'listen', '--forward-to', local.url, '--api-url', server.url, '--events', 'order.*'], env);
    try {
      const ready = await listen.waitForOutput((out) => out.includes('Forwarding'));
      assert.ok(ready.startsWith(`Ready. Your webhook signing secret is ${secret} `), ready);
      assert.equal((await shop.sandbox.get('/v1/webhook_endpoints')).body.data.length, 0, 'no endpoint: the server posts nothing to this machine');
      const product = await createProduct(shop.sandbox, { price: 100 });
      assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);
      const eventId = (await shop.sandbox.get('/v1/events?per_page=1')).body.data[0].id;
      const [forwarded] = await local.waitFor(1, 30_000);
      assert.equal(forwarded!.headers['webhook-id'], eventId);
      const verified = new Webhook(secret).verify(forwarded!.body, forwarded!.headers as Record<string, string>) as { id: string; type: string };
      assert.deepEqual([verified.id, verified.type], [eventId, 'order.created']);
      assert.deepEqual(JSON.parse(forwarded!.body), (await shop.sandbox.get(`/v1/events/${eventId}`)).body, 'the body is the event as Till shows it');
      const printed = await listen.waitForOutput((out) => out.includes(`${eventId}  -> `));
      assert.match(printed, new RegExp(`order\\.created  ${eventId}  -> 202`));
      assert.equal(local.received.filter((r) => JSON.parse(r.body).type === 'product.created').length, 0, '--events order.* leaves product.created out');
    } finally {
      assert.equal(await listen.stop(), 0);
    }
  });
});
