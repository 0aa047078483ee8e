/**
 * Modifiers in the dashboard: an order's page shows each line's modifiers ("Oat milk +0.50"), and the
 * products page shows a product's modifier groups under its name.
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

describeEachBackend('modifiers in the dashboard', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server, { currency: 'USD' });
  });
  after(async () => {
    await server?.close();
  });

  test("an order's page shows each line's modifiers, and the products page each product's groups", { skip: BROWSER_SKIP }, async () => {
    const created = await merchant.sandbox.post('/v1/products', {
      name: 'Flat white',
      price: 400,
      modifier_groups: [
        { name: 'Size', required: true, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 50 }] },
        { name: 'Milk', max_selected: 1, options: [{ name: 'Oat milk', price_delta: 50 }, { name: 'Skimmed', price_delta: -10 }] },
      ],
    });
    assert.equal(created.status, 201);
    const option = new Map<string, string>(created.body.modifier_groups.flatMap((g: any) => g.options.map((o: any) => [o.name, o.id])));
    const order = await merchant.sandbox.post('/v1/orders', {
      items: [
        { product_id: created.body.id, quantity: 2, modifiers: [{ option_id: option.get('Large') }, { option_id: option.get('Oat milk') }] },
        { product_id: created.body.id, quantity: 1, modifiers: [{ option_id: option.get('Small') }, { option_id: option.get('Skimmed') }] },
      ],
    });
    assert.equal(order.status, 201);

    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/orders/${order.body.id}`);
      await signInOnPage(page, merchant.email, merchant.password);
      const lists = page.getByRole('list', { name: 'Flat white modifiers' });
      await lists.first().waitFor();
      assert.deepEqual(await lists.evaluateAll((els) => els.map((el) => [...el.querySelectorAll('li')].map((li) => li.textContent))), [
        ['Large +0.50', 'Oat milk +0.50'],
        ['Small', 'Skimmed \u22120.10'],
      ]);
      const rows = page.locator('table.items tbody tr');
      assert.match((await rows.nth(0).textContent()) ?? '', /\$5\.00.*\$10\.00/);

      await page.goto(`${server.url}/dashboard/products`);
      const groups = page.getByRole('list', { name: 'Flat white modifier groups' });
      await groups.waitFor();
      assert.deepEqual(await groups.locator('li').allTextContents(), ['Size (required, choose 1): Small, Large +0.50', 'Milk (optional, up to 1): Oat milk +0.50, Skimmed \u22120.10']);

      // The editor: a new group with one option; the existing groups keep their ids and options.
      await page.getByRole('button', { name: 'Edit Flat white' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Flat white' });
      assert.equal(await dialog.getByLabel('Group name').first().inputValue(), 'Size');
      await dialog.getByRole('button', { name: 'Add group' }).click();
      await dialog.getByLabel('Group name').nth(2).fill('Syrup');
      await dialog.locator('#group-2-option-0-name').fill('Vanilla');
      await dialog.locator('#group-2-option-0-delta').fill('0.30');
      await dialog.locator('#group-1-option-1-delta').fill('-0.20');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('list', { name: 'Flat white modifier groups' }).locator('li', { hasText: 'Syrup' }).waitFor();
      const saved = (await merchant.sandbox.get(`/v1/products/${created.body.id}`)).body;
      assert.deepEqual(
        saved.modifier_groups.map((g: any) => [g.id, g.name, g.required, g.min_selected, g.max_selected, g.options.map((o: any) => [o.id, o.name, o.price_delta])]),
        [
          ...created.body.modifier_groups.slice(0, 1).map((g: any) => [g.id, 'Size', true, 1, 1, g.options.map((o: any) => [o.id, o.name, o.price_delta])]),
          [created.body.modifier_groups[1].id, 'Milk', false, 0, 1, [[option.get('Oat milk'), 'Oat milk', 50], [option.get('Skimmed'), 'Skimmed', -20]]],
          [saved.modifier_groups[2].id, 'Syrup', false, 0, 1, [[saved.modifier_groups[2].options[0].id, 'Vanilla', 30]]],
        ],
      );
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
