import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

// Nothing is dispatched here (WEBHOOK_DISPATCH=off): the endpoints' addresses are never connected to.

describeEachBackend('webhook limits per merchant', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend, { WEBHOOK_DISPATCH: 'off' });
  });
  after(() => server.close());

  test('a merchant has at most 16 endpoints per environment; a deleted one makes room', async () => {
    const shop = await createTestMerchant(server);
    const body = { url: 'https://example.com/hook', enabled_events: ['order.paid'] };
    const ids: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const created = await shop.sandbox.post('/v1/webhook_endpoints', body);
      assert.equal(created.status, 201);
      ids.push(created.body.id);
    }
    const refused = await shop.sandbox.post('/v1/webhook_endpoints', body);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'webhook_endpoint_limit_reached');
    assert.match(refused.body.error.message, /16 webhook endpoints/);
    // The other environment has its own 16.
    assert.equal((await shop.production.post('/v1/webhook_endpoints', body)).status, 201);
    assert.equal((await shop.sandbox.request('DELETE', `/v1/webhook_endpoints/${ids[0]}`)).status, 200);
    assert.equal((await shop.sandbox.post('/v1/webhook_endpoints', body)).status, 201);
  });

  test('tests and resends share a budget of 60 deliveries a minute per merchant and environment', async () => {
    const shop = await createTestMerchant(server);
    const rival = await createTestMerchant(server);
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['customer.created'] });
    const customer = await shop.sandbox.post('/v1/customers', { name: 'Ada' });
    assert.equal(customer.status, 201);
    const event = (await shop.sandbox.get('/v1/events?type=customer.created&per_page=1')).body.data[0];
    for (let i = 0; i < 50; i += 1) assert.equal((await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.body.id}/test`)).status, 200);
    for (let i = 0; i < 10; i += 1) assert.equal((await shop.sandbox.post(`/v1/events/${event.id}/resend`, {})).status, 200);
    const ping = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.body.id}/test`);
    assert.deepEqual([ping.status, ping.body.error.code], [429, 'rate_limited']);
    const resend = await shop.sandbox.post(`/v1/events/${event.id}/resend`, {});
    assert.deepEqual([resend.status, resend.body.error.code], [429, 'rate_limited']);
    // Other tenants are not held back: the other environment, another merchant.
    const production = await shop.production.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['customer.created'] });
    assert.equal((await shop.production.post(`/v1/webhook_endpoints/${production.body.id}/test`)).status, 200);
    const theirs = await rival.sandbox.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['customer.created'] });
    assert.equal((await rival.sandbox.post(`/v1/webhook_endpoints/${theirs.body.id}/test`)).status, 200);
    // A minute later (the injected clock), the budget is back.
    server.clock.advance(60_001);
    assert.equal((await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.body.id}/test`)).status, 200);
  });

});
