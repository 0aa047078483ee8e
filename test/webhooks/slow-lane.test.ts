import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0,0,0,0,0' };

describeEachBackend('the slow lane', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, { ...ENV, WEBHOOK_TIMEOUT_MS: '10000' });
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test("endpoints that keep timing out take none of the normal lane's slots: the merchant's other endpoint is served at once", async (t) => {
    const shop = await createTestMerchant(server);
    const hanging = await receivers.start('hang');
    const slow: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: `${hanging.url}/${i}`, enabled_events: ['customer.created'] });
      slow.push(created.body.id);
    }
    // These endpoints timed out twice in a row already (as the next test shows the dispatcher counting).
    await server.db.kysely.updateTable('webhook_endpoints').set({ timeouts: 2 }).where('merchant_id', '=', shop.merchantId).where('id', 'in', slow).execute();
    for (let i = 0; i < 4; i += 1) assert.equal((await shop.sandbox.post('/v1/customers', { name: `C${i}` })).status, 201);
    await hanging.waitFor(2);

    const hook = await receivers.start();
    assert.equal((await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['product.created'] })).status, 201);
    const sentAt = Date.now();
    assert.equal((await shop.sandbox.post('/v1/products', { name: 'Tea', price: 300 })).status, 201);
    const [delivered] = await hook.waitFor(1, 30_000);
    const delay = delivered!.startedAt - sentAt;
    t.diagnostic(`the healthy endpoint's delivery came ${delay} ms after its event; ${hanging.openConnections} hanging connections open`);
    assert.ok(delay < 2_000, `the healthy endpoint's delivery came ${delay} ms after its event`);
    // The slow lane holds at most 2 of the tenant's deliveries at once.
    assert.ok(hanging.openConnections <= 2, `${hanging.openConnections} hanging connections`);
  });
});

describeEachBackend('entering and leaving the slow lane', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, { ...ENV, WEBHOOK_TIMEOUT_MS: '300' });
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test('two timeouts in a row put an endpoint in the slow lane; an answer in time brings it back', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start('hang');
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    const timeouts = async () =>
      Number((await server.db.kysely.selectFrom('webhook_endpoints').select('timeouts').where('id', '=', endpoint.body.id).executeTakeFirstOrThrow()).timeouts);
    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Ada' })).status, 201);
    await until('two attempts timed out', async () => (await timeouts()) >= 2);
    hook.fallback = { status: 200, body: 'ok' };
    await until('an attempt is answered', () => hook.received.some((r) => r.answered === 200));
    await until('the count is back to 0', async () => (await timeouts()) === 0);
    const log = await shop.sandbox.get(`/v1/webhook_endpoints/${endpoint.body.id}/deliveries`);
    assert.ok(log.body.data.filter((a: { error: string | null }) => a.error === 'timeout').length >= 2);
  });
});
