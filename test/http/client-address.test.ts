/**
 * Who the client is, for every limit per address: behind a load balancer named in TRUST_PROXY, the
 * address it reports in X-Forwarded-For; from anyone else, the peer's own address, whatever it
 * sends; and an IPv6 client by its /64 network.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, startTestServer } from '../helpers/server.js';

/** A sign-in form post with no password: refused (400) after it is counted, without a password check. */
async function blankSignIn(url: string, forwardedFor: string): Promise<number> {
  const response = await fetch(`${url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({
      response_type: 'code',
      client_id: 'cli_dashboard',
      redirect_uri: `${url}/dashboard/callback`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      email: 'someone@example.com',
      password: '',
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A refused token request, counted against the address. */
async function tokenRequest(url: string, forwardedFor: string): Promise<number> {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'cli_unknown', refresh_token: 'rt_unknown' }),
  });
  await response.arrayBuffer();
  return response.status;
}

describeEachBackend('client addresses', (backend) => {
  test('behind a trusted proxy, sign-in and token requests are counted per client (X-Forwarded-For), not per proxy', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1' });
    t.after(() => server.close());
    // 40 clients behind one balancer, 3 requests each: 120 requests, none refused.
    for (let client = 1; client <= 40; client += 1) {
      const address = `198.51.100.${client}`;
      const statuses = [await blankSignIn(server.url, address), await tokenRequest(server.url, address), await tokenRequest(server.url, `203.0.113.250, ${address}`)];
      assert.ok(!statuses.includes(429), `client ${address}: ${statuses}`);
    }
    assert.equal(await tokenRequest(server.url, '198.51.100.1'), 429, 'a client past its own budget is refused');
    assert.equal(await blankSignIn(server.url, '198.51.100.1'), 429);
    assert.notEqual(await tokenRequest(server.url, '198.51.100.41'), 429, 'another client is not');
  });

  test("an untrusted peer's X-Forwarded-For is ignored: it cannot pick a fresh address per request", async (t) => {
    const envs: Record<string, string>[] = [{}, { TRUST_PROXY: '10.0.0.1,192.0.2.0/24' }];
    for (const env of envs) {
      const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '3', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000', ...env });
      t.after(() => server.close());
      const anonymous = new Api(server.url, undefined);
      for (let sent = 1; sent <= 3; sent += 1) {
        assert.notEqual(await tokenRequest(server.url, `198.51.100.${sent}`), 429);
        assert.equal((await anonymous.get('/v1/orders', { 'x-forwarded-for': `198.51.100.${sent}` })).status, 401);
      }
      assert.equal(await tokenRequest(server.url, '198.51.100.99'), 429, `sign-in limit, ${JSON.stringify(env)}`);
      assert.equal((await anonymous.get('/v1/orders', { 'x-forwarded-for': '198.51.100.99' })).status, 429, `/v1 limit, ${JSON.stringify(env)}`);
    }
  });

  test('IPv6 addresses in one /64 share a budget, on the sign-in endpoints and on /v1; another /64 has its own', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '3', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: '127.0.0.1' });
    t.after(() => server.close());
    const anonymous = new Api(server.url, undefined);
    const sameNetwork = ['2001:db8:1:2::a', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:DB8:1:2:0:0:0:c'];
    for (const address of sameNetwork) {
      assert.notEqual(await tokenRequest(server.url, address), 429, address);
      assert.equal((await anonymous.get('/v1/orders', { 'x-forwarded-for': address })).status, 401, address);
    }
    assert.equal(await tokenRequest(server.url, '2001:db8:1:2:1234::1'), 429, 'a fourth address of the /64 is refused');
    assert.equal(await blankSignIn(server.url, '2001:db8:1:2:1234::1'), 429);
    assert.equal((await anonymous.get('/v1/orders', { 'x-forwarded-for': '2001:db8:1:2:1234::1' })).status, 429);
    assert.notEqual(await tokenRequest(server.url, '2001:db8:1:3::a'), 429, 'the next /64 has a budget of its own');
    assert.equal((await anonymous.get('/v1/orders', { 'x-forwarded-for': '2001:db8:1:3::a' })).status, 401);
  });
});
