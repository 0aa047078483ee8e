/**
 * Tenders on capture and refund: cash given and change due, a card order split between cash and the
 * card (the card charged the rest), refunds back to the card first and the rest in cash, the
 * register's drawer named on a sale or a refund (unknown: 404, closed: 422), and a capture made twice
 * recording its cash once. Sandbox simulator and cash, on both databases. The drawers are rows written
 * through the test's own handle on the server's database, as a register's session leaves them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Environment } from '../../src/db/schema.js';
import { newId } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, createOrder, getOrder, refund, tally } from './support.js';

describeEachBackend('cash and split tenders', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  async function pendingOrder(api: Api, price: number, extra: Record<string, unknown> = {}): Promise<any> {
    const product = await createProduct(api, { price, inventory: 100 });
    return createOrder(api, [[product, 1]], extra);
  }

  /** An open drawer of a register of its own. */
  async function openDrawer(shop: TestMerchant, environment: Environment = 'sandbox'): Promise<string> {
    const id = newId('drw');
    const now = server.clock.now().toISOString();
    await server.db.kysely
      .insertInto('cash_drawers')
      .values({
        merchant_id: shop.merchantId,
        environment,
        id,
        register: `R-${id.slice(-8)}`,
        status: 'open',
        currency: 'USD',
        opening_float: 10_000,
        expected_cash: null,
        counted_cash: null,
        opened_by: null,
        closed_by: null,
        opening_note: null,
        closing_note: null,
        opened_at: now,
        closed_at: null,
        updated_at: now,
      })
      .execute();
    return id;
  }

  async function closeDrawer(shop: TestMerchant, id: string): Promise<void> {
    const now = server.clock.now().toISOString();
    const closed = await server.db.kysely
      .updateTable('cash_drawers')
      .set({ status: 'closed', expected_cash: 10_000, counted_cash: 10_000, closed_at: now, updated_at: now })
      .where('merchant_id', '=', shop.merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    assert.equal(Number(closed.numUpdatedRows), 1);
  }

  const capture = (api: Api, orderId: string, body: Record<string, unknown>, headers?: Record<string, string>) => api.post(`/v1/orders/${orderId}/capture`, body, headers);

  async function paidEventsOf(api: Api, orderId: string): Promise<any[]> {
    const listed = await api.get('/v1/events?type=order.paid&per_page=100');
    assertStatus(listed, 200);
    return listed.body.data.filter((event: any) => event.data.object.id === orderId);
  }

  test('cash with change: the payment shows the cash given and the change; order.paid carries them', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const drawer = await openDrawer(shop);
    const order = await pendingOrder(shop.sandbox, 1000, { payment_method: 'cash' }); // 1083
    const paid = await capture(shop.sandbox, order.id, { tip: { amount: 117 }, cash_given: 2000, cash_drawer_id: drawer });
    assertStatus(paid, 200);
    assert.equal(paid.body.total, 1200);
    assert.deepEqual(
      { ...paid.body.payment, paid_at: undefined },
      {
        method: 'cash', processor: null, processor_payment_id: null, card_brand: null, card_last4: null,
        cash_amount: 1200, card_amount: 0, cash_given: 2000, change_due: 800, cash_drawer_id: drawer, paid_at: undefined,
      },
    );
    assert.deepEqual(await getOrder(shop.sandbox, order.id), paid.body);
    const [event, ...more] = await paidEventsOf(shop.sandbox, order.id);
    assert.equal(more.length, 0);
    assert.deepEqual(event.data.object.payment, paid.body.payment);

    // The exact total: no change. No cash_given: the whole total is still cash, with no change told.
    const exact = await pendingOrder(shop.sandbox, 500, { payment_method: 'cash' }); // 541
    const exactly = await capture(shop.sandbox, exact.id, { cash_given: 541 });
    assertStatus(exactly, 200);
    assert.deepEqual([exactly.body.payment.cash_amount, exactly.body.payment.cash_given, exactly.body.payment.change_due, exactly.body.payment.cash_drawer_id], [541, 541, 0, null]);
    const untold = await pendingOrder(shop.sandbox, 500, { payment_method: 'cash' });
    const plain = await capture(shop.sandbox, untold.id, {});
    assertStatus(plain, 200);
    assert.deepEqual([plain.body.payment.cash_amount, plain.body.payment.card_amount, plain.body.payment.cash_given, plain.body.payment.change_due], [541, 0, null, null]);
  });

  test('cash short of the total (the tip included) is 400 on cash_given; so are a cash part on a cash order and cash given for a card alone', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const cash = await pendingOrder(shop.sandbox, 1000, { payment_method: 'cash' }); // 1083
    assertError(await capture(shop.sandbox, cash.id, { cash_given: 1082 }), 400, 'parameter_invalid', 'cash_given');
    assertError(await capture(shop.sandbox, cash.id, { cash_given: 1083, tip: { amount: 100 } }), 400, 'parameter_invalid', 'cash_given');
    assertError(await capture(shop.sandbox, cash.id, { cash_amount: 500 }), 400, 'parameter_invalid', 'cash_amount');
    assertError(await capture(shop.sandbox, cash.id, { cash_given: -1 }), 400, 'parameter_invalid', 'cash_given');
    const still = await getOrder(shop.sandbox, cash.id);
    assert.deepEqual([still.status, still.payment], ['pending', null]);

    const card = await pendingOrder(shop.sandbox, 1000); // 1083
    assertError(await capture(shop.sandbox, card.id, { payment_token: 'tok_visa', cash_given: 2000 }), 400, 'parameter_invalid', 'cash_given');
    // A split leaves at least 1 to the card: 1 to the total (with the tip) less 1.
    assertError(await capture(shop.sandbox, card.id, { payment_token: 'tok_visa', cash_amount: 1083 }), 400, 'parameter_invalid', 'cash_amount');
    assertError(await capture(shop.sandbox, card.id, { payment_token: 'tok_visa', cash_amount: 0 }), 400, 'parameter_invalid', 'cash_amount');
    assertError(await capture(shop.sandbox, card.id, { payment_token: 'tok_visa', cash_amount: 600, cash_given: 599 }), 400, 'parameter_invalid', 'cash_given');
    assert.equal((await getOrder(shop.sandbox, card.id)).status, 'pending');

    // The tip counts: 1083 + 200 less 1 may be paid in cash, leaving 1 to the card.
    const paid = await capture(shop.sandbox, card.id, { payment_token: 'tok_visa', tip: { amount: 200 }, cash_amount: 1282 });
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.total, paid.body.payment.cash_amount, paid.body.payment.card_amount], [1283, 1282, 1]);
    const paidCash = await capture(shop.sandbox, cash.id, { cash_given: 1083 });
    assertStatus(paidCash, 200);
    assert.equal(paidCash.body.payment.change_due, 0);
  });

  test('a split with the simulator: the card pays the rest; a refund past the card part goes card then cash, the next all cash', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const drawer = await openDrawer(shop);
    const order = await pendingOrder(shop.sandbox, 2000); // 2165
    const paid = await capture(shop.sandbox, order.id, { payment_token: 'tok_visa', cash_amount: 1000, cash_given: 1200, cash_drawer_id: drawer });
    assertStatus(paid, 200);
    assert.equal(paid.body.total, 2165);
    assert.deepEqual(
      { ...paid.body.payment, paid_at: undefined },
      {
        method: 'card', processor: 'simulator', processor_payment_id: null, card_brand: 'visa', card_last4: '4242',
        cash_amount: 1000, card_amount: 1165, cash_given: 1200, change_due: 200, cash_drawer_id: drawer, paid_at: undefined,
      },
    );
    assert.deepEqual(await getOrder(shop.sandbox, order.id), paid.body);

    // 1500 back: the card's 1165 first, 335 in cash, out of the sale's drawer (still open).
    const first = await refund(shop.sandbox, order.id, { amount: 1500 });
    assert.deepEqual([first.amount, first.cash_amount, first.cash_drawer_id], [1500, 335, drawer]);
    // The card has nothing left: the next refund is all cash.
    const second = await refund(shop.sandbox, order.id, { amount: 400 });
    assert.deepEqual([second.amount, second.cash_amount, second.cash_drawer_id], [400, 400, drawer]);
    // With the sale's drawer closed, the cash comes out of the drawer named, or of none.
    await closeDrawer(shop, drawer);
    const named = await openDrawer(shop);
    const third = await refund(shop.sandbox, order.id, { amount: 100, cash_drawer_id: named });
    assert.deepEqual([third.cash_amount, third.cash_drawer_id], [100, named]);
    const last = await refund(shop.sandbox, order.id);
    assert.deepEqual([last.amount, last.cash_amount, last.cash_drawer_id], [165, 165, null]);

    const shown = await getOrder(shop.sandbox, order.id);
    assert.deepEqual([shown.status, shown.refunded_amount], ['refunded', 2165]);
    assert.deepEqual(shown.refunds, [first, second, third, last]);
    assert.equal(shown.refunds.reduce((sum: number, r: any) => sum + r.amount - r.cash_amount, 0), 1165, 'the card got back what it paid');
  });

  test('refunds of a card order are all card, and of a cash order all cash', async () => {
    const shop = await createTestMerchant(server);
    const card = await pendingOrder(shop.sandbox, 1000);
    assertStatus(await capture(shop.sandbox, card.id, { payment_token: 'tok_visa' }), 200);
    const cardBack = await refund(shop.sandbox, card.id, { amount: 400 });
    assert.deepEqual([cardBack.cash_amount, cardBack.cash_drawer_id], [0, null]);
    assert.equal((await refund(shop.sandbox, card.id)).cash_amount, 0);

    const drawer = await openDrawer(shop);
    const cash = await pendingOrder(shop.sandbox, 1000, { payment_method: 'cash' });
    assertStatus(await capture(shop.sandbox, cash.id, { cash_drawer_id: drawer }), 200);
    const cashBack = await refund(shop.sandbox, cash.id, { amount: 300 });
    assert.deepEqual([cashBack.amount, cashBack.cash_amount, cashBack.cash_drawer_id], [300, 300, drawer]);
  });

  test('a drawer unknown, of another merchant or of the other environment is 404; a closed one 422; nothing is charged or refunded', async () => {
    const shop = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const theirs = await openDrawer(other);
    const production = await openDrawer(shop, 'production');
    const closed = await openDrawer(shop);
    await closeDrawer(shop, closed);

    const order = await pendingOrder(shop.sandbox, 1000, { payment_method: 'cash' });
    for (const id of ['drw_unknown', theirs, production]) {
      assertError(await capture(shop.sandbox, order.id, { cash_drawer_id: id }), 404, 'resource_not_found', 'cash_drawer_id');
    }
    assertError(await capture(shop.sandbox, order.id, { cash_drawer_id: closed }), 422, 'cash_drawer_closed', 'cash_drawer_id');
    const card = await pendingOrder(shop.sandbox, 1000);
    assertError(await capture(shop.sandbox, card.id, { payment_token: 'tok_visa', cash_amount: 100, cash_drawer_id: closed }), 422, 'cash_drawer_closed', 'cash_drawer_id');
    for (const id of [order.id, card.id]) {
      const still = await getOrder(shop.sandbox, id);
      assert.deepEqual([still.status, still.payment], ['pending', null]);
    }
    assert.equal((await paidEventsOf(shop.sandbox, order.id)).length, 0);

    const paid = await capture(shop.sandbox, order.id, {});
    assertStatus(paid, 200);
    for (const id of ['drw_unknown', theirs, production]) {
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 100, cash_drawer_id: id }), 404, 'resource_not_found', 'cash_drawer_id');
    }
    assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 100, cash_drawer_id: closed }), 422, 'cash_drawer_closed', 'cash_drawer_id');
    const after = await getOrder(shop.sandbox, order.id);
    assert.deepEqual([after.status, after.refunded_amount, after.refunds], ['paid', 0, []]);
  });

  test('a capture made twice records its cash once: the same Idempotency-Key answers the same order, another capture 422', async () => {
    const shop = await createTestMerchant(server);
    const drawer = await openDrawer(shop);
    const order = await pendingOrder(shop.sandbox, 1500);
    const body = { payment_token: 'tok_visa', cash_amount: 500, cash_given: 1000, cash_drawer_id: drawer };
    const headers = { 'Idempotency-Key': `split-${order.id}` };
    const first = await capture(shop.sandbox, order.id, body, headers);
    assertStatus(first, 200);
    const again = await capture(shop.sandbox, order.id, body, headers);
    assertStatus(again, 200);
    assert.deepEqual(again.body, first.body);
    assertError(await capture(shop.sandbox, order.id, { ...body, cash_amount: 700 }), 422, 'order_not_capturable', null);
    assertError(await capture(shop.sandbox, order.id, body), 422, 'order_not_capturable', null);
    assert.deepEqual(await getOrder(shop.sandbox, order.id), first.body);
    assert.equal((await paidEventsOf(shop.sandbox, order.id)).length, 1);

    // At the same moment: one capture pays the order, with its own cash given; the others find it paid.
    const cash = await pendingOrder(shop.sandbox, 1000, { payment_method: 'cash' });
    const givens = [1000, 1100, 1200, 1300, 1400, 1500];
    const answers = await Promise.all(givens.map((given) => capture(shop.sandbox, cash.id, { cash_given: given, cash_drawer_id: drawer })));
    assert.deepEqual(tally(answers), { '200': 1, '422 order_not_capturable': givens.length - 1 });
    const won = answers.find((answer) => answer.status === 200)!;
    const shown = await getOrder(shop.sandbox, cash.id);
    assert.deepEqual(shown, won.body);
    assert.deepEqual([shown.payment.cash_amount, shown.payment.change_due], [1000, shown.payment.cash_given - 1000]);
    assert.equal((await paidEventsOf(shop.sandbox, cash.id)).length, 1);
  });
});
