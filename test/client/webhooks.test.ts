/**
 * `Till.webhooks.verify` on real deliveries of a real server to a local receiver: the event comes
 * back typed, both secrets of a rotation verify, and a changed body, a wrong secret, an old timestamp
 * or a missing header are refused.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Till, WebhookVerificationError } from '../../packages/client/src/index.js';
import { describeEachBackend } from '../helpers/backends.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0,0,0',
  WEBHOOK_TIMEOUT_MS: '500',
};

const refused = (pattern: RegExp) => (error: unknown) => error instanceof WebhookVerificationError && pattern.test(error.message);

describeEachBackend('@till/client webhooks', (backend) => {
  let server: TestServer;
  let receiver: Receiver;
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
    receiver = await startReceiver();
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  test('deliveries verify with the endpoint secret, and with either secret during a rotation', async () => {
    const shop = await createTestMerchant(server);
    const till = new Till({ apiKey: shop.sandboxKey, baseUrl: server.url });
    const { id: endpointId, secret } = await till.webhookEndpoints.create({ url: receiver.url, enabled_events: ['order.created'] });

    const product = await till.products.create({ name: 'Tea', price: 300 });
    const order = await till.orders.create({ items: [{ product_id: product.id, quantity: 1 }] });
    const [delivery] = await receiver.waitFor(receiver.received.length + 1);
    assert.ok(delivery !== undefined);
    const event = await Till.webhooks.verify(delivery.body, delivery.headers as Record<string, string>, secret);
    assert.equal(event.type, 'order.created');
    if (event.type === 'order.created') assert.equal('id' in event.data.object && event.data.object.id, order.id);
    // A Headers object and the body as bytes do as well.
    const asHeaders = new Headers(delivery.headers as Record<string, string>);
    assert.equal((await Till.webhooks.verify(new TextEncoder().encode(delivery.body), asHeaders, [secret])).id, event.id);

    await assert.rejects(Till.webhooks.verify(delivery.body.replace(order.id, 'ord_forged'), asHeaders, secret), refused(/No signature/));
    await assert.rejects(Till.webhooks.verify(delivery.body, asHeaders, 'whsec_' + btoa('another secret of 24 bytes!')), refused(/No signature/));
    await assert.rejects(Till.webhooks.verify(delivery.body, asHeaders, secret, { now: new Date(Date.now() + 6 * 60_000) }), refused(/more than the 300 s/));
    assert.equal((await Till.webhooks.verify(delivery.body, asHeaders, secret, { now: new Date(Date.now() + 6 * 60_000), toleranceSeconds: 600 })).id, event.id);
    const withoutId = new Headers(asHeaders);
    withoutId.delete('webhook-id');
    await assert.rejects(Till.webhooks.verify(delivery.body, withoutId, secret), refused(/webhook-id/));

    // Rotation: deliveries carry a signature per live secret, so the app can verify with either.
    const rotated = await till.webhookEndpoints.rotateSecret(endpointId);
    assert.notEqual(rotated.secret, secret);
    const count = receiver.received.length;
    await till.orders.create({ items: [{ product_id: product.id, quantity: 2 }] });
    const next = (await receiver.waitFor(count + 1))[count]!;
    for (const secrets of [[secret], [rotated.secret], ['whsec_' + btoa('stale secret of 24 bytes!!'), rotated.secret]]) {
      assert.equal((await Till.webhooks.verify(next.body, next.headers as Record<string, string>, secrets)).type, 'order.created');
    }
  });

  test('the ping of the test call verifies and is typed as a ping', async () => {
    const shop = await createTestMerchant(server);
    const till = new Till({ apiKey: shop.sandboxKey, baseUrl: server.url });
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] });
    const { id: endpointId, secret } = created.body as { id: string; secret: string };
    const count = receiver.received.length;
    await till.webhookEndpoints.test(endpointId);
    const ping = (await receiver.waitFor(count + 1))[count]!;
    const event = await Till.webhooks.verify(ping.body, ping.headers as Record<string, string>, secret);
    assert.equal(event.type, 'ping');
    if (event.type === 'ping') assert.equal(event.data.object.endpoint_id, endpointId);
  });
});
