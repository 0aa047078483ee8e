/**
 * Races over HTTP: stock never oversold, refunds never past the total, a capture taken once, on both
 * databases, and with two server processes sharing one database.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { startSecondProcess, stopProcess, STARTS_PROCESSES } from '../helpers/processes.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { assertError, createOrder, getOrder, inventoryOf, paidOrder, tally } from './support.js';

/** No answer may be a server error, whatever the race. */
function assertNoServerErrors(responses: readonly ApiResponse[]): void {
  const failed = responses.filter((r) => r.status >= 500);
  assert.deepEqual(failed.map((r) => JSON.stringify(r.body)), [], 'server errors under concurrency');
}

describeEachBackend('concurrency', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('stock', () => {
    test('50 parallel orders for 10 units: exactly 10 created, 40 out_of_stock, stock 0', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 300, inventory: 10 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })),
      );
      assertNoServerErrors(responses);
      assert.deepEqual(tally(responses), { '201': 10, '422 out_of_stock': 40 });
      for (const refused of responses.filter((r) => r.status === 422)) assertError(refused, 422, 'out_of_stock', 'items[0].product_id');
      assert.equal(await inventoryOf(shop.sandbox, product.id), 0);
      const listed = await shop.sandbox.get('/v1/orders?per_page=100');
      assert.equal(listed.body.pagination.total, 10);
      assert.deepEqual(
        new Set(listed.body.data.map((o: any) => o.id)),
        new Set(responses.filter((r) => r.status === 201).map((r) => r.body.id)),
      );
    });

    test('orders of mixed sizes never take more than there is', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 300, inventory: 25 });
      const sizes = Array.from({ length: 40 }, (_, i) => (i % 4) + 1);
      const responses = await Promise.all(
        sizes.map((quantity) => shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity }] })),
      );
      assertNoServerErrors(responses);
      const taken = responses.filter((r) => r.status === 201).reduce((sum, r) => sum + r.body.items[0].quantity, 0);
      assert.ok(taken <= 25 && taken >= 22, `took ${taken}`); // a refused order leaves at most 3 units no one could take
      assert.equal(await inventoryOf(shop.sandbox, product.id), 25 - taken);
      assert.ok(responses.every((r) => r.status === 201 || r.body.error.code === 'out_of_stock'));
    });

    test('orders naming two products in opposite orders neither deadlock nor oversell', async () => {
      const shop = await createTestMerchant(server);
      const a = await createProduct(shop.sandbox, { name: 'A', price: 100, inventory: 20 });
      const b = await createProduct(shop.sandbox, { name: 'B', price: 100, inventory: 20 });
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          shop.sandbox.post('/v1/orders', {
            items: (i % 2 === 0 ? [a, b] : [b, a]).map((p) => ({ product_id: p.id, quantity: 1 })),
          }),
        ),
      );
      assertNoServerErrors(responses);
      assert.deepEqual(tally(responses), { '201': 20, '422 out_of_stock': 20 });
      assert.equal(await inventoryOf(shop.sandbox, a.id), 0);
      assert.equal(await inventoryOf(shop.sandbox, b.id), 0);
    });

    test('cancels racing new orders: each cancel releases once, and stock always balances', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
      const pending = [];
      for (let i = 0; i < 5; i++) pending.push(await createOrder(shop.sandbox, [[product, 1]]));
      const cancels = pending.flatMap((o) => [shop.sandbox.post(`/v1/orders/${o.id}/cancel`), shop.sandbox.post(`/v1/orders/${o.id}/cancel`)]);
      const creates = Array.from({ length: 10 }, () => shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }));
      const [cancelResponses, createResponses] = await Promise.all([Promise.all(cancels), Promise.all(creates)]);
      assertNoServerErrors([...cancelResponses, ...createResponses]);
      assert.deepEqual(tally(cancelResponses), { '200': 5, '422 order_not_cancelable': 5 });
      const created = createResponses.filter((r) => r.status === 201).length;
      assert.ok(created <= 5);
      assert.equal(await inventoryOf(shop.sandbox, product.id), 5 - created);
    });
  });

  describe('refunds', () => {
    test('10 parallel full refunds: one succeeds, nine already_refunded, refunded_amount = total', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 825 });
      const product = await createProduct(shop.sandbox, { price: 350 });
      const order = await paidOrder(shop.sandbox, [[product, 3]]);
      const responses = await Promise.all(Array.from({ length: 10 }, () => shop.sandbox.post(`/v1/orders/${order.id}/refund`)));
      assertNoServerErrors(responses);
      assert.deepEqual(tally(responses), { '200': 1, '400 already_refunded': 9 });
      const done = await getOrder(shop.sandbox, order.id);
      assert.equal(done.status, 'refunded');
      assert.equal(done.refunded_amount, 1137);
      assert.equal(done.refunds.length, 1);
      assert.equal(done.refunds[0].amount, 1137);
    });

    test('parallel partial refunds never pass the total', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 825 });
      const product = await createProduct(shop.sandbox, { price: 350 });
      const order = await paidOrder(shop.sandbox, [[product, 3]]); // total 1137
      const responses = await Promise.all(Array.from({ length: 20 }, () => shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 100 })));
      assertNoServerErrors(responses);
      assert.deepEqual(tally(responses), { '200': 11, '400 invalid_refund_amount': 9 });
      const partial = await getOrder(shop.sandbox, order.id);
      assert.equal(partial.refunded_amount, 1100);
      assert.equal(partial.status, 'partially_refunded');

      // Full and partial refunds racing: together they take exactly the 37 left, never more.
      const mixed = await Promise.all(
        Array.from({ length: 12 }, (_, i) => shop.sandbox.post(`/v1/orders/${order.id}/refund`, i % 2 === 0 ? { amount: 10 } : undefined)),
      );
      assertNoServerErrors(mixed);
      const done = await getOrder(shop.sandbox, order.id);
      assert.equal(done.refunded_amount, 1137);
      assert.equal(done.status, 'refunded');
      assert.equal(done.refunds.reduce((sum: number, r: any) => sum + r.amount, 0), 1137);
      const accepted = mixed.filter((r) => r.status === 200);
      assert.equal(accepted.reduce((sum, r) => sum + r.body.amount, 0), 37);
      assert.ok(mixed.every((r) => r.status === 200 || ['already_refunded', 'invalid_refund_amount'].includes(r.body.error.code)));
    });

    test('parallel item refunds of one line return each unit once', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 750 });
      const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
      const order = await paidOrder(shop.sandbox, [[product, 5]]);
      const line = order.items[0].id;
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => shop.sandbox.post(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: line, quantity: 1 }] })),
      );
      assertNoServerErrors(responses);
      assert.equal(responses.filter((r) => r.status === 200).length, 5);
      assert.ok(responses.every((r) => r.status === 200 || r.status === 400), JSON.stringify(tally(responses)));
      const done = await getOrder(shop.sandbox, order.id);
      assert.equal(done.items[0].refunded_quantity, 5);
      assert.equal(done.refunded_amount, done.total);
      assert.equal(done.status, 'refunded');
      assert.equal(await inventoryOf(shop.sandbox, product.id), 5);
    });
  });

  describe('captures and cancels', () => {
    test('10 parallel captures of one order capture it once', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 990 });
      const order = await createOrder(shop.sandbox, [[product, 1]]);
      const tokens = ['tok_visa', 'tok_mastercard', 'tok_amex'];
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: tokens[i % 3] })),
      );
      assertNoServerErrors(responses);
      assert.deepEqual(tally(responses), { '200': 1, '422 order_not_capturable': 9 });
      const winner = responses.find((r) => r.status === 200)!.body;
      const shown = await getOrder(shop.sandbox, order.id);
      assert.deepEqual(shown.payment, winner.payment, 'the stored payment is the one the winner was told about');
      const paidEvents = await server.db.kysely
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchant_id', '=', shop.merchantId)
        .where('type', '=', 'order.paid')
        .executeTakeFirstOrThrow();
      assert.equal(Number(paidEvents.n), 1);
    });

    test('capture racing cancel: exactly one wins each order, and stock follows the winner', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100, inventory: 20 });
      const orders = [];
      for (let i = 0; i < 10; i++) orders.push(await createOrder(shop.sandbox, [[product, 2]]));
      const races = await Promise.all(
        orders.map((o) =>
          Promise.all([shop.sandbox.post(`/v1/orders/${o.id}/capture`, { payment_token: 'tok_visa' }), shop.sandbox.post(`/v1/orders/${o.id}/cancel`)]),
        ),
      );
      assertNoServerErrors(races.flat());
      let paid = 0;
      for (const [captured, canceled] of races) {
        assert.equal([captured.status, canceled.status].filter((s) => s === 200).length, 1, 'one of capture and cancel wins');
        if (captured.status === 200) {
          paid++;
          assertError(canceled, 422, 'order_not_cancelable', null);
        } else {
          assertError(captured, 422, 'order_not_capturable', null);
        }
      }
      assert.equal(await inventoryOf(shop.sandbox, product.id), 20 - 2 * paid);
      assert.equal((await shop.sandbox.get('/v1/orders?status=paid')).body.pagination.total, paid);
      assert.equal((await shop.sandbox.get('/v1/orders?status=canceled')).body.pagination.total, 10 - paid);
    });
  });

  describe('two server processes on one database', () => {
    let second: { url: string; process: ChildProcess } | undefined;
    before(async () => {
      second = await startSecondProcess(server);
    }, STARTS_PROCESSES);
    after(() => stopProcess(second?.process));

    test('stock and refunds hold across processes', async () => {
      const shop = await createTestMerchant(server);
      const apis = [shop.sandbox, new Api(second!.url, shop.sandboxKey)];
      const product = await createProduct(shop.sandbox, { price: 500, inventory: 10 });
      // 80 requests: enough that the two processes' transactions overlap (with deferred SQLite
      // transactions this fails with SQLITE_BUSY; fewer requests rarely collide).
      const responses = await Promise.all(
        Array.from({ length: 80 }, (_, i) => apis[i % 2]!.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })),
      );
      assertNoServerErrors(responses);
      assert.deepEqual(tally(responses), { '201': 10, '422 out_of_stock': 70 });
      assert.equal(await inventoryOf(apis[1]!, product.id), 0);

      const order = responses.find((r) => r.status === 201)!.body;
      const captures = await Promise.all(apis.flatMap((api) => [api, api].map((a) => a.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }))));
      assert.deepEqual(tally(captures), { '200': 1, '422 order_not_capturable': 3 });
      const refunds = await Promise.all(Array.from({ length: 10 }, (_, i) => apis[i % 2]!.post(`/v1/orders/${order.id}/refund`)));
      assertNoServerErrors(refunds);
      assert.deepEqual(tally(refunds), { '200': 1, '400 already_refunded': 9 });
      assert.equal((await getOrder(apis[1]!, order.id)).refunded_amount, 500);
    });
  });
});
