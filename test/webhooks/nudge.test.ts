/**
 * An event recorded by a request of the dispatching process leaves as soon as the request has
 * committed, not at the dispatcher's next poll: with the poll set to a minute, it still arrives at once.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { committedDeliveries } from '../../src/db/transaction.js';
import { enqueueDeliveries } from '../../src/webhooks/enqueue-deliveries.js';
import { describeEachBackend } from '../helpers/backends.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend('webhook dispatch after a commit', (backend) => {
  let server: TestServer;
  let hook: Receiver;
  before(async () => {
    server = await startTestServer(backend, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '60000' });
    hook = await startReceiver();
  });
  after(async () => {
    await server.close();
    await hook.close();
  });

  test('an event of this process is delivered at once although the dispatcher polls once a minute', async () => {
    const shop = await createTestMerchant(server);
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    assert.equal(created.status, 201);
    // A first event, delivered by whichever pass finds it (the one at start, or a nudge): once it has
    // arrived the dispatcher has finished its first pass, so that only a nudge can find the next ones
    // before its next poll, a minute later.
    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'First' })).status, 201);
    await hook.waitFor(1, 20_000);
    for (const name of ['Ada', 'Grace']) {
      assert.equal((await shop.sandbox.post('/v1/customers', { name })).status, 201);
      const count = hook.received.length + 1;
      // Well before the next poll (60 s): however loaded the machine, a poll cannot have sent it.
      await hook.waitFor(count, 20_000);
      assert.match(hook.received[count - 1]!.body, new RegExp(`"name":"${name}"`));
    }
  });

  test('only a committed transaction that queued deliveries makes the dispatcher look', async () => {
    const shop = await createTestMerchant(server);
    const tenant = { merchantId: shop.merchantId, environment: 'sandbox' as const };
    const before = committedDeliveries();
    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Nobody listens' })).status, 201);
    assert.equal(committedDeliveries(), before);

    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    assert.equal(created.status, 201);
    const undone = new Error('rolled back');
    await assert.rejects(
      server.db.transaction(async (trx) => {
        await enqueueDeliveries(trx, tenant, { id: 'evt_rolled_back', type: 'ping', payload: '{}' }, new Date().toISOString(), [created.body.id]);
        throw undone;
      }),
      undone,
    );
    assert.equal(committedDeliveries(), before);

    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Heard' })).status, 201);
    assert.equal(committedDeliveries(), before + 1);
  });
});
