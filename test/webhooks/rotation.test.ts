import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { describeEachBackend } from '../helpers/backends.js';
import { until } from '../helpers/wait.js';
import { Receivers } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0', WEBHOOK_TIMEOUT_MS: '2000' };

/** Whether `secret` signed the delivery: one of the `v1,` signatures of its header is the secret's (the injected clock's timestamp, so checked by hand). */
function signedWith(secret: string, delivery: { headers: Record<string, unknown>; body: string }): boolean {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = new Date(Number(delivery.headers['webhook-timestamp']) * 1000);
  const expected = new Webhook(secret).sign(id, timestamp, delivery.body);
  return String(delivery.headers['webhook-signature']).split(' ').includes(expected);
}

describeEachBackend('webhook secret rotation', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test('three rotations keep the original secret signing until its own expiry', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    assert.equal(created.status, 201);
    const original = created.body.secret as string;
    const hour = 3_600_000;
    // The original retires in 3 hours; the rotations that "timed out" retire their secrets later.
    const secrets = [original];
    for (const expires of [3 * 3600, 5 * 3600, 5 * 3600]) {
      const rotated = await shop.sandbox.post(`/v1/webhook_endpoints/${created.body.id}/rotate_secret`, { expires_in_seconds: expires });
      assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
      secrets.push(rotated.body.secret);
    }
    const send = async (n: number) => {
      assert.equal((await shop.sandbox.post('/v1/customers', { name: `C${n}`, email: `c${n}@example.com` })).status, 201);
      const delivery = (await hook.waitFor(n))[n - 1]!;
      // Recorded before the clock moves on: a lease outrun by the clock would be sent again.
      await until(`attempt ${n} is recorded`, async () => (await shop.sandbox.get(`/v1/webhook_endpoints/${created.body.id}/deliveries`)).body.data.length >= n);
      return delivery;
    };
    const first = await send(1);
    assert.equal(String(first.headers['webhook-signature']).split(' ').length, 4, 'the current secret and three retiring ones');
    for (const secret of secrets) assert.ok(signedWith(secret, first as never));

    server.clock.advance(2 * hour);
    const second = await send(2);
    assert.ok(signedWith(original, second as never), 'the original still signs before its expiry');

    server.clock.advance(1 * hour + 1000);
    const third = await send(3);
    assert.ok(!signedWith(original, third as never), 'the original stops at its expiry');
    for (const secret of secrets.slice(1)) assert.ok(signedWith(secret, third as never));
    assert.equal(String(third.headers['webhook-signature']).split(' ').length, 3);
  });
});
