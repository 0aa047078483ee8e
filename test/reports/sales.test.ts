/**
 * `GET /v1/reports/sales`: exact figures for orders and refunds placed at chosen times (TestClock),
 * every bucket present, only the credential's merchant and environment counted.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError } from '../orders/support.js';

describeEachBackend('Sales report', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  /** An order of `quantity` units made at `createdAt`, paid at `paidAt` (if given); returns its id and total. */
  async function order(api: Api, productId: string, quantity: number, createdAt: string, paidAt?: string): Promise<{ id: string; total: number }> {
    server.clock.set(createdAt);
    const created = await api.post('/v1/orders', { items: [{ product_id: productId, quantity }], payment_method: 'cash' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    if (paidAt !== undefined) {
      server.clock.set(paidAt);
      assert.equal((await api.post(`/v1/orders/${created.body.id}/capture`)).status, 200);
    }
    return { id: created.body.id, total: created.body.total };
  }

  async function refund(api: Api, orderId: string, amount: number, at: string) {
    server.clock.set(at);
    const response = await api.post(`/v1/orders/${orderId}/refund`, { amount });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  }

  test('hourly and daily figures: sales by payment time, refunds by refund time, zeros included, nothing of others', async () => {
    const shop = await createTestMerchant(server, { currency: 'EUR', taxRateBps: 825 });
    const live = shop.production;
    const product = await createProduct(live, { price: 1000 });
    const sandboxProduct = await createProduct(shop.sandbox, { price: 1000 });
    const other = await createTestMerchant(server);
    const otherProduct = await createProduct(other.production, { price: 5000 });

    const a = await order(live, product.id, 1, '2026-03-10T09:10:00.000Z', '2026-03-10T09:20:00.000Z'); // 1083
    const b = await order(live, product.id, 2, '2026-03-10T08:50:00.000Z', '2026-03-10T10:05:00.000Z'); // created 08, paid 10: counts at 10
    const c = await order(live, product.id, 3, '2026-03-10T13:00:00.000Z', '2026-03-10T13:59:59.999Z');
    await refund(live, c.id, 300, '2026-03-10T15:30:00.000Z');
    await refund(live, a.id, 83, '2026-03-10T15:45:00.000Z');
    await refund(live, c.id, 400, '2026-03-11T01:00:00.000Z'); // the next UTC day
    await order(live, product.id, 1, '2026-03-10T11:00:00.000Z'); // pending: no sale
    const canceled = await order(live, product.id, 1, '2026-03-10T12:00:00.000Z');
    assert.equal((await live.post(`/v1/orders/${canceled.id}/cancel`)).status, 200);
    const early = await order(live, product.id, 1, '2026-03-09T23:00:00.000Z', '2026-03-09T23:59:59.999Z'); // the day before
    await order(shop.sandbox, sandboxProduct.id, 1, '2026-03-10T09:00:00.000Z', '2026-03-10T09:30:00.000Z'); // other environment
    await order(other.production, otherProduct.id, 1, '2026-03-10T09:00:00.000Z', '2026-03-10T09:30:00.000Z'); // other merchant
    assert.deepEqual([a.total, b.total, c.total], [1083, 2165, 3248], 'totals with 8.25% tax');

    const hourly = await live.get('/v1/reports/sales?from=2026-03-10T00:00:00Z&to=2026-03-11T00:00:00Z');
    assert.equal(hourly.status, 200, JSON.stringify(hourly.body));
    assert.equal(hourly.body.currency, 'EUR');
    assert.equal(hourly.body.from, '2026-03-10T00:00:00.000Z');
    assert.equal(hourly.body.to, '2026-03-11T00:00:00.000Z');
    assert.equal(hourly.body.interval, 'hour', 'hour by default');
    assert.deepEqual(hourly.body.totals, { orders: 3, sales_amount: 1083 + 2165 + 3248, tips: 0, refunded_amount: 383, refunds: 2 });
    assert.equal(hourly.body.buckets.length, 24);
    const expected = new Map([
      [9, { orders: 1, sales_amount: 1083, tips: 0, refunded_amount: 0 }],
      [10, { orders: 1, sales_amount: 2165, tips: 0, refunded_amount: 0 }],
      [13, { orders: 1, sales_amount: 3248, tips: 0, refunded_amount: 0 }],
      [15, { orders: 0, sales_amount: 0, tips: 0, refunded_amount: 383 }],
    ]);
    hourly.body.buckets.forEach((bucket: Record<string, unknown>, hour: number) => {
      assert.deepEqual(bucket, { start: `2026-03-10T${String(hour).padStart(2, '0')}:00:00.000Z`, ...(expected.get(hour) ?? { orders: 0, sales_amount: 0, tips: 0, refunded_amount: 0 }) }, `hour ${hour}`);
    });

    const daily = await live.get('/v1/reports/sales?from=2026-03-09T00:00:00.000Z&to=2026-03-12T00:00:00.000Z&interval=day');
    assert.equal(daily.status, 200);
    assert.deepEqual(daily.body.totals, { orders: 4, sales_amount: early.total + 1083 + 2165 + 3248, tips: 0, refunded_amount: 783, refunds: 3 });
    assert.deepEqual(daily.body.buckets, [
      { start: '2026-03-09T00:00:00.000Z', orders: 1, sales_amount: early.total, tips: 0, refunded_amount: 0 },
      { start: '2026-03-10T00:00:00.000Z', orders: 3, sales_amount: 6496, tips: 0, refunded_amount: 383 },
      { start: '2026-03-11T00:00:00.000Z', orders: 0, sales_amount: 0, tips: 0, refunded_amount: 400 },
    ]);

    // `to` is exclusive, `from` inclusive: 13:59:59.999 is in [13:00, 14:00), 10:05 is not in [10:06, ...).
    const narrow = await live.get('/v1/reports/sales?from=2026-03-10T10:06:00Z&to=2026-03-10T14:00:00Z');
    assert.deepEqual(narrow.body.totals, { orders: 1, sales_amount: 3248, tips: 0, refunded_amount: 0, refunds: 0 });
    assert.deepEqual(narrow.body.buckets.map((b: { start: string }) => b.start.slice(11, 13)), ['10', '11', '12', '13'], 'the first bucket is the UTC hour of from');

    // A local day given with its offset (UTC-05:00): hours 05:00Z to 04:00Z of the next day.
    const local = await live.get(`/v1/reports/sales?from=${encodeURIComponent('2026-03-10T00:00:00-05:00')}&to=${encodeURIComponent('2026-03-11T00:00:00-05:00')}`);
    assert.equal(local.body.from, '2026-03-10T05:00:00.000Z');
    assert.equal(local.body.buckets.length, 24);
    assert.equal(local.body.buckets[0].start, '2026-03-10T05:00:00.000Z');
    assert.deepEqual(local.body.totals, { orders: 3, sales_amount: 6496, tips: 0, refunded_amount: 783, refunds: 3 });

    // The sandbox sees its own sale only.
    const sandbox = await shop.sandbox.get('/v1/reports/sales?from=2026-03-10T00:00:00Z&to=2026-03-11T00:00:00Z');
    assert.deepEqual(sandbox.body.totals, { orders: 1, sales_amount: 1083, tips: 0, refunded_amount: 0, refunds: 0 });
  });

  test('date-only bounds read as in List Orders: from a date\'s first millisecond to the end of the to date', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 1000 });
    await order(shop.sandbox, product.id, 1, '2026-04-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'); // first millisecond of the 1st
    await order(shop.sandbox, product.id, 2, '2026-04-02T23:00:00.000Z', '2026-04-02T23:59:59.999Z'); // last millisecond of the 2nd
    await order(shop.sandbox, product.id, 3, '2026-04-03T00:00:00.000Z', '2026-04-03T00:00:00.000Z'); // the day after
    const report = await shop.sandbox.get('/v1/reports/sales?from=2026-04-01&to=2026-04-02&interval=day');
    assert.equal(report.status, 200, JSON.stringify(report.body));
    assert.equal(report.body.from, '2026-04-01T00:00:00.000Z');
    assert.equal(report.body.to, '2026-04-03T00:00:00.000Z');
    assert.deepEqual(report.body.buckets.map((b: { start: string; orders: number }) => [b.start, b.orders]), [
      ['2026-04-01T00:00:00.000Z', 1],
      ['2026-04-02T00:00:00.000Z', 1],
    ]);
    assert.deepEqual(report.body.totals, { orders: 2, sales_amount: 3000, tips: 0, refunded_amount: 0, refunds: 0 });
    // The same days as List Orders' created_at_min/created_at_max.
    const listed = await shop.sandbox.get('/v1/orders?created_at_min=2026-04-01&created_at_max=2026-04-02');
    assert.equal(listed.body.pagination.total, 2);
    const one = await shop.sandbox.get('/v1/reports/sales?from=2026-04-02&to=2026-04-02');
    assert.equal(one.status, 200);
    assert.equal(one.body.buckets.length, 24, 'one whole day, by hour');
    assertError(await shop.sandbox.get('/v1/reports/sales?from=2026-04-03&to=2026-04-02'), 400, 'parameter_invalid', 'to');
    assertError(await shop.sandbox.get('/v1/reports/sales?from=2026-01-01&to=2026-02-01'), 400, 'parameter_invalid', 'to');
    assert.equal((await shop.sandbox.get('/v1/reports/sales?from=2026-01-01&to=2026-01-31&interval=day')).body.buckets.length, 31);
  });

  test('an empty range answers every bucket with zeros; 31 days is the most', async () => {
    const shop = await createTestMerchant(server);
    const month = await shop.sandbox.get('/v1/reports/sales?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&interval=day');
    assert.equal(month.status, 200);
    assert.equal(month.body.currency, 'USD');
    assert.equal(month.body.buckets.length, 31);
    assert.ok(month.body.buckets.every((b: Record<string, number>) => b.orders === 0 && b.sales_amount === 0 && b.refunded_amount === 0));
    assert.deepEqual(month.body.totals, { orders: 0, sales_amount: 0, tips: 0, refunded_amount: 0, refunds: 0 });
    const hours = await shop.sandbox.get('/v1/reports/sales?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z');
    assert.equal(hours.body.buckets.length, 31 * 24);
  });

  test('refusals: missing, malformed or reversed bounds, a range over 31 days, an unknown interval or parameter', async () => {
    const shop = await createTestMerchant(server);
    const api = shop.sandbox;
    assertError(await api.get('/v1/reports/sales?to=2026-01-02T00:00:00Z'), 400, 'parameter_missing', 'from');
    assertError(await api.get('/v1/reports/sales?from=2026-01-01T00:00:00Z'), 400, 'parameter_missing', 'to');
    assertError(await api.get('/v1/reports/sales?from=2026-02-30&to=2026-03-02T00:00:00Z'), 400, 'parameter_invalid', 'from');
    assertError(await api.get('/v1/reports/sales?from=2026-01-01T10:00&to=2026-01-02T00:00:00Z'), 400, 'parameter_invalid', 'from');
    assertError(await api.get('/v1/reports/sales?from=yesterday&to=2026-01-02T00:00:00Z'), 400, 'parameter_invalid', 'from');
    assertError(await api.get('/v1/reports/sales?from=2026-01-02T00:00:00Z&to=2026-01-02T00:00:00Z'), 400, 'parameter_invalid', 'to');
    assertError(await api.get('/v1/reports/sales?from=2026-01-03T00:00:00Z&to=2026-01-02T00:00:00Z'), 400, 'parameter_invalid', 'to');
    assertError(await api.get('/v1/reports/sales?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00.001Z'), 400, 'parameter_invalid', 'to');
    assertError(await api.get('/v1/reports/sales?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&interval=week'), 400, 'parameter_invalid', 'interval');
    assertError(await api.get('/v1/reports/sales?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&tz=UTC'), 400, 'parameter_unknown', 'tz');
  });

  test('needs orders:read: a cashier may, a key without it may not', async () => {
    const shop = await createTestMerchant(server);
    const range = '?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';
    assertError(await (await shop.keyWith('production', ['products:read'])).get(`/v1/reports/sales${range}`), 403, 'insufficient_permissions');
    assert.equal((await (await signInAs(server, shop, 'cashier')).api.get(`/v1/reports/sales${range}`)).status, 200);
    assertError(await new Api(server.url, undefined).get(`/v1/reports/sales${range}`), 401, 'missing_credentials');
  });
});
