/**
 * The dashboard's Settings page in Chromium against the real server: an admin finds it in the menu,
 * changes the shop's settings, sees a refused field's message under that field (the currency once
 * there are orders, a bad country, a bad tax rate caught before sending) and the save announced; a
 * manager is not offered it. At desktop and phone width.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/auth/users.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { createOrder } from '../orders/support.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, scrollsSideways, signInOnPage, unlabelledControls } from './support.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('the Settings page in Chromium', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    await server?.close();
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`an admin changes the settings, with errors shown by the field and the save announced (${viewport.width} px)`, { skip: BROWSER_SKIP }, async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 825 });
      const watched = await openContext(browser!, { ...viewport, expectedStatuses: [400] });
      const { page } = watched;
      try {
        await page.goto(`${server.url}/dashboard/orders`);
        await signInOnPage(page, shop.email, shop.password);
        await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
        if (viewport.width < 600) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings', exact: true }).click();
        await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
        await page.getByLabel('Shop name').waitFor();
        assert.equal(await page.getByLabel('Shop name').inputValue(), 'Test Shop');
        assert.equal(await page.getByLabel('Currency').inputValue(), 'USD');
        assert.equal(await page.getByLabel('Tax rate (%)').inputValue(), '8.25');
        assert.deepEqual(await unlabelledControls(page), [], 'every control of the Settings page has a name');
        assert.equal(await scrollsSideways(page), false, 'the page fits the width');

        // A tax rate that is not one is caught before anything is sent.
        await page.getByLabel('Tax rate (%)').fill('8.255');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.locator('#settings-taxRate-error', { hasText: 'at most two decimals' }).waitFor();
        assert.equal(await page.getByLabel('Tax rate (%)').getAttribute('aria-invalid'), 'true');
        assert.deepEqual(watched.responses.filter((r) => r.method === 'PATCH'), [], 'nothing was sent');

        // The API's refusal of one field is shown under that field.
        await page.getByLabel('Tax rate (%)').fill('10');
        await page.getByLabel('Country').fill('XX');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.locator('#settings-country-error', { hasText: 'ISO 3166-1 alpha-2' }).waitFor();
        assert.equal(await page.locator('#settings-taxRate-error').count(), 0, 'the earlier error is gone');

        // Every field saved; the save is announced and the API answers the new settings.
        await page.getByLabel('Shop name').fill('Corner Café');
        await page.getByLabel('Address line 1').fill('1 Rue de Rivoli');
        await page.getByLabel('City').fill('Paris');
        await page.getByLabel('Country').fill('fr');
        await page.getByLabel('Tax id').fill('FR12345678901');
        await page.getByLabel('Receipt footer').fill('Merci !');
        await page.getByLabel(/Prices include tax/).check();
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
        assert.equal(await page.getByLabel('Country').inputValue(), 'FR');
        const saved = (await shop.sandbox.get('/v1/merchant')).body;
        assert.deepEqual(
          [saved.name, saved.tax_rate_bps, saved.prices_include_tax, saved.address.line1, saved.address.city, saved.address.country, saved.tax_id, saved.receipt_footer],
          ['Corner Café', 1000, true, '1 Rue de Rivoli', 'Paris', 'FR', 'FR12345678901', 'Merci !'],
        );

        // Once there is an order, a new currency is refused under the Currency field.
        const product = await createProduct(shop.production, { price: 300 });
        await createOrder(shop.production, [[product, 1]]);
        await page.getByLabel('Currency').fill('EUR');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.locator('#settings-currency-error', { hasText: 'already has orders' }).waitFor();
        assert.equal(await page.getByLabel('Currency').getAttribute('aria-invalid'), 'true');
        assert.equal((await shop.sandbox.get('/v1/merchant')).body.currency, 'USD');
        assertClean(watched, server.url);
      } finally {
        await watched.context.close();
      }
    });
  }

  test('a manager is not offered Settings, and its address says there is no access', { skip: BROWSER_SKIP }, async () => {
    const shop = await createTestMerchant(server);
    const email = `manager-${randomBase62(8).toLowerCase()}@example.com`;
    const password = `manager password ${randomBase62(6)}`;
    await createUser(server.db, server.clock, { merchantId: shop.merchantId, email, password, role: 'manager' });
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, email, password);
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      assert.equal(await nav.getByRole('link', { name: 'Settings', exact: true }).count(), 0);
      await page.goto(`${server.url}/dashboard/settings/shop`);
      await page.getByRole('heading', { name: "You don't have access to this page", level: 1 }).waitFor();
      assert.equal(await page.getByLabel('Shop name').count(), 0);
      assert.deepEqual(watched.responses.filter((r) => r.path === '/v1/merchant'), [], 'the page does not ask');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
