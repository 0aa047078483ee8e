import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { waitForOutbox } from '../helpers/mail.js';
import { assertClean, BROWSER_SKIP, focused, launchBrowser, openContext, scrollsSideways, signInOnPage, signInWithTemporaryPassword, unlabelledControls } from './support.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).innerText()).trim();
}

describeEachBackend('the merchant dashboard in Chromium', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server, { currency: 'EUR', taxRateBps: 1000 });
  });
  after(async () => {
    await server?.close();
  });

  test('a new merchant signs up, signs out and in, makes a sandbox key, and follows an order made with it from capture to refund; the revoked key is refused', { skip: BROWSER_SKIP }, async () => {
    const admin = await openContext(browser!, { expectedStatuses: [400] });
    const { page } = admin;
    const email = `owner-${Date.now()}@corner.example`;
    const password = 'a long owner password';
    try {
      // Sign up on the authorization server's form; the browser comes back signed in, in test mode.
      await page.goto(`${server.url}/dashboard/signup`);
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      await page.getByLabel('Business name').fill('Corner Café');
      await page.getByLabel('Currency').fill('EUR');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      // The e-mail is verified first: the link of the mail (in the outbox, as no SMTP_URL is set) creates the account.
      await page.getByRole('heading', { name: 'Check your inbox', level: 1 }).waitFor();
      const mail = await waitForOutbox(server, email, /Confirm your e-mail/);
      await page.goto(mail.links[0]!);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
      assert.match(await page.locator('header').innerText(), /Corner Café/);
      assert.ok(await page.getByText('Test mode: you are viewing sandbox data').isVisible());
      assert.equal(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked'), 'true');

      // Sign out, then in again with the new account; a reload stays signed in, on the same page.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInOnPage(page, email, password);
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/dashboard/settings/api-keys');

      // Generate a sandbox key by keyboard alone: the focus moves into the dialog and back out of it.
      await page.getByRole('button', { name: 'Generate new key' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Generate a new API key' });
      await dialog.waitFor();
      assert.equal(await focused(page), 'key-name');
      await page.getByLabel('Custom').check();
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the dialog has a name');
      await page.getByLabel('Full access').check();
      await page.getByLabel('Name').focus();
      await page.keyboard.type('Web shop server');
      await page.keyboard.press('Enter');
      const created = page.getByRole('dialog', { name: 'Your new API key' });
      await created.waitFor();
      assert.match(await created.innerText(), /will not be shown again/);
      assert.match(await created.innerText(), /Never put it in client-side code/);
      const key = await page.getByLabel('API key “Web shop server”').inputValue();
      assert.match(key, /^sk_test_[0-9A-Za-z]{32,}$/);
      assert.ok(await created.getByRole('button', { name: 'Copy key' }).isVisible());
      await page.keyboard.press('Escape');
      await page.waitForFunction('document.querySelectorAll("dialog[open]").length === 0');
      assert.equal(await focused(page), 'Generate new key', 'the focus is back on the button that opened the dialog');

      // Closed, the key is gone for good: the list shows its last four characters only.
      const row = page.locator('tr', { hasText: 'Web shop server' });
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(`sk_test_…${key.slice(-4)}`));
      assert.match(await row.innerText(), /Sandbox/);
      assert.match(await row.innerText(), /Full access/);
      assert.ok(!(await page.content()).includes(key), 'the page never shows the key again');
      await page.getByRole('button', { name: 'Generate new key' }).click();
      await page.getByRole('dialog', { name: 'Generate a new API key' }).waitFor();
      assert.ok(!(await page.content()).includes(key), 'opening the dialog again shows a new form, not the key');
      await page.keyboard.press('Escape');
      await page.waitForFunction('document.querySelectorAll("dialog[open]").length === 0');

      // The key works with a plain HTTP request: a product, then an order of two.
      const shop = new Api(server.url, key);
      const product = await shop.post('/v1/products', { name: 'Espresso', price: 250, inventory: 10 });
      assert.equal(product.status, 201);
      const made = await shop.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 2 }] });
      assert.equal(made.status, 201);
      const orderId = made.body.id as string;
      const orderNumber = made.body.number as number;

      // The order is in the list, its amount in the shop's currency.
      await page.getByRole('link', { name: 'Orders' }).click();
      const listed = page.locator(`tr[data-order-id="${orderId}"]`);
      await listed.waitFor();
      assert.match(await listed.innerText(), /Pending/);
      assert.match(await listed.innerText(), /€5\.00/);

      // The order page: capture with a test card.
      await listed.getByRole('link', { name: orderId }).click();
      await page.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor();
      assert.equal(await textOf(page, '[data-figure="total"]'), '€5.00');
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the order page has a name');
      await page.getByLabel('Test card').selectOption('tok_visa');
      await page.getByRole('button', { name: 'Capture payment of €5.00' }).click();
      // Money moves only after a confirmation that states the amount.
      const charge = page.getByRole('dialog', { name: 'Charge €5.00?' });
      assert.match(await charge.innerText(), /Visa ending 4242 \(succeeds\) is charged €5\.00/);
      await charge.getByRole('button', { name: 'Charge €5.00' }).click();
      await page.locator('.badge', { hasText: 'Paid' }).waitFor();
      assert.match(await page.locator('main').innerText(), /Card ending 4242/);

      // A refund larger than what is left: refused in place, in the shop's currency, never in cents.
      assert.equal(await page.getByLabel('An amount').isChecked(), true, 'a partial amount is the first choice, not everything');
      await page.getByLabel('Amount to refund (EUR)').fill('9.00');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const refused = page.locator('.panel', { hasText: 'left to refund' }).getByRole('alert');
      await refused.waitFor();
      assert.match(await refused.innerText(), /from €0\.01 to €5\.00/);
      assert.doesNotMatch(await refused.innerText(), /\b500\b/);

      // Part of it: €2.00 back; the status and the amounts change.
      await page.getByLabel('Amount to refund (EUR)').fill('2.00');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const partial = page.getByRole('dialog', { name: 'Refund €2.00?' });
      assert.match(await partial.innerText(), /€2\.00 of this order's €5\.00 goes back to the customer/);
      await partial.getByRole('button', { name: 'Refund €2.00' }).click();
      await page.locator('.badge', { hasText: 'Partially refunded' }).waitFor();
      assert.equal(await textOf(page, '[data-figure="refunded"]'), '€2.00');
      assert.equal(await textOf(page, '[data-figure="net"]'), '€3.00');
      assert.match(await page.locator('.timeline').innerText(), /Refunded €2\.00/);
      assert.equal((await shop.get(`/v1/orders/${orderId}`)).body.refunded_amount, 200);

      // One of the two espressos comes back: refunded by item, with its quantity.
      await page.getByLabel('Chosen items').check();
      await page.getByLabel('Espresso: units to refund (of 2 left)').fill('1');
      await page.getByRole('button', { name: 'Refund…' }).click();
      // The confirmation states what the returned unit gives back, as the server computes it.
      const byItem = page.getByRole('dialog', { name: 'Refund €2.50?' });
      await byItem.getByRole('button', { name: 'Refund €2.50' }).click();
      await page.getByLabel('Espresso: units to refund (of 1 left)').waitFor();
      assert.equal(await textOf(page, '[data-figure="refunded"]'), '€4.50');
      assert.equal(await textOf(page, '[data-figure="net"]'), '€0.50');
      const refunded = (await shop.get(`/v1/orders/${orderId}`)).body;
      assert.equal(refunded.items[0].refunded_quantity, 1);
      assert.equal(refunded.status, 'partially_refunded');

      // Home: today's figures for the sandbox, and the chart.
      await page.getByRole('link', { name: 'Home' }).click();
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
      await page.locator('[data-figure="sales"]').waitFor();
      assert.equal(await textOf(page, '[data-figure="sales"]'), '€5.00');
      assert.equal(await textOf(page, '[data-figure="orders"]'), '1');
      assert.equal(await textOf(page, '[data-figure="refunds"]'), '€4.50');
      assert.equal(await page.locator('svg.chart rect.bar').count(), 24, 'a bar for each hour of the day');
      assert.equal(await page.locator('svg.chart rect.bar[height="0"]').count(), 23, 'one hour had sales');

      // Revoke the key, after a confirmation; the next request with it answers 401.
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('button', { name: `Revoke Web shop server (…${key.slice(-4)})` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
      await confirm.getByRole('button', { name: 'Revoke key' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.locator('tr', { hasText: 'Web shop server' }).getByRole('button', { name: /Revoke/ }).waitFor({ state: 'detached' });
      const after = await shop.get('/v1/orders');
      assert.equal(after.status, 401);
      assert.equal(after.body.error.code, 'credential_revoked');

      assertClean(admin, server.url);
    } finally {
      await admin.context.close();
    }
  });

  test('an admin adds a cashier on the Team page; the cashier finds no API-key page, in the navigation or by its address, and the keys are never fetched; removed, the cashier is sent to sign in', { skip: BROWSER_SKIP }, async () => {
    const email = `cashier-${Date.now()}@example.com`;
    const password = 'cashier password 1';
    const ownPassword = 'my own cashier password';
    const admin = await openContext(browser!);
    const cashier = await openContext(browser!, { expectedStatuses: [401] });
    const { page } = cashier;
    try {
      await admin.page.goto(`${server.url}/dashboard/team`);
      await signInOnPage(admin.page, merchant.email, merchant.password);
      await admin.page.getByText('Add a user').click();
      await admin.page.getByLabel('E-mail').fill(email);
      await admin.page.getByLabel('Role').selectOption('cashier');
      await admin.page.getByLabel('Initial password').fill(password);
      await admin.page.getByRole('button', { name: 'Add user' }).click();
      await admin.page.getByRole('status').filter({ hasText: `${email} can now sign in as cashier` }).waitFor();
      await admin.page.locator('tr', { hasText: email }).waitFor();

      // The password the admin chose is temporary: the cashier chooses their own at the first sign-in.
      await page.goto(`${server.url}/dashboard/orders`);
      await signInWithTemporaryPassword(page, email, password, ownPassword);
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      assert.equal(await nav.getByRole('link', { name: 'Orders' }).count(), 1);
      assert.equal(await nav.getByRole('link', { name: 'API keys' }).count(), 0);
      assert.equal(await nav.getByRole('link', { name: 'Team' }).count(), 0);

      // Typed into the address bar: a new page load, still signed in.
      await page.goto(`${server.url}/dashboard/settings/api-keys`);
      await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Generate new key' }).count(), 0);
      assert.deepEqual(cashier.responses.filter((r) => r.path.startsWith('/v1/api_keys')), [], 'no request for the keys');

      // The admin removes the cashier, after a confirmation; the cashier's next request ends on the sign-in page.
      await admin.page.getByRole('button', { name: `Remove ${email}` }).click();
      await admin.page.getByRole('dialog', { name: 'Remove this user?' }).getByRole('button', { name: 'Remove user' }).click();
      await admin.page.locator('tr', { hasText: email }).waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'Customers' }).click();
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      assertClean(admin, server.url);
      assertClean(cashier, server.url);
    } finally {
      await admin.context.close();
      await cashier.context.close();
    }
  });

  test('the test-mode switch changes the data set in one click; an expired access token is refreshed once; signing out ends the sign-in', { skip: BROWSER_SKIP }, async () => {
    const live = await merchant.production.post('/v1/customers', { name: 'Only In Production' });
    assert.equal(live.status, 201);
    const watched = await openContext(browser!, { expectedStatuses: [401] });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/customers`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      const modeSwitch = page.getByRole('switch', { name: 'Test mode' });
      const banner = page.getByText('Test mode: you are viewing sandbox data');
      assert.ok(await banner.isVisible());
      assert.equal(await page.getByText('Only In Production').count(), 0);

      await modeSwitch.click();
      await page.getByRole('link', { name: 'Only In Production' }).waitFor();
      assert.equal(await modeSwitch.getAttribute('aria-checked'), 'false');
      assert.equal(await banner.count(), 0, 'no test-mode banner on live data');
      await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/customers'), modeSwitch.click()]);
      await banner.waitFor();
      assert.equal(await page.getByText('Only In Production').count(), 0);

      // The server's clock passes the access token's hour and the leeway: the next call answers 401 token_expired,
      // the client refreshes once and repeats it.
      server.clock.advance((3600 + 61) * 1000);
      const before = watched.responses.length;
      await page.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      // The list, or what an empty one says: either way the products were read.
      await page.locator('table, [data-empty]').first().waitFor();
      const calls = watched.responses.slice(before).filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/dashboard/session'));
      assert.deepEqual(
        calls.map((r) => `${r.method} ${r.path} ${r.status}`),
        ['GET /v1/products 401', 'POST /dashboard/session/refresh 200', 'GET /v1/products 200'],
      );

      // Sign out: the refresh token is revoked, and the browser is back on the sign-in page.
      const refreshToken = (await watched.context.cookies()).find((c) => c.name === 'till_dashboard_session')?.value ?? '';
      assert.match(refreshToken, /^rt_/);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      assert.ok(watched.responses.some((r) => r.method === 'POST' && r.path === '/dashboard/session/end' && r.status === 204));
      assert.equal((await watched.context.cookies()).find((c) => c.name === 'till_dashboard_session'), undefined, 'the cookie is gone');
      const reuse = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: refreshToken });
      assert.equal(reuse.status, 401);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('products are added, repriced, restocked and deactivated; customers are added and edited, with their orders', { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/products`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByText('Add a product', { exact: true }).click();
      await page.getByLabel('Name').fill('Seed cake');
      await page.getByLabel('Price (EUR)').fill('3.20');
      await page.getByLabel('Stock').fill('12');
      await page.getByRole('button', { name: 'Add product' }).click();
      const row = page.locator('tr', { hasText: 'Seed cake' });
      await row.waitFor();
      assert.match(await row.innerText(), /€3\.20\s+12\s+Active/);

      await row.getByRole('button', { name: 'Edit Seed cake' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Seed cake' });
      await dialog.getByLabel('Price (EUR)').fill('3.45');
      await dialog.getByLabel('Stock').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.locator('tr', { hasText: 'Not tracked' }).filter({ hasText: 'Seed cake' }).waitFor();
      assert.match(await row.innerText(), /€3\.45/);

      await row.getByRole('button', { name: 'Deactivate Seed cake' }).click();
      await page.getByRole('dialog', { name: 'Deactivate this product?' }).getByRole('button', { name: 'Deactivate' }).click();
      await row.filter({ hasText: 'Inactive' }).waitFor();
      const product = (await merchant.sandbox.get('/v1/products?active=false')).body.data.find((p: { name: string }) => p.name === 'Seed cake');
      assert.deepEqual([product.price, product.inventory, product.active], [345, null, false]);

      await page.getByRole('link', { name: 'Customers' }).click();
      await page.getByText('Add a customer', { exact: true }).click();
      await page.getByLabel('Name').fill('Mary Somerville');
      await page.getByLabel('E-mail').fill('mary@example.com');
      await page.getByRole('button', { name: 'Add customer' }).click();
      const customerLink = page.getByRole('link', { name: 'Mary Somerville' });
      const customerId = (await customerLink.getAttribute('href'))!.split('/').pop()!;
      const item = (await merchant.sandbox.post('/v1/products', { name: 'Tea', price: 300 })).body.id;
      const order = (await merchant.sandbox.post('/v1/orders', { customer_id: customerId, items: [{ product_id: item, quantity: 1 }] })).body;
      await customerLink.click();
      await page.getByRole('heading', { name: 'Mary Somerville', level: 1 }).waitFor();
      await page.getByText('Edit details').click();
      await page.getByLabel('Name').fill('Mary Fairfax Somerville');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Mary Fairfax Somerville', level: 1 }).waitFor();
      await page.getByRole('link', { name: order.id }).waitFor();
      assert.equal((await merchant.sandbox.get(`/v1/customers/${customerId}`)).body.name, 'Mary Fairfax Somerville');

      // The order page links back to the customer; a pending order can be canceled after a confirmation.
      await page.getByRole('link', { name: order.id }).click();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
      await page.locator('.badge', { hasText: 'Canceled' }).waitFor();
      assert.match(await page.locator('.timeline').innerText(), /Order canceled/);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test("a lost answer to a POST is retried under its Idempotency-Key and done once; no connection, or another's error page, is said in the dashboard's words", { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!, { expectedStatuses: [502, 503] });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/customers`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();

      // The first answer is lost after the server did the work: the retry gets the same answer again.
      const keys: string[] = [];
      await page.route('**/v1/customers', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        keys.push((await route.request().headerValue('idempotency-key')) ?? '');
        const answer = await route.fetch();
        await (keys.length === 1 ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.fulfill({ response: answer }));
      });
      await page.getByText('Add a customer', { exact: true }).click();
      await page.getByLabel('Name').fill('Caroline Herschel');
      await page.getByRole('button', { name: 'Add customer' }).click();
      await page.getByRole('link', { name: 'Caroline Herschel' }).waitFor();
      assert.equal(keys.length, 2);
      assert.equal(keys[1], keys[0], 'the retry carries the same Idempotency-Key');
      assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
      const created = (await merchant.sandbox.get('/v1/customers?per_page=100')).body.data.filter((c: { name: string }) => c.name === 'Caroline Herschel');
      assert.equal(created.length, 1, 'one customer, not two');
      await page.unroute('**/v1/customers');

      let attempts = 0;
      await page.route('**/v1/products?*', (route) => (attempts++, route.abort('failed')));
      await page.getByRole('link', { name: 'Products' }).click();
      const alert = page.getByRole('alert');
      await alert.filter({ hasText: 'Till could not be reached. Check the connection and retry.' }).waitFor();
      assert.equal(attempts, 3, 'the first attempt and two retries');
      await page.unroute('**/v1/products?*');

      await page.route('**/v1/products?*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
      await page.getByRole('button', { name: 'Retry' }).click();
      await alert.filter({ hasText: 'The request failed (502).' }).waitFor();
      assert.doesNotMatch(await alert.innerText(), /Bad gateway|<h1>/, "another's page is not shown");
      await page.unroute('**/v1/products?*');

      await page.getByRole('button', { name: 'Retry' }).click();
      await page.locator('table').waitFor();
      assertClean({ ...watched, errors: watched.errors.filter((e) => !/net::ERR_FAILED/.test(e)) }, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('a callback with a state this tab did not start is refused, and its code never exchanged', { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/callback?code=stolen-code&state=forged.L2Rhc2hib2FyZA&iss=${encodeURIComponent(server.url)}`);
      await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
      assert.match(await page.getByRole('alert').innerText(), /not the one this tab started/);
      assert.equal(new URL(page.url()).pathname, '/dashboard', 'the code is gone from the address bar');
      assert.deepEqual(watched.responses.filter((r) => r.path.startsWith('/oauth/token')), [], 'no token request');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test("a callback's error_description is never shown: each error code gets the dashboard's own words", { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    const lure = 'Your account is locked. Call +1 555 0100 with your card number to unlock it.';
    try {
      for (const [error, shown] of [
        ['access_denied', 'The sign-in was cancelled. Sign in again.'],
        ['server_error', 'Till could not complete the sign-in. Try again in a moment.'],
        ['<img src=x onerror=alert(1)>', 'The sign-in did not complete. Sign in again.'],
        ['__proto__', 'The sign-in did not complete. Sign in again.'],
      ] as const) {
        await page.goto(`${server.url}/dashboard/callback?error=${encodeURIComponent(error)}&error_description=${encodeURIComponent(lure)}&state=forged.L2Rhc2hib2FyZA`);
        await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
        assert.equal((await page.getByRole('alert').innerText()).trim(), shown, error);
        assert.ok(!(await page.content()).includes('555 0100'), `${error}: the description is not on the page`);
      }
      assert.deepEqual(watched.responses.filter((r) => r.path.startsWith('/oauth/token')), [], 'no token request');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('at phone width the pages fit the screen and the navigation opens from a menu button', { skip: BROWSER_SKIP }, async () => {
    const phone = await openContext(browser!, { width: 375, height: 740 });
    const { page } = phone;
    try {
      const order = await merchant.sandbox.post('/v1/orders', { items: [{ product_id: (await merchant.sandbox.post('/v1/products', { name: 'Flat white with oat milk', price: 420 })).body.id, quantity: 1 }] });
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.locator(`[data-order-id="${order.body.id}"]`).waitFor();
      assert.equal(await scrollsSideways(page), false, 'the orders list does not scroll sideways');
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the orders list has a name');
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      assert.equal(await nav.isVisible(), false, 'the navigation is folded away');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await nav.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      assert.equal(await nav.isVisible(), false, 'choosing a page folds the menu again');
      assert.equal(await scrollsSideways(page), false, 'the products page does not scroll sideways');
      await page.goto(`${server.url}/dashboard/orders/${order.body.id}`);
      await page.getByRole('button', { name: 'Capture payment' }).waitFor();
      assert.equal(await scrollsSideways(page), false, 'the order page does not scroll sideways');
      assertClean(phone, server.url);
    } finally {
      await phone.context.close();
    }
  });
});

