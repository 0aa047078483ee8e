/**
 * `GET /metrics` is not public: a bearer token (METRICS_TOKEN), or a listener of its own
 * (METRICS_PORT), or nothing at all (404).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createTestMerchant, startTestServer } from '../helpers/server.js';
import { assertError } from '../orders/support.js';

const TOKEN = 'a-metrics-token-0123456789abcdef';

describeEachBackend('GET /metrics', (backend) => {
  test('without METRICS_TOKEN or METRICS_PORT, /metrics is 404 like any unknown route', async (t) => {
    const server = await startTestServer(backend);
    t.after(() => server.close());
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const response = await new Api(server.url, undefined).get('/metrics', headers);
      assertError(response, 404, 'route_not_found');
      assert.doesNotMatch(JSON.stringify(response.body), /nodejs|till_/);
    }
  });

  test('METRICS_TOKEN: only "Authorization: Bearer <METRICS_TOKEN>" gets the metrics; anything else is 401', async (t) => {
    const server = await startTestServer(backend, { METRICS_TOKEN: TOKEN });
    t.after(() => server.close());
    const anonymous = new Api(server.url, undefined);
    const missing = await anonymous.get('/metrics');
    assertError(missing, 401, 'missing_credentials');
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.match(missing.body.error.message, /Authorization: Bearer <METRICS_TOKEN>/);
    for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}0`, 'Bearer x', `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const response = await anonymous.get('/metrics', { authorization });
      assert.equal(response.status, 401, authorization);
      assert.doesNotMatch(JSON.stringify(response.body), /nodejs_version|till_process/);
    }
    assertError(await anonymous.get(`/metrics?token=${TOKEN}`), 401, 'missing_credentials');
    // An API key is no metrics token either.
    const shop = await createTestMerchant(server);
    assertError(await shop.production.get('/metrics'), 401, 'invalid_credentials');

    const allowed = await anonymous.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    assert.equal(allowed.status, 200);
    assert.match(allowed.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(String(allowed.body), /till_process_resident_memory_bytes \d+/);
    assert.match(String(allowed.body), /till_http_request_duration_seconds_count\{method="GET",route="\/metrics",status="401"\} [1-9]/);
  });

  test('METRICS_PORT: the metrics are served on their own listener (127.0.0.1 by default) and not on the API port', async (t) => {
    const server = await startTestServer(backend, { METRICS_PORT: '0' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    await shop.sandbox.get('/v1/orders');
    assertError(await new Api(server.url, undefined).get('/metrics'), 404, 'route_not_found');

    const address = server.app.metricsAddress();
    assert.ok(address !== undefined);
    assert.equal(address.address, '127.0.0.1');
    assert.notEqual(String(address.port), new URL(server.url).port);
    const metrics = new Api(`http://127.0.0.1:${address.port}`, undefined);
    const served = await metrics.get('/metrics');
    assert.equal(served.status, 200);
    assert.match(String(served.body), /till_http_request_duration_seconds_count\{method="GET",route="\/v1\/orders",status="200"\} [1-9]/);
    // Nothing of the API is served there.
    for (const path of ['/healthz', '/v1/orders', '/metrics/', '/']) assertError(await metrics.get(path), 404, 'route_not_found');
    assertError(await metrics.post('/metrics', {}), 404, 'route_not_found');
  });

  test('METRICS_PORT with METRICS_TOKEN: the own listener asks for the token too', async (t) => {
    const server = await startTestServer(backend, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    t.after(() => server.close());
    const metrics = new Api(`http://127.0.0.1:${server.app.metricsAddress()!.port}`, undefined);
    const refused = await metrics.get('/metrics');
    assertError(refused, 401, 'missing_credentials');
    assert.match(refused.headers.get('www-authenticate') ?? '', /^Bearer/);
    assertError(await metrics.get('/metrics', { authorization: 'Bearer not-the-token-at-all' }), 401, 'invalid_credentials');
    assert.equal((await metrics.get('/metrics', { authorization: `Bearer ${TOKEN}` })).status, 200);
  });

  test('a METRICS_PORT that is taken stops the start, naming METRICS_HOST and METRICS_PORT', async (t) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as { port: number }).port;
    await assert.rejects(startTestServer(backend, { METRICS_PORT: String(port) }), new RegExp(`the metrics listener cannot listen on 127\\.0\\.0\\.1:${port} \\(METRICS_HOST, METRICS_PORT\\): .*EADDRINUSE`));
  });
});
