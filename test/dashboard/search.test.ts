/**
 * Search in the dashboard: the orders list finds an order by its number, the products list a product
 * by its SKU, the customers list a customer by phone, each through its search box, and the URL keeps
 * the search so that a reload or a shared link shows the same rows.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, signInOnPage } from './support.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

/** The texts of the first cell of each row of the page's list, once the list shows exactly `count` rows. */
async function firstCells(page: Page, count: number): Promise<string[]> {
  const rows = page.locator('table.rows tbody tr');
  await rows.nth(count - 1).waitFor();
  await rows.nth(count).waitFor({ state: 'detached' });
  return (await rows.locator('td:first-child').allInnerTexts()).map((text) => text.trim());
}

describeEachBackend('search in the dashboard', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
  });

  test('orders by number, products by SKU, customers by phone', { skip: BROWSER_SKIP }, async () => {
    const { sandbox } = merchant;
    const products = [];
    for (const [name, sku] of [['Espresso', 'ESP-1'], ['Latte', 'LAT-1'], ['Mocha', 'MOC-1']] as const) {
      products.push((await sandbox.post('/v1/products', { name, price: 300, sku, category: 'Coffee' })).body);
    }
    const numbers: number[] = [];
    for (const product of products) {
      numbers.push((await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).body.number);
    }
    await sandbox.post('/v1/customers', { name: 'Ada Lovelace', phone: '+44 20 7946 0958' });
    await sandbox.post('/v1/customers', { name: 'Grace Hopper', phone: '+1 555 0100' });

    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, merchant.email, merchant.password);
      assert.equal((await firstCells(page, 3)).length, 3);
      await page.getByRole('searchbox', { name: 'Search' }).fill(String(numbers[1]));
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === String(numbers[1]));
      const [order] = await firstCells(page, 1);
      assert.match(order!, new RegExp(`^#${numbers[1]} `));

      await page.goto(`${server.url}/dashboard/products`);
      assert.deepEqual(await firstCells(page, 3), ['Mocha', 'Latte', 'Espresso']);
      await page.getByRole('searchbox', { name: 'Search' }).fill('LAT-1');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'LAT-1');
      assert.deepEqual(await firstCells(page, 1), ['Latte']);
      assert.equal((await page.locator('table.rows tbody tr td[data-label="SKU"]').innerText()).trim(), 'LAT-1');
      await page.reload();
      assert.deepEqual(await firstCells(page, 1), ['Latte'], 'the search is kept in the URL');
      assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'LAT-1');
      await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-like-it');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('No products match').waitFor();

      await page.goto(`${server.url}/dashboard/customers`);
      assert.deepEqual(await firstCells(page, 2), ['Grace Hopper', 'Ada Lovelace']);
      await page.getByRole('searchbox', { name: 'Search' }).fill('+44 20');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      assert.deepEqual(await firstCells(page, 1), ['Ada Lovelace']);
      assert.equal((await page.locator('table.rows tbody tr td[data-label="Phone"]').innerText()).trim(), '+442079460958');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
