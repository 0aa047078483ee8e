/**
 * The Orders page's export: with filters applied, "Export orders" and "Export line items" download
 * (the browser's own download, read from disk here) the CSV of exactly the orders the filters match;
 * a cashier, who may not read reports, has no such buttons.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/auth/users.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csvRows } from '../helpers/csv.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertStatus, capture, createOrder } from '../orders/support.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, signInOnPage } from './support.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

/** Clicks `button` and reads the file the browser downloads: its suggested name and its CSV. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), ...csvRows(await readFile(path, 'utf8')) };
}

describeEachBackend('exporting orders from the dashboard', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
  });

  test('the export buttons download the CSV of the orders the filters match, and a cashier has none', { skip: BROWSER_SKIP }, async () => {
    const { sandbox } = merchant;
    const tea = await createProduct(sandbox, { name: 'Tea', price: 300 });
    const cake = await createProduct(sandbox, { name: 'Cake, "lemon"', price: 450 });
    const paid: any[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1000);
      const order = await createOrder(sandbox, [[tea, i + 1], [cake, 1]], { notes: i === 0 ? '=1+1, with a comma' : null });
      if (i !== 1) paid.push(await capture(sandbox, order.id));
    }
    server.clock.advance(1000);
    const pending = await createOrder(sandbox, [[tea, 9]]);

    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.locator('table.rows tbody tr').nth(3).waitFor();
      await page.getByLabel('Status').selectOption('paid');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'paid');
      await page.locator('table.rows tbody tr').nth(2).waitFor({ state: 'detached' });

      const orders = await download(page, 'Export orders');
      assert.match(orders.name, /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      assert.deepEqual(orders.rows.map((r) => r.id), paid.map((o) => o.id).reverse(), 'the paid orders, newest first, and no other');
      assert.ok(!orders.rows.some((r) => r.id === pending.id));
      const first = orders.rows.find((r) => r.id === paid[0].id)!;
      assert.deepEqual([first.status, first.total, first.items_count, first.notes], ['paid', String(paid[0].total), '2', "'=1+1, with a comma"]);

      const lines = await download(page, 'Export line items');
      assert.match(lines.name, /^line-items-\d{4}-\d{2}-\d{2}\.csv$/);
      assert.deepEqual(
        lines.rows.map((r) => [r.order_id, r.name, r.quantity]),
        [...paid].reverse().flatMap((o) => o.items.map((item: any) => [o.id, item.name, String(item.quantity)])),
      );
      assert.ok(lines.rows.some((r) => r.name === 'Cake, "lemon"'));
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }

    // A cashier sees the orders but cannot export them (no reports:read), so is offered no button.
    const email = `cashier-${randomBase62(8).toLowerCase()}@example.com`;
    const password = `cashier password ${randomBase62(6)}`;
    await createUser(server.db, server.clock, { merchantId: merchant.merchantId, email, password, role: 'cashier' });
    const cashier = await openContext(browser!);
    try {
      await cashier.page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(cashier.page, email, password);
      await cashier.page.locator('table.rows tbody tr').nth(3).waitFor();
      assert.equal(await cashier.page.getByRole('button', { name: /^Export/ }).count(), 0);
      assertStatus(await sandbox.get('/v1/orders/export'), 200);
      assertClean(cashier, server.url);
    } finally {
      await cashier.context.close();
    }
  });
});
