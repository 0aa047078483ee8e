/**
 * Every POST `@till/client` retries is one the server deduplicates by its Idempotency-Key; the POSTs
 * the server cannot replay (`x-idempotent: false` in the OpenAPI document) are sent once and never
 * retried. A proxy in front of the server lets each request through, then cuts the connection before
 * the answer: the work is done, the client does not know it.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { ConnectionError, Till } from '../../packages/client/src/index.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { startProxy, type Proxy } from './support.js';

/** The operations the client sends once (`x-idempotent: false`), as `METHOD path` of the OpenAPI document. */
const SENT_ONCE = ['POST /v1/account/password', 'POST /v1/api_keys', 'POST /v1/orders/{id}/receipt_links', 'POST /v1/webhook_endpoints', 'POST /v1/webhook_endpoints/{id}/rotate_secret'];

describeEachBackend('@till/client and Idempotency-Key', (backend) => {
  let server: TestServer;
  let proxy: Proxy;
  before(async () => {
    server = await startTestServer(backend, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    proxy = await startProxy(server.url);
  });
  beforeEach(() => {
    proxy.plans.length = 0;
  });
  after(async () => {
    await proxy.close();
    await server.close();
  });

  /** Runs `call` with its first request's answer lost; returns what the retry answered and the attempts seen. */
  async function answerLost<T>(call: () => PromiseLike<{ data: T; response: Response }>): Promise<{ data: T; response: Response; keys: unknown[] }> {
    const before = proxy.seen.length;
    proxy.plans.push('drop');
    const { data, response } = await call();
    const attempts = proxy.seen.slice(before);
    assert.equal(attempts.length, 2, 'one retry');
    const keys = attempts.map((a) => a.headers['idempotency-key']);
    assert.ok(typeof keys[0] === 'string' && keys[1] === keys[0], 'the retry carries the first key');
    assert.equal(response.headers.get('idempotent-replayed'), 'true', 'the server replayed the first answer instead of doing the work again');
    return { data, response, keys };
  }

  async function admin(shop: TestMerchant): Promise<Till> {
    const signed = await signInAs(server, shop, 'admin');
    return new Till({ baseUrl: proxy.url, accessToken: { current: () => signed.accessToken, refresh: async () => undefined } });
  }

  test('the operations sent once are those the OpenAPI document marks x-idempotent: false', async () => {
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { 'x-idempotent'?: boolean }>> };
    const marked = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.entries(operations).filter(([, op]) => op['x-idempotent'] === false).map(([method]) => `${method.toUpperCase()} ${path}`))
      .sort();
    assert.deepEqual(marked, SENT_ONCE);
  });

  test('orders, products and customers: create, capture, cancel and refund retried after a lost answer are done once', async () => {
    const shop = await createTestMerchant(server);
    const direct = new Till({ apiKey: shop.sandboxKey, baseUrl: server.url });
    const till = new Till({ apiKey: shop.sandboxKey, baseUrl: proxy.url });
    const product = (await answerLost(() => till.products.create({ name: 'Kettle', price: 1200, inventory: 9 }).withResponse())).data;
    assert.equal((await direct.products.list()).pagination.total, 1, 'one product');
    await answerLost(() => till.customers.create({ name: 'Ada' }).withResponse());
    assert.equal((await direct.customers.list()).pagination.total, 1, 'one customer');
    const order = (await answerLost(() => till.orders.create({ items: [{ product_id: product.id, quantity: 2 }] }).withResponse())).data;
    assert.equal((await direct.orders.list()).pagination.total, 1, 'one order');
    await answerLost(() => till.orders.capture(order.id, { payment_token: 'tok_visa' }).withResponse());
    await answerLost(() => till.orders.refund(order.id, { amount: 100 }).withResponse());
    const refunded = await direct.orders.retrieve(order.id);
    assert.equal(refunded.refunds.length, 1, 'one refund');
    assert.equal(refunded.refunded_amount, 100);
    const other = await direct.orders.create({ items: [{ product_id: product.id, quantity: 1 }] });
    await answerLost(() => till.orders.cancel(other.id).withResponse());
    const types = (await direct.events.list({ per_page: 100 })).data.map((e) => e.type);
    assert.equal(types.filter((t) => t === 'order.paid').length, 1);
    assert.equal(types.filter((t) => t === 'order.canceled').length, 1);
    assert.equal(types.filter((t) => t === 'refund.created').length, 1);
  });

  test('webhooks: a test ping and a resent event retried after a lost answer are queued once', async () => {
    const shop = await createTestMerchant(server);
    const direct = new Till({ apiKey: shop.sandboxKey, baseUrl: server.url });
    const till = new Till({ apiKey: shop.sandboxKey, baseUrl: proxy.url });
    const endpoint = await direct.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook', enabled_events: ['customer.created'] });
    const first = await answerLost(() => till.webhookEndpoints.test(endpoint.id).withResponse());
    await direct.customers.create({ name: 'Bo' });
    const event = (await direct.events.list({ type: 'customer.created' })).data[0]!;
    const resent = await answerLost(() => till.events.resend(event.id, { endpoint_id: endpoint.id }).withResponse());
    assert.ok(first.data !== undefined && resent.data !== undefined);
  });

  test('team and API keys: adding a user, signing one out and revoking a key retried after a lost answer are done once', async () => {
    const shop = await createTestMerchant(server);
    const till = await admin(shop);
    const user = (await answerLost(() => till.users.create({ email: `clerk-${Date.now()}@example.com`, role: 'cashier', password: 'a-long-initial-password' }).withResponse())).data;
    const direct = await admin(shop);
    assert.equal((await direct.users.list()).data.filter((u) => u.email === user.email).length, 1, 'one user');
    await answerLost(() => till.users.signOut(user.id).withResponse());
    const key = await direct.apiKeys.create({ name: 'Register', environment: 'sandbox', permissions: ['orders:read'] });
    await answerLost(() => till.apiKeys.revoke(key.id).withResponse());
  });

  test('creating an API key or a webhook endpoint, rotating a secret and changing a password are sent once: a lost answer is the error, never a second one', async () => {
    const shop = await createTestMerchant(server);
    const till = await admin(shop);
    const direct = new Till({ apiKey: shop.sandboxKey, baseUrl: server.url });
    const sentOnce = async (call: () => PromiseLike<unknown>) => {
      const before = proxy.seen.length;
      proxy.plans.push('drop');
      await assert.rejects(async () => call(), ConnectionError);
      const attempts = proxy.seen.slice(before);
      assert.equal(attempts.length, 1, 'not retried');
      assert.equal(attempts[0]!.headers['idempotency-key'], undefined, 'no key is sent where the server would ignore it');
    };
    await sentOnce(() => till.apiKeys.create({ name: 'Lost', environment: 'sandbox', permissions: ['orders:read'] }));
    const keys = await (await admin(shop)).apiKeys.list();
    assert.equal(keys.data.filter((k) => k.name === 'Lost').length, 1, 'one key made');

    const hooks = new Till({ apiKey: shop.sandboxKey, baseUrl: proxy.url });
    await sentOnce(() => hooks.webhookEndpoints.create({ url: 'http://127.0.0.1:9/lost', enabled_events: ['*'] }));
    const endpoints = (await direct.webhookEndpoints.list()).data.filter((e) => e.url === 'http://127.0.0.1:9/lost');
    assert.equal(endpoints.length, 1, 'one endpoint made');
    await sentOnce(() => hooks.webhookEndpoints.rotateSecret(endpoints[0]!.id));

    const signed = await signInAs(server, shop, 'cashier');
    const own = new Till({ baseUrl: proxy.url, accessToken: { current: () => signed.accessToken, refresh: async () => undefined } });
    await sentOnce(() => own.account.changePassword({ current_password: signed.password, new_password: 'another-long-password' }));
  });
});
