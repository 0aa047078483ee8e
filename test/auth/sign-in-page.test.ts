import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import * as client from 'openid-client';
import { chromium, type Browser, type Page } from 'playwright-core';
import { authorizationRequest, discover, REDIRECT_URI, registerClient } from '../helpers/oauth.js';
import { testOutputPath } from '../helpers/output.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = testOutputPath('till-sign-in.png');
const ERROR_SCREENSHOT = testOutputPath('till-sign-in-error.png');
const PHONE_SCREENSHOT = testOutputPath('till-sign-in-phone.png');
const SKIP = existsSync(CHROMIUM) ? false : `the sign-in page browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium)`;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The id (or tag name) of the element that has the keyboard focus. Evaluated as text: the tests compile without the DOM types. */
function focused(page: Page): Promise<string> {
  return page.evaluate('document.activeElement ? (document.activeElement.id || document.activeElement.tagName.toLowerCase()) : ""') as Promise<string>;
}

test('the sign-in page in a real browser: labelled fields, an announced error, the keyboard, and the redirect back to the app', { skip: SKIP }, async (t) => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer('sqlite');
    const merchant = await createTestMerchant(server);
    const { config, verifier, state, url: authorizationUrl } = await authorizationRequest(server, { environment: 'sandbox' });

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The wrong password's 401 is logged as a failed load; anything else (a refused style, say) is a fault.
      if (message.type() === 'error' && !message.text().includes('status of 401')) errors.push(message.text());
    });
    // The app's redirect URI: caught here, as the app's loopback listener would.
    let reachApp!: (url: URL) => void;
    const backAtApp = new Promise<URL>((resolve) => (reachApp = resolve));
    await page.route(
      (url) => url.origin === 'http://127.0.0.1' && url.pathname === '/callback',
      async (route) => {
        reachApp(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App</title><p>Signed in.</p>' });
      },
    );

    const response = await page.goto(authorizationUrl.href);
    assert.equal(response?.status(), 200);
    const csp = response!.headers()['content-security-policy'] ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /default-src 'none'/);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.match(await page.title(), /^Sign in · Till$/);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Sign in to Till');
    assert.match(await page.locator('main').innerText(), /Till Register asks to act for you on your shop's sandbox \(test\) data\./);

    // Every field a person fills in has a label naming it.
    const fields = page.locator('input:not([type=hidden])');
    assert.equal(await fields.count(), 2);
    for (const id of await fields.evaluateAll((inputs) => inputs.map((input) => input.id))) {
      assert.equal(await page.locator(`label[for="${id}"]`).count(), 1, `a label for #${id}`);
    }
    const email = page.getByLabel('E-mail');
    const password = page.getByLabel('Password');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    assert.equal(await email.getAttribute('type'), 'email');
    assert.equal(await email.getAttribute('autocomplete'), 'username');
    assert.equal(await password.getAttribute('type'), 'password');
    assert.equal(await password.getAttribute('autocomplete'), 'current-password');
    assert.ok(await signIn.isVisible());
    await page.screenshot({ path: SCREENSHOT });
    t.diagnostic(`screenshot: ${SCREENSHOT}`);

    // With the keyboard alone: the e-mail field has the focus, Tab goes to the password then the button.
    assert.equal(await focused(page), 'email');
    await page.keyboard.type(merchant.email);
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'password');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'button');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'password');

    // A wrong password: Enter submits, the page answers 401 and says so where a screen reader announces it.
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/oauth/authorize'),
      page.keyboard.press('Enter'),
    ]);
    assert.equal(refused.status(), 401);
    await page.waitForLoadState();
    const alert = page.getByRole('alert');
    assert.match(await alert.innerText(), /^That e-mail and password do not match an account\. Check them and try again\.$/);
    assert.equal(await email.inputValue(), merchant.email, 'the e-mail is kept');
    assert.equal(await focused(page), 'password', 'the focus is on the field to fill in again');
    assert.equal(await password.inputValue(), '', 'the password is not sent back');
    for (const field of [email, password]) {
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      assert.equal(await field.getAttribute('aria-describedby'), await alert.getAttribute('id'));
    }
    await page.screenshot({ path: ERROR_SCREENSHOT });
    t.diagnostic(`screenshot: ${ERROR_SCREENSHOT}`);

    // The right password: the browser is sent to the app with the code, the same state, and the issuer.
    await password.fill(merchant.password);
    await signIn.click();
    const redirected = await backAtApp;
    assert.equal(`${redirected.origin}${redirected.pathname}`, REDIRECT_URI);
    assert.match(redirected.searchParams.get('code') ?? '', /^\S{20,}$/);
    assert.equal(redirected.searchParams.get('state'), state);
    assert.equal(redirected.searchParams.get('iss'), server.url);

    // The app exchanges the code; the token is the merchant's, on the sandbox data.
    const tokens = await client.authorizationCodeGrant(config, redirected, { pkceCodeVerifier: verifier, expectedState: state });
    assert.equal((await new Api(server.url, tokens.access_token).get('/v1/orders')).status, 200);

    assert.deepEqual(errors, [], 'no script or policy errors');
    const elsewhere = requested.filter((url) => !url.startsWith(`${server!.url}/`) && !url.startsWith(`${REDIRECT_URI}?`));
    assert.deepEqual(elsewhere, [], 'every request goes to the test server or the app on this machine');
  } finally {
    await browser?.close();
    await server?.close();
  }
});

test('the sign-in page fits a phone screen and cannot be framed', { skip: SKIP }, async () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer('sqlite');
    const app = await registerClient(server);
    const config = await discover(server, app.id);
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: client.randomState(),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    await page.goto(authorizationUrl.href);
    await page.screenshot({ path: PHONE_SCREENSHOT });
    const widths = (await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]')) as [number, number];
    assert.ok(widths[0] <= widths[1], `no sideways scrolling: ${widths.join(' > ')}`);
    const box = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
    assert.ok(box !== null && box.height >= 40 && box.width >= 280, `a button big enough to tap: ${JSON.stringify(box)}`);
    const fontSize = await page.getByLabel('E-mail').evaluate('parseFloat(getComputedStyle(document.getElementById("email")).fontSize)');
    assert.ok((fontSize as number) >= 16, 'at least 16px, so that phones do not zoom in on focus');

    // A page of another origin that frames the sign-in page gets nothing shown (frame-ancestors 'none').
    const framing = await browser.newPage();
    const blocked: string[] = [];
    framing.on('console', (message) => blocked.push(message.text()));
    // The browser's refusal is the event to wait for; the frame is read after it.
    const refused = framing.waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 30_000 }).catch(() => undefined);
    await framing.setContent(`<iframe src="${authorizationUrl.href}"></iframe>`);
    await refused;
    const frame = framing.frames().find((f) => f !== framing.mainFrame());
    const framedText = frame === undefined ? '' : await frame.evaluate('document.body ? document.body.innerText : ""').catch(() => '');
    assert.doesNotMatch(String(framedText), /Sign in to Till/, 'the form is not shown inside another page');
    assert.ok(blocked.some((text) => /frame-ancestors/.test(text)), `the browser says why: ${blocked.join(' | ')}`);
  } finally {
    await browser?.close();
    await server?.close();
  }
});
