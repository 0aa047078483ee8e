/**
 * The dashboard's own OAuth client, `cli_dashboard`: present on every migrated database, and
 * redirecting only to `/dashboard/callback` on the origin the browser is on (or PUBLIC_URL's).
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { decodeJwt } from 'jose';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSstw-cM';

/** GET /oauth/authorize for cli_dashboard with this redirect URI, sent with this Host header. */
function authorize(server: TestServer, redirectUri: string, host?: string): Promise<{ status: number; location: string | undefined; html: string }> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'cli_dashboard',
    redirect_uri: redirectUri,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'xyz',
  });
  const url = new URL(`/oauth/authorize?${query}`, server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: host === undefined ? {} : { host } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (html += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, html }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachBackend('Dashboard OAuth client', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('exists after migration, with no operator step', async () => {
    const row = await server.db.kysely.selectFrom('oauth_clients').selectAll().where('id', '=', 'cli_dashboard').executeTakeFirstOrThrow();
    assert.equal(row.name, 'Till dashboard');
    assert.deepEqual(JSON.parse(row.redirect_uris), ['/dashboard/callback']);
  });

  test('signs in through the whole flow with the callback on the origin the request was sent to', async () => {
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, { email: shop.email, password: shop.password }, {
      clientId: 'cli_dashboard',
      redirectUri: `${server.url}/dashboard/callback`,
      environment: 'sandbox',
    });
    assert.equal(decodeJwt(signedIn.accessToken).env, 'sandbox');
    assert.equal((await signedIn.api.get('/v1/account')).body.user.role, 'admin');
  });

  test('accepts the callback of whatever origin the browser is on: 127.0.0.1 and localhost alike', async () => {
    const port = new URL(server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost:3000']) {
      const page = await authorize(server, `http://${host}/dashboard/callback`, host);
      assert.equal(page.status, 200, `${host}: ${page.html.slice(0, 300)}`);
      assert.match(page.html, /Till dashboard/);
    }
  });

  test('a forged Host header naming another machine gives no redirect: without PUBLIC_URL only names of this machine are origins', async () => {
    const port = new URL(server.url).port;
    // What DNS rebinding, or a proxy passing any Host on, would send: the redirect URI on the Host's own origin.
    for (const host of [`evil.example:${port}`, 'evil.example', `till.attacker.example:${port}`, `10.9.8.7:${port}`, `[2001:db8::1]:${port}`]) {
      const page = await authorize(server, `http://${host}/dashboard/callback`, host);
      assert.equal(page.status, 400, `${host}: ${page.html.slice(0, 300)}`);
      assert.equal(page.location, undefined, `${host} is not redirected to`);
      assert.match(page.html, /role="alert"/);
    }
    // Every loopback name of this machine still is.
    for (const host of [`127.0.0.2:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const page = await authorize(server, `http://${host}/dashboard/callback`, host);
      assert.equal(page.status, 200, `${host}: ${page.html.slice(0, 300)}`);
    }
  });

  test('refuses any other origin or path with an error page, never a redirect', async () => {
    const port = new URL(server.url).port;
    const own = `127.0.0.1:${port}`;
    for (const [redirectUri, host] of [
      ['http://evil.example/dashboard/callback', own],
      [`http://127.0.0.1:${Number(port) + 1}/dashboard/callback`, own],
      [`https://${own}/dashboard/callback`, own],
      [`http://${own}/dashboard/callback/`, own],
      [`http://${own}/dashboard/callback?x=1`, own],
      [`http://${own}/dashboard/other`, own],
      [`http://${own}/Dashboard/callback`, own],
      ['/dashboard/callback', own],
      ['http://localhost:3000/dashboard/callback', own],
    ] as const) {
      const page = await authorize(server, redirectUri, host);
      assert.equal(page.status, 400, redirectUri);
      assert.equal(page.location, undefined, `${redirectUri} is not redirected to`);
      assert.match(page.html, /role="alert"/);
    }
  });
});

describeEachBackend('Dashboard OAuth client behind PUBLIC_URL', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend, { PUBLIC_URL: 'https://till.example.com' });
  });
  after(() => server.close());

  test("only PUBLIC_URL's origin is accepted, whatever Host the request came with", async () => {
    const port = new URL(server.url).port;
    assert.equal((await authorize(server, 'https://till.example.com/dashboard/callback', `127.0.0.1:${port}`)).status, 200);
    const own = await authorize(server, `http://127.0.0.1:${port}/dashboard/callback`, `127.0.0.1:${port}`);
    assert.equal(own.status, 400);
    assert.equal(own.location, undefined);
    assert.equal((await authorize(server, 'http://evil.example/dashboard/callback', 'evil.example')).status, 400);
  });
});
