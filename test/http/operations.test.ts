import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const METRICS_TOKEN = 'metrics-token-of-the-operations-suite';

describeEachBackend('operations endpoints and request ids', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend, { METRICS_TOKEN });
  });
  after(() => server.close());

  test('/healthz and /readyz answer without credentials', async () => {
    const anonymous = new Api(server.url, undefined);
    const health = await anonymous.get('/healthz');
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { status: 'ok' });
    const ready = await anonymous.get('/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready' });
  });

  test('/metrics counts answered requests by route and status', async () => {
    const shop = await createTestMerchant(server);
    await shop.sandbox.get('/v1/orders');
    await shop.sandbox.get('/v1/orders/ord_doesnotexist');
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await metrics.text();
    assert.match(text, /till_http_request_duration_seconds_count\{method="GET",route="\/v1\/orders",status="200"\} [1-9]/);
    assert.match(text, /till_http_request_duration_seconds_count\{method="GET",route="\/v1\/orders\/:id",status="404"\} [1-9]/);
    assert.match(text, /till_process_resident_memory_bytes \d+/);
  });

  test('every response carries a fresh Request-Id, and errors repeat it in the body', async () => {
    const shop = await createTestMerchant(server);
    const responses = await Promise.all([
      shop.sandbox.get('/v1/orders'),
      shop.sandbox.get('/v1/orders/ord_missing'),
      new Api(server.url, undefined).get('/v1/orders'),
      shop.sandbox.get('/v1/no-such-route'),
      new Api(server.url, undefined).get('/healthz'),
      fetch(`${server.url}/v1/orders/%zz`, { headers: { authorization: `Bearer ${shop.sandboxKey}` } }).then(async (r) => ({
        status: r.status,
        headers: r.headers,
        body: await r.json(),
      })),
    ]);
    const ids = responses.map((r) => r.headers.get('request-id'));
    for (const id of ids) assert.match(id ?? '', /^req_[0-9A-Za-z]{16,}$/);
    assert.equal(new Set(ids).size, ids.length);
    for (const response of responses.filter((r) => r.status >= 400)) {
      assert.equal(response.body.error.request_id, response.headers.get('request-id'));
    }
    assert.deepEqual(
      responses.map((r) => r.status),
      [200, 404, 401, 404, 200, 400],
    );
  });

  test('an incoming Request-Id header is not trusted as the id', async () => {
    const shop = await createTestMerchant(server);
    const response = await shop.sandbox.get('/v1/orders', { 'request-id': 'req_chosen_by_client' });
    assert.notEqual(response.headers.get('request-id'), 'req_chosen_by_client');
  });
});
