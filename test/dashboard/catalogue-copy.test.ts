/**
 * The Products page's "Copy sandbox catalogue" in Chromium against the real server: offered in
 * production only, it copies the sandbox products and says how many; a second click copies nothing
 * and says they are already there.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, signInOnPage, unlabelledControls } from './support.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('Copy sandbox catalogue in Chromium', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    await server?.close();
  });

  test('in production, the button copies the sandbox products once and says what it did', { skip: BROWSER_SKIP }, async () => {
    const shop = await createTestMerchant(server);
    await createProduct(shop.sandbox, { name: 'Espresso', price: 250, inventory: 30 });
    await createProduct(shop.sandbox, { name: 'Latte', price: 380 });
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/products`);
      await signInOnPage(page, shop.email, shop.password);
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByRole('cell', { name: 'Espresso', exact: true }).waitFor();
      assert.equal(await page.getByText(/Copy the sandbox catalogue/).count(), 0, 'not offered in the sandbox');

      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.getByText('No products yet').waitFor();
      assert.match(await page.locator('[data-empty]').innerText(), /Copy the sandbox catalogue/, 'the empty production list points at the copy');
      await page.getByText('Copy the sandbox catalogue', { exact: true }).click();
      assert.deepEqual(await unlabelledControls(page), [], 'every control has a name');
      await page.getByRole('button', { name: 'Copy sandbox catalogue' }).click();
      await page.getByRole('status').filter({ hasText: '2 products copied.' }).waitFor();
      await page.getByRole('cell', { name: 'Latte', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'Espresso', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Copy sandbox catalogue' }).click();
      await page.getByRole('status').filter({ hasText: '0 products copied, 2 already there.' }).waitFor();

      const production = (await shop.production.get('/v1/products')).body.data;
      assert.deepEqual(production.map((p: any) => [p.name, p.inventory]).sort(), [['Espresso', 0], ['Latte', null]], 'one copy each, tracked stock at 0');
      assert.deepEqual(
        watched.responses.filter((r) => r.path === '/v1/products/copy_from_sandbox').map((r) => `${r.method} ${r.status}`),
        ['POST 200', 'POST 200'],
      );
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
