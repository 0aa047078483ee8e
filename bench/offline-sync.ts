/**
 * `npm run bench:offline-sync`: how fast the register syncs sales it made offline, in Chromium, through
 * the dashboard's own sync code (`dashboard/src/offline/sync.ts`: Create Order with `recorded_at` and
 * the receipt number, then Capture, each under its Idempotency-Key, one sale after another, each step
 * written to IndexedDB). For each database: a server (in this process, as the tests start it), a
 * cashier signed in on register R1, one cash sale rung up offline through the register's screens, then
 * `--sales` in all queued by copying that sale's stored record with new keys, receipt numbers and times
 * (the queue the register would have after so many sales); then the network comes back and the clock
 * runs until the queue is empty and the server has every order, paid. Prints sales per second and the
 * total time. Not part of `npm test`; docs/performance.md ("Offline register sync") keeps its figures.
 *
 * @example npm run bench:offline-sync
 * @example npm run bench:offline-sync -- --sales 200 --databases sqlite
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createUser } from '../src/auth/users.js';
import type { BackendName } from '../test/helpers/backends.js';
import { createTestMerchant, startTestServer } from '../test/helpers/server.js';
import { until } from '../test/helpers/wait.js';
import { CHROMIUM, CHROMIUM_ARGS, signInOnPage } from '../test/dashboard/support.js';

interface Measured {
  database: string;
  sales: number;
  seconds: number;
}

function options() {
  const { values } = parseArgs({ options: { sales: { type: 'string', default: '1000' }, databases: { type: 'string', default: 'sqlite,postgres' } } });
  const sales = Number(values.sales);
  if (!Number.isInteger(sales) || sales < 1 || sales > 99_999) throw new Error(`--sales must be 1 to 99999, not ${values.sales}`);
  const databases = values.databases.split(',') as BackendName[];
  if (databases.some((d) => d !== 'sqlite' && d !== 'postgres')) throw new Error(`--databases takes sqlite and postgres, not ${values.databases}`);
  return { sales, databases };
}

/**
 * In the page: the one sale in the queue, copied until the queue holds `total`, each copy with its
 * own key, receipt number (`R1-000002` on) and time (a millisecond apart, in the past), as
 * `recordSale` would have stored them.
 */
const FILL_QUEUE = `async (total) => {
  const db = await new Promise((resolve, reject) => { const r = indexedDB.open('till-register'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  const done = (tx) => new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
  const read = db.transaction('sales', 'readonly');
  const all = await new Promise((resolve) => { const r = read.objectStore('sales').getAll(); r.onsuccess = () => resolve(r.result); });
  if (all.length !== 1) throw new Error('expected one sale in the queue, found ' + all.length);
  const [first] = all;
  const write = db.transaction(['sales', 'counters'], 'readwrite');
  const start = Date.parse(first.recordedAt) - total;
  for (let i = 2; i <= total; i++) {
    const receipt = 'R1-' + String(i).padStart(6, '0');
    const at = new Date(start + i).toISOString();
    write.objectStore('sales').add({ ...first, key: 'offline_bench_' + i, seq: first.seq + i, receiptNumber: receipt, recordedAt: at,
      order: { ...first.order, recorded_at: at, register_receipt_number: receipt } });
  }
  write.objectStore('counters').put(total, first.queue.split('.').slice(0, 2).join('.') + '.R1');
  await done(write);
  return total;
}`;

const WAITING = `async () => {
  const db = await new Promise((resolve, reject) => { const r = indexedDB.open('till-register'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  const all = await new Promise((resolve) => { const r = db.transaction('sales', 'readonly').objectStore('sales').getAll(); r.onsuccess = () => resolve(r.result); });
  return all.filter((sale) => sale.status !== 'synced').length;
}`;

async function benchDatabase(backend: BackendName, sales: number): Promise<Measured> {
  const server = await startTestServer(backend);
  const profile = await mkdtemp(join(tmpdir(), 'till-bench-offline-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
  try {
    const merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 1000 });
    const product = await merchant.sandbox.post('/v1/products', { name: 'Espresso', price: 325, inventory: null });
    if (product.status !== 201) throw new Error(JSON.stringify(product.body));
    await merchant.sandbox.post('/v1/cash_drawers', { register: 'R1', opening_float: 10000 });
    const email = 'bench-cashier@example.com';
    const password = 'bench cashier password';
    await createUser(server.db, server.clock, { merchantId: merchant.merchantId, email, password, role: 'cashier' });
    await context.addInitScript(`localStorage.setItem('till.register.code', 'R1')`);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/dashboard/register`);
    await signInOnPage(page, email, password);
    await page.locator('[data-offline-ready]').waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    await page.getByRole('button', { name: /^Espresso/ }).click();
    await page.locator('[data-tender="cash"]').click();
    await page.getByRole('button', { name: /^Exact / }).click();
    await page.getByRole('button', { name: 'Take cash' }).click();
    await page.locator('[data-receipt-number]').waitFor();
    await page.evaluate(`(${FILL_QUEUE})(${sales})`);
    // The page again, so that it reads the queue as it now is.
    await page.reload();
    await page.locator('[data-offline-state]', { hasText: `Offline · ${sales} sales waiting to sync` }).waitFor({ timeout: 60_000 });

    server.clock.set(new Date().toISOString());
    const begun = performance.now();
    await context.setOffline(false);
    // The banner goes once nothing waits (a cheap look, every 20 ms); the queue itself is read once after.
    await until('the queue is synced', async () => (await page.locator('[data-offline-banner]').count()) === 0, 30 * 60_000);
    const seconds = (performance.now() - begun) / 1000;
    const left = await page.evaluate(`(${WAITING})()`);
    if (left !== 0) throw new Error(`${left} sales are still in the queue`);
    const listed = await merchant.sandbox.get('/v1/orders?status=paid&per_page=1');
    if (listed.body.pagination.total !== sales) throw new Error(`the server has ${listed.body.pagination.total} paid orders, not ${sales}`);
    return { database: backend === 'sqlite' ? 'SQLite' : 'PostgreSQL', sales, seconds };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.close();
  }
}

async function main(): Promise<void> {
  const settings = options();
  const results: Measured[] = [];
  for (const backend of settings.databases) {
    const measured = await benchDatabase(backend, settings.sales);
    console.log(`${measured.database}: ${measured.sales} sales synced in ${measured.seconds.toFixed(1)} s (${(measured.sales / measured.seconds).toFixed(1)} sales/s)`);
    results.push(measured);
  }
  console.log(`\nnpm run bench:offline-sync -- --sales ${settings.sales} (Node.js ${process.version})\n`);
  console.log('| Database | Sales | Total time | Sales/s |');
  console.log('|---|--:|--:|--:|');
  for (const r of results) console.log(`| ${r.database} | ${r.sales.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} s | ${(r.sales / r.seconds).toFixed(1)} |`);
}

await main();
