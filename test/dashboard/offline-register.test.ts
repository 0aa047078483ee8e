/**
 * The register without the network, in Chromium against the real server. After one visit online the
 * register opens with no network at all (its page from the service worker, its catalogue from
 * IndexedDB), sells cash only with receipt numbers of its own, says on every screen that it is offline
 * and how many sales wait, and keeps them through a reload and a restart of the browser (a persistent
 * profile). Back online it syncs each sale once, in order, paid, with the device's time: whatever
 * fails midway (the network dropped after the server made an order, a reload in the middle of a
 * capture), and with two tabs syncing at once without the lock between them. A sale left short of
 * stock sends `inventory.shortfall` to a webhook; the report lists the differences. A sign-in ended
 * while offline keeps the queue, which syncs when its user signs in again, and only then: another
 * user signed in on the device neither sees nor sends it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { createUser } from '../../src/auth/users.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';
import { BROWSER_SKIP, CHROMIUM, CHROMIUM_ARGS, signInOnPage } from './support.js';

const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0,0,0',
  WEBHOOK_TIMEOUT_MS: '2000',
};
const LONG = { timeout: 240_000, skip: BROWSER_SKIP };
/** What a page logs when a load fails for want of a network: expected here, and nothing else is. */
const OFFLINE_NOISE = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch|net::ERR_NETWORK_CHANGED/;

interface Device {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

const profiles: string[] = [];
after(async () => {
  for (const dir of profiles) await rm(dir, { recursive: true, force: true });
});

/** A browser with a profile on disk (its IndexedDB, service worker and cookies outlive it), on register R1. */
async function launchDevice(profile: string, options: { offline?: boolean; noLocks?: boolean } = {}): Promise<Device> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    offline: options.offline ?? false,
  });
  await context.addInitScript(`try { if (localStorage.getItem('till.register.code') === null) localStorage.setItem('till.register.code', 'R1') } catch {}`);
  // Without the Web Lock, two tabs sync at the very same time: what stays once must not depend on it.
  if (options.noLocks) await context.addInitScript(`Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined })`);
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !OFFLINE_NOISE.test(message.text()) && !/status of 401/.test(message.text())) errors.push(message.text());
    });
  };
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  watch(page);
  return { context, page, errors, close: () => context.close() };
}

async function newProfile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'till-offline-'));
  profiles.push(dir);
  return dir;
}

const banner = (page: Page) => page.locator('[data-offline-state]');

async function waitForBanner(page: Page, text: string): Promise<void> {
  await page.locator('[data-offline-state]', { hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: 60_000 });
}

/** Sells `lines` (product name and taps) for cash, exact change, offline; answers the receipt number. */
async function sellOffline(page: Page, lines: [string, number][]): Promise<string> {
  for (const [name, taps] of lines) {
    for (let i = 0; i < taps; i++) await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  }
  await page.locator('[data-tender="cash"]').click();
  await page.getByRole('heading', { name: 'Cash (offline)' }).waitFor();
  await page.getByRole('button', { name: /^Exact / }).click();
  await page.getByRole('button', { name: 'Take cash' }).click();
  const receipt = await page.locator('[data-receipt-number]').innerText();
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.locator('.cart-empty').waitFor();
  return receipt;
}

describeEachBackend('the register offline in Chromium', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
  });
  after(async () => {
    await server?.close();
    await receivers.close();
  });

  /** A shop (USD, 10% tax on top): a croissant with one left, espresso, drip coffee (untracked); a drawer open on R1; a cashier. */
  async function shop() {
    const merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 1000 });
    const api = merchant.sandbox;
    const product = async (body: Record<string, unknown>) => {
      const created = await api.post('/v1/products', body);
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body as { id: string; name: string };
    };
    const croissant = await product({ name: 'Butter Croissant', price: 375, inventory: 1, category: 'Bakery' });
    const espresso = await product({ name: 'Espresso', price: 325, inventory: 500, category: 'Coffee' });
    const drip = await product({ name: 'Drip Coffee', price: 275, inventory: null, category: 'Coffee' });
    const drawer = await api.post('/v1/cash_drawers', { register: 'R1', opening_float: 10000 });
    assert.equal(drawer.status, 201, JSON.stringify(drawer.body));
    const cashier = async () => {
      const email = `cashier-${randomBase62(8).toLowerCase()}@example.com`;
      const password = `cashier password ${randomBase62(6)}`;
      await createUser(server.db, server.clock, { merchantId: merchant.merchantId, email, password, role: 'cashier' });
      return { email, password };
    };
    return { merchant, api, croissant, espresso, drip, drawerId: drawer.body.id as string, user: await cashier(), cashier };
  }

  /** The test server's clock stands still: brought to now before a sync, so the device's times are not ahead of it. */
  const clockToNow = () => server.clock.set(new Date().toISOString());

  /** The orders List Orders finds by a receipt number. */
  async function ordersOf(api: Api, receipt: string): Promise<any[]> {
    const response = await api.get(`/v1/orders?q=${encodeURIComponent(receipt)}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data;
  }

  async function orderCount(api: Api): Promise<number> {
    const response = await api.get('/v1/orders?per_page=1');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.pagination.total;
  }

  /** Waits until every receipt has one order, paid; answers them in receipt order. */
  async function waitForSynced(api: Api, receipts: string[]): Promise<any[]> {
    await until(
      `the receipts ${receipts.join(', ')} are each one paid order`,
      async () => {
        for (const receipt of receipts) {
          const found = await ordersOf(api, receipt);
          if (found.length !== 1 || found[0].status !== 'paid') return false;
        }
        return true;
      },
      120_000,
    );
    return Promise.all(receipts.map(async (receipt) => (await api.get(`/v1/orders/${(await ordersOf(api, receipt))[0].id}`)).body));
  }

  /** Opens the register online and signs in; answers once it would open and sell with no network. */
  async function readyOffline(device: Device, user: { email: string; password: string }): Promise<void> {
    await device.page.goto(`${server.url}/dashboard/register`);
    await signInOnPage(device.page, user.email, user.password);
    await device.page.locator('[data-offline-ready]').waitFor({ timeout: 60_000 });
  }

  test('five sales offline (one short of stock) survive a reload and a browser restart, then sync once each, in order, paid, with the device time; the shortfall reaches the webhook; the report shows the differences', LONG, async () => {
    const { api, croissant, espresso, drawerId, user } = await shop();
    const hook = await receivers.start();
    const endpoint = await api.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['inventory.shortfall'] });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    const profile = await newProfile();
    let device = await launchDevice(profile);
    const receipts: string[] = [];
    try {
      await readyOffline(device, user);
      const { page } = device;
      await device.context.setOffline(true);
      await waitForBanner(page, 'Offline · 0 sales waiting to sync');
      // Cash only: the card buttons are off and say why.
      await page.getByRole('button', { name: /^Espresso/ }).click();
      const card = page.locator('[data-tender="card"]');
      assert.equal(await card.innerText(), 'Card needs a connection');
      assert.equal(await card.isDisabled(), true);
      await page.getByRole('button', { name: 'Clear sale' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Clear sale' }).click();
      await page.locator('.cart-empty').waitFor();

      receipts.push(await sellOffline(page, [['Butter Croissant', 2]])); // one in stock, two sold
      receipts.push(await sellOffline(page, [['Espresso', 1]]));
      receipts.push(await sellOffline(page, [['Drip Coffee', 2]]));
      receipts.push(await sellOffline(page, [['Espresso', 1], ['Drip Coffee', 1]]));
      receipts.push(await sellOffline(page, [['Espresso', 3]]));
      assert.deepEqual(receipts, ['R1-000001', 'R1-000002', 'R1-000003', 'R1-000004', 'R1-000005']);
      await waitForBanner(page, 'Offline · 5 sales waiting to sync');

      // The page again, with no network: from the service worker, the sales still there.
      const reloaded = await page.reload();
      assert.equal(reloaded?.fromServiceWorker(), true, 'the page comes from the service worker');
      await waitForBanner(page, 'Offline · 5 sales waiting to sync');
      // Another screen says it too.
      await page.getByRole('navigation', { name: 'Register' }).getByRole('link', { name: "Today's sales" }).click();
      await waitForBanner(page, 'Offline · 5 sales waiting to sync');
      assert.deepEqual(device.errors, []);
      await device.close();

      // Meanwhile, on the server: the espresso costs more now. Nothing of the sales has arrived.
      assert.equal((await api.patch(`/v1/products/${espresso.id}`, { price: 350 })).status, 200);
      assert.equal(await orderCount(api), 0);

      // The browser starts again, still with no network.
      device = await launchDevice(profile, { offline: true });
      const again = await device.page.goto(`${server.url}/dashboard/register`);
      assert.equal(again?.fromServiceWorker(), true);
      await waitForBanner(device.page, 'Offline · 5 sales waiting to sync');
      await device.page.getByRole('button', { name: /^Espresso/ }).waitFor();
      assert.equal(await orderCount(api), 0);

      clockToNow();
      await device.context.setOffline(false);
      // The sign-in kept by the browser resumes; should it have ended meanwhile, the cashier signs in again.
      await until('the register syncs, or asks for the sign-in', async () => new URL(device.page.url()).pathname === '/oauth/authorize' || (await orderCount(api)) > 0, 60_000);
      if (new URL(device.page.url()).pathname === '/oauth/authorize') await signInOnPage(device.page, user.email, user.password);
      const orders = await waitForSynced(api, receipts);
      await until('the queue is empty', async () => (await banner(device.page).innerText()) !== '' && !(await banner(device.page).innerText()).includes('waiting'), 60_000);
      assert.equal(await orderCount(api), 5, 'five orders, no more');
      const numbers = orders.map((order) => order.number);
      assert.deepEqual(
        numbers,
        [...numbers].sort((a, b) => a - b),
        'made in the order they were sold',
      );
      const recorded = orders.map((order) => Date.parse(order.recorded_at));
      assert.deepEqual(recorded, [...recorded].sort((a, b) => a - b));
      for (const order of orders) {
        const full = (await api.get(`/v1/orders/${order.id}`)).body;
        assert.equal(full.payment.method, 'cash');
        assert.equal(full.payment.cash_drawer_id, drawerId);
        assert.ok(Date.parse(full.recorded_at) < Date.parse(full.created_at), 'rung up before it reached the server');
      }
      // 2 croissants at $3.75 + 10% tax: what the register took and what Till says.
      const first = (await api.get(`/v1/orders/${orders[0].id}`)).body;
      assert.equal(first.total, 825);
      assert.deepEqual(first.sync_differences, [{ type: 'stock_short', product_id: croissant.id, shortfall: 1 }]);
      assert.equal((await api.get(`/v1/products/${croissant.id}`)).body.inventory, -1);

      const [delivery] = await hook.waitFor(1, 60_000);
      const delivered = new Webhook(endpoint.body.secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as any;
      assert.equal(delivered.type, 'inventory.shortfall');
      assert.deepEqual(
        [delivered.data.object.register_receipt_number, delivered.data.object.order_id, delivered.data.object.shortfall, delivered.data.object.inventory],
        ['R1-000001', orders[0].id, 1, -1],
      );

      // The report: the stock short, and each espresso sale sold at the old price.
      await device.page.getByRole('link', { name: /synced with differences: see the report/ }).click();
      await device.page.getByRole('heading', { name: 'Synced with differences (4)' }).waitFor();
      const row = (receipt: string) => device.page.locator(`[data-receipt="${receipt}"]`);
      assert.match(await row('R1-000001').innerText(), new RegExp(`Order #${orders[0].number}`));
      assert.equal(await row('R1-000001').locator('[data-difference]').innerText(), 'Stock short: Butter Croissant was 1 unit short; count the shelf and set its stock.');
      for (const [i, receipt] of [[1, 'R1-000002'], [3, 'R1-000004'], [4, 'R1-000005']] as const) {
        assert.match(await row(receipt).innerText(), new RegExp(`Order #${orders[i].number}`));
        assert.equal(await row(receipt).locator('[data-difference="price_changed"]').innerText(), 'Price changed: Espresso was sold at $3.25, its price is now $3.50.');
      }
      assert.equal(await row('R1-000003').count(), 0, 'a sale without differences leaves the device once synced');
      assert.deepEqual(device.errors, []);
    } finally {
      await device.close();
    }
  });

  test('a sync cut by the network after the server made an order, then by a reload in the middle of a capture, still makes each sale once', LONG, async () => {
    const { api, user } = await shop();
    const profile = await newProfile();
    const device = await launchDevice(profile);
    try {
      await readyOffline(device, user);
      const { page, context } = device;
      await context.setOffline(true);
      const receipts = [
        await sellOffline(page, [['Espresso', 1]]),
        await sellOffline(page, [['Drip Coffee', 1]]),
        await sellOffline(page, [['Espresso', 2]]),
        await sellOffline(page, [['Drip Coffee', 3]]),
      ];
      await waitForBanner(page, 'Offline · 4 sales waiting to sync');

      // The first Create Order reaches the server, which makes the order; the network drops before its answer comes back.
      let cut = false;
      let cutDone = () => {};
      const cutSeen = new Promise<void>((resolve) => (cutDone = resolve));
      await context.route(`${server.url}/v1/orders`, async (route) => {
        if (cut || route.request().method() !== 'POST') return route.continue();
        cut = true;
        const answer = await route.fetch();
        assert.equal(answer.status(), 201);
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        cutDone();
      });
      clockToNow();
      await context.setOffline(false);
      await cutSeen;
      await waitForBanner(page, 'Offline · 4 sales waiting to sync');
      assert.equal((await ordersOf(api, receipts[0]!)).length, 1, 'the server made the first order');
      await context.unroute(`${server.url}/v1/orders`);

      // Back online; the second capture is paid by the server, and the page reloads before it hears so.
      let reloaded = false;
      let captures = 0;
      await context.route(/\/v1\/orders\/[^/]+\/capture$/, async (route) => {
        captures += 1;
        if (reloaded || captures < 2) return route.continue();
        reloaded = true;
        const answer = await route.fetch();
        assert.equal(answer.status(), 200);
        void page.reload().catch(() => undefined);
        await route.abort('aborted').catch(() => undefined);
      });
      await context.setOffline(false);
      const orders = await waitForSynced(api, receipts);
      assert.ok(reloaded, 'a reload cut the sync');
      assert.equal(await orderCount(api), 4);
      for (const order of orders) assert.notEqual(order.recorded_at, null);
      await until('the queue is empty', async () => (await page.locator('[data-offline-banner]').count()) === 0, 60_000);
      assert.deepEqual(device.errors, []);
    } finally {
      await device.close();
    }
  });

  test('two tabs syncing the same queue at the same time, without the lock between them: each sale once', LONG, async () => {
    const { api, user } = await shop();
    const profile = await newProfile();
    const device = await launchDevice(profile, { noLocks: true });
    try {
      await readyOffline(device, user);
      const { page, context } = device;
      await context.setOffline(true);
      const receipts: string[] = [];
      for (let i = 0; i < 6; i++) receipts.push(await sellOffline(page, [[i % 2 === 0 ? 'Espresso' : 'Drip Coffee', 1 + (i % 3)]]));
      const second = await context.newPage();
      await second.goto(`${server.url}/dashboard/register`);
      await waitForBanner(second, 'Offline · 6 sales waiting to sync');
      // Each tab sends its own requests: both are seen syncing.
      const senders = new Set<Page>();
      for (const tab of [page, second]) tab.on('request', (request) => request.method() === 'POST' && request.url().includes('/v1/orders') && senders.add(tab));
      clockToNow();
      await context.setOffline(false);
      const orders = await waitForSynced(api, receipts);
      assert.equal(await orderCount(api), 6);
      assert.equal(new Set(orders.map((o) => o.id)).size, 6);
      assert.equal(senders.size, 2, 'both tabs synced');
      for (const tab of [page, second]) await until('the queue is empty in each tab', async () => (await tab.locator('[data-offline-banner]').count()) === 0, 60_000);
      // A tab that sends a step while the other's same request is still running is told 409 (idempotency_key_in_use), and tries again later.
      assert.deepEqual(
        device.errors.filter((error) => !/status of 409 \(Conflict\)/.test(error)),
        [],
      );
    } finally {
      await device.close();
    }
  });

  test("a sign-in ended while offline keeps the queue; another cashier signed in on the device neither sees nor sends it; it syncs when its cashier signs in again", LONG, async () => {
    const { api, user, cashier } = await shop();
    const other = await cashier();
    const profile = await newProfile();
    const device = await launchDevice(profile);
    try {
      await readyOffline(device, user);
      const { page, context } = device;
      await context.setOffline(true);
      const receipts = [await sellOffline(page, [['Espresso', 1]]), await sellOffline(page, [['Drip Coffee', 2]])];
      // The sign-in ends (its cookie gone: expired), and the page opens again with no network.
      await context.clearCookies();
      await page.reload();
      await waitForBanner(page, 'Offline · 2 sales waiting to sync');

      // Online: the sign-in is asked for again, and the other cashier signs in.
      clockToNow();
      await context.setOffline(false);
      await signInOnPage(page, other.email, other.password);
      await page.locator('[data-offline-ready]').waitFor({ timeout: 60_000 });
      assert.equal(await page.locator('[data-offline-banner]').count(), 0, "the other cashier's screen shows no queue");
      // A sale of the other cashier, online, goes through; the first cashier's are not sent meanwhile.
      await page.getByRole('button', { name: /^Espresso/ }).click();
      await page.locator('[data-tender="cash"]').click();
      await page.getByRole('button', { name: /^Exact / }).click();
      await page.getByRole('button', { name: 'Take cash' }).click();
      await page.getByRole('heading', { name: 'Paid', exact: true }).waitFor();
      assert.equal(await orderCount(api), 1);
      for (const receipt of receipts) assert.deepEqual(await ordersOf(api, receipt), []);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInOnPage(page, user.email, user.password);
      const orders = await waitForSynced(api, receipts);
      assert.equal(await orderCount(api), 3);
      assert.deepEqual(
        orders.map((o) => o.register_receipt_number),
        receipts,
      );
      assert.deepEqual(device.errors, []);
    } finally {
      await device.close();
    }
  });
});
