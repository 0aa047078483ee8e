/**
 * Get Order's answer is built by the database in one statement (src/db/orders/order-json.ts); it must
 * be byte for byte the answer of Create, Capture, Cancel and Refund, and what `toOrder` (Create Order's
 * shaping of the rows it writes) makes of the stored rows, for every shape an order can take and every
 * character a string can hold.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database, Environment } from '../../src/db/schema.js';
import { toOrder } from '../../src/orders/order-view.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { createCustomer } from './support.js';

/** Strings JSON writers disagree on if any do: quotes, backslashes, control characters, U+2028, non-BMP. */
const AWKWARD = 'Caf\u00e9 "cr\u00e8me" \\ back\tslash\nline \u0001\u001f \u007f \u2028 \u{1F600} </script> \u00a0\u0000'.replace('\u0000', '');

/** The order as `toOrder` shapes its stored rows. */
async function shapedInJs(db: Kysely<Database>, tenant: { merchantId: string; environment: Environment }, orderId: string) {
  const row = await db.selectFrom('orders').selectAll().where('merchant_id', '=', tenant.merchantId).where('environment', '=', tenant.environment).where('id', '=', orderId).executeTakeFirstOrThrow();
  const items = await db.selectFrom('line_items').selectAll().where('merchant_id', '=', tenant.merchantId).where('order_id', '=', orderId).orderBy('position').execute();
  const customer =
    row.customer_id === null
      ? undefined
      : await db.selectFrom('customers').select(['id', 'name', 'email']).where('merchant_id', '=', tenant.merchantId).where('id', '=', row.customer_id).executeTakeFirst();
  const refunds = await db.selectFrom('refunds').selectAll().where('merchant_id', '=', tenant.merchantId).where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
  return toOrder(row, items, customer, refunds);
}

describeEachBackend('Get Order in one statement', (backend) => {
  let server: TestServer;
  let shop: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    shop = await createTestMerchant(server, { taxRateBps: 825 });
  });
  after(() => server.close());

  async function raw(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; type: string | null }> {
    const response = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${shop.sandboxKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
  }

  /** GET's text equals the text the write operation answered (the schema's serializer) and `toOrder`'s shaping serialized. */
  async function assertSameAnswer(orderId: string, written: { status: number; text: string }): Promise<void> {
    const got = await raw('GET', `/v1/orders/${orderId}`);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.type, 'application/json; charset=utf-8');
    assert.equal(got.text, written.text);
    assert.equal(got.text, JSON.stringify(await shapedInJs(server.db.kysely, { merchantId: shop.merchantId, environment: 'sandbox' }, orderId)));
  }

  test('every shape of order, and awkward strings, answer the same bytes as the write that made them', async () => {
    const made = await shop.sandbox.post('/v1/products', {
      name: AWKWARD,
      price: 350,
      inventory: 100,
      modifier_groups: [{ name: AWKWARD, max_selected: 2, options: [{ name: AWKWARD, price_delta: -5 }, { name: 'Oat', price_delta: 50 }] }],
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const coffee = made.body as { id: string; modifier_groups: Array<{ options: Array<{ id: string }> }> };
    const options = coffee.modifier_groups[0]!.options.map((o) => ({ option_id: o.id }));
    const tea = await createProduct(shop.sandbox, { name: 'Tea', price: 99_999_999 });
    const withEmail = await createCustomer(shop.sandbox, { name: AWKWARD, email: 'ada@example.com' });
    const withoutEmail = await createCustomer(shop.sandbox, { name: 'Bo', email: null });
    const lines = [
      { product_id: coffee.id, quantity: 3, modifiers: options },
      { product_id: tea.id, quantity: 1 },
      { product_id: coffee.id, quantity: 2 },
    ];

    const bare = await raw('POST', '/v1/orders', { items: [lines[1]] });
    assert.equal(bare.status, 201, bare.text);
    await assertSameAnswer(JSON.parse(bare.text).id, bare);

    const code = await raw('POST', '/v1/discount_codes', { code: 'Json-10', type: 'percentage', percentage_bps: 1000, reason: AWKWARD });
    assert.equal(code.status, 201, code.text);
    const discounted = await raw('POST', '/v1/orders', {
      items: [
        { ...lines[0], discount: { type: 'percentage', percentage_bps: 1250, reason: AWKWARD } },
        { ...lines[1], discount: { type: 'amount', amount: 1 } },
        lines[2],
      ],
      discounts: [{ type: 'amount', amount: 7, reason: AWKWARD }, { type: 'percentage', percentage_bps: 333, reason: null }],
      discount_code: 'json-10',
    });
    assert.equal(discounted.status, 201, discounted.text);
    assert.equal(JSON.parse(discounted.text).discounts.length, 3);
    await assertSameAnswer(JSON.parse(discounted.text).id, discounted);

    const full = await raw('POST', '/v1/orders', {
      items: lines,
      customer_id: withEmail.id,
      notes: AWKWARD,
      metadata: { b: AWKWARD, a: '', '10': 'ten', '2': 'two', 'k\u00e9y "q"': 'v' },
    });
    assert.equal(full.status, 201, full.text);
    const id = JSON.parse(full.text).id;
    await assertSameAnswer(id, full);
    const captured = await raw('POST', `/v1/orders/${id}/capture`, { payment_token: 'tok_visa' });
    assert.equal(captured.status, 200, captured.text);
    await assertSameAnswer(id, captured);
    const items = JSON.parse(captured.text).items as Array<{ id: string }>;
    for (const body of [{ amount: 137 }, { items: [{ line_item_id: items[0]!.id, quantity: 2 }, { line_item_id: items[2]!.id, quantity: 1 }] }]) {
      assert.equal((await raw('POST', `/v1/orders/${id}/refund`, body)).status, 200);
    }
    const order = await raw('GET', `/v1/orders/${id}`);
    assert.equal(JSON.parse(order.text).refunds.length, 2);
    const again = await raw('POST', `/v1/orders/${id}/refund`, { items: [{ line_item_id: items[1]!.id, quantity: 1 }] });
    assert.equal(again.status, 200, again.text);
    const afterRefunds = await raw('GET', `/v1/orders/${id}`);
    assert.equal(afterRefunds.text, JSON.stringify(await shapedInJs(server.db.kysely, { merchantId: shop.merchantId, environment: 'sandbox' }, id)));

    const cash = await raw('POST', '/v1/orders', { items: [lines[0]], customer_id: withoutEmail.id, payment_method: 'cash' });
    assert.equal(cash.status, 201, cash.text);
    const cashId = JSON.parse(cash.text).id;
    const paidCash = await raw('POST', `/v1/orders/${cashId}/capture`, { tip: { amount: 75 } });
    assert.equal(paidCash.status, 200, paidCash.text);
    assert.equal(JSON.parse(paidCash.text).tip, 75);
    await assertSameAnswer(cashId, paidCash);

    // An offline sale: its receipt number, the register's time (sent with an offset, kept as UTC) and what differed.
    const offline = await raw('POST', '/v1/orders', {
      items: [{ ...lines[0], unit_price: 1 }, { ...lines[1], unit_price: 99_999_999 }],
      payment_method: 'cash',
      recorded_at: new Date(server.clock.now().getTime() - 3_600_000).toISOString().replace('Z', '+00:00'),
      register_receipt_number: 'Caf_e-0000000042',
      recorded_total: 7,
    });
    assert.equal(offline.status, 201, offline.text);
    assert.equal(JSON.parse(offline.text).sync_differences.length, 2);
    await assertSameAnswer(JSON.parse(offline.text).id, offline);
    const synced = await raw('POST', '/v1/orders', { items: [lines[0]], recorded_at: server.clock.now().toISOString(), register_receipt_number: 'Caf_e-0000000042' });
    assert.equal(synced.status, 200, synced.text);
    assert.equal(synced.text, offline.text);

    const toCancel = await raw('POST', '/v1/orders', { items: [lines[0]], metadata: {} });
    const canceled = await raw('POST', `/v1/orders/${JSON.parse(toCancel.text).id}/cancel`);
    assert.equal(canceled.status, 200, canceled.text);
    await assertSameAnswer(JSON.parse(toCancel.text).id, canceled);
  });

  test('an order of another environment or merchant is 404 as before, naming the environment that holds it', async () => {
    const coffee = await createProduct(shop.production, { name: 'Coffee', price: 350 });
    const created = await shop.production.post('/v1/orders', { items: [{ product_id: coffee.id, quantity: 1 }] });
    const inSandbox = await shop.sandbox.get(`/v1/orders/${created.body.id}`);
    assert.equal(inSandbox.status, 404);
    assert.match(inSandbox.body.error.message, /production/);
    const other = await createTestMerchant(server);
    const elsewhere = await other.production.get(`/v1/orders/${created.body.id}`);
    assert.equal(elsewhere.status, 404);
    assert.doesNotMatch(elsewhere.body.error.message, /sandbox|production/);
  });
});
