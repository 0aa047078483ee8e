/**
 * Tips on capture: by amount or percentage (rounded half up), in the order's total and the charge, not
 * taxed, once per capture whatever the retries; refunds give the tip back only by amount or in full;
 * the sales report shows tips apart from sales. Sandbox simulator and cash, on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, createOrder, getOrder, refund } from './support.js';

describeEachBackend('tips on capture', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  async function pendingOrder(api: Api, price: number, quantity = 1, extra: Record<string, unknown> = {}): Promise<any> {
    const product = await createProduct(api, { price, inventory: 100 });
    return createOrder(api, [[product, quantity]], extra);
  }

  async function captureWithTip(api: Api, orderId: string, tip: unknown, token: string | null = 'tok_visa', headers?: Record<string, string>) {
    return api.post(`/v1/orders/${orderId}/capture`, { ...(token === null ? {} : { payment_token: token }), tip }, headers);
  }

  test('a tip by amount: the order shows it, total = subtotal + tax + tip, tax unchanged, order.paid carries it', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
    const order = await pendingOrder(sandbox, 1000);
    assert.deepEqual([order.subtotal, order.tax, order.tip, order.total], [1000, 83, 0, 1083], 'no tip before capture');
    const paid = await captureWithTip(sandbox, order.id, { amount: 200 });
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.status, paid.body.subtotal, paid.body.tax, paid.body.tip, paid.body.total], ['paid', 1000, 83, 200, 1283]);
    assert.deepEqual(await getOrder(sandbox, order.id), paid.body);
    const events = await sandbox.get('/v1/events?type=order.paid');
    assertStatus(events, 200);
    const event = events.body.data.find((e: any) => e.data.object.id === order.id);
    assert.deepEqual(event.data.object, paid.body, 'order.paid carries the order with its tip');
  });

  test('a tip by percentage is of subtotal + tax, rounded half up', async () => {
    const cases: Array<[number, number, number, number]> = [
      // [tax rate bps, price, tip bps, tip]
      [0, 1090, 1500, 164], // 163.5 -> 164 (half to even would give 164 too; the next case is odd)
      [0, 1070, 1500, 161], // 160.5 -> 161 (half to even would give 160)
      [825, 1000, 1250, 135], // 12.5% of 1083 = 135.375
      [825, 1000, 0, 0],
      [0, 999, 10_000, 999], // 100%
      [0, 99_999_999, 1, 10_000], // 0.01% of 99999999 = 9999.9999 -> 10000
    ];
    for (const [rate, price, bps, tip] of cases) {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: rate });
      const order = await pendingOrder(sandbox, price);
      const paid = await captureWithTip(sandbox, order.id, { percentage_bps: bps });
      assertStatus(paid, 200);
      assert.equal(paid.body.tip, tip, `${bps} bps of ${order.total}`);
      assert.equal(paid.body.tax, order.tax, 'the tip is not taxed');
      assert.equal(paid.body.total, order.total + tip);
    }
  });

  test('cash orders take a tip too; no tip leaves the total as it was', async () => {
    const { sandbox } = await createTestMerchant(server);
    const cash = await pendingOrder(sandbox, 500, 2, { payment_method: 'cash' });
    const paid = await captureWithTip(sandbox, cash.id, { amount: 150 }, null);
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.payment.method, paid.body.tip, paid.body.total], ['cash', 150, 1150]);
    const plain = await pendingOrder(sandbox, 500);
    const untipped = await sandbox.post(`/v1/orders/${plain.id}/capture`, { payment_token: 'tok_visa' });
    assertStatus(untipped, 200);
    assert.deepEqual([untipped.body.tip, untipped.body.total], [0, plain.total]);
  });

  test('a capture retried with the same Idempotency-Key does not add the tip twice; a capture again without a key is 422', async () => {
    const { sandbox } = await createTestMerchant(server);
    const order = await pendingOrder(sandbox, 800);
    const headers = { 'Idempotency-Key': `tip-${order.id}` };
    const first = await captureWithTip(sandbox, order.id, { amount: 120 }, 'tok_visa', headers);
    const again = await captureWithTip(sandbox, order.id, { amount: 120 }, 'tok_visa', headers);
    assertStatus(first, 200);
    assertStatus(again, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assertError(await captureWithTip(sandbox, order.id, { amount: 120 }), 422, 'order_not_capturable', null);
    const stored = await getOrder(sandbox, order.id);
    assert.deepEqual([stored.tip, stored.total], [120, 920]);
  });

  test('bad tips are 400 naming the field, and the order stays pending', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
    const order = await pendingOrder(sandbox, 1000); // total 1100
    const cases: Array<[unknown, string, string]> = [
      [{ amount: 100, percentage_bps: 1000 }, 'parameter_invalid', 'tip'],
      [{}, 'parameter_missing', 'tip'],
      [{ amount: -1 }, 'parameter_invalid', 'tip.amount'],
      [{ amount: 1.5 }, 'parameter_invalid', 'tip.amount'],
      [{ amount: 1101 }, 'parameter_invalid', 'tip.amount'], // over 100% of the total
      [{ percentage_bps: -1 }, 'parameter_invalid', 'tip.percentage_bps'],
      [{ percentage_bps: 10_001 }, 'parameter_invalid', 'tip.percentage_bps'],
      [{ amount: 100, note: 'x' }, 'parameter_unknown', 'tip.note'],
      [200, 'parameter_invalid', 'tip'],
    ];
    for (const [tip, code, param] of cases) {
      assertError(await captureWithTip(sandbox, order.id, tip), 400, code, param);
    }
    const still = await getOrder(sandbox, order.id);
    assert.deepEqual([still.status, still.tip, still.total], ['pending', 0, 1100]);
    const capped = await captureWithTip(sandbox, order.id, { amount: 1100 });
    assertStatus(capped, 200);
    assert.deepEqual([capped.body.tip, capped.body.total], [1100, 2200], 'a tip of exactly 100% is taken');
  });

  test('a full refund gives back everything, the tip included, and the order is refunded', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
    const order = await pendingOrder(sandbox, 1000);
    assertStatus(await captureWithTip(sandbox, order.id, { amount: 200 }), 200);
    const made = await refund(sandbox, order.id);
    assert.equal(made.amount, 1283);
    const after = await getOrder(sandbox, order.id);
    assert.deepEqual([after.status, after.refunded_amount], ['refunded', 1283]);
  });

  test('an amount refund may go up to what is left, the tip included', async () => {
    const { sandbox } = await createTestMerchant(server);
    const order = await pendingOrder(sandbox, 1000);
    assertStatus(await captureWithTip(sandbox, order.id, { amount: 300 }), 200);
    assertError(await sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 1301 }), 400, 'invalid_refund_amount', 'amount');
    assert.equal((await refund(sandbox, order.id, { amount: 1100 })).amount, 1100);
    assert.equal((await refund(sandbox, order.id, { amount: 200 })).amount, 200);
    assert.equal((await getOrder(sandbox, order.id)).status, 'refunded');
  });

  test('item refunds give back goods and their tax only, never the tip; the tip then comes back with a full refund', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
    const order = await pendingOrder(sandbox, 1000, 2); // subtotal 2000, tax 165, total 2165
    const paid = await captureWithTip(sandbox, order.id, { percentage_bps: 1000 }); // 216.5 -> 217
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.tip, paid.body.total], [217, 2382]);
    const line = paid.body.items[0].id;
    const one = await refund(sandbox, order.id, { items: [{ line_item_id: line, quantity: 1 }] });
    assert.equal(one.amount, 1000 + 83, 'one unit and its tax share (82.5 -> 83)');
    const rest = await refund(sandbox, order.id, { items: [{ line_item_id: line, quantity: 1 }] });
    assert.equal(rest.amount, 2165 - 1083, 'every unit back: exactly what is left of the goods and tax, not the tip');
    const between = await getOrder(sandbox, order.id);
    assert.deepEqual([between.status, between.refunded_amount], ['partially_refunded', 2165]);
    const tip = await refund(sandbox, order.id);
    assert.equal(tip.amount, 217, 'the tip');
    const after = await getOrder(sandbox, order.id);
    assert.deepEqual([after.status, after.refunded_amount], ['refunded', 2382]);
  });

  test('the sales report shows tips apart from sales (sales_amount + tips = what was charged)', async () => {
    const { production } = await createTestMerchant(server, { taxRateBps: 1000 });
    const product = await createProduct(production, { price: 1000 });
    const sell = async (at: string, tip: unknown) => {
      server.clock.set(at);
      const created = await createOrder(production, [[product, 1]], { payment_method: 'cash' });
      const paid = await production.post(`/v1/orders/${created.id}/capture`, tip === undefined ? undefined : { tip });
      assertStatus(paid, 200);
      return paid.body;
    };
    const a = await sell('2026-04-02T09:10:00.000Z', { amount: 150 });
    await sell('2026-04-02T09:40:00.000Z', { percentage_bps: 2000 }); // 20% of 1100 = 220
    await sell('2026-04-02T11:00:00.000Z', undefined);
    server.clock.set('2026-04-02T12:00:00.000Z');
    await refund(production, a.id); // 1250, the tip included: refunds are money given back
    const report = await production.get('/v1/reports/sales?from=2026-04-02T09:00:00Z&to=2026-04-02T13:00:00Z');
    assertStatus(report, 200);
    assert.deepEqual(report.body.totals, { orders: 3, sales_amount: 3300, tips: 370, refunded_amount: 1250, refunds: 1 });
    assert.deepEqual(
      report.body.buckets.map((b: any) => [b.start.slice(11, 13), b.orders, b.sales_amount, b.tips, b.refunded_amount]),
      [
        ['09', 2, 2200, 370, 0],
        ['10', 0, 0, 0, 0],
        ['11', 1, 1100, 0, 0],
        ['12', 0, 0, 0, 1250],
      ],
    );
  });
});
