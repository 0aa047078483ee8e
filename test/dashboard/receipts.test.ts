/**
 * Receipts in the dashboard: from a paid order's page, the print view opens on an 80 mm strip (302
 * CSS pixels at 96 per inch) under a named `@page` 80 mm wide, with a new link to the hosted receipt
 * printed under it; Chromium prints it to a PDF whose pages are 80 mm (226.8 pt) wide, while another
 * page of the dashboard prints on the usual paper. "E-mail receipt" sends the receipt to the address
 * asked for (the customer's, to begin with), and its link opens the receipt; "Copy receipt link"
 * copies a working link.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeEachBackend } from '../helpers/backends.js';
import { waitForOutbox } from '../helpers/mail.js';
import { testOutputPath } from '../helpers/output.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, scrollsSideways, signInOnPage } from './support.js';

/** 80 mm in PDF points (1/72 inch). */
const RECEIPT_WIDTH_PT = (80 / 25.4) * 72;
/** 80 mm in CSS pixels (1/96 inch). */
const RECEIPT_WIDTH_PX = (80 / 25.4) * 96;

/** The width and height of each page of a PDF, in points, from its pages' `/MediaBox`. */
function pageSizes(pdf: Buffer): Array<[number, number]> {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]/g)].map((m) => [Number(m[3]) - Number(m[1]), Number(m[4]) - Number(m[2])]);
}

/** The `size` of the named page `receipt` in the page's style sheets, or null. Evaluated as text: the tests compile without the DOM types. */
function receiptPageSize(page: Page): Promise<string | null> {
  return page.evaluate(`(() => {
    const rules = [];
    const walk = (list) => { for (const rule of list) { rules.push(rule); if (rule.cssRules) walk(rule.cssRules); } };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    const named = rules.find((rule) => rule instanceof CSSPageRule && rule.selectorText === 'receipt');
    return named ? named.style.getPropertyValue('size') : null;
  })()`) as Promise<string | null>;
}

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('receipts in the dashboard', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    await server?.close();
  });

  test('the print view of a paid order is an 80 mm strip that prints on 80 mm pages; the receipt goes out by e-mail and by a copied link', { skip: BROWSER_SKIP }, async () => {
    const merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 1000 });
    const api = merchant.sandbox;
    assert.equal(
      (await api.patch('/v1/merchant', { name: 'Harbour Books', address: { line1: '1 Quay Street', city: 'Bristol', postal_code: 'BS1 4XX', country: 'GB' }, tax_id: 'GB123456789', receipt_footer: 'Thank you!' })).status,
      200,
    );
    const customerEmail = `ada-${Date.now()}@example.com`;
    const customer = (await api.post('/v1/customers', { name: 'Ada', email: customerEmail })).body;
    const product = (await api.post('/v1/products', { name: 'Atlas', price: 2500 })).body;
    const order = (await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 2 }], customer_id: customer.id })).body;
    assert.equal((await api.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' })).status, 200);

    const watched = await openContext(browser!, { width: 1280, height: 900 });
    const { page, context } = watched;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    try {
      await page.goto(`${server.url}/dashboard/orders/${order.id}`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
      // The order page prints on the printer's usual paper: only the receipt's pages are 80 mm.
      const orderPdf = await page.pdf({ preferCSSPageSize: true });
      assert.ok(pageSizes(orderPdf).every(([width]) => Math.abs(width - RECEIPT_WIDTH_PT) > 50), `the order page is not printed 80 mm wide: ${JSON.stringify(pageSizes(orderPdf))}`);

      await page.getByRole('link', { name: 'Print receipt' }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/orders/${order.id}/receipt`);
      await page.getByRole('heading', { name: `Receipt of order #${order.number}` }).waitFor();
      const receipt = page.getByRole('article', { name: 'Receipt' });
      await receipt.waitFor();
      assert.equal(await receipt.locator('.receipt-name').innerText(), 'Harbour Books');
      assert.match(await receipt.innerText(), /1 Quay Street\s+Bristol BS1 4XX\s+GB\s+Tax ID: GB123456789/);
      assert.equal(await receipt.locator('[data-figure="subtotal"] td').innerText(), '$50.00');
      assert.equal(await receipt.locator('[data-figure="tax"] td').innerText(), '$5.00');
      assert.equal(await receipt.locator('[data-figure="total"] td').innerText(), '$55.00');
      assert.equal(await receipt.locator('[data-figure="card"] th').innerText(), 'Visa •••• 4242');
      assert.equal(await receipt.locator('.receipt-footer').innerText(), 'Thank you!');

      // A new link to the hosted receipt, under the receipt; it opens the same receipt.
      const linkBlock = page.locator('[data-receipt-link]');
      await linkBlock.waitFor();
      const printedUrl = (await linkBlock.locator('.mono').innerText()).trim();
      assert.match(printedUrl, /\/r\/[0-9A-Za-z]{32}$/);
      const hosted = await fetch(`${server.url}${new URL(printedUrl).pathname}`);
      assert.equal(hosted.status, 200);
      assert.match(await hosted.text(), /<h1 class="receipt-name">Harbour Books<\/h1>/);
      // The hosted receipt on a phone: no sideways scrolling, text of a readable size, no script.
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 360, height: 740 });
      await phone.goto(`${server.url}${new URL(printedUrl).pathname}`);
      assert.equal(await scrollsSideways(phone), false, 'the hosted receipt fits a phone');
      const fontSize = (await phone.evaluate("getComputedStyle(document.querySelector('.receipt')).fontSize")) as string;
      assert.ok(Number.parseFloat(fontSize) >= 14, `its text is at least 14 px: ${fontSize}`);
      await phone.screenshot({ path: testOutputPath(`receipt-hosted-phone-${backend}.png`), fullPage: true });
      await phone.close();

      // Nothing of the view is wider than the screen (the header's width is the layout's own affair).
      const wide = await page.evaluate(`[...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth).map((el) => el.outerHTML.slice(0, 120))`);
      assert.deepEqual(wide, [], 'the view fits the width');
      // On screen: a strip 80 mm wide; the style sheets name the receipt's 80 mm page.
      const paper = await page.locator('.receipt-paper').boundingBox();
      assert.ok(paper !== null && Math.abs(paper.width - RECEIPT_WIDTH_PX) < 1, `the strip is 80 mm (302 px) wide: ${paper?.width}`);
      assert.match((await receiptPageSize(page)) ?? '', /^80mm\b/, 'the named page receipt is 80 mm wide');

      // Printed: the dashboard's header and the view's buttons are left out, the strip fills the page.
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('header.top').isVisible(), false, 'no dashboard header on paper');
      assert.equal(await page.getByRole('button', { name: 'Print', exact: true }).isVisible(), false, 'no Print button on paper');
      assert.equal(await linkBlock.isVisible(), true, 'the link is printed');
      await page.emulateMedia({ media: 'screen' });
      await page.screenshot({ path: testOutputPath(`receipt-print-view-${backend}.png`), fullPage: true });
      const pdf = await page.pdf({ preferCSSPageSize: true });
      writeFileSync(testOutputPath(`receipt-${backend}.pdf`), pdf);
      const sizes = pageSizes(pdf);
      assert.equal(sizes.length, 1, `the receipt is printed on one page: ${JSON.stringify(sizes)}`);
      for (const [width] of sizes) assert.ok(Math.abs(width - RECEIPT_WIDTH_PT) < 0.5, `each page is 80 mm (226.8 pt) wide: ${JSON.stringify(sizes)}`);

      // E-mail the receipt from the order page: the customer's address is offered.
      await page.getByRole('link', { name: 'Order', exact: true }).click();
      await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
      await page.getByRole('button', { name: 'E-mail receipt' }).click();
      const dialog = page.getByRole('dialog', { name: 'E-mail the receipt' });
      assert.equal(await dialog.getByLabel('E-mail address').inputValue(), customerEmail);
      await dialog.getByRole('button', { name: 'Send receipt' }).click();
      await page.locator('[data-receipt-status]', { hasText: `Receipt sent to ${customerEmail}.` }).waitFor();
      const mail = await waitForOutbox(server, customerEmail, /Your receipt from Harbour Books/);
      assert.equal(mail.links.length, 1);
      const mailed = await fetch(`${server.url}${new URL(mail.links[0]!).pathname}`);
      assert.equal(mailed.status, 200);
      assert.match(await mailed.text(), new RegExp(`Order #${order.number}`));

      // Copy a link: the clipboard holds a link that opens the receipt.
      await page.getByRole('button', { name: 'Copy receipt link' }).click();
      await page.locator('[data-receipt-status]', { hasText: 'Receipt link copied to the clipboard.' }).waitFor();
      const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
      assert.match(copied, /\/r\/[0-9A-Za-z]{32}$/);
      assert.notEqual(copied, printedUrl, 'a new link');
      assert.equal((await fetch(`${server.url}${new URL(copied).pathname}`)).status, 200);
      // The print view's, the mail's and the copied link: each made by the signed-in user.
      const links = await server.db.kysely.selectFrom('receipt_links').select('created_by').where('order_id', '=', order.id).execute();
      assert.deepEqual(links.map((row) => row.created_by), [merchant.userId, merchant.userId, merchant.userId]);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
