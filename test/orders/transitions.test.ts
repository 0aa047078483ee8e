/**
 * The order life cycle: every allowed move (pending -> paid, pending -> canceled,
 * paid -> partially_refunded -> refunded, paid -> refunded) and every refused one, with what each
 * does to payment, timestamps and stock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus, capture, createOrder, getOrder, inventoryOf, ISO_MS, paidOrder, refund } from './support.js';

describeEachBackend('order status transitions', (backend) => {
  let server: TestServer;
  let shop: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    shop = await createTestMerchant(server);
  });
  after(() => server.close());

  /** Tries every move on an order and checks that each is refused with its code and changes nothing. */
  async function assertAllRefused(orderId: string, status: string, refundCode: string) {
    const before = await getOrder(shop.sandbox, orderId);
    assert.equal(before.status, status);
    assertError(await shop.sandbox.post(`/v1/orders/${orderId}/capture`, { payment_token: 'tok_visa' }), 422, 'order_not_capturable', null);
    assertError(await shop.sandbox.post(`/v1/orders/${orderId}/cancel`), 422, 'order_not_cancelable', null);
    const refused = await shop.sandbox.post(`/v1/orders/${orderId}/refund`);
    assertError(refused, refundCode === 'already_refunded' ? 400 : 422, refundCode, null);
    assert.deepEqual(await getOrder(shop.sandbox, orderId), before, 'a refused move changes nothing');
  }

  describe('pending', () => {
    test('a new order is pending with no payment, in the create answer and in Get Order', async () => {
      const product = await createProduct(shop.sandbox, { price: 120 });
      server.clock.set('2026-05-01T09:30:00.000Z');
      const created = await createOrder(shop.sandbox, [[product, 2]], { notes: 'table 4', metadata: { till: '2' } });
      assertId(created.id, 'ord');
      assertId(created.items[0].id, 'li');
      assert.equal(created.status, 'pending');
      assert.equal(created.payment, null);
      assert.equal(created.payment_method, 'card');
      assert.equal(created.created_at, '2026-05-01T09:30:00.000Z');
      assert.equal(created.updated_at, created.created_at);
      assert.deepEqual(created.refunds, []);
      assert.equal(created.refunded_amount, 0);
      assert.equal(created.customer_id, null);
      assert.equal(created.customer, null);
      assert.equal(created.notes, 'table 4');
      assert.deepEqual(created.metadata, { till: '2' });
      assert.deepEqual(await getOrder(shop.sandbox, created.id), created);
    });
  });

  describe('pending -> paid', () => {
    for (const [token, last4, brand] of [
      ['tok_visa', '4242', 'visa'],
      ['tok_mastercard', '4444', 'mastercard'],
      ['tok_amex', '0005', 'amex'],
    ] as const) {
      test(`card capture with ${token} records card_last4 ${last4} and paid_at`, async () => {
        const product = await createProduct(shop.sandbox, { price: 999 });
        server.clock.set('2026-05-02T10:00:00.000Z');
        const order = await createOrder(shop.sandbox, [[product, 1]]);
        server.clock.set('2026-05-02T10:05:00.000Z');
        const paid = await capture(shop.sandbox, order.id, token);
        assert.equal(paid.status, 'paid');
        assert.deepEqual(paid.payment, {
          method: 'card',
          processor: 'simulator',
          processor_payment_id: null,
          card_brand: brand,
          card_last4: last4,
          cash_amount: 0,
          card_amount: order.total,
          cash_given: null,
          change_due: null,
          cash_drawer_id: null,
          paid_at: '2026-05-02T10:05:00.000Z',
        });
        assert.equal(paid.updated_at, '2026-05-02T10:05:00.000Z');
        assert.equal(paid.created_at, '2026-05-02T10:00:00.000Z');
        assert.deepEqual(await getOrder(shop.sandbox, order.id), paid);
        const listed = (await shop.sandbox.get('/v1/orders?status=paid&per_page=100')).body.data.find((o: any) => o.id === order.id);
        assert.equal(listed?.status, 'paid');
      });
    }

    test('cash capture needs no body (or an empty one) and has no card_last4', async () => {
      const product = await createProduct(shop.sandbox, { price: 500 });
      for (const body of [undefined, {}]) {
        const order = await createOrder(shop.sandbox, [[product, 1]], { payment_method: 'cash' });
        assert.equal(order.payment_method, 'cash');
        const paid = (await shop.sandbox.post(`/v1/orders/${order.id}/capture`, body)).body;
        assert.equal(paid.status, 'paid');
        assert.equal(paid.payment.method, 'cash');
        assert.equal(paid.payment.card_last4, null);
        assert.match(paid.payment.paid_at, ISO_MS);
      }
    });

    test('a declined card leaves the order pending; a second card then pays it', async () => {
      const product = await createProduct(shop.sandbox, { price: 500, inventory: 2 });
      const order = await createOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_chargeDeclined' }), 402, 'card_declined', null);
      const stillPending = await getOrder(shop.sandbox, order.id);
      assert.equal(stillPending.status, 'pending');
      assert.equal(stillPending.payment, null);
      assert.equal(stillPending.updated_at, order.updated_at);
      assert.equal(await inventoryOf(shop.sandbox, product.id), 1, 'a decline keeps the reservation');
      assert.equal((await capture(shop.sandbox, order.id, 'tok_mastercard')).payment.card_last4, '4444');
    });
  });

  describe('pending -> canceled', () => {
    test('cancel releases the stock of tracked products only, and the order keeps no payment', async () => {
      const tracked = await createProduct(shop.sandbox, { price: 100, inventory: 10 });
      const untracked = await createProduct(shop.sandbox, { price: 200 });
      const other = await createProduct(shop.sandbox, { price: 300, inventory: 4 });
      const order = await createOrder(shop.sandbox, [[tracked, 3], [untracked, 5], [tracked, 2], [other, 4]]);
      assert.equal(await inventoryOf(shop.sandbox, tracked.id), 5);
      assert.equal(await inventoryOf(shop.sandbox, other.id), 0);
      server.clock.advance(60_000);
      const canceled = await shop.sandbox.post(`/v1/orders/${order.id}/cancel`);
      assertStatus(canceled, 200);
      assert.equal(canceled.body.status, 'canceled');
      assert.equal(canceled.body.payment, null);
      assert.notEqual(canceled.body.updated_at, order.updated_at);
      assert.equal(await inventoryOf(shop.sandbox, tracked.id), 10);
      assert.equal(await inventoryOf(shop.sandbox, other.id), 4);
      assert.equal(await inventoryOf(shop.sandbox, untracked.id), null);
      await assertAllRefused(order.id, 'canceled', 'order_not_refundable');
      assert.equal(await inventoryOf(shop.sandbox, tracked.id), 10, 'a second cancel releases nothing more');
    });

    test('cancel after a decline works too', async () => {
      const product = await createProduct(shop.sandbox, { price: 100, inventory: 1 });
      const order = await createOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_chargeDeclined' }), 402, 'card_declined', null);
      assert.equal((await shop.sandbox.post(`/v1/orders/${order.id}/cancel`)).body.status, 'canceled');
      assert.equal(await inventoryOf(shop.sandbox, product.id), 1);
    });

    test('a canceled order\'s product can be ordered again with the released stock', async () => {
      const product = await createProduct(shop.sandbox, { price: 100, inventory: 2 });
      const first = await createOrder(shop.sandbox, [[product, 2]]);
      assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }), 422, 'out_of_stock', 'items[0].product_id');
      assertStatus(await shop.sandbox.post(`/v1/orders/${first.id}/cancel`), 200);
      await createOrder(shop.sandbox, [[product, 2]]);
      assert.equal(await inventoryOf(shop.sandbox, product.id), 0);
    });
  });

  describe('paid -> partially_refunded -> refunded', () => {
    test('paid refuses capture and cancel; refunds move it on; refunded refuses everything', async () => {
      const product = await createProduct(shop.sandbox, { price: 1000, inventory: 5 });
      const order = await paidOrder(shop.sandbox, [[product, 2]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }), 422, 'order_not_capturable', null);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/cancel`), 422, 'order_not_cancelable', null);
      assert.equal(await inventoryOf(shop.sandbox, product.id), 3, 'a refused cancel of a paid order releases nothing');

      await refund(shop.sandbox, order.id, { amount: 300 });
      const partial = await getOrder(shop.sandbox, order.id);
      assert.equal(partial.status, 'partially_refunded');
      assert.equal(partial.refunded_amount, 300);
      assert.deepEqual(partial.payment, order.payment, 'the payment stays as captured');
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }), 422, 'order_not_capturable', null);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/cancel`), 422, 'order_not_cancelable', null);

      await refund(shop.sandbox, order.id, { amount: 700 });
      assert.equal((await getOrder(shop.sandbox, order.id)).status, 'partially_refunded');
      await refund(shop.sandbox, order.id, { amount: 1000 });
      const refunded = await getOrder(shop.sandbox, order.id);
      assert.equal(refunded.status, 'refunded');
      assert.equal(refunded.refunded_amount, 2000);
      await assertAllRefused(order.id, 'refunded', 'already_refunded');
    });

    test('paid -> refunded in one refund', async () => {
      const product = await createProduct(shop.sandbox, { price: 1234 });
      const order = await paidOrder(shop.sandbox, [[product, 1]], { payment_method: 'cash' });
      const whole = await refund(shop.sandbox, order.id);
      assert.equal(whole.amount, 1234);
      const refunded = await getOrder(shop.sandbox, order.id);
      assert.equal(refunded.status, 'refunded');
      assert.equal(refunded.refunded_amount, 1234);
      await assertAllRefused(order.id, 'refunded', 'already_refunded');
    });

    test('an items refund of every unit moves paid straight to refunded', async () => {
      const product = await createProduct(shop.sandbox, { price: 250, inventory: 4 });
      const order = await paidOrder(shop.sandbox, [[product, 4]]);
      await refund(shop.sandbox, order.id, { items: [{ line_item_id: order.items[0].id, quantity: 4 }] });
      assert.equal((await getOrder(shop.sandbox, order.id)).status, 'refunded');
      assert.equal(await inventoryOf(shop.sandbox, product.id), 4);
    });
  });

  test('pending refuses refunds; its reservation holds until it is paid or canceled', async () => {
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 3 });
    const order = await createOrder(shop.sandbox, [[product, 3]]);
    assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`), 422, 'order_not_refundable', null);
    assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: order.items[0].id, quantity: 1 }] }), 422, 'order_not_refundable', null);
    assert.equal(await inventoryOf(shop.sandbox, product.id), 0);
    await capture(shop.sandbox, order.id);
    assert.equal(await inventoryOf(shop.sandbox, product.id), 0, 'capturing does not take stock twice');
  });
});
