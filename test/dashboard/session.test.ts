/**
 * The dashboard's sign-in survives reloads and new tabs without a script ever holding the refresh
 * token: it lives in an HttpOnly, Secure, SameSite=Strict cookie on /dashboard/session, which only a
 * same-origin call carrying the dashboard's header can use.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, signInOnPage, type Watched } from './support.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

const COOKIE = 'till_dashboard_session';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('the dashboard sign-in kept by its backend', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
  });

  async function signedIn(): Promise<{ watched: Watched; refreshToken: string }> {
    const watched = await openContext(browser!);
    await watched.page.goto(`${server.url}/dashboard/orders`);
    await signInOnPage(watched.page, merchant.email, merchant.password);
    await watched.page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const cookie = (await watched.context.cookies()).find((c) => c.name === COOKIE);
    assert.ok(cookie, 'the sign-in is kept in a cookie');
    return { watched, refreshToken: cookie.value };
  }

  /** A call to the session backend as a script of another site, or a careless one, would make it. */
  function refreshWith(refreshToken: string, headers: Record<string, string>): Promise<Response> {
    return fetch(`${server.url}/dashboard/session/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${COOKIE}=${refreshToken}`, ...headers },
      body: '{}',
    });
  }

  test('the cookie is out of reach of scripts; a reload and a new tab stay signed in; signing out in one tab ends the other', { skip: BROWSER_SKIP }, async () => {
    const { watched, refreshToken } = await signedIn();
    const { context, page } = watched;
    try {
      const cookie = (await context.cookies()).find((c) => c.name === COOKIE)!;
      assert.match(refreshToken, /^rt_/);
      assert.deepEqual(
        { httpOnly: cookie.httpOnly, secure: cookie.secure, sameSite: cookie.sameSite, path: cookie.path },
        { httpOnly: true, secure: true, sameSite: 'Strict', path: '/dashboard/session' },
      );
      assert.equal(await page.evaluate('document.cookie'), '', 'no script sees the cookie');
      const stored = (await page.evaluate('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })')) as string;
      assert.doesNotMatch(stored, /rt_|eyJ/, 'no token in web storage');

      await page.reload();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/dashboard/orders', 'a reload stays on the page, signed in');

      const second = await context.newPage();
      await second.goto(`${server.url}/dashboard/customers`);
      await second.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      assert.equal(new URL(second.url()).pathname, '/dashboard/customers', 'a new tab is signed in');

      await second.getByRole('button', { name: 'Sign out' }).click();
      await second.waitForURL((url) => url.pathname === '/oauth/authorize');
      await page.getByRole('link', { name: 'Products' }).click();
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      const reuse = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: (await context.cookies()).find((c) => c.name === COOKIE)?.value ?? refreshToken });
      assert.equal(reuse.status, 401, 'the kept refresh token is dead');
      assertClean({ ...watched, errors: watched.errors.filter((e) => !/status of 401/.test(e)) }, server.url);
    } finally {
      await context.close();
    }
  });

  test('the session backend refuses calls that do not come from the dashboard page, and they rotate nothing', { skip: BROWSER_SKIP }, async () => {
    const { watched, refreshToken } = await signedIn();
    try {
      const host = new URL(server.url).host;
      const refusals: Record<string, Record<string, string>> = {
        'no dashboard header': { origin: server.url },
        'another origin': { origin: 'https://evil.example', 'x-till-dashboard': '1' },
        'a cross-site fetch': { origin: server.url, 'sec-fetch-site': 'cross-site', 'x-till-dashboard': '1' },
        'no origin and no fetch metadata': { 'x-till-dashboard': '1' },
      };
      for (const [what, headers] of Object.entries(refusals)) {
        const response = await refreshWith(refreshToken, headers);
        assert.equal(response.status, 403, what);
        assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'insufficient_permissions', what);
        assert.equal(response.headers.get('set-cookie'), null, `${what}: no cookie set`);
      }
      // The refused calls rotated nothing: the page's own kind of call still renews the sign-in.
      const good = await refreshWith(refreshToken, { origin: server.url, 'x-till-dashboard': '1', 'sec-fetch-site': 'same-origin', host });
      assert.equal(good.status, 200);
      const body = (await good.json()) as { signed_in: boolean; access_token: string };
      assert.equal(body.signed_in, true);
      assert.match(body.access_token, /^eyJ/);
      assert.match(good.headers.get('set-cookie') ?? '', /^till_dashboard_session=rt_[^;]+; Max-Age=\d+; Path=\/dashboard\/session; HttpOnly; Secure; SameSite=Strict/);

      // The rotated-away token again, past the grace for a racing tab: the sign-in is over, the cookie cleared.
      server.clock.advance(60_000);
      const replay = await refreshWith(refreshToken, { origin: server.url, 'x-till-dashboard': '1' });
      assert.equal(replay.status, 200);
      assert.deepEqual(await replay.json(), { signed_in: false });
      assert.match(replay.headers.get('set-cookie') ?? '', /^till_dashboard_session=; Max-Age=0/);
      const nobody = await refreshWith('', { origin: server.url, 'x-till-dashboard': '1' });
      assert.deepEqual(await nobody.json(), { signed_in: false });
    } finally {
      await watched.context.close();
    }
  });
});
