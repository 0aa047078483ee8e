/**
 * Edit Order (`PATCH /v1/orders/{id}`): lines replaced with stock moved both ways, customer, notes and
 * metadata, discounts worked out again with the merchant's current tax rate, refusals that leave the
 * order and the stock as they were, `order.updated` once per change and never for a no-op, tenant
 * scoping, and an edit racing a capture. On both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, createCustomer, createOrder, getOrder, inventoryOf } from './support.js';

describeEachBackend('edit a pending order', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  async function edit(api: Api, orderId: string, body: Record<string, unknown>): Promise<any> {
    const response = await api.patch(`/v1/orders/${orderId}`, body);
    assertStatus(response, 200);
    return response.body;
  }

  /** The `order.updated` events of the order, newest first. */
  async function updates(api: Api, orderId: string): Promise<any[]> {
    const response = await api.get('/v1/events?type=order.updated&per_page=100');
    assertStatus(response, 200);
    return response.body.data.filter((event: any) => event.data.object.id === orderId);
  }

  test('a quantity changed: stock moves both ways, the order keeps id, number and created_at, the lines get new ids', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
    const product = await createProduct(sandbox, { price: 500, inventory: 10 });
    const order = await createOrder(sandbox, [[product, 3]]);
    assert.equal(await inventoryOf(sandbox, product.id), 7);
    server.clock.advance(1000);

    const more = await edit(sandbox, order.id, { items: [{ product_id: product.id, quantity: 5 }] });
    assert.equal(await inventoryOf(sandbox, product.id), 5);
    assert.deepEqual([more.id, more.number, more.created_at, more.status], [order.id, order.number, order.created_at, 'pending']);
    assert.ok(more.updated_at > order.updated_at, 'updated_at moves');
    assert.notEqual(more.items[0].id, order.items[0].id, 'new line ids');
    assert.deepEqual([more.items[0].quantity, more.items[0].total, more.subtotal, more.tax, more.total], [5, 2500, 2500, 250, 2750]);

    const fewer = await edit(sandbox, order.id, { items: [{ product_id: product.id, quantity: 1 }] });
    assert.equal(await inventoryOf(sandbox, product.id), 9);
    assert.deepEqual([fewer.subtotal, fewer.tax, fewer.total, fewer.items.length], [500, 50, 550, 1]);
    assert.deepEqual(await getOrder(sandbox, order.id), fewer);

    // Canceled after the edit, the order gives back the edited units only.
    assertStatus(await sandbox.post(`/v1/orders/${order.id}/cancel`), 200);
    assert.equal(await inventoryOf(sandbox, product.id), 10);
  });

  test('items replaced: old products restocked, new ones taken, lines priced now with their modifiers', async () => {
    const { sandbox } = await createTestMerchant(server);
    const a = await createProduct(sandbox, { price: 300, inventory: 10 });
    const b = await createProduct(sandbox, { price: 1000, inventory: 10 });
    const c = await createProduct(sandbox, { price: 250, inventory: null });
    const order = await createOrder(sandbox, [[a, 2], [b, 1]]);
    assertStatus(await sandbox.patch(`/v1/products/${b.id}`, { price: 1200 }), 200);

    const edited = await edit(sandbox, order.id, {
      items: [
        { product_id: b.id, quantity: 2 },
        { product_id: c.id, quantity: 4 },
      ],
    });
    assert.deepEqual([await inventoryOf(sandbox, a.id), await inventoryOf(sandbox, b.id), await inventoryOf(sandbox, c.id)], [10, 8, null]);
    assert.deepEqual(
      edited.items.map((line: any) => [line.product_id, line.quantity, line.unit_price, line.total]),
      [
        [b.id, 2, 1200, 2400],
        [c.id, 4, 250, 1000],
      ],
      'the new price of b',
    );
    assert.deepEqual([edited.subtotal, edited.total], [3400, 3400]);

    const made = await sandbox.post('/v1/products', {
      name: 'Latte',
      price: 350,
      modifier_groups: [{ name: 'Size', required: true, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 50 }] }],
    });
    assertStatus(made, 201);
    const [small, large] = made.body.modifier_groups[0].options;
    const coffee = await edit(sandbox, order.id, {
      items: [
        { product_id: made.body.id, quantity: 1, modifiers: [{ option_id: large.id }] },
        { product_id: made.body.id, quantity: 2, modifiers: [{ option_id: small.id }] },
      ],
    });
    assert.deepEqual(
      coffee.items.map((line: any) => [line.unit_price, line.total, line.modifiers.map((m: any) => m.name)]),
      [
        [400, 400, ['Large']],
        [350, 700, ['Small']],
      ],
    );
    assert.deepEqual([await inventoryOf(sandbox, b.id), await inventoryOf(sandbox, c.id)], [10, null]);
    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { items: [{ product_id: made.body.id, quantity: 1 }] }), 400, 'parameter_invalid', 'items[0].modifiers');
  });

  test('customer set and removed, notes and metadata replaced; an unknown customer is 422 and changes nothing', async () => {
    const { sandbox } = await createTestMerchant(server);
    const product = await createProduct(sandbox, { price: 100 });
    const customer = await createCustomer(sandbox, { name: 'Grace Hopper', email: 'grace@example.com' });
    const order = await createOrder(sandbox, [[product, 1]]);

    const withCustomer = await edit(sandbox, order.id, { customer_id: customer.id, notes: 'table 4', metadata: { till: '2' } });
    assert.deepEqual(withCustomer.customer, { id: customer.id, name: 'Grace Hopper', email: 'grace@example.com' });
    assert.deepEqual([withCustomer.customer_id, withCustomer.notes, withCustomer.metadata], [customer.id, 'table 4', { till: '2' }]);
    assert.equal(withCustomer.total, order.total, 'figures untouched');

    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { customer_id: 'cus_0000000000000000missing', notes: 'x' }), 422, 'customer_not_found', 'customer_id');
    assert.deepEqual(await getOrder(sandbox, order.id), withCustomer);

    const without = await edit(sandbox, order.id, { customer_id: null, notes: null });
    assert.deepEqual([without.customer_id, without.customer, without.notes, without.metadata], [null, null, null, { till: '2' }]);
    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { payment_method: 'cash' }), 400, 'parameter_unknown', 'payment_method');
  });

  test('discounts worked out again, with the merchant\'s current tax rate; the discount code stays redeemed once', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
    const product = await createProduct(sandbox, { price: 1000, inventory: 50 });
    const code = await sandbox.post('/v1/discount_codes', { code: 'TEN', type: 'amount', amount: 300 });
    assertStatus(code, 201);
    const order = await createOrder(sandbox, [[product, 2]], { discount_code: 'ten' });
    assert.deepEqual([order.discount_total, order.subtotal, order.tax, order.total], [300, 1700, 170, 1870]);

    assertStatus(await sandbox.patch('/v1/merchant', { tax_rate_bps: 2000 }), 200);
    const notes = await edit(sandbox, order.id, { notes: 'no figures' });
    assert.equal(notes.tax, 170, 'without items or discounts the figures stay');

    const discounted = await edit(sandbox, order.id, { discounts: [{ type: 'percentage', percentage_bps: 1000, reason: 'staff' }] });
    // 10% of 2000 = 200, then the code's 300: 500 off; tax at the current 20%.
    assert.deepEqual(
      discounted.discounts.map((d: any) => [d.type, d.amount, d.reason, d.code]),
      [
        ['percentage', 200, 'staff', null],
        ['amount', 300, null, 'TEN'],
      ],
    );
    assert.deepEqual([discounted.discount_total, discounted.subtotal, discounted.tax, discounted.total], [500, 1500, 300, 1800]);
    assert.equal(discounted.items[0].id, notes.items[0].id, 'lines kept without items');
    assert.equal(discounted.items[0].discount_amount, 500);

    const lines = await edit(sandbox, order.id, {
      items: [
        { product_id: product.id, quantity: 1, discount: { type: 'amount', amount: 100 } },
        { product_id: product.id, quantity: 3 },
      ],
    });
    // Lines 1000 (own 100 off) and 3000: base 3900, 10% = 390, code 300.
    assert.deepEqual([lines.discount_total, lines.subtotal, lines.tax, lines.total], [790, 3210, 642, 3852]);
    assert.deepEqual(lines.items.map((line: any) => line.discount_amount), [100 + 159, 531]);

    const removed = await edit(sandbox, order.id, { discounts: [] });
    assert.deepEqual(removed.discounts.map((d: any) => d.code), ['TEN'], 'the code stays');
    assert.equal(removed.discount_total, 400);
    const saved = await sandbox.get(`/v1/discount_codes/${code.body.id}`);
    assert.equal(saved.body.times_redeemed, 1, 'redeemed once, whatever the edits');

    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { discounts: [{ type: 'amount', amount: 5000 }] }), 400, 'parameter_invalid', 'discounts[0]');
    assert.deepEqual(await getOrder(sandbox, order.id), removed);
  });

  test('out of stock, or an unknown product: 422 on items[i].product_id, the order and the stock untouched', async () => {
    const { sandbox } = await createTestMerchant(server);
    const a = await createProduct(sandbox, { price: 100, inventory: 5 });
    const b = await createProduct(sandbox, { price: 100, inventory: 2 });
    const order = await createOrder(sandbox, [[a, 4], [b, 1]]);

    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { items: [{ product_id: a.id, quantity: 5 }, { product_id: b.id, quantity: 3 }], notes: 'x' }), 422, 'out_of_stock', 'items[1].product_id');
    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { items: [{ product_id: a.id, quantity: 6 }] }), 422, 'out_of_stock', 'items[0].product_id');
    assertError(await sandbox.patch(`/v1/orders/${order.id}`, { items: [{ product_id: a.id, quantity: 1 }, { product_id: 'prod_0000000000000000missing', quantity: 1 }] }), 422, 'product_not_found', 'items[1].product_id');
    assert.deepEqual(await getOrder(sandbox, order.id), order);
    assert.deepEqual([await inventoryOf(sandbox, a.id), await inventoryOf(sandbox, b.id)], [1, 1]);
    assert.deepEqual(await updates(sandbox, order.id), []);

    // The order's own units count: all 5 of a (4 held by the order) fit.
    const all = await edit(sandbox, order.id, { items: [{ product_id: a.id, quantity: 5 }] });
    assert.equal(all.items[0].quantity, 5);
    assert.deepEqual([await inventoryOf(sandbox, a.id), await inventoryOf(sandbox, b.id)], [0, 2]);
  });

  test('a paid or canceled order is 422 order_not_editable', async () => {
    const { sandbox } = await createTestMerchant(server);
    const product = await createProduct(sandbox, { price: 100, inventory: 10 });
    const paid = await createOrder(sandbox, [[product, 1]]);
    await capture(sandbox, paid.id);
    const canceled = await createOrder(sandbox, [[product, 1]]);
    assertStatus(await sandbox.post(`/v1/orders/${canceled.id}/cancel`), 200);
    for (const id of [paid.id, canceled.id]) {
      assertError(await sandbox.patch(`/v1/orders/${id}`, { items: [{ product_id: product.id, quantity: 2 }] }), 422, 'order_not_editable', null);
      assertError(await sandbox.patch(`/v1/orders/${id}`, {}), 422, 'order_not_editable', null);
    }
    assert.equal(await inventoryOf(sandbox, product.id), 9);
  });

  test('order.updated once per edit that changes something, carrying the order; none for a no-op', async () => {
    const { sandbox } = await createTestMerchant(server);
    const product = await createProduct(sandbox, { price: 100, inventory: 10 });
    const order = await createOrder(sandbox, [[product, 2]], { notes: 'n' });

    assert.deepEqual(await edit(sandbox, order.id, {}), order, 'an empty body answers the order');
    assert.deepEqual(await edit(sandbox, order.id, { notes: 'n', items: [{ product_id: product.id, quantity: 2 }] }), order, 'the same lines and notes change nothing, not even line ids');
    assert.equal(await inventoryOf(sandbox, product.id), 8);
    assert.deepEqual(await updates(sandbox, order.id), []);

    const edited = await edit(sandbox, order.id, { items: [{ product_id: product.id, quantity: 3 }] });
    const events = await updates(sandbox, order.id);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0].data.object, edited);
  });

  test("another merchant's order, or the other environment's, is 404 and is not changed", async () => {
    const owner = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const product = await createProduct(owner.sandbox, { price: 100, inventory: 10 });
    const order = await createOrder(owner.sandbox, [[product, 1]]);
    for (const api of [other.sandbox, other.production, owner.production]) {
      assertError(await api.patch(`/v1/orders/${order.id}`, { notes: 'mine now' }), 404, 'resource_not_found');
    }
    assert.deepEqual(await getOrder(owner.sandbox, order.id), order);
    // Another merchant's product is unknown to this order.
    const foreign = await createProduct(other.sandbox, { price: 1, inventory: 10 });
    assertError(await owner.sandbox.patch(`/v1/orders/${order.id}`, { items: [{ product_id: foreign.id, quantity: 1 }] }), 422, 'product_not_found', 'items[0].product_id');
    assert.deepEqual([await inventoryOf(owner.sandbox, product.id), await inventoryOf(other.sandbox, foreign.id)], [9, 10]);
  });

  test('an edit racing a capture: one runs after the other, and the capture charges the total the order shows', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 500 });
    const product = await createProduct(sandbox, { price: 1000, inventory: 100 });
    for (let round = 0; round < 4; round += 1) {
      const order = await createOrder(sandbox, [[product, 1]]);
      const [edited, captured] = await Promise.all([
        sandbox.patch(`/v1/orders/${order.id}`, { items: [{ product_id: product.id, quantity: 3 }] }),
        sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }),
      ]);
      assertStatus(captured, 200);
      const final = await getOrder(sandbox, order.id);
      assert.equal(final.status, 'paid');
      if (edited.status === 200) {
        // The edit ran first: the capture charged the edited total.
        assert.deepEqual([captured.body.items[0].quantity, captured.body.total, final.total], [3, 3150, 3150]);
      } else {
        // The capture ran first: the edit was refused, the order is as created.
        assertError(edited, 422, 'order_not_editable', null);
        assert.deepEqual([final.items[0].quantity, final.total], [1, 1050]);
      }
    }
  });
});
