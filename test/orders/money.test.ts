/**
 * The money rules: tax rounded half up, line totals, price snapshots, and refunds by amount, by items
 * and by both, down to the last cent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus, createOrder, getOrder, inventoryOf, ISO_MS, paidOrder, refund } from './support.js';

/** `round_half_up(subtotal * bps / 10000)`, exact for any size. */
function expectedTax(subtotal: bigint, bps: bigint): bigint {
  return (2n * subtotal * bps + 10_000n) / 20_000n;
}

describeEachBackend('order money', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  /** Checks the sums an order must always satisfy. */
  function assertBalanced(order: any) {
    for (const item of order.items) assert.equal(item.total, item.quantity * item.unit_price, `line ${item.id}`);
    assert.equal(order.subtotal, order.items.reduce((sum: number, i: any) => sum + i.total, 0));
    assert.equal(order.total, order.subtotal + order.tax);
    assert.equal(order.refunded_amount, order.refunds.reduce((sum: number, r: any) => sum + r.amount, 0));
    assert.ok(order.refunded_amount <= order.total);
  }

  describe('tax', () => {
    const cases: Array<[number, number, number]> = [
      // [rate in basis points, subtotal, tax]
      [825, 200, 17], // 16.5 -> 17 (half to even would give 16)
      [825, 1050, 87], // 86.625
      [825, 100, 8], // 8.25
      [825, 600, 50], // 49.5
      [750, 300, 23], // 22.5 -> 23 (half to even would give 22)
      [750, 100, 8], // 7.5
      [750, 6, 0], // 0.45
      [750, 7, 1], // 0.525
      [750, 20, 2], // 1.5
      [1, 5000, 1], // 0.5
      [1, 4999, 0], // 0.4999
      [0, 12345, 0],
      [10_000, 777, 777],
    ];
    const rates = [...new Set(cases.map(([rate]) => rate))];

    test('tax = round_half_up(subtotal * rate / 10000), total = subtotal + tax', async () => {
      const shops = new Map<number, Api>();
      for (const rate of rates) shops.set(rate, (await createTestMerchant(server, { taxRateBps: rate })).sandbox);
      for (const [rate, subtotal, tax] of cases) {
        const api = shops.get(rate)!;
        const product = await createProduct(api, { price: subtotal });
        const order = await createOrder(api, [[product, 1]]);
        assert.deepEqual([order.subtotal, order.tax, order.total], [subtotal, tax, subtotal + tax], `${rate} bps on ${subtotal}`);
        assert.equal(BigInt(order.tax), expectedTax(BigInt(subtotal), BigInt(rate)));
        assertBalanced(await getOrder(api, order.id));
      }
    });

    test('tax is computed on the subtotal, not line by line', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
      // Each 100 alone would be taxed 8.25 -> 8, three lines 24; on the subtotal 300 it is 24.75 -> 25.
      const a = await createProduct(sandbox, { price: 100 });
      const b = await createProduct(sandbox, { price: 100 });
      const order = await createOrder(sandbox, [[a, 1], [b, 1], [a, 1]]);
      assert.deepEqual([order.subtotal, order.tax, order.total], [300, 25, 325]);
    });

    test('the largest orders are exact (amount times rate passes 2^53)', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
      const dear = await createProduct(sandbox, { price: 99_999_999 });
      const cheap = await createProduct(sandbox, { price: 200 });
      const lines: Array<[{ id: string }, number]> = Array.from({ length: 99 }, () => [dear, 10_000]);
      lines.push([cheap, 1]);
      const order = await createOrder(sandbox, lines);
      const subtotal = 99n * 99_999_999n * 10_000n + 200n;
      assert.ok(subtotal * 825n > BigInt(Number.MAX_SAFE_INTEGER));
      assert.equal(BigInt(order.subtotal), subtotal);
      assert.equal(BigInt(order.tax), expectedTax(subtotal, 825n));
      assert.equal(order.tax, 8_167_499_918_342); // 8167499918341.5 rounded up
      assert.equal(order.total, order.subtotal + order.tax);
      assert.equal(order.items[0].total, 999_999_990_000);
      const stored = await getOrder(sandbox, order.id);
      assert.equal(stored.total, order.total);
      assertBalanced(stored);
    });
  });

  describe('line items and snapshots', () => {
    test('line total = quantity * unit_price; lines keep the order given', async () => {
      const { sandbox } = await createTestMerchant(server, { currency: 'EUR' });
      const a = await createProduct(sandbox, { name: 'Croissant', price: 215 });
      const b = await createProduct(sandbox, { name: 'Espresso', price: 180 });
      const order = await createOrder(sandbox, [[b, 3], [a, 7], [b, 1]]);
      assert.equal(order.currency, 'EUR');
      assert.deepEqual(
        order.items.map((i: any) => [i.product_id, i.name, i.quantity, i.unit_price, i.total, i.refunded_quantity]),
        [
          [b.id, 'Espresso', 3, 180, 540, 0],
          [a.id, 'Croissant', 7, 215, 1505, 0],
          [b.id, 'Espresso', 1, 180, 180, 0],
        ],
      );
      assert.equal(new Set(order.items.map((i: any) => i.id)).size, 3);
      order.items.forEach((i: any) => assertId(i.id, 'li'));
      assert.equal(order.subtotal, 2225);
    });

    test('changing a product does not change existing orders; new orders take the new values', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
      const latte = await createProduct(sandbox, { name: 'Latte', price: 450, inventory: 10 });
      const old = await createOrder(sandbox, [[latte, 2]]);
      assertStatus(await sandbox.patch(`/v1/products/${latte.id}`, { name: 'Flat white', price: 520 }), 200);
      const again = await getOrder(sandbox, old.id);
      assert.deepEqual(
        again.items.map((i: any) => [i.name, i.unit_price, i.total]),
        [['Latte', 450, 900]],
      );
      assert.deepEqual([again.subtotal, again.tax, again.total], [900, 90, 990]);
      const fresh = await createOrder(sandbox, [[latte, 2]]);
      assert.deepEqual(
        fresh.items.map((i: any) => [i.name, i.unit_price, i.total]),
        [['Flat white', 520, 1040]],
      );
      // A refund of the old order's items uses the old price.
      await paidAndRefundItems(sandbox, old.id, old.items[0].id, 1, 495);
      // Deactivating the product does not touch the order either.
      assertStatus(await sandbox.patch(`/v1/products/${latte.id}`, { active: false }), 200);
      assert.equal((await getOrder(sandbox, old.id)).items[0].name, 'Latte');
    });
  });

  async function paidAndRefundItems(api: Api, orderId: string, lineId: string, quantity: number, amount: number) {
    assertStatus(await api.post(`/v1/orders/${orderId}/capture`, { payment_token: 'tok_visa' }), 200);
    const made = await refund(api, orderId, { items: [{ line_item_id: lineId, quantity }] });
    assert.equal(made.amount, amount);
  }

  describe('refunds by items', () => {
    /** Refunds one unit at a time and returns the amounts given back. */
    async function unitByUnit(api: Api, order: any): Promise<number[]> {
      const amounts: number[] = [];
      for (const line of order.items) {
        for (let i = 0; i < line.quantity; i++) {
          server.clock.advance(1); // refunds[] is oldest first; within one millisecond the order is not defined
          amounts.push((await refund(api, order.id, { items: [{ line_item_id: line.id, quantity: 1 }] })).amount);
        }
      }
      return amounts;
    }

    for (const [rate, price, quantity, tax, amounts] of [
      // 100 * 17 / 200 = 8.5 -> 9 each; the last unit gets what is left, 108.
      [825, 100, 2, 17, [109, 108]],
      // 100 * 23 / 300 = 7.67 -> 8 each; the last gets 107.
      [750, 100, 3, 23, [108, 108, 107]],
      // 100 * 25 / 300 = 8.33 -> 8 each; the last gets 109.
      [825, 100, 3, 25, [108, 108, 109]],
    ] as const) {
      test(`${quantity} units at ${price} with ${rate} bps: refunds ${amounts.join(' + ')} = total`, async () => {
        const { sandbox } = await createTestMerchant(server, { taxRateBps: rate });
        const product = await createProduct(sandbox, { price, inventory: quantity });
        const order = await paidOrder(sandbox, [[product, quantity]]);
        assert.equal(order.tax, tax);
        assert.deepEqual(await unitByUnit(sandbox, order), amounts);
        const done = await getOrder(sandbox, order.id);
        assert.equal(done.status, 'refunded');
        assert.equal(done.refunded_amount, done.total);
        assert.deepEqual(done.refunds.map((r: any) => r.amount), amounts);
        assertBalanced(done);
        assert.equal(await inventoryOf(sandbox, product.id), quantity, 'every unit is back on the shelf');
      });
    }

    test('several lines: each refund is goods plus its rounded tax share; the last takes exactly what is left', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
      const a = await createProduct(sandbox, { price: 333, inventory: 3 });
      const b = await createProduct(sandbox, { price: 101 });
      const order = await paidOrder(sandbox, [[a, 3], [b, 1]]);
      assert.deepEqual([order.subtotal, order.tax, order.total], [1100, 91, 1191]); // 90.75 -> 91
      const [lineA, lineB] = order.items;
      // 101 + round(101 * 91 / 1100 = 8.36) = 109
      assert.equal((await refund(sandbox, order.id, { items: [{ line_item_id: lineB.id, quantity: 1 }] })).amount, 109);
      // 666 + round(666 * 91 / 1100 = 55.1) = 721
      assert.equal((await refund(sandbox, order.id, { items: [{ line_item_id: lineA.id, quantity: 2 }] })).amount, 721);
      const halfway = await getOrder(sandbox, order.id);
      assert.equal(halfway.status, 'partially_refunded');
      assert.deepEqual(halfway.items.map((i: any) => i.refunded_quantity), [2, 1]);
      assert.equal(await inventoryOf(sandbox, a.id), 2);
      assert.equal(await inventoryOf(sandbox, b.id), null, 'untracked stays untracked');
      assert.equal((await refund(sandbox, order.id, { items: [{ line_item_id: lineA.id, quantity: 1 }] })).amount, 1191 - 109 - 721);
      const done = await getOrder(sandbox, order.id);
      assert.equal(done.status, 'refunded');
      assert.equal(done.refunded_amount, 1191);
      assertBalanced(done);
    });

    test('two lines returned in one refund, then the rest', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 750 });
      const a = await createProduct(sandbox, { price: 199, inventory: 5 });
      const b = await createProduct(sandbox, { price: 349, inventory: 5 });
      const order = await paidOrder(sandbox, [[a, 2], [b, 3]]); // 398 + 1047 = 1445, tax 108.375 -> 108
      assert.deepEqual([order.subtotal, order.tax, order.total], [1445, 108, 1553]);
      const first = await refund(sandbox, order.id, {
        items: [
          { line_item_id: order.items[0].id, quantity: 1 },
          { line_item_id: order.items[1].id, quantity: 2 },
        ],
      });
      // 199 + round(199*108/1445 = 14.87) = 214; 698 + round(698*108/1445 = 52.17) = 750
      assert.equal(first.amount, 214 + 750);
      assert.deepEqual(first.items, [
        { line_item_id: order.items[0].id, quantity: 1 },
        { line_item_id: order.items[1].id, quantity: 2 },
      ]);
      const rest = await refund(sandbox, order.id, {
        items: [
          { line_item_id: order.items[1].id, quantity: 1 },
          { line_item_id: order.items[0].id, quantity: 1 },
        ],
      });
      assert.equal(rest.amount, 1553 - 964);
      assert.equal(await inventoryOf(sandbox, a.id), 5);
      assert.equal(await inventoryOf(sandbox, b.id), 5);
      assertBalanced(await getOrder(sandbox, order.id));
    });

    test('an items refund is capped at what is left after money-only refunds', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 100, inventory: 2 });
      const order = await paidOrder(sandbox, [[product, 2]]);
      assert.equal((await refund(sandbox, order.id, { amount: 150 })).amount, 150);
      assert.equal(await inventoryOf(sandbox, product.id), 0, 'a money-only refund returns no stock');
      const capped = await refund(sandbox, order.id, { items: [{ line_item_id: order.items[0].id, quantity: 1 }] });
      assert.equal(capped.amount, 50);
      const done = await getOrder(sandbox, order.id);
      assert.equal(done.status, 'refunded');
      assert.equal(done.refunded_amount, 200);
      assert.equal(await inventoryOf(sandbox, product.id), 1);
      assertError(
        await sandbox.post(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: order.items[0].id, quantity: 1 }] }),
        400,
        'already_refunded',
        null,
      );
    });

    test('quantities above what is left of a line are 400 invalid_refund_amount; bad lines are 400 parameter_invalid', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 100, inventory: 5 });
      const order = await paidOrder(sandbox, [[product, 2], [product, 1]]);
      const other = await paidOrder(sandbox, [[product, 1]]);
      const [line, second] = order.items;
      const body = (items: unknown) => ({ items });
      const post = (items: unknown) => sandbox.post(`/v1/orders/${order.id}/refund`, body(items));
      assertError(await post([{ line_item_id: line.id, quantity: 3 }]), 400, 'invalid_refund_amount', 'items[0].quantity');
      assertError(await post([{ line_item_id: second.id, quantity: 1 }, { line_item_id: line.id, quantity: 3 }]), 400, 'invalid_refund_amount', 'items[1].quantity');
      await refund(sandbox, order.id, body([{ line_item_id: line.id, quantity: 1 }]));
      assertError(await post([{ line_item_id: line.id, quantity: 2 }]), 400, 'invalid_refund_amount', 'items[0].quantity');
      assertError(await post([{ line_item_id: line.id, quantity: 0 }]), 400, 'parameter_invalid', 'items[0].quantity');
      assertError(await post([{ line_item_id: line.id, quantity: 1.5 }]), 400, 'parameter_invalid', 'items[0].quantity');
      assertError(await post([{ line_item_id: line.id, quantity: '1' }]), 400, 'parameter_invalid', 'items[0].quantity');
      assertError(await post([{ line_item_id: line.id }]), 400, 'parameter_missing', 'items[0].quantity');
      assertError(await post([]), 400, 'parameter_invalid', 'items');
      assertError(await post([{ line_item_id: other.items[0].id, quantity: 1 }]), 400, 'parameter_invalid', 'items[0].line_item_id');
      assertError(await post([{ line_item_id: 'li_doesnotexist0000000', quantity: 1 }]), 400, 'parameter_invalid', 'items[0].line_item_id');
      assertError(
        await post([{ line_item_id: line.id, quantity: 1 }, { line_item_id: line.id, quantity: 1 }]),
        400,
        'parameter_invalid',
        'items[1].line_item_id',
      );
      const after = await getOrder(sandbox, order.id);
      assert.equal(after.refunded_amount, 100, 'refused refunds give nothing back');
      assert.deepEqual(after.items.map((i: any) => i.refunded_quantity), [1, 0]);
      assert.equal(await inventoryOf(sandbox, product.id), 5 - 3 - 1 + 1);
    });
  });

  describe('refunds by amount', () => {
    test('amount: 1 to what is left; 0, negative and too much are invalid_refund_amount', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 1000 });
      const order = await paidOrder(sandbox, [[product, 1]]);
      const post = (amount: unknown) => sandbox.post(`/v1/orders/${order.id}/refund`, { amount });
      for (const amount of [0, -1, -1000, 1001, 1e15]) {
        assertError(await post(amount), 400, 'invalid_refund_amount', 'amount');
      }
      assert.equal((await refund(sandbox, order.id, { amount: 1 })).amount, 1);
      assertError(await post(1000), 400, 'invalid_refund_amount', 'amount');
      server.clock.advance(1);
      assert.equal((await refund(sandbox, order.id, { amount: 998 })).amount, 998);
      assertError(await post(2), 400, 'invalid_refund_amount', 'amount');
      server.clock.advance(1);
      assert.equal((await refund(sandbox, order.id, { amount: 1 })).amount, 1);
      const done = await getOrder(sandbox, order.id);
      assert.equal(done.status, 'refunded');
      assert.deepEqual(done.refunds.map((r: any) => r.amount), [1, 998, 1]);
      assertBalanced(done);
    });

    test('amounts that are not whole numbers are parameter_invalid', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 1000 });
      const order = await paidOrder(sandbox, [[product, 1]]);
      for (const amount of [1.5, 0.01, '500', '', null, true, [100], { value: 100 }]) {
        assertError(await sandbox.post(`/v1/orders/${order.id}/refund`, { amount }), 400, 'parameter_invalid', 'amount');
      }
      assertError(await sandbox.post(`/v1/orders/${order.id}/refund`, '{"amount": 1e400}'), 400, 'parameter_invalid', 'amount');
      assert.equal((await getOrder(sandbox, order.id)).refunded_amount, 0);
    });

    test('an empty body refunds everything left, and so does {}', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
      const product = await createProduct(sandbox, { price: 200, inventory: 3 });
      const first = await paidOrder(sandbox, [[product, 1]]);
      await refund(sandbox, first.id, { amount: 17 });
      assert.equal((await refund(sandbox, first.id)).amount, 217 - 17);
      const second = await paidOrder(sandbox, [[product, 1]]);
      assert.equal((await refund(sandbox, second.id, {})).amount, 217);
      assert.equal(await inventoryOf(sandbox, product.id), 1, 'a money refund returns no stock');
    });
  });

  describe('refunds by amount and items together', () => {
    test('items say what came back, amount the money, at most the items\' value', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
      const a = await createProduct(sandbox, { price: 100, inventory: 4 });
      const b = await createProduct(sandbox, { price: 50, inventory: 4 });
      const order = await paidOrder(sandbox, [[a, 2], [b, 1]]); // 250 + 25 = 275
      const [lineA, lineB] = order.items;
      // One unit of A is worth 100 + 10 tax = 110.
      assertError(
        await sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 111, items: [{ line_item_id: lineA.id, quantity: 1 }] }),
        400,
        'invalid_refund_amount',
        'amount',
      );
      const partial = await refund(sandbox, order.id, { amount: 60, items: [{ line_item_id: lineA.id, quantity: 1 }] });
      assert.equal(partial.amount, 60);
      assert.deepEqual(partial.items, [{ line_item_id: lineA.id, quantity: 1 }]);
      assert.equal(await inventoryOf(sandbox, a.id), 3, 'the unit came back even though less money went out');
      const full = await refund(sandbox, order.id, { amount: 110, items: [{ line_item_id: lineA.id, quantity: 1 }] });
      assert.equal(full.amount, 110);
      assertError(
        await sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 0, items: [{ line_item_id: lineB.id, quantity: 1 }] }),
        400,
        'invalid_refund_amount',
        'amount',
      );
      // The last unit back takes what is left (275 - 170 = 105) and no more.
      assertError(
        await sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 106, items: [{ line_item_id: lineB.id, quantity: 1 }] }),
        400,
        'invalid_refund_amount',
        'amount',
      );
      assert.equal((await refund(sandbox, order.id, { amount: 105, items: [{ line_item_id: lineB.id, quantity: 1 }] })).amount, 105);
      const done = await getOrder(sandbox, order.id);
      assert.equal(done.status, 'refunded');
      assert.deepEqual(done.items.map((i: any) => i.refunded_quantity), [2, 1]);
      assertBalanced(done);
      assert.equal(await inventoryOf(sandbox, a.id), 4);
      assert.equal(await inventoryOf(sandbox, b.id), 4);
    });
  });

  describe('Get Order after refunds', () => {
    test('shows refunded_amount and every refund with its fields, oldest first', async () => {
      const { sandbox } = await createTestMerchant(server, { currency: 'GBP' });
      const product = await createProduct(sandbox, { price: 400, inventory: 2 });
      const order = await paidOrder(sandbox, [[product, 2]]);
      server.clock.set('2026-06-01T12:00:00.000Z');
      const r1 = await refund(sandbox, order.id, { amount: 100, reason: 'duplicate' });
      server.clock.set('2026-06-01T12:00:01.000Z');
      const r2 = await refund(sandbox, order.id, { items: [{ line_item_id: order.items[0].id, quantity: 1 }], reason: 'fraudulent' });
      server.clock.set('2026-06-01T12:00:02.000Z');
      const r3 = await refund(sandbox, order.id, { amount: 1, reason: 'other' });
      server.clock.set('2026-06-01T12:00:03.000Z');
      const r4 = await refund(sandbox, order.id);
      for (const r of [r1, r2, r3, r4]) {
        assertId(r.id, 'ref');
        assert.equal(r.order_id, order.id);
        assert.equal(r.currency, 'GBP');
        assert.equal(r.status, 'succeeded');
        assert.match(r.created_at, ISO_MS);
      }
      assert.deepEqual([r1.reason, r2.reason, r3.reason, r4.reason], ['duplicate', 'fraudulent', 'other', 'customer_request']);
      assert.deepEqual([r1.amount, r2.amount, r3.amount, r4.amount], [100, 400, 1, 299]);
      assert.deepEqual(r1.items, []);
      assert.deepEqual(r2.items, [{ line_item_id: order.items[0].id, quantity: 1 }]);
      const shown = await getOrder(sandbox, order.id);
      assert.equal(shown.refunded_amount, 800);
      assert.deepEqual(shown.refunds, [r1, r2, r3, r4]);
      assert.equal(shown.items[0].refunded_quantity, 1);
      assert.equal(shown.updated_at, '2026-06-01T12:00:03.000Z');
      assertBalanced(shown);
    });

    test('an unknown reason is parameter_invalid', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 400 });
      const order = await paidOrder(sandbox, [[product, 1]]);
      for (const reason of ['requested_by_customer', '', 'CUSTOMER_REQUEST', 3]) {
        assertError(await sandbox.post(`/v1/orders/${order.id}/refund`, { reason }), 400, 'parameter_invalid', 'reason');
      }
    });
  });
});
