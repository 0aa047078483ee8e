/**
 * `GET /v1/orders/export`: the CSV's headers and name, its rows against the orders themselves, the
 * filters against List Orders', line items, quoting and formula escaping, who may export, tenancy,
 * and the walk in batches: every order once and in order across batches, a read per batch, and no
 * read once the client has gone.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/db/connection.js';
import type { Prepared } from '../../src/db/prepared.js';
import type { Environment, OrderStatus } from '../../src/db/schema.js';
import { newId } from '../../src/ids.js';
import { EXPORT_LINE_ITEM_ORDERS_PER_BATCH, EXPORT_ORDERS_PER_BATCH } from '../../src/orders/export-orders.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csvRows } from '../helpers/csv.js';
import { signInAs } from '../helpers/oauth.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, createCustomer, createOrder, getOrder, refund } from './support.js';

const ORDER_COLUMNS = [
  'id', 'number', 'status', 'created_at', 'paid_at', 'customer_id', 'customer_name', 'customer_email', 'currency', 'subtotal', 'discount_total',
  'tax', 'tip', 'total', 'refunded_amount', 'payment_method', 'card_brand', 'card_last4', 'items_count', 'notes',
];
const LINE_ITEM_COLUMNS = [
  'order_id', 'order_number', 'order_created_at', 'line_item_id', 'product_id', 'name', 'modifiers', 'quantity', 'unit_price', 'total',
  'discount_amount', 'refunded_quantity', 'currency',
];

/** Descending by created_at, then by id compared byte-wise, as List Orders orders them. */
function newestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** An export's answer: status, headers, the text, and (for a 200) its header and rows. */
async function exportOf(api: Api, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await api.get(`/v1/orders/export${search === '' ? '' : `?${search}`}`);
  if (response.status !== 200) return { ...response, text: '', header: [] as string[], rows: [] as Array<Record<string, string>> };
  assert.equal(typeof response.body, 'string', 'the answer is text');
  return { ...response, text: response.body as string, ...csvRows(response.body as string) };
}

/** An order as the orders export writes it, from Get Order's JSON; `withCustomer`: the name and e-mail are shown. */
function expectedRow(order: any, withCustomer = true): Record<string, string> {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    id: order.id,
    number: String(order.number),
    status: order.status,
    created_at: order.created_at,
    paid_at: text(order.payment?.paid_at),
    customer_id: text(order.customer_id),
    customer_name: withCustomer ? text(order.customer?.name) : '',
    customer_email: withCustomer ? text(order.customer?.email) : '',
    currency: order.currency,
    subtotal: String(order.subtotal),
    discount_total: String(order.discount_total),
    tax: String(order.tax),
    tip: String(order.tip),
    total: String(order.total),
    refunded_amount: String(order.refunded_amount),
    payment_method: order.payment_method,
    card_brand: text(order.payment?.card_brand),
    card_last4: text(order.payment?.card_last4),
    items_count: String(order.items.length),
    notes: text(order.notes),
  };
}

interface InsertedOrder {
  id: string;
  created_at: string;
  status: OrderStatus;
  lines: number;
}

/**
 * `count` orders of the merchant written straight into the database (the API would take minutes for
 * thousands), `sameTime` at a time sharing one `created_at`, so that batches end inside a run of equal
 * times; with `lines`, each order has 1 or 2 line items of `productId`. Returns them newest first.
 */
async function insertOrders(
  db: Db,
  merchantId: string,
  count: number,
  options: { environment?: Environment; sameTime?: number; notes?: string; productId?: string; start?: string; firstNumber?: number } = {},
): Promise<InsertedOrder[]> {
  const environment = options.environment ?? 'sandbox';
  const start = Date.parse(options.start ?? '2026-01-01T00:00:00.000Z');
  const statuses: OrderStatus[] = ['paid', 'pending', 'canceled', 'refunded'];
  const orders: InsertedOrder[] = [];
  for (let from = 0; from < count; from += 200) {
    const rows = [];
    const lines = [];
    for (let i = from; i < Math.min(count, from + 200); i++) {
      const id = newId('ord');
      const createdAt = new Date(start + Math.floor(i / (options.sameTime ?? 1)) * 1000).toISOString();
      const status = statuses[i % statuses.length]!;
      const paid = status === 'paid' || status === 'refunded';
      const lineCount = options.productId === undefined ? 0 : 1 + (i % 3 === 0 ? 1 : 0);
      rows.push({
        merchant_id: merchantId, environment, id, number: (options.firstNumber ?? 100_000) + i, status, customer_id: null, currency: 'USD',
        subtotal: 1000, tax: 83, tip: 0, total: 1083, refunded_amount: status === 'refunded' ? 1083 : 0, items_count: Math.max(lineCount, 1),
        payment_method: 'cash' as const, card_last4: null, payment_processor: null, processor_payment_id: null, card_brand: null,
        paid_at: paid ? createdAt : null, canceled_at: status === 'canceled' ? createdAt : null, notes: options.notes ?? null, metadata: '{}',
        created_at: createdAt, updated_at: createdAt, dispute: null, discounts: '[]', discount_total: 0,
        cash_amount: paid ? 1083 : 0, cash_given: null, change_due: null, cash_drawer_id: null, recorded_at: null, register_receipt_number: null, sync_differences: '[]',
      });
      for (let position = 0; position < lineCount; position++) {
        lines.push({
          merchant_id: merchantId, environment, id: newId('li'), order_id: id, position, product_id: options.productId!, name: 'Tea', quantity: 1,
          unit_price: 1000, total: 1000, refunded_quantity: 0, discount: null, discount_amount: 0, modifiers: '[]',
        });
      }
      orders.push({ id, created_at: createdAt, status, lines: lineCount });
    }
    await db.kysely.insertInto('orders').values(rows).execute();
    if (lines.length > 0) await db.kysely.insertInto('line_items').values(lines).execute();
  }
  return orders.sort(newestFirst);
}

describeEachBackend('Orders export', (backend) => {
  let server: TestServer;
  /** Every `read` the server made, with its statement's text and parameters. */
  const reads: Array<{ text: string; parameters: readonly unknown[] }> = [];
  before(async () => {
    server = await startTestServer(backend, {}, {
      watchDb: (db) => ({
        ...db,
        read: <Row>(statement: Prepared, parameters: readonly unknown[]) => {
          reads.push({ text: statement.text, parameters });
          return db.read<Row>(statement, parameters);
        },
      }),
    });
  });
  after(() => server.close());

  /** The batches of an export the merchant's exports read so far (a walk's read names the merchant and the keyset's bound). */
  const exportReads = (merchantId: string) => reads.filter((r) => r.parameters.includes(merchantId) && /\(created_at, id\) < \(/.test(r.text)).length;

  describe('the file', () => {
    test('headers and name; a row per order, newest first, its columns those of the order', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 825 });
      const api = shop.sandbox;
      const mug = await createProduct(api, { name: 'Mug', price: 1200 });
      const tea = await createProduct(api, { name: 'Tea', price: 300 });
      const ada = await createCustomer(api, { name: 'Ada Lovelace', email: 'ada@example.com' });
      server.clock.set('2026-03-10T09:00:00.000Z');
      const made: string[] = [];
      const next = () => server.clock.advance(60_000);

      const tipped = await createOrder(api, [[mug, 2]], { customer_id: ada.id, notes: 'Table 4' });
      next();
      const captured = await api.post(`/v1/orders/${tipped.id}/capture`, { payment_token: 'tok_visa', tip: { amount: 200 } });
      assertStatus(captured, 200);
      await refund(api, tipped.id, { amount: 500 });
      made.push(tipped.id);
      next();
      const cash = await createOrder(api, [[tea, 3]], { payment_method: 'cash' });
      await capture(api, cash.id, null);
      made.push(cash.id);
      next();
      made.push((await createOrder(api, [[tea, 1], [mug, 1]])).id); // pending
      next();
      const canceled = await createOrder(api, [[tea, 1]]);
      assertStatus(await api.post(`/v1/orders/${canceled.id}/cancel`), 200);
      made.push(canceled.id);
      next();
      const discounted = await createOrder(api, [[mug, 1]], { discounts: [{ type: 'percentage', percentage_bps: 1000 }], customer_id: ada.id });
      await capture(api, discounted.id, 'tok_mastercard');
      made.push(discounted.id);

      server.clock.set('2026-03-11T00:30:00.000Z');
      const file = await exportOf(api);
      assertStatus(file, 200);
      assert.equal(file.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.equal(file.headers.get('content-disposition'), 'attachment; filename="orders-2026-03-11.csv"');
      assert.deepEqual(file.header, ORDER_COLUMNS);
      const orders = await Promise.all(made.map((id) => getOrder(api, id)));
      assert.deepEqual(file.rows, orders.sort(newestFirst).map((o) => expectedRow(o)));
      // The figures the orders were made with, not only what Get Order says.
      const row = file.rows.find((r) => r.id === tipped.id)!;
      assert.deepEqual([row.status, row.subtotal, row.tax, row.tip, row.total, row.refunded_amount], ['partially_refunded', '2400', '198', '200', '2798', '500']);
      assert.deepEqual([row.customer_name, row.customer_email, row.card_brand, row.card_last4, row.notes], ['Ada Lovelace', 'ada@example.com', 'visa', '4242', 'Table 4']);
      assert.deepEqual([file.rows.find((r) => r.id === discounted.id)!.discount_total, file.rows.find((r) => r.id === cash.id)!.payment_method], ['120', 'cash']);

      // HEAD: the headers alone, and nothing read.
      const readsBefore = exportReads(shop.merchantId);
      const head = await fetch(`${server.url}/v1/orders/export?type=line_items`, { method: 'HEAD', headers: { authorization: `Bearer ${shop.sandboxKey}` } });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-disposition'), 'attachment; filename="line-items-2026-03-11.csv"');
      assert.equal(await head.text(), '');
      assert.equal(exportReads(shop.merchantId), readsBefore, 'HEAD reads no order');
    });

    test('line_items: a row per line, with its order\'s id, number and creation time, each order\'s lines in their order', async () => {
      const shop = await createTestMerchant(server);
      const api = shop.sandbox;
      const latte = await api.post('/v1/products', {
        name: 'Latte',
        price: 350,
        modifier_groups: [
          { name: 'Size', required: true, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 50 }] },
          { name: 'Milk', max_selected: 1, options: [{ name: 'Oat', price_delta: 50 }] },
        ],
      });
      assertStatus(latte, 201);
      const [size, milk] = latte.body.modifier_groups;
      const muffin = await createProduct(api, { name: 'Muffin', price: 300 });
      server.clock.set('2026-04-02T08:00:00.000Z');
      const first = await createOrder(api, [[muffin, 2]]);
      server.clock.advance(1000);
      const second = await api.post('/v1/orders', {
        items: [
          { product_id: latte.body.id, quantity: 2, modifiers: [{ option_id: size.options[1].id }, { option_id: milk.options[0].id }] },
          { product_id: muffin.id, quantity: 1, discount: { type: 'amount', amount: 100 } },
        ],
      });
      assertStatus(second, 201);
      await capture(api, second.body.id);
      await refund(api, second.body.id, { items: [{ line_item_id: second.body.items[1].id, quantity: 1 }] });

      const file = await exportOf(api, { type: 'line_items' });
      assertStatus(file, 200);
      assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="line-items-\d{4}-\d{2}-\d{2}\.csv"$/);
      assert.deepEqual(file.header, LINE_ITEM_COLUMNS);
      const expected = [await getOrder(api, second.body.id), await getOrder(api, first.id)].flatMap((order) =>
        order.items.map((item: any) => ({
          order_id: order.id,
          order_number: String(order.number),
          order_created_at: order.created_at,
          line_item_id: item.id,
          product_id: item.product_id,
          name: item.name,
          modifiers: item.modifiers.map((m: any) => `${m.group_name}: ${m.name}`).join('; '),
          quantity: String(item.quantity),
          unit_price: String(item.unit_price),
          total: String(item.total),
          discount_amount: String(item.discount_amount),
          refunded_quantity: String(item.refunded_quantity),
          currency: order.currency,
        })),
      );
      assert.deepEqual(file.rows, expected);
      assert.deepEqual(
        file.rows.map((r) => [r.name, r.modifiers, r.quantity, r.unit_price, r.discount_amount, r.refunded_quantity]),
        [['Latte', 'Size: Large; Milk: Oat', '2', '450', '0', '0'], ['Muffin', '', '1', '300', '100', '1'], ['Muffin', '', '2', '300', '0', '0']],
      );
      // Filters apply to the orders; their lines come whole.
      const paid = await exportOf(api, { type: 'line_items', status: 'partially_refunded' });
      assert.deepEqual(paid.rows.map((r) => r.order_id), [second.body.id, second.body.id]);
    });

    test('a note with commas, quotes and line breaks is quoted as RFC 4180 says and reads back whole', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { name: 'Tea, "green"', price: 300 });
      const note = 'Table 4, "window"\nno ice\r\nthanks';
      const order = await createOrder(shop.sandbox, [[product, 1]], { notes: note });
      const file = await exportOf(shop.sandbox);
      assert.deepEqual(file.rows.map((r) => [r.id, r.notes]), [[order.id, note]]);
      assert.ok(file.text.includes(',"Table 4, ""window""\nno ice\r\nthanks"\r\n'), file.text);
      const lines = await exportOf(shop.sandbox, { type: 'line_items' });
      assert.equal(lines.rows[0]!.name, 'Tea, "green"');
      assert.ok(lines.text.includes(',"Tea, ""green""",'), lines.text);
    });

    test('a text that a spreadsheet would run as a formula gets a leading quote; numbers are left as they are', async () => {
      const shop = await createTestMerchant(server);
      const api = shop.sandbox;
      const evil = await createProduct(api, { name: '=HYPERLINK("http://example.com")', price: 300 });
      // Notes take any text; customers' names the printable cases (a name is one line).
      const cases = ['=SUM(1)', '+1', '-1', '@x', '\tx', '\rx'];
      const made = new Map<string, string>();
      for (const text of cases) {
        const customer = await createCustomer(api, { name: /^[\t\r]/.test(text) ? `${text.slice(1)}@name` : text, email: null });
        const order = await createOrder(api, [[evil, 1]], { notes: text, customer_id: customer.id });
        made.set(order.id, text);
      }
      const safe = await createOrder(api, [[evil, 1]], { notes: 'a = b, 1 + 1' });
      const file = await exportOf(api);
      assert.equal(file.rows.length, cases.length + 1);
      for (const row of file.rows) {
        if (row.id === safe.id) {
          assert.equal(row.notes, 'a = b, 1 + 1', 'a formula character inside a text changes nothing');
          continue;
        }
        const text = made.get(row.id!)!;
        assert.equal(row.notes, `'${text}`, JSON.stringify(text));
        const { customer } = await getOrder(api, row.id!);
        assert.equal(row.customer_name, /^[=+\-@]/.test(customer.name) ? `'${customer.name}` : customer.name, JSON.stringify(customer.name));
        assert.equal(row.total, '300');
      }
      assert.ok(file.text.includes(",'=SUM(1)\r\n"), 'the escaped note, unquoted (nothing in it needs quotes)');
      assert.ok(file.text.includes(',"\'\rx"\r\n'), 'a carriage return still quotes the field');
      const lines = await exportOf(api, { type: 'line_items' });
      assert.ok(lines.rows.every((r) => r.name === `'=HYPERLINK("http://example.com")`));
    });
  });

  describe('filters', () => {
    test('every List Orders filter narrows the export to the orders List Orders gives, in the same order', async () => {
      const shop = await createTestMerchant(server);
      const api = shop.sandbox;
      const product = await createProduct(api, { price: 250 });
      const ada = await createCustomer(api, { name: 'Ada Lovelace', email: 'ada@example.com' });
      const grace = await createCustomer(api, { name: 'Grace Hopper', email: 'grace@example.com' });
      const orders: any[] = [];
      const times = ['2026-03-01T10:00:00.000Z', '2026-03-01T18:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-02T12:00:00.000Z', '2026-03-03T09:00:00.000Z'];
      for (const [i, at] of times.entries()) {
        for (const customer of [ada, grace, null]) {
          server.clock.set(at);
          server.clock.advance(orders.length);
          const order = await createOrder(api, [[product, i + 1]], customer === null ? {} : { customer_id: customer.id });
          if (orders.length % 3 === 0) await capture(api, order.id);
          else if (orders.length % 4 === 1) assertStatus(await api.post(`/v1/orders/${order.id}/cancel`), 200);
          orders.push(order);
        }
      }
      const someOrder = orders[7];
      const queries: Array<Record<string, string>> = [
        {},
        { status: 'paid' },
        { status: 'paid,canceled' },
        { created_at_min: '2026-03-02' },
        { created_at_max: '2026-03-02' },
        { created_at_min: '2026-03-01T12:00:00Z', created_at_max: '2026-03-02T12:00:00.000Z' },
        { created_at_max: '2026-03-02T00:00:00.000Z' },
        { q: 'ada' },
        { q: 'GRACE@' },
        { q: String(someOrder.number) },
        { q: someOrder.id.slice(0, -1) },
        { customer_id: grace.id },
        { number: String(someOrder.number) },
        { status: 'paid,pending', created_at_min: '2026-03-01T18:00:00.000Z', q: 'ada' },
      ];
      for (const query of queries) {
        const list = await api.get(`/v1/orders?${new URLSearchParams({ ...query, per_page: '100' })}`);
        assertStatus(list, 200);
        const file = await exportOf(api, query);
        assertStatus(file, 200);
        assert.deepEqual(file.rows.map((r) => r.id), list.body.data.map((o: any) => o.id), JSON.stringify(query));
        assert.equal(file.rows.length, list.body.pagination.total, JSON.stringify(query));
      }
      assert.ok((await exportOf(api, { status: 'paid' })).rows.length > 0 && (await exportOf(api, { q: 'ada' })).rows.length === 5, 'the filters match some orders and not others');

      // The same refusals as List Orders, and no pages.
      const refused: Array<Record<string, string>> = [{ status: 'paid,lost' }, { created_at_min: 'yesterday' }, { q: '' }, { number: '0' }, { customer_id: '' }, { colour: 'red' }];
      for (const query of refused) {
        const list = await api.get(`/v1/orders?${new URLSearchParams(query)}`);
        assert.equal(list.status, 400, JSON.stringify(query));
        const file = await api.get(`/v1/orders/export?${new URLSearchParams(query)}`);
        assertError(file, 400, list.body.error.code, list.body.error.param);
      }
      assertError(await api.get('/v1/orders/export?page=2'), 400, 'parameter_unknown', 'page');
      assertError(await api.get('/v1/orders/export?type=refunds'), 400, 'parameter_invalid', 'type');
    });
  });

  describe('who may export', () => {
    test('reports:read: admins, managers and full keys may; a cashier and a key without it get 403; without customers:read the customer is its id alone', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 500 });
      const ada = await createCustomer(shop.sandbox, { name: 'Ada Lovelace', email: 'ada@example.com' });
      const order = await createOrder(shop.sandbox, [[product, 1]], { customer_id: ada.id });

      const cashier = await signInAs(server, shop, 'cashier', { environment: 'sandbox' });
      assertError(await cashier.api.get('/v1/orders/export'), 403, 'insufficient_permissions');
      assertError(await cashier.api.get('/v1/orders/export?type=line_items'), 403, 'insufficient_permissions');
      const ordersOnly = await shop.keyWith('sandbox', ['orders:read', 'customers:read']);
      assertError(await ordersOnly.get('/v1/orders/export'), 403, 'insufficient_permissions');

      for (const who of ['admin', 'manager'] as const) {
        const member = await signInAs(server, shop, who, { environment: 'sandbox' });
        const file = await exportOf(member.api);
        assertStatus(file, 200);
        assert.deepEqual(file.rows.map((r) => [r.id, r.customer_id, r.customer_name, r.customer_email]), [[order.id, ada.id, 'Ada Lovelace', 'ada@example.com']], who);
      }

      const reportsOnly = await shop.keyWith('sandbox', ['reports:read']);
      const file = await exportOf(reportsOnly);
      assertStatus(file, 200);
      assert.deepEqual(file.rows.map((r) => [r.id, r.customer_id, r.customer_name, r.customer_email]), [[order.id, ada.id, '', '']]);
      const probed = await exportOf(reportsOnly, { q: 'ada' });
      assertStatus(probed, 200);
      assert.deepEqual([probed.header, probed.rows], [ORDER_COLUMNS, []], 'a search by customer finds nothing for a key that may not read customers');
    });

    test("another merchant's and the other environment's orders never appear", async () => {
      const shop = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      const own = await createOrder(shop.sandbox, [[await createProduct(shop.sandbox, { price: 100 }), 1]]);
      const live = await createOrder(shop.production, [[await createProduct(shop.production, { price: 100 }), 1]]);
      const otherProduct = await createProduct(other.sandbox, { price: 100 });
      const otherCustomer = await createCustomer(other.sandbox, { name: 'Ada Lovelace' });
      const theirs = await createOrder(other.sandbox, [[otherProduct, 1]], { customer_id: otherCustomer.id });

      assert.deepEqual((await exportOf(shop.sandbox)).rows.map((r) => r.id), [own.id]);
      assert.deepEqual((await exportOf(shop.production)).rows.map((r) => r.id), [live.id]);
      assert.deepEqual((await exportOf(other.sandbox)).rows.map((r) => r.id), [theirs.id]);
      const theirFilters: Array<Record<string, string>> = [{ customer_id: otherCustomer.id }, { q: theirs.id }, { q: 'ada' }];
      for (const query of theirFilters) {
        const file = await exportOf(shop.sandbox, query);
        assertStatus(file, 200);
        assert.deepEqual(file.rows, [], JSON.stringify(query));
      }
      assert.deepEqual((await exportOf(shop.sandbox, { type: 'line_items' })).rows.map((r) => r.order_id), [own.id]);
    });
  });

  describe('batches', () => {
    let shop: TestMerchant;
    let orders: InsertedOrder[];
    before(async () => {
      shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { name: 'Tea', price: 1000 });
      // Seven orders a second: 1,000 is no multiple of 7, so batches end inside a run of equal times.
      orders = await insertOrders(server.db, shop.merchantId, 2_500, { sameTime: 7, productId: product.id });
      await insertOrders(server.db, shop.merchantId, 300, { environment: 'production', sameTime: 7 });
    });

    test('more orders than a batch: every one once, in order, a read per batch', async () => {
      assert.ok(orders.length > 2 * EXPORT_ORDERS_PER_BATCH);
      const before = exportReads(shop.merchantId);
      const file = await exportOf(shop.sandbox);
      assertStatus(file, 200);
      assert.deepEqual(file.rows.map((r) => r.id), orders.map((o) => o.id));
      assert.deepEqual(file.rows.map((r) => r.created_at), orders.map((o) => o.created_at));
      assert.equal(exportReads(shop.merchantId) - before, Math.ceil(orders.length / EXPORT_ORDERS_PER_BATCH), 'one read per batch');

      // A filter and an upper bound on created_at (where the walk starts) across batches too.
      const max = orders[200]!.created_at;
      const file2 = await exportOf(shop.sandbox, { status: 'paid,refunded', created_at_max: max });
      const expected = orders.filter((o) => (o.status === 'paid' || o.status === 'refunded') && o.created_at <= max);
      assert.ok(expected.length > EXPORT_ORDERS_PER_BATCH);
      assert.deepEqual(file2.rows.map((r) => r.id), expected.map((o) => o.id));
    });

    test('line items of more orders than a batch: every line once, its order\'s lines together', async () => {
      const before = exportReads(shop.merchantId);
      const file = await exportOf(shop.sandbox, { type: 'line_items' });
      assertStatus(file, 200);
      assert.deepEqual(
        file.rows.map((r) => r.order_id),
        orders.flatMap((o) => Array.from({ length: o.lines }, () => o.id)),
      );
      assert.equal(new Set(file.rows.map((r) => r.line_item_id)).size, file.rows.length);
      assert.equal(exportReads(shop.merchantId) - before, Math.ceil(orders.length / EXPORT_LINE_ITEM_ORDERS_PER_BATCH));
    });

    test('a client that goes away mid-way: no batch is read after the server sees it go', async () => {
      const big = await createTestMerchant(server);
      // Ten batches of about 1.2 MB each: more than the sockets' buffers take before the server has to wait.
      const count = 10 * EXPORT_ORDERS_PER_BATCH;
      await insertOrders(server.db, big.merchantId, count, { notes: 'n'.repeat(1000) });
      let readsAtClose: number | undefined;
      const closed = new Promise<void>((resolve) => {
        const watch = (request: IncomingMessage, response: ServerResponse) => {
          if (!request.url?.startsWith('/v1/orders/export') || request.headers.authorization !== `Bearer ${big.sandboxKey}`) return;
          response.once('close', () => {
            readsAtClose = exportReads(big.merchantId);
            server.app.server.off('request', watch);
            resolve();
          });
        };
        server.app.server.on('request', watch);
      });
      const controller = new AbortController();
      const response = await fetch(`${server.url}/v1/orders/export`, { headers: { authorization: `Bearer ${big.sandboxKey}` }, signal: controller.signal });
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      assert.ok(((await reader.read()).value?.length ?? 0) > 0, 'the first bytes came');
      controller.abort();
      await closed;
      assert.ok(readsAtClose! < count / EXPORT_ORDERS_PER_BATCH, `the client left before the end (${readsAtClose} reads)`);
      // A later event: another export of the same server, read to its end after the first one was cut.
      assert.equal((await exportOf(shop.production)).rows.length, 300);
      assert.equal(exportReads(big.merchantId), readsAtClose, 'no batch read after the client went away');
    });
  });
});
