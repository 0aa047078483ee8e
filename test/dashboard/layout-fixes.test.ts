/**
 * The dashboard fixes of issue 29, in Chromium: Home's height is its content's (the screen-reader
 * table of the chart takes no room), the header is one line at 1280 pixels, lists are two-line rows
 * at 390 pixels with nothing scrolling sideways, the chart has both axes and reads out a bar, the
 * date range changes the report asked for, fields with a hint stay in line with their neighbours,
 * and every list of an empty merchant says what would appear and how to make the first one.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, scrollsSideways, signInOnPage } from './support.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

/** Moves to a dashboard page in place, as a click on a link does. */
async function go(page: Page, path: string, heading: string): Promise<void> {
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
}

describeEachBackend('the dashboard fixes of issue 29 in Chromium', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    await server?.close();
  });

  async function shopWithSales(): Promise<TestMerchant> {
    const merchant = await createTestMerchant(server, { currency: 'EUR' });
    const product = await merchant.sandbox.post('/v1/products', { name: 'Oat flat white, extra hot', price: 1_250, inventory: 40 });
    const customer = await merchant.sandbox.post('/v1/customers', { name: 'Ada Lovelace with a rather long name', email: 'ada.lovelace@example.com' });
    const order = await merchant.sandbox.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 2 }], customer_id: customer.body.id });
    await merchant.sandbox.post(`/v1/orders/${order.body.id}/capture`, { payment_token: 'tok_visa' });
    return merchant;
  }

  test('at 1280 px Home is as tall as its content, the header is one line, the chart has axes and reads out a bar, and the range changes the report asked for', { skip: BROWSER_SKIP }, async () => {
    const merchant = await shopWithSales();
    const watched = await openContext(browser!, { width: 1280, height: 800 });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
      await page.locator('svg.chart').waitFor();

      // The document ends where the page's content does (it was ~900 px taller: the table behind the chart).
      const [documentHeight, contentBottom] = (await page.evaluate(
        `[document.documentElement.scrollHeight, document.querySelector('main').getBoundingClientRect().bottom + scrollY]`,
      )) as [number, number];
      assert.ok(documentHeight <= Math.max(800, contentBottom) + 2, `the document (${documentHeight} px) ends with main (${contentBottom} px)`);
      // The figures stay in the table for screen readers.
      assert.equal(await page.getByRole('table', { name: 'Sales by hour' }).locator('tbody tr').count(), 24);

      // The header: every part on one line.
      const tops = (await page.evaluate(
        `[...document.querySelectorAll('header.top .brand, header.top .mode, header.top .nav li, header.top .who')].map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))`,
      )) as number[];
      assert.ok(tops.length >= 10, 'the brand, the mode switch, the links and the user');
      assert.ok(Math.max(...tops) - Math.min(...tops) <= 4, `the header is one line (centres at ${tops.join(', ')})`);

      // The axes: amounts in euros on y, hours on x; a bar read out when focused and when pointed at.
      const yLabels = await page.locator('svg.chart text.y-label').allTextContents();
      assert.ok(yLabels.length >= 2 && yLabels.every((label) => label.startsWith('€')), `the y axis is in euros: ${yLabels.join(' ')}`);
      assert.equal(yLabels[0], '€0.00');
      const xLabels = await page.locator('svg.chart text.x-label').allTextContents();
      assert.ok(xLabels.includes('00:00') && xLabels.includes('12:00'), `the x axis is in hours: ${xLabels.join(' ')}`);
      const heights = await page.locator('svg.chart rect.bar').evaluateAll((bars) => bars.map((bar) => bar.getAttribute('height') ?? ''));
      const paidHour = heights.findIndex((height) => height !== '0');
      await page.locator('svg.chart rect.slot').nth(paidHour).focus();
      assert.match(await page.locator('.chart-readout').innerText(), /^\d\d:00 €25\.00 from 1 order$/);
      await page.locator('svg.chart rect.slot').first().hover();
      assert.match(await page.locator('.chart-readout').innerText(), /^00:00 €0\.00 from 0 orders$/);

      // The range: the last 7 days asks for 7 UTC days by day; a custom range asks for its dates.
      const asked = () => watched.requests.filter((url) => new URL(url).pathname === '/v1/reports/sales').map((url) => Object.fromEntries(new URL(url).searchParams));
      assert.equal(asked().at(-1)!.interval, 'hour');
      await page.getByLabel('Range').selectOption('7d');
      await page.getByRole('heading', { name: 'Last 7 days', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Sales by day' }).waitFor();
      const today = new Date().toISOString().slice(0, 10);
      const weekAgo = new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      assert.deepEqual(asked().at(-1), { from: weekAgo, to: today, interval: 'day' });
      assert.equal(await page.locator('svg.chart rect.bar').count(), 7);
      assert.equal(await page.locator('[data-figure="sales"]').innerText(), '€25.00');
      assert.equal(new URL(page.url()).search, '?range=7d', 'the range is in the address');

      await page.getByLabel('Range').selectOption('custom');
      await page.getByLabel('From').fill('2026-01-01');
      await page.getByLabel('To (included)').fill('2026-03-01');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByRole('alert').filter({ hasText: 'A report covers at most 31 days.' }).waitFor();
      const before = asked().length;
      await page.getByLabel('To (included)').fill('2026-01-10');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByRole('heading', { name: '2026-01-01 to 2026-01-10', level: 1 }).waitFor();
      await page.locator('[data-figure="sales"]').waitFor();
      assert.deepEqual(asked().slice(before), [{ from: '2026-01-01', to: '2026-01-10', interval: 'day' }], 'one request, for the chosen dates, none for the refused range');
      assert.equal(await page.locator('[data-figure="sales"]').innerText(), '€0.00');
      assert.equal(await page.locator('svg.chart rect.bar').count(), 10);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('a field with a hint stays in line with its neighbours', { skip: BROWSER_SKIP }, async () => {
    const merchant = await createTestMerchant(server);
    const watched = await openContext(browser!, { width: 1280, height: 800 });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/products`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByText('Add a product', { exact: true }).click();
      const inputs = ['Name', 'Price (USD)', 'Stock'].map((label) => page.getByLabel(label, { exact: true }));
      const tops = await Promise.all(inputs.map(async (input) => Math.round((await input.boundingBox())!.y)));
      assert.equal(new Set(tops).size, 1, `the inputs line up (tops ${tops.join(', ')})`);
      // The button follows the last field (Category), in its row.
      const add = await page.getByRole('button', { name: 'Add product' }).boundingBox();
      const last = await page.locator('#product-category').boundingBox();
      assert.ok(Math.abs(add!.y + add!.height / 2 - (last!.y + last!.height / 2)) <= 4, 'the button is level with the inputs');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('at 390 px the lists are two-line rows and nothing scrolls sideways', { skip: BROWSER_SKIP }, async () => {
    const merchant = await shopWithSales();
    const phone = await openContext(browser!, { width: 390, height: 844 });
    const { page } = phone;
    try {
      await page.goto(`${server.url}/dashboard`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
      assert.equal(await scrollsSideways(page), false, 'Home does not scroll sideways');
      for (const [path, heading] of [
        ['/dashboard/orders', 'Orders'],
        ['/dashboard/products', 'Products'],
        ['/dashboard/customers', 'Customers'],
        ['/dashboard/settings/api-keys', 'API keys'],
      ] as const) {
        await go(page, path, heading);
        const row = page.locator('table.rows tbody tr').first();
        await row.waitFor();
        assert.equal(await scrollsSideways(page), false, `${path}: the page does not scroll sideways`);
        const wrap = (await page.evaluate(`(() => { const el = document.querySelector('.table-wrap'); return [el.scrollWidth, el.clientWidth]; })()`)) as [number, number];
        assert.ok(wrap[0] <= wrap[1], `${path}: the list does not scroll sideways inside`);
        if (path === '/dashboard/settings/api-keys') continue;
        // Two lines of text: what the row is (and its amount), then the rest; a row's buttons below them.
        const lines = (await page.evaluate(
          `new Set([...document.querySelectorAll('table.rows tbody tr:first-child td:not(.row-actions)')].filter((td) => td.getClientRects().length > 0).map((td) => Math.round(td.getBoundingClientRect().top / 8))).size`,
        )) as number;
        assert.ok(lines <= 2, `${path}: a row is two lines (${lines})`);
        if (path !== '/dashboard/products') assert.ok((await row.boundingBox())!.height < 80, `${path}: a row is compact`);
      }
      assertClean(phone, server.url);
    } finally {
      await phone.context.close();
    }
  });

  test('every list of a new merchant says what would appear there and how to make the first one', { skip: BROWSER_SKIP }, async () => {
    const merchant = await createTestMerchant(server);
    const watched = await openContext(browser!, { width: 1280, height: 800 });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, merchant.email, merchant.password);
      const lists: [string, string, string, RegExp][] = [
        ['/dashboard/orders', 'Orders', 'No orders yet', /sandbox API key/],
        ['/dashboard/products', 'Products', 'No products yet', /Add a product/],
        ['/dashboard/customers', 'Customers', 'No customers yet', /Add a customer/],
        ['/dashboard/webhooks', 'Webhooks', 'No webhook endpoints yet', /Add an endpoint/],
      ];
      for (const [path, heading, title, how] of lists) {
        await go(page, path, heading);
        const empty = page.locator('[data-empty]');
        await empty.getByRole('heading', { name: title }).waitFor();
        assert.match(await empty.innerText(), how, `${path}: says how to make the first one`);
        assert.equal(await page.locator('table').count(), 0, `${path}: no empty table`);
      }
      await go(page, '/dashboard/orders?status=refunded', 'Orders');
      await page.locator('[data-empty]').getByRole('heading', { name: 'No orders match these filters' }).waitFor();
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
