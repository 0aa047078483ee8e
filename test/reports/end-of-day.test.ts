/**
 * `GET /v1/reports/end_of_day`: exact figures of one day for registers with known sales, refunds and
 * drawers (made at chosen times with the TestClock), nothing of other days, environments or
 * merchants; days cut in a time zone (a sale moving to the previous day, 23-hour days); the CSV
 * parsed back; who may read it; the refusals.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { openDrawer, payOutOf, ringUp, type TenantOf } from '../cash-drawers/support.js';
import { assertError, assertStatus } from '../orders/support.js';

const FIGURES = ['orders', 'sales', 'tips', 'tax', 'cash_sales', 'card_sales', 'refunds', 'cash_refunds', 'card_refunds', 'net', 'over_short'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

const NONE: Figures = { orders: 0, sales: 0, tips: 0, tax: 0, cash_sales: 0, card_sales: 0, refunds: 0, cash_refunds: 0, card_refunds: 0, net: 0, over_short: 0 };

/** RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks; lines end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') (cell += '"'), (i += 1);
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), (i += 1);
    else cell += c;
  }
  assert.equal(`${row.join('')}${cell}`, '', 'the last line ends with CRLF');
  return rows;
}

describeEachBackend('End-of-day report', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  /**
   * A paid order of `quantity` units, made and paid at `paidAt` (by card with `tok_visa` and an optional
   * tip, or in cash), rung up on `drawer` (or on none) with its cash part: all of a cash order, `cash`
   * of a card order (a split tender), else nothing. Returns the order.
   */
  async function sale(
    api: Api,
    tenant: TenantOf,
    productId: string,
    quantity: number,
    method: 'cash' | 'card',
    paidAt: string,
    options: { tip?: number; drawer?: { id: string } | null; cash?: number } = {},
  ): Promise<{ id: string; total: number }> {
    server.clock.set(paidAt);
    const created = await api.post('/v1/orders', { items: [{ product_id: productId, quantity }], payment_method: method });
    assertStatus(created, 201);
    const body = method === 'card' ? { payment_token: 'tok_visa', ...(options.tip === undefined ? {} : { tip: { amount: options.tip } }) } : undefined;
    const paid = await api.post(`/v1/orders/${created.body.id}/capture`, body);
    assertStatus(paid, 200);
    await ringUp(server, tenant, paid.body.id, options.drawer?.id ?? null, method === 'cash' ? paid.body.total : (options.cash ?? 0));
    return paid.body;
  }

  async function refundAt(api: Api, orderId: string, amount: number, at: string): Promise<{ id: string }> {
    server.clock.set(at);
    const response = await api.post(`/v1/orders/${orderId}/refund`, { amount });
    assertStatus(response, 200);
    return response.body;
  }

  async function closeAt(api: Api, drawerId: string, countedCash: number, at: string): Promise<any> {
    server.clock.set(at);
    const response = await api.post(`/v1/cash_drawers/${drawerId}/close`, { counted_cash: countedCash });
    assertStatus(response, 200);
    return response.body;
  }

  describe('a day of three registers', () => {
    let shop: Awaited<ReturnType<typeof createTestMerchant>>;
    let drawers: Record<'r1' | 'r1Before' | 'r3', any>;

    before(async () => {
      shop = await createTestMerchant(server, { currency: 'EUR', taxRateBps: 1000 });
      const api = shop.sandbox;
      const tenant: TenantOf = { merchantId: shop.merchantId, environment: 'sandbox' };
      const product = await createProduct(api, { price: 1000 }); // 1100 with 10% tax

      // The day before: R1's last drawer, closed at the first instant of the day (so in it), with a
      // sale of the day before; R3's drawer, opened the day before and closed 10 over in the night.
      server.clock.set('2026-05-11T08:00:00.000Z');
      const r1Before = await openDrawer(api, 'R1', 5000);
      await sale(api, tenant, product.id, 1, 'cash', '2026-05-11T23:59:59.999Z', { drawer: r1Before });
      await closeAt(api, r1Before.id, 6100, '2026-05-12T00:00:00.000Z');
      server.clock.set('2026-05-11T22:00:00.000Z');
      const r3 = await openDrawer(api, 'R3', 1000);
      await closeAt(api, r3.id, 1010, '2026-05-12T01:00:00.000Z');

      // The day: 2026-05-12 (UTC).
      server.clock.set('2026-05-12T07:00:00.000Z');
      const r1 = await openDrawer(api, 'R1', 5000);
      server.clock.set('2026-05-12T07:30:00.000Z');
      const r2 = await openDrawer(api, 'R2', 0);
      const a = await sale(api, tenant, product.id, 1, 'cash', '2026-05-12T09:00:00.000Z', { drawer: r1 }); // 1100 cash
      await sale(api, tenant, product.id, 1, 'card', '2026-05-12T10:00:00.000Z', { drawer: r1, tip: 200 }); // 1300 by card, 200 of it tip
      await sale(api, tenant, product.id, 2, 'cash', '2026-05-12T11:00:00.000Z', { drawer: r2 }); // 2200 cash
      const d = await sale(api, tenant, product.id, 1, 'card', '2026-05-12T11:30:00.000Z', { drawer: r2 }); // 1100 by card
      const cashBack = await refundAt(api, a.id, 300, '2026-05-12T12:00:00.000Z'); // 300 cash out of R1's drawer
      await payOutOf(server, tenant, cashBack.id, r1.id, 300);
      await refundAt(api, d.id, 500, '2026-05-12T13:00:00.000Z'); // 500 back to the card: counts on D's register, R2
      const e = await sale(api, tenant, product.id, 1, 'cash', '2026-05-12T14:00:00.000Z'); // no register: 1100 cash
      await sale(api, tenant, product.id, 1, 'card', '2026-05-12T15:00:00.000Z', { drawer: r1, cash: 400 }); // split: 400 cash, 700 card
      // R1's drawer: 5000 + 1100 + 400 - 300 = 6200 expected, 6150 counted: 50 short. R2's stays open.
      const r1Closed = await closeAt(api, r1.id, 6150, '2026-05-12T18:00:00.000Z');
      assert.equal(r1Closed.expected_cash, 6200);

      // Not in the day: a pending and a canceled order; a sale at the next day's first instant, and a refund then.
      server.clock.set('2026-05-12T16:00:00.000Z');
      assertStatus(await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }], payment_method: 'cash' }), 201);
      const canceled = await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
      assertStatus(await api.post(`/v1/orders/${canceled.body.id}/cancel`), 200);
      await sale(api, tenant, product.id, 1, 'cash', '2026-05-13T00:00:00.000Z');
      await refundAt(api, e.id, 100, '2026-05-13T00:00:00.000Z');
      // Nor another environment's or another merchant's sale of that day.
      const liveProduct = await createProduct(shop.production, { price: 5000 });
      await sale(shop.production, { merchantId: shop.merchantId, environment: 'production' }, liveProduct.id, 1, 'cash', '2026-05-12T12:00:00.000Z');
      const other = await createTestMerchant(server, { currency: 'EUR' });
      await sale(other.sandbox, { merchantId: other.merchantId, environment: 'sandbox' }, (await createProduct(other.sandbox, { price: 7000 })).id, 1, 'cash', '2026-05-12T12:00:00.000Z');

      assert.equal(r2.status, 'open');
      drawers = { r1: r1Closed, r1Before: (await api.get(`/v1/cash_drawers/${r1Before.id}`)).body, r3: (await api.get(`/v1/cash_drawers/${r3.id}`)).body };
    });

    test('per register: sales by tender, tips, tax, refunds by tender, net and the drawers closed that day; then no register; then totals', async () => {
      const report = await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-12');
      assertStatus(report, 200);
      assert.deepEqual(
        { ...report.body, registers: undefined, totals: undefined },
        { currency: 'EUR', date: '2026-05-12', time_zone: 'UTC', from: '2026-05-12T00:00:00.000Z', to: '2026-05-13T00:00:00.000Z', registers: undefined, totals: undefined },
      );
      const closedDrawer = (drawer: any) => ({
        id: drawer.id,
        opened_at: drawer.opened_at,
        closed_at: drawer.closed_at,
        expected_cash: drawer.expected_cash,
        counted_cash: drawer.counted_cash,
        over_short: drawer.over_short,
      });
      assert.deepEqual(report.body.registers, [
        {
          register: 'R1',
          orders: 3,
          sales: 3300,
          tips: 200,
          tax: 300,
          cash_sales: 1500,
          card_sales: 2000,
          refunds: 300,
          cash_refunds: 300,
          card_refunds: 0,
          net: 3200,
          over_short: -50,
          drawers: [closedDrawer(drawers.r1Before), closedDrawer(drawers.r1)],
        },
        { register: 'R2', orders: 2, sales: 3300, tips: 0, tax: 300, cash_sales: 2200, card_sales: 1100, refunds: 500, cash_refunds: 0, card_refunds: 500, net: 2800, over_short: 0, drawers: [] },
        { register: 'R3', ...NONE, over_short: 10, drawers: [closedDrawer(drawers.r3)] },
        { register: null, ...NONE, orders: 1, sales: 1000 + 100, tax: 100, cash_sales: 1100, net: 1100, drawers: [] },
      ]);
      assert.deepEqual(drawers.r1Before.over_short, 0, "R1's drawer of the day before balanced (its sale was that day's)");
      assert.deepEqual(drawers.r3.over_short, 10);
      assert.deepEqual(report.body.totals, {
        orders: 6,
        sales: 7700,
        tips: 200,
        tax: 700,
        cash_sales: 4800,
        card_sales: 3100,
        refunds: 800,
        cash_refunds: 300,
        card_refunds: 500,
        net: 7100,
        over_short: -40,
      });
      assert.equal(report.body.totals.cash_sales + report.body.totals.card_sales, report.body.totals.sales + report.body.totals.tips, 'the tenders add up to what was charged');
    });

    test('the next day holds only what happened in it; a day without anything is empty', async () => {
      const next = await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-13&time_zone=UTC');
      assertStatus(next, 200);
      assert.deepEqual(next.body.registers, [{ register: null, ...NONE, orders: 1, sales: 1100, tax: 100, cash_sales: 1100, refunds: 100, cash_refunds: 100, net: 1000, drawers: [] }]);
      const empty = await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-20');
      assert.deepEqual([empty.body.registers, empty.body.totals], [[], NONE]);
      const production = await shop.production.get('/v1/reports/end_of_day?date=2026-05-12');
      assert.deepEqual(production.body.totals, { ...NONE, orders: 1, sales: 5500, tax: 500, cash_sales: 5500, net: 5500 }, 'production sees its own sale only');
    });

    test('CSV: format=csv or Accept: text/csv, a row per register then the totals, the same figures as the JSON', async () => {
      const json = (await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-12')).body;
      for (const [query, headers] of [['&format=csv', {}], ['', { accept: 'text/csv' }], ['', { accept: 'application/json;q=0.5, text/csv' }]] as const) {
        const csv = await shop.sandbox.get(`/v1/reports/end_of_day?date=2026-05-12${query}`, headers);
        assertStatus(csv, 200);
        assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
        assert.equal(csv.headers.get('content-disposition'), 'attachment; filename="end-of-day-2026-05-12.csv"');
        const [header, ...rows] = parseCsv(csv.body as string);
        assert.deepEqual(header, ['register', 'currency', 'orders', 'sales', 'tips', 'tax', 'cash_sales', 'card_sales', 'refunds', 'cash_refunds', 'card_refunds', 'net', 'drawers_closed', 'over_short']);
        const expected = [...json.registers.map((row: any) => [row.register ?? '(no register)', row, row.drawers.length]), ['(total)', json.totals, 3]].map(([name, figures, closed]) => [
          name,
          'EUR',
          ...['orders', 'sales', 'tips', 'tax', 'cash_sales', 'card_sales', 'refunds', 'cash_refunds', 'card_refunds', 'net'].map((field) => String(figures[field])),
          String(closed),
          String(figures.over_short),
        ]);
        assert.deepEqual(rows, expected);
        assert.deepEqual(rows.at(-1), ['(total)', 'EUR', '6', '7700', '200', '700', '4800', '3100', '800', '300', '500', '7100', '3', '-40']);
      }
      // `format=json` wins over the Accept header; errors stay JSON.
      const asJson = await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-12&format=json', { accept: 'text/csv' });
      assert.match(asJson.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(asJson.body, json);
      assertError(await shop.sandbox.get('/v1/reports/end_of_day?date=2026-13-01&format=csv', { accept: 'text/csv' }), 400, 'parameter_invalid', 'date');
    });
  });

  test('a register code a spreadsheet would read as a formula is defused in the CSV', async () => {
    const shop = await createTestMerchant(server);
    server.clock.set('2026-05-14T10:00:00.000Z');
    const drawer = await openDrawer(shop.sandbox, '-2-1', 100);
    await closeAt(shop.sandbox, drawer.id, 90, '2026-05-14T11:00:00.000Z');
    const csv = await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-14&format=csv');
    const rows = parseCsv(csv.body as string);
    assert.deepEqual(rows[1], ["'-2-1", 'USD', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1', '-10']);
    assert.equal((await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-14')).body.registers[0].register, '-2-1', 'the JSON shows the code as it is');
  });

  test('time zones: a sale late in the evening in New York is on that day there and on the next in UTC; days of 23 hours', async () => {
    const shop = await createTestMerchant(server);
    const tenant: TenantOf = { merchantId: shop.merchantId, environment: 'sandbox' };
    const product = await createProduct(shop.sandbox, { price: 1500 });
    server.clock.set('2026-05-12T20:00:00.000Z');
    const drawer = await openDrawer(shop.sandbox, 'R1', 0);
    await sale(shop.sandbox, tenant, product.id, 1, 'cash', '2026-05-13T02:30:00.000Z', { drawer }); // 22:30 on the 12th in New York (UTC-4)
    await closeAt(shop.sandbox, drawer.id, 1500, '2026-05-13T03:00:00.000Z');

    const newYork = await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-12&time_zone=America/New_York');
    assertStatus(newYork, 200);
    assert.deepEqual([newYork.body.time_zone, newYork.body.from, newYork.body.to], ['America/New_York', '2026-05-12T04:00:00.000Z', '2026-05-13T04:00:00.000Z']);
    assert.deepEqual(newYork.body.totals, { ...NONE, orders: 1, sales: 1500, cash_sales: 1500, net: 1500 });
    assert.deepEqual(newYork.body.registers.map((row: any) => [row.register, row.orders, row.drawers.length, row.over_short]), [['R1', 1, 1, 0]]);
    assert.deepEqual((await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-13&time_zone=America/New_York')).body.registers, []);
    assert.deepEqual((await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-12')).body.registers, [], 'in UTC it is the 13th');
    assert.equal((await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-13&time_zone=utc')).body.totals.orders, 1);
    assert.equal((await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-13&time_zone=utc')).body.time_zone, 'UTC', 'the zone as IANA names it');

    const springForward = (await shop.sandbox.get('/v1/reports/end_of_day?date=2026-03-08&time_zone=America/New_York')).body;
    assert.deepEqual([springForward.from, springForward.to], ['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'], '23 hours');
    const kolkata = (await shop.sandbox.get('/v1/reports/end_of_day?date=2026-05-13&time_zone=Asia/Kolkata')).body;
    assert.deepEqual([kolkata.from, kolkata.to, kolkata.totals.orders], ['2026-05-12T18:30:00.000Z', '2026-05-13T18:30:00.000Z', 1]);
  });

  test('reports:read: admins, managers and keys holding it read the report; cashiers and other keys may not', async () => {
    const shop = await createTestMerchant(server);
    const path = '/v1/reports/end_of_day?date=2026-05-12';
    assertError(await (await signInAs(server, shop, 'cashier')).api.get(path), 403, 'insufficient_permissions');
    assertError(await (await shop.keyWith('production', ['orders:read', 'cash_drawers:read'])).get(path), 403, 'insufficient_permissions');
    assertStatus(await (await signInAs(server, shop, 'manager')).api.get(path), 200);
    assertStatus(await (await signInAs(server, shop, 'admin')).api.get(path), 200);
    assertStatus(await (await shop.keyWith('production', ['reports:read'])).get(path), 200);
  });

  test('refusals: a missing or impossible date, an unknown time zone or format, an unknown parameter', async () => {
    const { sandbox } = await createTestMerchant(server);
    const report = (query: string) => sandbox.get(`/v1/reports/end_of_day${query}`);
    assertError(await report(''), 400, 'parameter_missing', 'date');
    assertError(await report('?date=2026-02-30'), 400, 'parameter_invalid', 'date');
    assertError(await report('?date=12/05/2026'), 400, 'parameter_invalid', 'date');
    assertError(await report('?date=2026-05-12T00:00:00Z'), 400, 'parameter_invalid', 'date');
    assertError(await report('?date=1969-12-31'), 400, 'parameter_invalid', 'date');
    assertError(await report('?date=9999-12-31&time_zone=Pacific/Kiritimati'), 400, 'parameter_invalid', 'date');
    assertStatus(await report('?date=1970-01-01&time_zone=Pacific/Kiritimati'), 200);
    assertError(await report('?date=2026-05-12&time_zone=Mars/Olympus_Mons'), 400, 'parameter_invalid', 'time_zone');
    assertError(await report('?date=2026-05-12&time_zone=Europe%2FParis%3B%20drop'), 400, 'parameter_invalid', 'time_zone');
    assertError(await report('?date=2026-05-12&format=xml'), 400, 'parameter_invalid', 'format');
    assertError(await report('?date=2026-05-12&tz=UTC'), 400, 'parameter_unknown', 'tz');
    assertStatus(await report('?date=2028-02-29&time_zone=Europe/Paris'), 200);
  });
});
