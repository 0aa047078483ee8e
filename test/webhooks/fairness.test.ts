import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

/** The production timeout: a receiver that never answers holds its slot for 10 s. */
const ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0,0', WEBHOOK_TIMEOUT_MS: '10000' };

describeEachBackend('fair webhook delivery', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test("one merchant's hanging endpoints and flood of events do not hold up another merchant's delivery", async (t) => {
    const flooder = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const hanging = await receivers.start('hang');
    // As many endpoints as a merchant may have, in both environments: more than a process's 16 slots.
    const endpoints: { api: Api; id: string }[] = [];
    for (const api of [flooder.sandbox, flooder.production]) {
      for (let i = 0; i < 16; i += 1) {
        const created = await api.post('/v1/webhook_endpoints', { url: `${hanging.url}/${i}`, enabled_events: ['customer.created'] });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        endpoints.push({ api, id: created.body.id });
      }
    }
    let flooding = true;
    const flood = (async () => {
      for (let n = 0; flooding; n += 1) {
        const { api, id } = endpoints[n % endpoints.length]!;
        // Tests beyond the budget are refused (429): the customers' events flood on regardless.
        const ping = await api.post(`/v1/webhook_endpoints/${id}/test`);
        assert.ok(ping.status === 200 || ping.status === 429, JSON.stringify(ping.body));
        assert.equal((await api.post('/v1/customers', { name: `Flood ${n}` })).status, 201);
      }
    })();
    try {
      // The flood has taken what it can: deliveries of both its environments are out and hanging.
      await until('the hanging receiver holds deliveries of both environments', () => hanging.received.length >= 8, 30_000);

      const hook = await receivers.start();
      const endpoint = await other.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
      assert.equal(endpoint.status, 201);
      const sentAt = Date.now();
      assert.equal((await other.sandbox.post('/v1/customers', { name: 'Grace Hopper' })).status, 201);
      const [delivered] = await hook.waitFor(1, 30_000);
      const delay = delivered!.startedAt - sentAt;
      t.diagnostic(`the other merchant's delivery came ${delay} ms after its event; the hanging receiver had ${hanging.received.length} requests`);
      assert.ok(delay < 2_000, `the other merchant's delivery came ${delay} ms after its event`);
    } finally {
      flooding = false;
      await flood;
    }
  });
});

describeEachBackend('per-tenant webhook figures', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, { ...ENV, METRICS_TOKEN: 'fairness-test-metrics-token' });
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test('/metrics shows each tenant\'s pending deliveries and how long the oldest due one has been due', async () => {
    const shop = await createTestMerchant(server);
    // A receiver that never answers: the first delivery hangs, the two after it wait, due.
    const hanging = await receivers.start('hang');
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hanging.url, enabled_events: ['customer.created'] });
    assert.equal(endpoint.status, 201);
    for (const name of ['Ada', 'Grace', 'Edsger']) assert.equal((await shop.sandbox.post('/v1/customers', { name })).status, 201);
    await hanging.waitFor(1);
    server.clock.advance(30_000);
    try {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer fairness-test-metrics-token' } })).text();
      const figure = (name: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`${name}{merchant_id="${shop.merchantId}",environment="sandbox"} `));
        assert.ok(line !== undefined, `${name} of the tenant is in /metrics`);
        return Number(line.split(' ')[1]);
      };
      assert.equal(figure('till_webhook_queue_depth'), 3);
      assert.ok(figure('till_webhook_oldest_due_seconds') >= 30);
    } finally {
      server.clock.advance(-30_000);
    }
  });
});
