/**
 * Editing a pending order in the dashboard: the order's page changes a line's quantity in place
 * (Edit Order), keeping each line's modifiers and own discount, and moves the stock.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, signInOnPage } from './support.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('editing a pending order in the dashboard', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server, { currency: 'USD' });
  });
  after(async () => {
    await server?.close();
  });

  test("a line's quantity changed on the order's page: the lines keep their modifiers and discounts, the stock moves", { skip: BROWSER_SKIP }, async () => {
    const latte = await merchant.sandbox.post('/v1/products', {
      name: 'Latte',
      price: 400,
      inventory: 10,
      modifier_groups: [{ name: 'Size', required: true, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 100 }] }],
    });
    assert.equal(latte.status, 201);
    const muffin = await merchant.sandbox.post('/v1/products', { name: 'Muffin', price: 300, inventory: 10 });
    assert.equal(muffin.status, 201);
    const large = latte.body.modifier_groups[0].options[1].id;
    const order = await merchant.sandbox.post('/v1/orders', {
      items: [
        { product_id: latte.body.id, quantity: 2, modifiers: [{ option_id: large }], discount: { type: 'percentage', percentage_bps: 1000, reason: 'regular' } },
        { product_id: muffin.body.id, quantity: 1 },
      ],
    });
    assert.equal(order.status, 201);
    assert.equal(order.body.total, 1000 - 100 + 300);

    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders/${order.body.id}`);
      await signInOnPage(page, merchant.email, merchant.password);
      const form = page.getByRole('form', { name: 'Change quantities' });
      await form.getByLabel('Latte').fill('3');
      await form.getByRole('button', { name: 'Save quantities' }).click();
      // 3 lattes at 5.00 less 10%, and a muffin.
      await page.locator('[data-figure="total"]', { hasText: '$16.50' }).waitFor();

      const edited = (await merchant.sandbox.get(`/v1/orders/${order.body.id}`)).body;
      assert.deepEqual(
        edited.items.map((line: any) => [line.name, line.quantity, line.unit_price, line.modifiers.map((m: any) => m.name), line.discount?.percentage_bps ?? null, line.discount?.reason ?? null]),
        [
          ['Latte', 3, 500, ['Large'], 1000, 'regular'],
          ['Muffin', 1, 300, [], null, null],
        ],
      );
      assert.equal((await merchant.sandbox.get(`/v1/products/${latte.body.id}`)).body.inventory, 7);
      assert.equal((await merchant.sandbox.get(`/v1/products/${muffin.body.id}`)).body.inventory, 9);
      assert.ok(watched.responses.some((r) => r.method === 'PATCH' && r.path === `/v1/orders/${order.body.id}` && r.status === 200));
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
