/**
 * Served over HTTPS, Till says so: `Strict-Transport-Security` on every answer when PUBLIC_URL is
 * https, and the dashboard's session cookie under the `__Host-` prefix (Secure, Path=/, no Domain),
 * which no sibling subdomain nor plain-HTTP page can set or overwrite. A development server on plain
 * HTTP keeps the plain cookie on /dashboard/session, and no HSTS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STRICT_TRANSPORT_SECURITY } from '../../src/app/build-app.js';
import { DASHBOARD_CLIENT_ID, DASHBOARD_REDIRECT_PATH } from '../../src/db/migrations/0005-dashboard-client.js';
import { signIn } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

/** A call of the dashboard's page to its session backend, with the request's scheme as a proxy in front reports it. */
function sessionCall(server: TestServer, path: string, options: { https: boolean; cookie?: string }): Promise<Response> {
  const host = new URL(server.url).host;
  return fetch(`${server.url}/dashboard/session${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-till-dashboard': '1',
      origin: `${options.https ? 'https' : 'http'}://${host}`,
      ...(options.https ? { 'x-forwarded-proto': 'https' } : {}),
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    },
    body: '{}',
  });
}

async function dashboardRefreshToken(server: TestServer): Promise<string> {
  const merchant = await createTestMerchant(server);
  const signedIn = await signIn(server, merchant, { clientId: DASHBOARD_CLIENT_ID, redirectUri: `${server.url}${DASHBOARD_REDIRECT_PATH}` });
  return signedIn.refreshToken;
}

describe('HSTS when PUBLIC_URL is https', () => {
  let secure: TestServer;
  let plain: TestServer;
  before(async () => {
    secure = await startTestServer('sqlite', { PUBLIC_URL: 'https://till.example.test' });
    plain = await startTestServer('sqlite');
  });
  after(async () => {
    await secure?.close();
    await plain?.close();
  });

  test('every answer of a server at an https PUBLIC_URL carries Strict-Transport-Security, errors included', async () => {
    for (const path of ['/health', '/v1/orders', '/no/such/route', '/dashboard']) {
      const response = await fetch(secure.url + path);
      await response.arrayBuffer();
      assert.equal(response.headers.get('strict-transport-security'), STRICT_TRANSPORT_SECURITY, path);
    }
    assert.match(STRICT_TRANSPORT_SECURITY, /^max-age=\d{8,}$/);
  });

  test('a server without an https PUBLIC_URL sends none', async () => {
    const response = await fetch(`${plain.url}/health`);
    await response.arrayBuffer();
    assert.equal(response.headers.get('strict-transport-security'), null);
  });

  test('at an https PUBLIC_URL, the session cookie is cleared under its __Host- name on Path=/', async () => {
    const ended = await sessionCall(secure, '/end', { https: false });
    assert.equal(ended.status, 204);
    assert.match(ended.headers.get('set-cookie') ?? '', /^__Host-till_dashboard_session=; Max-Age=0; Path=\/;.* HttpOnly; Secure; SameSite=Strict/);
  });
});

describe('the dashboard session cookie over HTTPS and over plain HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer('sqlite', { TRUST_PROXY: 'loopback' });
  });
  after(() => server?.close());

  test('over HTTPS the refresh token is kept in __Host-till_dashboard_session: Secure, Path=/, no Domain', async () => {
    const refreshToken = await dashboardRefreshToken(server);
    const refreshed = await sessionCall(server, '/refresh', { https: true, cookie: `__Host-till_dashboard_session=${refreshToken}` });
    const body = (await refreshed.json()) as { signed_in: boolean };
    assert.equal(refreshed.status, 200);
    assert.equal(body.signed_in, true, 'the __Host- cookie is read');
    const cookie = refreshed.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^__Host-till_dashboard_session=rt_[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    assert.doesNotMatch(cookie, /Domain=/i);
  });

  test('a browser still holding the plain cookie is moved to the __Host- one over HTTPS', async () => {
    const refreshToken = await dashboardRefreshToken(server);
    const refreshed = await sessionCall(server, '/refresh', { https: true, cookie: `till_dashboard_session=${refreshToken}` });
    assert.equal(((await refreshed.json()) as { signed_in: boolean }).signed_in, true);
    const cookies = refreshed.headers.getSetCookie();
    assert.ok(cookies.some((c) => /^till_dashboard_session=; Max-Age=0; Path=\/dashboard\/session/.test(c)), cookies.join('\n'));
    assert.ok(cookies.some((c) => /^__Host-till_dashboard_session=rt_[^;]+;.* Path=\/;/.test(c)), cookies.join('\n'));
  });

  test('over plain HTTP (localhost) the cookie keeps its plain name on /dashboard/session', async () => {
    const refreshToken = await dashboardRefreshToken(server);
    const refreshed = await sessionCall(server, '/refresh', { https: false, cookie: `till_dashboard_session=${refreshToken}` });
    assert.equal(((await refreshed.json()) as { signed_in: boolean }).signed_in, true);
    assert.match(refreshed.headers.get('set-cookie') ?? '', /^till_dashboard_session=rt_[^;]+; Max-Age=\d+; Path=\/dashboard\/session; HttpOnly; Secure; SameSite=Strict$/);
  });
});
