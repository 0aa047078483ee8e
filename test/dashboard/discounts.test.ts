/**
 * Discounts in the dashboard: the order page shows a line's discount and the order's discount code
 * with the figures the API computed, and a refund of items states the amount pro-rated with the
 * discounts, as the server then refunds it. An order with a modifier and a discount, paid with a tip
 * entered at capture, shows all three. The Discount codes page lists codes, adds one and
 * deactivates one.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, scrollsSideways, signInOnPage } from './support.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('discounts in the dashboard', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 1000 });
  });
  after(async () => {
    await server?.close();
  });

  test('an order with a line discount and a code shows them and the right totals; a refund of items states the pro-rated amount', { skip: BROWSER_SKIP }, async () => {
    const api = merchant.sandbox;
    const teapot = (await api.post('/v1/products', { name: 'Teapot', price: 1000 })).body;
    const cup = (await api.post('/v1/products', { name: 'Cup', price: 333 })).body;
    assert.equal((await api.post('/v1/discount_codes', { code: 'WELCOME10', type: 'percentage', percentage_bps: 1000, reason: 'Welcome' })).status, 201);
    const created = await api.post('/v1/orders', {
      items: [
        { product_id: teapot.id, quantity: 3, discount: { type: 'percentage', percentage_bps: 2500, reason: 'Damaged box' } },
        { product_id: cup.id, quantity: 2 },
      ],
      discount_code: 'welcome10',
    });
    assert.equal(created.status, 201);
    const order = created.body;
    // Teapots 3000 less 25% (750) = 2250, cups 666: base 2916; the code's 10% is 292 (291.6), shared 225 and 67.
    assert.deepEqual([order.discount_total, order.subtotal, order.tax, order.total], [1042, 2624, 262, 2886]);

    const watched = await openContext(browser!, { width: 390, height: 900 });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders/${order.id}`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
      assert.equal((await page.locator('[data-line-discount]').innerText()).trim(), '25% off · Damaged box');
      const codeRow = page.locator('[data-order-discount]');
      assert.equal(await codeRow.count(), 1);
      assert.match(await codeRow.innerText(), /Order discount: 10% off · code WELCOME10 · Welcome\s+-\$2\.92/);
      assert.equal(await page.locator('[data-figure="discount_total"]').innerText(), '-$10.42');
      assert.equal(await page.locator('[data-figure="subtotal"]').innerText(), '$26.24');
      assert.equal(await page.locator('[data-figure="tax"]').innerText(), '$2.62');
      assert.equal(await page.locator('[data-figure="total"]').innerText(), '$28.86');
      assert.equal(await scrollsSideways(page), false, 'the page fits a phone screen');

      await page.getByRole('button', { name: 'Capture payment of $28.86' }).click();
      await page.getByRole('dialog', { name: 'Charge $28.86?' }).getByRole('button', { name: 'Charge $28.86' }).click();
      await page.locator('.badge', { hasText: 'Paid' }).waitFor();

      // One teapot back: its net 2025 over 3 units is 675, plus 67 of tax (675 * 262 / 2624).
      await page.getByLabel('Chosen items').check();
      await page.getByLabel('Teapot: units to refund (of 3 left)').fill('1');
      await page.getByRole('button', { name: 'Refund…' }).click();
      await page.getByRole('dialog', { name: 'Refund $7.42?' }).getByRole('button', { name: 'Refund $7.42' }).click();
      await page.locator('.badge', { hasText: 'Partially refunded' }).waitFor();
      const after = (await api.get(`/v1/orders/${order.id}`)).body;
      assert.deepEqual(after.refunds.map((r: any) => r.amount), [742]);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('an order with a modifier and a line discount shows both; a tip entered at capture is charged, shown and not taxed', { skip: BROWSER_SKIP }, async () => {
    const api = merchant.sandbox;
    const latte = await api.post('/v1/products', {
      name: 'Latte',
      price: 400,
      modifier_groups: [{ name: 'Milk', required: false, max_selected: 1, options: [{ name: 'Oat milk', price_delta: 50 }] }],
    });
    assert.equal(latte.status, 201);
    const oat = latte.body.modifier_groups[0].options[0].id;
    const created = await api.post('/v1/orders', {
      items: [{ product_id: latte.body.id, quantity: 2, modifiers: [{ option_id: oat }], discount: { type: 'amount', amount: 100, reason: 'Staff' } }],
    });
    assert.equal(created.status, 201);
    const order = created.body;
    // 2 x (400 + 50) = 900, less 100 = 800, 10% tax 80: 880; a tip of 1.50 makes 1030, the tax unchanged.
    assert.deepEqual([order.items[0].unit_price, order.discount_total, order.subtotal, order.tax, order.total], [450, 100, 800, 80, 880]);

    const watched = await openContext(browser!, { width: 1280, height: 900 });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders/${order.id}`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
      assert.deepEqual(await page.getByRole('list', { name: 'Latte modifiers' }).locator('li').allTextContents(), ['Oat milk +0.50']);
      assert.equal((await page.locator('[data-line-discount]').innerText()).trim(), '$1.00 off · Staff');
      assert.equal(await page.locator('[data-figure="total"]').innerText(), '$8.80');

      await page.getByLabel('Tip (optional)').fill('abc');
      await page.getByRole('button', { name: 'Capture payment of $8.80' }).click();
      await page.getByRole('alert').filter({ hasText: 'Enter the tip as an amount' }).waitFor();
      await page.getByLabel('Tip (optional)').fill('1.50');
      await page.getByRole('button', { name: 'Capture payment of $10.30' }).click();
      const dialog = page.getByRole('dialog', { name: 'Charge $10.30?' });
      assert.match(await dialog.innerText(), /a tip of \$1\.50 included \(not taxed\)/);
      await dialog.getByRole('button', { name: 'Charge $10.30' }).click();
      await page.locator('.badge', { hasText: 'Paid' }).waitFor();
      assert.equal(await page.locator('[data-figure="tip"] td').first().innerText(), '$1.50');
      assert.equal(await page.locator('[data-figure="tax"]').innerText(), '$0.80');
      assert.equal(await page.locator('[data-figure="total"]').innerText(), '$10.30');
      const paid = (await api.get(`/v1/orders/${order.id}`)).body;
      assert.deepEqual([paid.tip, paid.tax, paid.total, paid.status], [150, 80, 1030, 'paid']);
      assert.equal(await scrollsSideways(page), false, 'the page fits the width');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('the Discount codes page adds a code from the form, lists it, and deactivates it', { skip: BROWSER_SKIP }, async () => {
    const shop = await createTestMerchant(server, { currency: 'USD' });
    const watched = await openContext(browser!, { width: 390, height: 900 });
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/discount-codes`);
      await signInOnPage(page, shop.email, shop.password);
      await page.locator('[data-empty]').getByRole('heading', { name: 'No discount codes yet' }).waitFor();

      await page.locator('summary', { hasText: 'Add a discount code' }).click();
      await page.getByLabel('Code', { exact: true }).fill('spring-5');
      await page.getByLabel('Kind').selectOption('amount');
      await page.getByLabel('Amount off (USD)').fill('5');
      await page.getByLabel('Limit of orders').fill('3');
      await page.getByRole('button', { name: 'Add discount code' }).click();
      const row = page.locator('[data-discount-code="SPRING-5"]');
      await row.waitFor();
      assert.match(await row.innerText(), /\$5\.00 off/);
      assert.match(await row.innerText(), /0 of 3/);
      const [saved] = (await shop.sandbox.get('/v1/discount_codes')).body.data;
      assert.deepEqual([saved.code, saved.type, saved.amount, saved.max_redemptions, saved.active], ['SPRING-5', 'amount', 500, 3, true]);
      assert.equal(await scrollsSideways(page), false, 'the page fits a phone screen');

      await row.getByRole('button', { name: 'Deactivate SPRING-5' }).click();
      await page.getByRole('dialog', { name: 'Deactivate this code?' }).getByRole('button', { name: 'Deactivate' }).click();
      await row.getByText('Inactive').waitFor();
      assert.equal((await shop.sandbox.get(`/v1/discount_codes/${saved.id}`)).body.active, false);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
