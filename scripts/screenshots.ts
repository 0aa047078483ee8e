/**
 * `npm run screenshots`: starts the server on a temporary SQLite database holding the demo shop,
 * signs in to the dashboard in headless Chromium, and writes the pictures of the README to
 * `docs/screenshots/`: Home with its chart (today, and the last 7 days with a bar's value read out),
 * the orders list, an order page, the products and customers lists, a list with nothing in it yet
 * (webhooks), a refund's confirmation and the key-created dialog, each at desktop and phone width
 * (390 pixels); and the register with a sale in its cart, on a counter tablet (1024 x 768) and a phone,
 * and on the tablet once more with the network gone (cash only, the offline banner).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../src/app/build-app.js';
import { prepareDemoShop, DEMO_MERCHANT } from '../src/cli/seed-demo.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const REGISTER_SIZES = { tablet: { width: 1024, height: 768 }, phone: { width: 390, height: 844 } } as const;

const dir = mkdtempSync(join(tmpdir(), 'till-screenshots-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${join(dir, 'till.db')}` });
const db = await openDatabase({ url: config.databaseUrl });
const app = await (async () => {
  await migrateToLatest(db);
  return buildApp({ config, db, logger: false });
})();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const shop = await prepareDemoShop(db, config);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  mkdirSync(OUT, { recursive: true });

  const signIn = async (page: Page, path: string) => {
    await page.goto(url + path);
    await page.waitForURL((address) => address.pathname === '/oauth/authorize');
    await page.getByLabel('E-mail').fill(DEMO_MERCHANT.email);
    await page.getByLabel('Password').fill(shop.password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((address) => address.pathname === path);
  };

  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', deviceScaleFactor: size === 'phone' ? 2 : 1 });
    const page = await context.newPage();
    await signIn(page, '/dashboard');
    await page.locator('svg.chart').waitFor();
    await page.screenshot({ path: `${OUT}home-${size}.png`, fullPage: true });
    await page.getByLabel('Range').selectOption('7d');
    await page.getByRole('heading', { name: 'Last 7 days', level: 1 }).waitFor();
    await page.locator('svg.chart rect.bar').last().focus();
    await page.screenshot({ path: `${OUT}home-7-days-${size}.png`, fullPage: true });

    await page.goto(`${url}/dashboard/orders`);
    await page.locator('tr[data-order-id]').first().waitFor();
    await page.screenshot({ path: `${OUT}orders-list-${size}.png`, fullPage: size === 'desktop' });

    await page.locator('tr[data-order-id]', { hasText: 'Partially refunded' }).first().getByRole('link').click();
    await page.getByRole('heading', { name: /^Order / }).waitFor();
    await page.screenshot({ path: `${OUT}order-page-${size}.png`, fullPage: true });

    await page.getByLabel('Amount to refund (USD)').fill('1.50');
    await page.getByRole('button', { name: 'Refund…' }).click();
    await page.getByRole('dialog', { name: /^Refund / }).waitFor();
    await page.screenshot({ path: `${OUT}refund-confirmation-${size}.png` });
    await page.getByRole('button', { name: 'Keep it' }).click();

    // Page addresses typed in: the sign-in is kept across page loads.
    await page.goto(`${url}/dashboard/products`);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.locator('table').waitFor();
    await page.screenshot({ path: `${OUT}products-${size}.png`, fullPage: true });

    await page.goto(`${url}/dashboard/customers`);
    await page.locator('table').waitFor();
    await page.screenshot({ path: `${OUT}customers-${size}.png`, fullPage: true });

    await page.goto(`${url}/dashboard/webhooks`);
    await page.locator('[data-empty]').waitFor();
    await page.screenshot({ path: `${OUT}empty-state-${size}.png`, fullPage: true });

    await page.goto(`${url}/dashboard/settings/api-keys`);
    await page.getByRole('button', { name: 'Generate new key' }).click();
    await page.getByLabel('Name').fill('Web shop server');
    await page.getByRole('button', { name: 'Generate key' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
    await page.screenshot({ path: `${OUT}key-created-${size}.png` });
    await context.close();
    console.log(`wrote ${size} screenshots`);
  }

  for (const [size, viewport] of Object.entries(REGISTER_SIZES)) {
    const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', deviceScaleFactor: size === 'phone' ? 2 : 1 });
    // A device that was named register R1 before.
    await context.addInitScript("localStorage.setItem('till.register.code', 'R1')");
    const page = await context.newPage();
    await signIn(page, '/dashboard/register');
    await page.getByRole('button', { name: /^Cappuccino/ }).click();
    const options = page.getByRole('dialog', { name: 'Cappuccino: options' });
    await options.getByLabel('Large +0.50').check();
    await options.getByLabel('Oat +0.50').check();
    await options.getByRole('button', { name: /^Add for / }).click();
    await page.getByRole('button', { name: /^Butter Croissant/ }).click();
    await page.getByRole('button', { name: /^Espresso/ }).click();
    await page.getByRole('button', { name: /^Espresso/ }).click();
    // On a phone the cart waits behind its bar: the lines are in the page, not on screen.
    await page.locator('#register-cart [data-line="Espresso"] [data-quantity]', { hasText: /^2$/ }).waitFor({ state: 'attached' });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${OUT}register-${size}.png` });
    if (size === 'tablet') {
      // Kept for offline use, then the network goes: the banner, and the card buttons off.
      await page.locator('[data-offline-ready]').waitFor();
      await context.setOffline(true);
      await page.locator('[data-offline-state]', { hasText: 'Offline' }).waitFor();
      await page.screenshot({ path: `${OUT}register-offline-${size}.png` });
    }
    await context.close();
    console.log(`wrote the register's ${size} screenshot`);
  }
  console.log(`in ${OUT}`);
} finally {
  await browser.close();
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
