/**
 * "Forgot password?" in a real browser: from the sign-in page to the mailed link (read from the
 * outbox, as no SMTP_URL is set), the new-password form with its labels and announced errors, and
 * back to the sign-in of the same app, where the new password works.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { waitForOutbox } from '../helpers/mail.js';
import { authorizationRequest, REDIRECT_URI } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const SKIP = existsSync(CHROMIUM) ? false : `the password-reset browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium)`;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

test('Forgot password in a real browser: labelled forms, an announced refusal, and back to the sign-in of the same app', { skip: SKIP }, async () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer('sqlite');
    const merchant = await createTestMerchant(server);
    const { state, url } = await authorizationRequest(server, { environment: 'sandbox' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
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

    await page.goto(url.href);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Forgot your password?');
    await page.getByLabel('E-mail').fill(merchant.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox', level: 1 }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /If .* has a Till account, we sent it a link/);

    const mail = await waitForOutbox(server, merchant.email, /Reset your Till password/);
    const response = await page.goto(mail.links[0]!);
    assert.match(response!.headers()['content-security-policy'] ?? '', /default-src 'none'/);
    assert.equal(await page.title(), 'Choose a new password · Till');
    const fresh = page.getByLabel('New password', { exact: true });
    const again = page.getByLabel('New password again');
    assert.equal(await fresh.getAttribute('autocomplete'), 'new-password');
    await fresh.fill('a brand new password');
    await again.fill('a brand new passwort');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.waitForLoadState();
    assert.match(await page.getByRole('alert').innerText(), /not the same/);
    assert.equal(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('New password', { exact: true }).inputValue(), '', 'no password is sent back');

    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('New password again').fill('a brand new password');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('heading', { name: 'Sign in to Till', level: 1 }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /Your password is changed/);
    assert.equal(await page.getByLabel('E-mail').inputValue(), merchant.email);
    await page.getByLabel('Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const redirected = await backAtApp;
    assert.equal(`${redirected.origin}${redirected.pathname}`, REDIRECT_URI);
    assert.equal(redirected.searchParams.get('state'), state);
    assert.ok(redirected.searchParams.get('code'));

    assert.deepEqual(errors, [], 'no script or policy errors');
    const elsewhere = requested.filter((u) => !u.startsWith(`${server!.url}/`) && !u.startsWith(`${REDIRECT_URI}?`));
    assert.deepEqual(elsewhere, [], 'every request goes to the test server or the app on this machine');
  } finally {
    await browser?.close();
    await server?.close();
  }
});
