import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import * as client from 'openid-client';
import { chromium, type Browser, type Page } from 'playwright-core';
import { waitForOutbox } from '../helpers/mail.js';
import { authorizationRequest, REDIRECT_URI } from '../helpers/oauth.js';
import { testOutputPath } from '../helpers/output.js';
import { Api, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = testOutputPath('till-sign-up.png');
const ERROR_SCREENSHOT = testOutputPath('till-sign-up-error.png');
const SKIP = existsSync(CHROMIUM) ? false : `the sign-up page browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium)`;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function focused(page: Page): Promise<string> {
  return page.evaluate('document.activeElement ? (document.activeElement.id || document.activeElement.tagName.toLowerCase()) : ""') as Promise<string>;
}

test('the sign-up page in a real browser: labelled fields, a refusal tied to its field, values kept, and the redirect back to the app', { skip: SKIP }, async (t) => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer('sqlite');
    const { config, verifier, state, url } = await authorizationRequest(server, { environment: 'sandbox' });
    url.searchParams.set('prompt', 'create');

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('status of 400')) errors.push(message.text());
    });
    let reachApp!: (url: URL) => void;
    const backAtApp = new Promise<URL>((resolve) => (reachApp = resolve));
    await page.route(
      (u) => u.origin === 'http://127.0.0.1' && u.pathname === '/callback',
      async (route) => {
        reachApp(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App</title><p>Signed in.</p>' });
      },
    );

    const response = await page.goto(url.href);
    assert.equal(response?.status(), 200);
    assert.match(response!.headers()['content-security-policy'] ?? '', /default-src 'none'/);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal(await page.title(), 'Create an account · Till');
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Create your Till account');
    const fields = page.locator('input:not([type=hidden])');
    assert.equal(await fields.count(), 4);
    for (const id of await fields.evaluateAll((inputs) => inputs.map((input) => input.id))) {
      assert.equal(await page.locator(`label[for="${id}"]`).count(), 1, `a label for #${id}`);
    }
    const name = page.getByLabel('Business name');
    const currency = page.getByLabel('Currency');
    const email = page.getByLabel('E-mail');
    const password = page.getByLabel('Password');
    assert.equal(await currency.inputValue(), 'USD');
    assert.equal(await password.getAttribute('autocomplete'), 'new-password');
    assert.equal(await focused(page), 'business_name');
    await page.screenshot({ path: SCREENSHOT });
    t.diagnostic(`screenshot: ${SCREENSHOT}`);

    await name.fill('Harbour Books');
    await currency.fill('ZZZ');
    await email.fill('harbour@example.com');
    await password.fill('a-good-password');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/oauth/authorize'),
      page.getByRole('button', { name: 'Create account' }).click(),
    ]);
    assert.equal(refused.status(), 400);
    await page.waitForLoadState();
    const alert = page.getByRole('alert');
    assert.match(await alert.innerText(), /"ZZZ" is not an ISO 4217 currency code/);
    assert.equal(await currency.getAttribute('aria-invalid'), 'true');
    assert.equal(await currency.getAttribute('aria-describedby'), 'sign-up-error currency-hint');
    assert.equal(await email.getAttribute('aria-invalid'), null);
    assert.equal(await focused(page), 'currency', 'the focus is on the field at fault');
    assert.equal(await name.inputValue(), 'Harbour Books');
    assert.equal(await email.inputValue(), 'harbour@example.com');
    assert.equal(await password.inputValue(), '', 'the password is not sent back');
    await page.screenshot({ path: ERROR_SCREENSHOT });
    t.diagnostic(`screenshot: ${ERROR_SCREENSHOT}`);

    await currency.fill('cad');
    await password.fill('a-good-password');
    await page.keyboard.press('Enter');
    // The e-mail is verified first: the page says to check the inbox, and the mailed link (in the
    // outbox, as no SMTP_URL is set) asks to confirm before creating the account.
    await page.getByRole('heading', { name: 'Check your inbox', level: 1 }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /harbour@example\.com/);
    const mail = await waitForOutbox(server, 'harbour@example.com', /Confirm your e-mail/);
    await page.goto(mail.links[0]!);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Confirm your Till account');
    await page.getByRole('button', { name: 'Create my account' }).click();
    const redirected = await backAtApp;
    assert.equal(`${redirected.origin}${redirected.pathname}`, REDIRECT_URI);
    assert.equal(redirected.searchParams.get('state'), state);
    assert.equal(redirected.searchParams.get('iss'), server.url);
    const tokens = await client.authorizationCodeGrant(config, redirected, { pkceCodeVerifier: verifier, expectedState: state });
    const account = await new Api(server.url, tokens.access_token).get('/v1/account');
    assert.equal(account.body.name, 'Harbour Books');
    assert.equal(account.body.currency, 'CAD');
    assert.deepEqual(account.body.user.role, 'admin');

    assert.deepEqual(errors, [], 'no script or policy errors');
    const elsewhere = requested.filter((u) => !u.startsWith(`${server!.url}/`) && !u.startsWith(`${REDIRECT_URI}?`));
    assert.deepEqual(elsewhere, [], 'every request goes to the test server or the app on this machine');
  } finally {
    await browser?.close();
    await server?.close();
  }
});
