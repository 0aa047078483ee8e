import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { testOutputPath } from '../helpers/output.js';
import { Api, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = testOutputPath('till-docs.png');
const SKIP = existsSync(CHROMIUM) ? false : `the /docs browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium)`;

test('GET /docs is a self-contained page: our own script, no CDN, a same-origin policy', async () => {
  const server = await startTestServer('sqlite');
  try {
    const anonymous = new Api(server.url, undefined);
    const page = await anonymous.get('/docs');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.doesNotMatch(page.headers.get('content-security-policy') ?? '', /https?:/);
    const html = page.body as string;
    assert.doesNotMatch(html, /https?:\/\//, 'the page names no other origin');
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    assert.equal(scripts.length, 2);
    for (const script of scripts) {
      assert.ok(script.startsWith('/docs/assets/'), script);
      const asset = await fetch(server.url + script);
      assert.equal(asset.status, 200, script);
      assert.match(asset.headers.get('content-type') ?? '', /^text\/javascript/);
    }
  } finally {
    await server.close();
  }
});

test('GET /docs renders the reference in a real browser without a single request leaving the machine', { skip: SKIP }, async (t) => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer('sqlite');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));

    const response = await page.goto(`${server.url}/docs`);
    assert.equal(response?.status(), 200);
    const document = (await new Api(server.url, undefined).get('/v1/openapi.json')).body;
    const summaries: string[] = Object.values<any>(document.paths).flatMap((item) => Object.values<any>(item).map((op) => op.summary));
    assert.ok(summaries.includes('Create an order') && summaries.includes('Refund an order'));

    // Every operation has its own section, headed by its summary.
    for (const summary of summaries) {
      await page.locator('h2', { hasText: new RegExp(`^${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }).waitFor({ state: 'attached', timeout: 30_000 });
    }
    const refund = page.locator('h2', { hasText: /^Refund an order\s*$/ });
    await refund.scrollIntoViewIfNeeded();
    assert.ok(await refund.isVisible());
    const section = await page.locator('[id="operation/refundOrder"]').innerText();
    assert.match(section, /Requires the orders:write permission\./);
    assert.match(section, /POST\s*\/v1\/orders\/\{id\}\/refund/);
    assert.match(section, /order_not_refundable/);

    // The conventions come first, with the error code table.
    const text = await page.locator('body').innerText();
    for (const heading of ['Authentication', 'Environments and tenant isolation', 'Errors', 'Order life cycle', 'Refunds', 'Payments and test tokens']) {
      assert.ok(text.includes(heading), heading);
    }
    assert.match(text, /tok_chargeDeclined/);
    assert.match(text, /order_not_cancelable/);
    const fontSize = await page
      .locator('[id="operation/refundOrder"] p')
      .first()
      .evaluate((p) => parseFloat((globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(p).fontSize));
    assert.ok(fontSize >= 14, `body text is ${fontSize}px`);

    await page.screenshot({ path: SCREENSHOT });
    t.diagnostic(`screenshot: ${SCREENSHOT}`);
    assert.deepEqual(errors, [], 'no script errors');
    const elsewhere = requested.filter((url) => !url.startsWith(`${server!.url}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
    assert.deepEqual(elsewhere, [], 'every request goes to the test server');
    assert.ok(requested.some((url) => url.endsWith('/v1/openapi.json')), 'the page reads the document from this server');
  } finally {
    await browser?.close();
    await server?.close();
  }
});
