/**
 * Money in the dashboard: nothing is charged or refunded without a confirmation that states the
 * amount in the shop's currency, the API's refusals are shown in that currency too, and live mode
 * says what can be done when there is no card to charge. Every page fits a 390-pixel phone screen.
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

/**
 * Controls drawn even partly outside the viewport's width, and elements that scroll sideways inside
 * the page (a table in a scrolling box hides its last columns without the page itself scrolling).
 * The skip link is left out: it waits off screen until it has the keyboard focus, by design.
 * Evaluated as text: the tests compile without the DOM types.
 */
function offScreen(page: Page): Promise<{ outside: string[]; scrolling: string[] }> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el) => el.outerHTML.slice(0, 120);
    const outside = [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button, a')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('dialog:not([open])') && !el.matches('a.skip'))
      .filter((el) => { const box = el.getBoundingClientRect(); return box.left < -0.5 || box.right > width + 0.5; })
      .map(describe);
    const scrolling = [...document.querySelectorAll('body *')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .map(describe);
    return { outside, scrolling };
  })()`) as Promise<{ outside: string[]; scrolling: string[] }>;
}

describeEachBackend('money in the dashboard', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 0 });
  });
  after(async () => {
    await server?.close();
  });

  async function paidOrder(price: number): Promise<string> {
    const product = await merchant.sandbox.post('/v1/products', { name: 'Gift card', price });
    const order = await merchant.sandbox.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }] });
    await merchant.sandbox.post(`/v1/orders/${order.body.id}/capture`, { payment_token: 'tok_visa' });
    return order.body.id;
  }

  test('a capture and a refund both wait for a confirmation; declining it changes nothing', { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      const product = await merchant.sandbox.post('/v1/products', { name: 'Teapot', price: 2_500 });
      const order = await merchant.sandbox.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }] });
      await page.goto(`${server.url}/dashboard/orders/${order.body.id}`);
      await signInOnPage(page, merchant.email, merchant.password);

      await page.getByRole('button', { name: 'Capture payment of $25.00' }).click();
      const charge = page.getByRole('dialog', { name: 'Charge $25.00?' });
      await charge.getByRole('button', { name: 'Keep it' }).click();
      await charge.waitFor({ state: 'hidden' });
      assert.equal((await merchant.sandbox.get(`/v1/orders/${order.body.id}`)).body.status, 'pending', 'declined: nothing captured');

      await page.getByRole('button', { name: 'Capture payment of $25.00' }).click();
      await charge.getByRole('button', { name: 'Charge $25.00' }).click();
      await page.locator('.badge', { hasText: 'Paid' }).waitFor();

      await page.getByLabel('Everything left ($25.00)').check();
      await page.getByRole('button', { name: 'Refund…' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund $25.00?' });
      await refund.getByRole('button', { name: 'Keep it' }).click();
      await refund.waitFor({ state: 'hidden' });
      assert.equal((await merchant.sandbox.get(`/v1/orders/${order.body.id}`)).body.refunded_amount, 0, 'declined: nothing refunded');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test("an amount is typed in dollars and converted exactly; the API's refusal is shown in dollars, from the order as it is now", { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!, { expectedStatuses: [400] });
    const { page } = watched;
    try {
      const orderId = await paidOrder(893);
      await page.goto(`${server.url}/dashboard/orders/${orderId}`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByText('$8.93 left to refund.').waitFor();

      // Typing 100 means one hundred dollars, refused before anything is sent.
      await page.getByLabel('Amount to refund (USD)').fill('100');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const alert = page.locator('.panel', { hasText: 'left to refund' }).getByRole('alert');
      assert.equal(await alert.innerText(), 'Enter an amount from $0.01 to $8.93, what is left to refund.');

      // Meanwhile the shop refunds $5.00 elsewhere; the page still shows $8.93 left.
      await merchant.sandbox.post(`/v1/orders/${orderId}/refund`, { amount: 500 });
      await page.getByLabel('Amount to refund (USD)').fill('4.10');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund $4.10?' });
      await dialog.getByRole('button', { name: 'Refund $4.10' }).click();
      const refused = dialog.getByRole('alert');
      await refused.waitFor();
      assert.equal(await refused.innerText(), 'The refund must be from $0.01 to $3.93, what is left to refund on this order now.');
      assert.equal((await merchant.sandbox.get(`/v1/orders/${orderId}`)).body.refunded_amount, 500, 'the refused refund changed nothing');

      // 3.93 typed is 393 cents exactly.
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await page.getByLabel('Amount to refund (USD)').fill('3.93');
      await page.getByRole('button', { name: 'Refund…' }).click();
      await page.getByRole('dialog', { name: 'Refund $3.93?' }).getByRole('button', { name: 'Refund $3.93' }).click();
      await page.locator('.badge', { hasText: 'Refunded' }).waitFor();
      assert.equal((await merchant.sandbox.get(`/v1/orders/${orderId}`)).body.refunded_amount, 893);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('a tipped order shows its tip line; returning every item offers the goods back, not the tip', { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      const product = await merchant.sandbox.post('/v1/products', { name: 'Espresso', price: 2_500 });
      const order = await merchant.sandbox.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }] });
      const paid = await merchant.sandbox.post(`/v1/orders/${order.body.id}/capture`, { payment_token: 'tok_visa', tip: { amount: 300 } });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      await page.goto(`${server.url}/dashboard/orders/${order.body.id}`);
      await signInOnPage(page, merchant.email, merchant.password);
      const tip = page.locator('tr[data-figure="tip"]');
      await tip.waitFor();
      assert.equal((await tip.innerText()).replace(/\s+/g, ' ').trim(), 'Tip $3.00');
      assert.equal(await page.locator('[data-figure="total"]').innerText(), '$28.00');

      await page.getByLabel('Chosen items').check();
      await page.getByLabel('Espresso: units to refund (of 1 left)').fill('1');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund $25.00?' });
      await dialog.getByRole('button', { name: 'Refund $25.00' }).click();
      await page.locator('.badge', { hasText: 'Partially refunded' }).waitFor();
      assert.equal((await merchant.sandbox.get(`/v1/orders/${order.body.id}`)).body.refunded_amount, 2_500);
      await page.getByText('$3.00 left to refund.').waitFor();

      const untipped = await paidOrder(700);
      await page.goto(`${server.url}/dashboard/orders/${untipped}`);
      await page.getByText('$7.00 left to refund.').waitFor();
      assert.equal(await page.locator('tr[data-figure="tip"]').count(), 0, 'no tip line without a tip');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('in live mode a card order offers no token box and says what can be done instead', { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      const product = await merchant.production.post('/v1/products', { name: 'Live teapot', price: 3_000 });
      const order = await merchant.production.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }], payment_method: 'card' });
      await page.goto(`${server.url}/dashboard/orders`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.locator(`[data-order-id="${order.body.id}"]`).getByRole('link').click();
      const note = page.locator('[data-note="live-card"]');
      await note.waitFor();
      assert.match(await note.innerText(), /switch on Test mode/);
      assert.match(await note.innerText(), /cash/);
      assert.doesNotMatch(await page.locator('main').innerText(), /sk_test_|sandbox key/);
      assert.equal(await page.getByLabel('Payment token').count(), 0, 'no free-text token box');
      assert.equal(await page.getByRole('button', { name: /Capture payment/ }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 1, 'the order can still be canceled');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('at 390 pixels every page keeps its controls on screen and nothing scrolls sideways', { skip: BROWSER_SKIP }, async () => {
    const phone = await openContext(browser!, { width: 390, height: 844 });
    const { page } = phone;
    try {
      const orderId = await paidOrder(1_250);
      const orderNumber = (await merchant.sandbox.get(`/v1/orders/${orderId}`)).body.number;
      const customer = await merchant.sandbox.post('/v1/customers', { name: 'Ada Lovelace with a rather long name', email: 'ada.lovelace@example.com' });
      await merchant.sandbox.post('/v1/orders', {
        items: [{ product_id: (await merchant.sandbox.post('/v1/products', { name: 'Oat flat white, extra hot', price: 480 })).body.id, quantity: 3 }],
        customer_id: customer.body.id,
      });
      const pages: [string, string][] = [
        ['/dashboard', 'Today'],
        ['/dashboard/orders', 'Orders'],
        [`/dashboard/orders/${orderId}`, `Order #${orderNumber}`],
        ['/dashboard/products', 'Products'],
        ['/dashboard/customers', 'Customers'],
        [`/dashboard/customers/${customer.body.id}`, 'Ada Lovelace with a rather long name'],
        ['/dashboard/settings/api-keys', 'API keys'],
      ];
      await page.goto(`${server.url}/dashboard`);
      await signInOnPage(page, merchant.email, merchant.password);
      for (const [path, heading] of pages) {
        await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await scrollsSideways(page), false, `${path}: the page does not scroll sideways`);
        assert.deepEqual(await offScreen(page), { outside: [], scrolling: [] }, `${path}: every control on screen, nothing scrolling sideways`);
      }
      assertClean(phone, server.url);
    } finally {
      await phone.context.close();
    }
  });
});
