/**
 * Connections to receivers are kept open between an endpoint's deliveries, each endpoint on its own,
 * and closed when they idle or the endpoint's address changes.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { KEEP_ALIVE_IDLE_MS } from '../../src/webhooks/send-webhook.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers } from '../helpers/receiver.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0,0', WEBHOOK_TIMEOUT_MS: '2000' };
/** Longer than the dispatcher keeps an idle connection, so that only the dispatcher closes one. */
const RECEIVER_KEEP_ALIVE_MS = 60_000;

async function createEndpoint(api: Api, url: string): Promise<string> {
  const response = await api.post('/v1/webhook_endpoints', { url, enabled_events: ['order.created'] });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.id;
}

async function createOrders(api: Api, count: number): Promise<void> {
  const product = await createProduct(api, { name: 'Tea', price: 300 });
  for (let i = 0; i < count; i += 1) {
    const order = await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
    assert.equal(order.status, 201, JSON.stringify(order.body));
  }
}

describeEachBackend('webhook connections', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  const receiver = () => receivers.start(undefined, { keepAliveTimeoutMs: RECEIVER_KEEP_ALIVE_MS });
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test("an endpoint's deliveries go over one connection, closed once it has idled", async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver();
    await createEndpoint(shop.sandbox, hook.url);
    await createOrders(shop.sandbox, 5);
    await hook.waitFor(5);
    assert.equal(hook.connections, 1, 'five deliveries, one connection');
    const idleFrom = Date.now();
    await until('the idle connection is closed', () => hook.openConnections === 0, KEEP_ALIVE_IDLE_MS + 3_000);
    assert.ok(Date.now() - idleFrom >= KEEP_ALIVE_IDLE_MS - 1_500, 'kept while idle for a while');
  });

  test("two endpoints at one address never share a connection (each tenant's on its own)", async () => {
    const shop = await createTestMerchant(server);
    const rival = await createTestMerchant(server);
    const hook = await receiver();
    await createEndpoint(shop.sandbox, `${hook.url}?ours`);
    await createEndpoint(rival.sandbox, `${hook.url}?theirs`);
    for (let i = 0; i < 3; i += 1) {
      await createOrders(shop.sandbox, 1);
      await createOrders(rival.sandbox, 1);
    }
    await hook.waitFor(6);
    const portsOf = (query: string) => new Set(hook.received.filter((r) => r.path.endsWith(query)).map((r) => r.remotePort));
    const ours = portsOf('?ours');
    const theirs = portsOf('?theirs');
    assert.equal(ours.size, 1, 'one connection for our three deliveries');
    assert.equal(theirs.size, 1, 'one for theirs');
    assert.notDeepEqual([...ours], [...theirs], 'not the same one');
    assert.equal(hook.connections, 2);
  });

  test("a changed URL is reached on a new connection and the old one is closed at once", async () => {
    const shop = await createTestMerchant(server);
    const first = await receiver();
    const second = await receiver();
    const endpointId = await createEndpoint(shop.sandbox, first.url);
    await createOrders(shop.sandbox, 1);
    await first.waitFor(1);
    assert.equal(first.openConnections, 1, 'kept open after the delivery');
    const changed = await shop.sandbox.patch(`/v1/webhook_endpoints/${endpointId}`, { url: second.url });
    assert.equal(changed.status, 200);
    await createOrders(shop.sandbox, 1);
    await second.waitFor(1);
    // Well before it would have idled out (KEEP_ALIVE_IDLE_MS), however loaded the machine.
    await until('the connection to the old address is closed', () => first.openConnections === 0, KEEP_ALIVE_IDLE_MS - 500);
    assert.equal(first.received.length, 1);
  });
});
