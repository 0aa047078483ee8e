/**
 * Offline sales: a register syncs a sale it made without the network (Create Order with
 * `recorded_at` and its `register_receipt_number`). The sale keeps the register's time beside the
 * server's; its receipt number makes it once, whatever the Idempotency-Key, however late, and under
 * concurrency; it is taken even when products went inactive or short (stock below zero, announced by
 * `inventory.shortfall`, recorded and delivered), at the register's prices; `sync_differences` says
 * what differed. Normal orders keep every rule they had.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers } from '../helpers/receiver.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, createCustomer, createOrder, getOrder, inventoryOf, ISO_MS, tally } from './support.js';

const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0,0,0',
  WEBHOOK_TIMEOUT_MS: '2000',
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The events of `type`, newest first. */
async function eventsOf(api: Api, type: string): Promise<any[]> {
  const response = await api.get(`/v1/events?type=${type}&per_page=100`);
  assertStatus(response, 200);
  return response.body.data;
}

/** The ids of the orders List Orders' `q` finds. */
async function found(api: Api, q: string): Promise<string[]> {
  const response = await api.get(`/v1/orders?q=${encodeURIComponent(q)}`);
  assertStatus(response, 200);
  return response.body.data.map((order: { id: string }) => order.id);
}

describeEachBackend('offline sales', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  /** `ms` before (negative: after) the server's clock, as ISO 8601. */
  const ago = (ms: number) => new Date(server.clock.now().getTime() - ms).toISOString();

  /** Posts an offline sale of `items` rung up `msAgo` ago on receipt `receipt`. */
  const sell = (api: Api, receipt: string, items: unknown[], extra: Record<string, unknown> = {}, headers?: Record<string, string>): Promise<ApiResponse> =>
    api.post('/v1/orders', { items, payment_method: 'cash', recorded_at: ago(10 * MINUTE_MS), register_receipt_number: receipt, ...extra }, headers);

  test('an offline sale keeps recorded_at beside created_at, is captured as cash, and List Orders finds it by its receipt number', async () => {
    const shop = await createTestMerchant(server);
    const tea = await createProduct(shop.sandbox, { name: 'Tea', price: 450, inventory: 10 });
    // Rung up two days ago at 09:15 in UTC+02:00, sent with its offset.
    const recorded = new Date(server.clock.now().getTime() - 2 * DAY_MS);
    const local = new Date(recorded.getTime() + 2 * 60 * MINUTE_MS).toISOString().replace(/\.\d{3}Z$/, '+02:00');
    const created = await shop.sandbox.post('/v1/orders', { items: [{ product_id: tea.id, quantity: 2 }], payment_method: 'cash', recorded_at: local, register_receipt_number: 'R1-000042' });
    assertStatus(created, 201);
    const order = created.body;
    assert.equal(order.recorded_at, new Date(Math.floor(recorded.getTime() / 1000) * 1000).toISOString(), 'kept as UTC with milliseconds');
    assert.match(order.recorded_at, ISO_MS);
    assert.equal(order.created_at, server.clock.now().toISOString(), "created_at is the server's time");
    assert.equal(order.register_receipt_number, 'R1-000042');
    assert.deepEqual(order.sync_differences, []);
    assert.equal(order.status, 'pending');
    assert.equal(order.total, 900);
    assert.equal(await inventoryOf(shop.sandbox, tea.id), 8);
    assert.deepEqual(await getOrder(shop.sandbox, order.id), order);

    const paid = await shop.sandbox.post(`/v1/orders/${order.id}/capture`);
    assertStatus(paid, 200);
    assert.equal(paid.body.status, 'paid');
    assert.equal(paid.body.payment.method, 'cash');
    assert.equal(paid.body.recorded_at, order.recorded_at);
    assert.equal(paid.body.register_receipt_number, 'R1-000042');

    // A normal order has none of it.
    const normal = await createOrder(shop.sandbox, [[tea, 1]]);
    assert.equal(normal.recorded_at, null);
    assert.equal(normal.register_receipt_number, null);
    assert.deepEqual(normal.sync_differences, []);

    // q: the exact receipt number, not a prefix nor another case; a customer whose name looks like one is still found.
    assert.deepEqual(await found(shop.sandbox, 'R1-000042'), [order.id]);
    assert.deepEqual(await found(shop.sandbox, ' R1-000042 '), [order.id]);
    assert.deepEqual(await found(shop.sandbox, 'R1-00004'), []);
    assert.deepEqual(await found(shop.sandbox, 'r1-000042'), []);
    const customer = await createCustomer(shop.sandbox, { name: 'Bo-7 Jansen', email: null });
    const theirs = await createOrder(shop.sandbox, [[tea, 1]], { customer_id: customer.id });
    assert.deepEqual(await found(shop.sandbox, 'bo-7'), [theirs.id]);
    // Without customers:read, the receipt number alone.
    const cashier = await shop.keyWith('sandbox', ['orders:read']);
    assert.deepEqual(await found(cashier, 'R1-000042'), [order.id]);
    assert.deepEqual(await found(cashier, 'bo-7'), []);
    // Another environment's orders are another tenant's.
    assert.deepEqual(await found(shop.production, 'R1-000042'), []);
  });

  test('a receipt number already synced answers its order with 200 and takes nothing, whatever the Idempotency-Key', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['order.created', 'inventory.shortfall'] });
    assertStatus(endpoint, 201);
    const beans = await createProduct(shop.sandbox, { name: 'Beans', price: 1800, inventory: 3 });
    const line = { product_id: beans.id, quantity: 2 };

    const first = await sell(shop.sandbox, 'front-1-17', [line], {}, { 'Idempotency-Key': 'sale-17' });
    assertStatus(first, 201);
    assert.equal(await inventoryOf(shop.sandbox, beans.id), 1);

    // Another key, no key, another body (the device retried after editing nothing it should have): the order as it is, nothing taken.
    const again = await sell(shop.sandbox, 'front-1-17', [line], {}, { 'Idempotency-Key': 'sale-17-retry' });
    assertStatus(again, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), null);
    const keyless = await sell(shop.sandbox, 'front-1-17', [{ product_id: beans.id, quantity: 3 }], { recorded_total: 1 });
    assertStatus(keyless, 200);
    assert.deepEqual(keyless.body, first.body);
    // The first key replays its first answer, as any key does.
    const replayed = await sell(shop.sandbox, 'front-1-17', [line], {}, { 'Idempotency-Key': 'sale-17' });
    assertStatus(replayed, 201);
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
    assert.equal(replayed.body.id, first.body.id);
    // The order changed since (captured): the number answers it as it is now.
    const paid = await shop.sandbox.post(`/v1/orders/${first.body.id}/capture`);
    assertStatus(paid, 200);
    const afterCapture = await sell(shop.sandbox, 'front-1-17', [line], {}, { 'Idempotency-Key': 'sale-17-later' });
    assertStatus(afterCapture, 200);
    assert.deepEqual(afterCapture.body, paid.body);

    assert.equal(await inventoryOf(shop.sandbox, beans.id), 1);
    assert.deepEqual((await eventsOf(shop.sandbox, 'order.created')).map((e) => e.data.object.id), [first.body.id]);
    const listed = await shop.sandbox.get('/v1/orders');
    assert.equal(listed.body.pagination.total, 1);

    // A later sale's delivery arrives; the repeats delivered nothing before it.
    const later = await sell(shop.sandbox, 'front-1-18', [{ product_id: beans.id, quantity: 1 }]);
    assertStatus(later, 201);
    const [laterEvent] = await eventsOf(shop.sandbox, 'order.created');
    assert.equal(laterEvent.data.object.id, later.body.id);
    await hook.waitFor(2);
    const secret = endpoint.body.secret as string;
    const received = hook.received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as any);
    assert.deepEqual(received.map((e) => [e.type, e.data.object.id]).sort(), [['order.created', first.body.id], ['order.created', later.body.id]].sort());
    assert.ok(received.some((e) => e.id === laterEvent.id));
  });

  test('two concurrent syncs of one sale make one order, and every answer is that order', async () => {
    const shop = await createTestMerchant(server);
    const milk = await createProduct(shop.sandbox, { name: 'Milk', price: 120, inventory: 5 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sell(shop.sandbox, 'R2-000001', [{ product_id: milk.id, quantity: 2 }], {}, i % 3 === 0 ? undefined : { 'Idempotency-Key': `race-${i}` }),
      ),
    );
    assert.deepEqual(tally(responses), { '200': 11, '201': 1 });
    const ids = new Set(responses.map((r) => r.body.id));
    assert.equal(ids.size, 1);
    assert.equal(await inventoryOf(shop.sandbox, milk.id), 3);
    assert.equal((await eventsOf(shop.sandbox, 'order.created')).length, 1);
    const listed = await shop.sandbox.get('/v1/orders');
    assert.deepEqual(listed.body.data.map((o: { id: string }) => o.id), [...ids]);
    // The order's number was not used up by the syncs that lost: the next order has the next one.
    const next = await createOrder(shop.sandbox, [[milk, 1]]);
    assert.equal(next.number, responses[0]!.body.number + 1);
  });

  test('stock short: the sale is taken, stock goes below zero, inventory.shortfall is recorded and delivered, and sync_differences says stock_short', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['inventory.shortfall'] });
    assertStatus(endpoint, 201);
    const croissant = await createProduct(shop.sandbox, { name: 'Croissant', price: 375, inventory: 2 });
    const drip = await createProduct(shop.sandbox, { name: 'Drip', price: 275, inventory: null });
    const scone = await createProduct(shop.sandbox, { name: 'Scone', price: 300, inventory: 1 });

    const sale = await sell(shop.sandbox, 'R1-000100', [
      { product_id: croissant.id, quantity: 3 },
      { product_id: drip.id, quantity: 4 },
      { product_id: scone.id, quantity: 1 },
      { product_id: croissant.id, quantity: 2 },
    ]);
    assertStatus(sale, 201);
    assert.deepEqual(sale.body.sync_differences, [{ type: 'stock_short', product_id: croissant.id, shortfall: 3 }]);
    assert.equal(await inventoryOf(shop.sandbox, croissant.id), -3);
    assert.equal(await inventoryOf(shop.sandbox, drip.id), null);
    assert.equal(await inventoryOf(shop.sandbox, scone.id), 0);

    const expected = {
      object: 'inventory_shortfall',
      product_id: croissant.id,
      product_name: 'Croissant',
      order_id: sale.body.id,
      register_receipt_number: 'R1-000100',
      quantity: 5,
      shortfall: 3,
      inventory: -3,
    };
    const [event, ...others] = await eventsOf(shop.sandbox, 'inventory.shortfall');
    assert.deepEqual(others, []);
    assert.deepEqual(event.data.object, expected);
    assert.equal(event.created_at, sale.body.created_at, 'recorded with the order');
    const [delivery] = await hook.waitFor(1);
    const delivered = new Webhook(endpoint.body.secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as any;
    assert.equal(delivered.id, event.id);
    assert.equal(delivered.type, 'inventory.shortfall');
    assert.deepEqual(delivered.data.object, expected);

    // Already below zero: every unit sold is short.
    const more = await sell(shop.sandbox, 'R1-000101', [{ product_id: croissant.id, quantity: 2 }]);
    assertStatus(more, 201);
    assert.deepEqual(more.body.sync_differences, [{ type: 'stock_short', product_id: croissant.id, shortfall: 2 }]);
    assert.equal(await inventoryOf(shop.sandbox, croissant.id), -5);
    const [second] = await eventsOf(shop.sandbox, 'inventory.shortfall');
    assert.deepEqual(second.data.object, { ...expected, order_id: more.body.id, register_receipt_number: 'R1-000101', quantity: 2, shortfall: 2, inventory: -5 });
    await hook.waitFor(2);

    // A normal order cannot have what is not there; canceling the first sale puts its units back.
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: croissant.id, quantity: 1 }] }), 422, 'out_of_stock', 'items[0].product_id');
    assert.equal(await inventoryOf(shop.sandbox, croissant.id), -5);
    assertStatus(await shop.sandbox.post(`/v1/orders/${sale.body.id}/cancel`), 200);
    assert.equal(await inventoryOf(shop.sandbox, croissant.id), 0);
    // Setting the counted stock works from below zero too.
    assertStatus(await shop.sandbox.patch(`/v1/products/${croissant.id}`, { inventory: 12 }), 200);
    assert.equal(await inventoryOf(shop.sandbox, croissant.id), 12);
  });

  test("an inactive product is sold (product_inactive), the register's unit_price prices the line (price_changed), and a different recorded_total is total_changed", async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 1000 });
    const seasonal = await createProduct(shop.sandbox, { name: 'Pumpkin Latte', price: 500, inventory: 4, active: false });
    const latte = await shop.sandbox.post('/v1/products', {
      name: 'Latte',
      price: 300,
      modifier_groups: [{ name: 'Milk', options: [{ name: 'Oat', price_delta: 60 }] }],
    });
    assertStatus(latte, 201);
    const oat = latte.body.modifier_groups[0].options[0].id;
    // A normal order still refuses the inactive product.
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: seasonal.id, quantity: 1 }] }), 422, 'product_inactive', 'items[0].product_id');

    const sale = await sell(
      shop.sandbox,
      'R3-9',
      [
        { product_id: seasonal.id, quantity: 1 },
        { product_id: latte.body.id, quantity: 2, modifiers: [{ option_id: oat }], unit_price: 330 },
        { product_id: latte.body.id, quantity: 1, unit_price: 300 },
      ],
      { recorded_total: 1490 },
    );
    assertStatus(sale, 201);
    const order = sale.body;
    assert.deepEqual(
      order.items.map((line: any) => [line.unit_price, line.total, line.modifiers.map((m: any) => m.name)]),
      [
        [500, 500, []],
        [330, 660, ['Oat']],
        [300, 300, []],
      ],
    );
    // Subtotal 500 + 660 + 300 = 1460, tax 10%: 146, total 1606; the register took 1490.
    assert.deepEqual([order.subtotal, order.tax, order.total], [1460, 146, 1606]);
    assert.deepEqual(order.sync_differences, [
      { type: 'product_inactive', product_id: seasonal.id },
      { type: 'price_changed', product_id: latte.body.id, line_item_id: order.items[1].id, recorded_price: 330, current_price: 360 },
      { type: 'total_changed', recorded_total: 1490, total: 1606 },
    ]);
    assert.equal(await inventoryOf(shop.sandbox, seasonal.id), 3);
    // Stored with the order: a repeat answers the same differences.
    const again = await sell(shop.sandbox, 'R3-9', [{ product_id: latte.body.id, quantity: 1 }]);
    assertStatus(again, 200);
    assert.deepEqual(again.body.sync_differences, order.sync_differences);
    assert.deepEqual((await getOrder(shop.sandbox, order.id)).sync_differences, order.sync_differences);

    // The register's total and prices as the server has them: nothing differs.
    const same = await sell(shop.sandbox, 'R3-10', [{ product_id: latte.body.id, quantity: 1, unit_price: 300 }], { recorded_total: 330 });
    assertStatus(same, 201);
    assert.deepEqual(same.body.sync_differences, []);
    // Refunded at the price it was sold at.
    assertStatus(await shop.sandbox.post(`/v1/orders/${order.id}/capture`), 200);
    const refund = await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: order.items[1].id, quantity: 1 }] });
    assertStatus(refund, 200);
    assert.equal(refund.body.amount, 363);
  });

  test('validation: recorded_at in the future or too old, the receipt number missing or malformed, offline fields without recorded_at; refusals take nothing', async () => {
    const shop = await createTestMerchant(server);
    const tea = await createProduct(shop.sandbox, { name: 'Tea', price: 450, inventory: 5 });
    const items = [{ product_id: tea.id, quantity: 1 }];
    const post = (body: Record<string, unknown>) => shop.sandbox.post('/v1/orders', { items, ...body });

    const future = await post({ recorded_at: ago(-6 * MINUTE_MS), register_receipt_number: 'R1-1' });
    assertError(future, 400, 'parameter_invalid', 'recorded_at');
    assert.match(future.body.error.message, /5 minutes in the future/);
    const old = await post({ recorded_at: ago(90 * DAY_MS + MINUTE_MS), register_receipt_number: 'R1-2' });
    assertError(old, 400, 'parameter_invalid', 'recorded_at');
    assert.match(old.body.error.message, /90 days in the past/);
    for (const recorded_at of ['2026-11-21T10:00:00', '2026-11-21', '2026-02-30T10:00:00Z', 'yesterday']) {
      assertError(await post({ recorded_at, register_receipt_number: 'R1-3' }), 400, 'parameter_invalid', 'recorded_at');
    }
    assertError(await post({ recorded_at: ago(MINUTE_MS) }), 400, 'parameter_missing', 'register_receipt_number');
    assertError(await post({ register_receipt_number: 'R1-4' }), 400, 'parameter_invalid', 'register_receipt_number');
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ ...items[0], unit_price: 400 }] }), 400, 'parameter_invalid', 'items[0].unit_price');
    assertError(await post({ recorded_total: 450 }), 400, 'parameter_invalid', 'recorded_total');
    for (const number of ['R1', 'R1-', '-42', 'R1_000042', 'R1-00004x', 'R 1-42', `${'R'.repeat(21)}-1`, 'R1-12345678901']) {
      const refused = await post({ recorded_at: ago(MINUTE_MS), register_receipt_number: number });
      assertError(refused, 400, 'parameter_invalid', 'register_receipt_number');
      assert.match(refused.body.error.message, /receipt number/);
    }
    assertError(await post({ recorded_at: ago(MINUTE_MS), register_receipt_number: 'R1-5', recorded_total: -1 }), 400, 'parameter_invalid', 'recorded_total');
    assertError(await sell(shop.sandbox, 'R1-6', [{ product_id: 'prod_unknown0000000000000', quantity: 1 }]), 422, 'product_not_found', 'items[0].product_id');
    // Edit Order takes no unit_price.
    const pending = await createOrder(shop.sandbox, [[tea, 1]]);
    assertError(await shop.sandbox.patch(`/v1/orders/${pending.id}`, { items: [{ ...items[0], unit_price: 1 }] }), 400, 'parameter_unknown', 'items[0].unit_price');

    assert.equal(await inventoryOf(shop.sandbox, tea.id), 4, 'only the normal order took stock');
    assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 1);

    // At the limits: 5 minutes ahead, 90 days behind.
    assertStatus(await post({ recorded_at: ago(-5 * MINUTE_MS), register_receipt_number: 'R1-7' }), 201);
    assertStatus(await post({ recorded_at: ago(90 * DAY_MS), register_receipt_number: 'R1-8' }), 201);
  });

  test('normal orders still never take stock below zero: racing orders for the last units, before and after an offline sale', async () => {
    const shop = await createTestMerchant(server);
    const mug = await createProduct(shop.sandbox, { name: 'Mug', price: 1200, inventory: 6 });
    const race = () => Promise.all(Array.from({ length: 20 }, () => shop.sandbox.post('/v1/orders', { items: [{ product_id: mug.id, quantity: 1 }] })));
    const first = await race();
    assert.deepEqual(tally(first), { '201': 6, '422 out_of_stock': 14 });
    assert.equal(await inventoryOf(shop.sandbox, mug.id), 0);
    assertStatus(await sell(shop.sandbox, 'R9-1', [{ product_id: mug.id, quantity: 2 }]), 201);
    assert.equal(await inventoryOf(shop.sandbox, mug.id), -2);
    const second = await race();
    assert.deepEqual(tally(second), { '422 out_of_stock': 20 });
    assert.equal(await inventoryOf(shop.sandbox, mug.id), -2);
  });

  test('a sale synced after its Idempotency-Key expired is still made once', async () => {
    const shop = await createTestMerchant(server);
    const cup = await createProduct(shop.sandbox, { name: 'Cup', price: 250, inventory: 10 });
    const start = server.clock.now().toISOString();
    try {
      const first = await sell(shop.sandbox, 'R4-77', [{ product_id: cup.id, quantity: 1 }], { recorded_at: ago(MINUTE_MS) }, { 'Idempotency-Key': 'device-77' });
      assertStatus(first, 201);
      // Three days later the device, restored from a backup, syncs the sale again with the same key: the key is long gone.
      server.clock.advance(3 * DAY_MS);
      const late = await sell(shop.sandbox, 'R4-77', [{ product_id: cup.id, quantity: 1 }], { recorded_at: first.body.recorded_at }, { 'Idempotency-Key': 'device-77' });
      assertStatus(late, 200);
      assert.equal(late.headers.get('idempotent-replayed'), null);
      assert.deepEqual(late.body, first.body);
      assert.equal(await inventoryOf(shop.sandbox, cup.id), 9);
      assert.equal((await eventsOf(shop.sandbox, 'order.created')).length, 1);
    } finally {
      server.clock.set(start);
    }
  });
});
