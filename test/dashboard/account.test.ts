/**
 * The dashboard's Account page (password change, the list of sign-ins) and the Team page's "Sign out
 * everywhere", in Chromium, at desktop and at phone width, against the real server.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/auth/users.js';
import type { Role } from '../../src/db/schema.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, scrollsSideways, signInOnPage, unlabelledControls } from './support.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

describeEachBackend('the Account and Team pages in Chromium', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
  });

  async function person(role: Role) {
    const email = `${role}-${randomBase62(8).toLowerCase()}@example.com`;
    const password = `${role} password ${randomBase62(6)}`;
    const user = await createUser(server.db, server.clock, { merchantId: merchant.merchantId, email, password, role });
    return { id: user.id, email, password };
  }

  /** A sign-in of the person in an app outside the browser (a phone), and its id. */
  async function appSignIn(credentials: { email: string; password: string }) {
    const signedIn = await signIn(server, credentials, { environment: 'sandbox' });
    const list = await signedIn.api.get('/v1/account/sessions');
    const id = list.body.data.find((s: { current: boolean }) => s.current).id as string;
    return { ...signedIn, id };
  }

  async function rowsOf(page: Page): Promise<string[]> {
    return page.locator('table.sessions tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session-id') ?? ''));
  }

  test('a cashier finds Account in the menu, signs out a lost phone, and changes the password with the API\'s errors shown beside the form', { skip: BROWSER_SKIP }, async () => {
    const cashier = await person('cashier');
    const lostPhone = await appSignIn(cashier);
    const watched = await openContext(browser!, { expectedStatuses: [400] });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, cashier.email, cashier.password);
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      await page.locator('table.sessions tbody tr').nth(1).waitFor();

      // Two sign-ins: this browser (marked, with no button), and the phone (with one).
      const rows = await rowsOf(page);
      assert.equal(rows.length, 2);
      assert.ok(rows.includes(lostPhone.id));
      const current = page.locator('table.sessions tbody tr', { hasText: 'This browser' });
      assert.equal(await current.count(), 1);
      assert.match(await current.innerText(), /Chrome on Linux/);
      assert.match(await current.innerText(), /Till dashboard/);
      assert.equal(await current.getByRole('button').count(), 0, 'the current sign-in is signed out from the menu');
      const phoneRow = page.locator(`tr[data-session-id="${lostPhone.id}"]`);
      assert.match(await phoneRow.innerText(), /127\.0\.0\.1/);
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the Account page has a name');

      await phoneRow.getByRole('button', { name: /^Sign out / }).click();
      await phoneRow.waitFor({ state: 'detached' });
      assert.equal((await lostPhone.api.get('/v1/account')).status, 401, "the phone's access token is refused at once");
      assert.equal(await page.locator('table.sessions tbody tr').count(), 1);

      // The change: a confirmation that differs is caught before any request; a wrong current password shows the API's message.
      const tablet = await appSignIn(cashier);
      const newPassword = `new cashier password ${randomBase62(6)}`;
      await page.getByLabel('Current password').fill(cashier.password);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password').fill(`${newPassword}!`);
      await page.getByRole('button', { name: 'Change password' }).click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Change your password' }) });
      await form.getByRole('alert').filter({ hasText: 'not the same' }).waitFor();
      assert.deepEqual(watched.responses.filter((r) => r.path === '/v1/account/password'), [], 'nothing was sent');

      await page.getByLabel('Current password').fill('not my password at all');
      await page.getByLabel('Confirm new password').fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await form.getByRole('alert').filter({ hasText: 'The current password is not right' }).waitFor();
      assert.equal((await tablet.api.get('/v1/account')).status, 200, 'a refused change ends nothing');

      await page.getByLabel('Current password').fill(cashier.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await form.getByRole('status').filter({ hasText: 'Your password was changed. 1 other sign-in was signed out.' }).waitFor();
      assert.equal((await tablet.api.get('/v1/account')).status, 401, 'the other sign-in has ended');
      assert.equal(await page.getByLabel('Current password').inputValue(), '', 'the form is emptied');
      // The list is read again after the change: until then it may still show the tablet's row.
      await until('the sign-ins list shows this browser only', async () => (await page.locator('table.sessions tbody tr').count()) === 1);

      // This browser is still signed in; the new password is the one that works.
      await nav.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      assert.ok((await signIn(server, { email: cashier.email, password: newPassword })).accessToken);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('an admin signs a user out everywhere from the Team page, after a confirmation; the user\'s browser is sent to sign in', { skip: BROWSER_SKIP }, async () => {
    const manager = await person('manager');
    const admin = await openContext(browser!);
    const member = await openContext(browser!, { expectedStatuses: [401] });
    try {
      await member.page.goto(`${server.url}/dashboard/products`);
      await signInOnPage(member.page, manager.email, manager.password);
      await member.page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      const phone = await appSignIn(manager);

      await admin.page.goto(`${server.url}/dashboard/team`);
      await signInOnPage(admin.page, merchant.email, merchant.password);
      const row = admin.page.locator('tr', { hasText: manager.email });
      await row.waitFor();
      await row.getByRole('button', { name: `Sign out ${manager.email} everywhere` }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), new RegExp(`${manager.email.replace('.', '\\.')} will be signed out on every app and browser`));
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await admin.page.waitForFunction('document.querySelectorAll("dialog[open]").length === 0');
      assert.equal((await phone.api.get('/v1/account')).status, 200, 'kept: nothing ended');

      await row.getByRole('button', { name: `Sign out ${manager.email} everywhere` }).click();
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await admin.page.getByRole('status').filter({ hasText: `${manager.email} has been signed out everywhere.` }).waitFor();
      assert.equal((await phone.api.get('/v1/account')).status, 401, "the manager's phone is signed out");
      assert.ok(await row.isVisible(), 'the user stays on the team');

      await member.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Customers' }).click();
      await member.page.waitForURL((url) => url.pathname === '/oauth/authorize');
      assertClean(admin, server.url);
      assertClean(member, server.url);
    } finally {
      await admin.context.close();
      await member.context.close();
    }
  });

  test('at 390 px phone width the Account and Team pages fit the screen and work from the menu', { skip: BROWSER_SKIP }, async () => {
    const phone = await openContext(browser!, PHONE);
    const { page } = phone;
    const other = await appSignIn(merchant);
    try {
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await page.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      const otherRow = page.locator(`tr[data-session-id="${other.id}"]`);
      await otherRow.waitFor();
      assert.equal(await scrollsSideways(page), false, 'the Account page does not scroll sideways');
      assert.ok(await page.getByRole('button', { name: 'Change password' }).isVisible());
      const button = otherRow.getByRole('button', { name: /^Sign out / });
      const box = await button.boundingBox();
      assert.ok(box !== null && box.x >= 0 && box.x + box.width <= PHONE.width, 'the sign-out button is on screen');
      await button.click();
      await otherRow.waitFor({ state: 'detached' });
      assert.equal((await other.api.get('/v1/account')).status, 401);

      await page.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Team' }).click();
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      const own = page.locator('tr', { hasText: merchant.email });
      await own.waitFor();
      assert.equal(await scrollsSideways(page), false, 'the Team page does not scroll sideways');
      await own.getByRole('button', { name: `Sign out ${merchant.email} everywhere` }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /this one included/);
      assert.equal(await scrollsSideways(page), false, 'the dialog fits the screen');
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the Team page has a name');
      assertClean(phone, server.url);
    } finally {
      await phone.context.close();
    }
  });
});
