/**
 * Order numbers and order search (issue 29): every order numbered per merchant and environment from
 * 1001 with no gap, whatever the concurrency and over two server processes; a refused order takes no
 * number; migration 0018 numbers the orders made before it; List Orders' `number` filter and `q`.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { newId } from '../../src/ids.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { startSecondProcess, stopProcess, STARTS_PROCESSES } from '../helpers/processes.js';
import { sendUntilServed } from '../helpers/retrying-client.js';
import { Api, createProduct, createTestMerchant, startTestServer, TestClock, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, capture, createCustomer, createOrder, getOrder, tally } from './support.js';

describeEachBackend('order numbers', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('numbered from 1001 per merchant and environment, in the order, its event, the list and Get Order', async () => {
    const shop = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 500 });
    const first = await createOrder(shop.sandbox, [[product, 1]]);
    const second = await createOrder(shop.sandbox, [[product, 2]]);
    assert.equal(first.number, 1001);
    assert.equal(second.number, 1002);
    assert.deepEqual(Object.keys(first).slice(0, 2), ['id', 'number']);
    assert.equal((await createOrder(shop.production, [[await createProduct(shop.production, { price: 1 }), 1]])).number, 1001);
    assert.equal((await createOrder(other.sandbox, [[await createProduct(other.sandbox, { price: 1 }), 1]])).number, 1001);

    assert.equal((await getOrder(shop.sandbox, second.id)).number, 1002);
    const paid = await capture(shop.sandbox, first.id);
    assert.equal(paid.number, 1001);
    const list = await shop.sandbox.get('/v1/orders');
    assert.deepEqual(list.body.data.map((o: { number: number }) => o.number), [1002, 1001]);
    const events = await shop.sandbox.get('/v1/events');
    const numbers = events.body.data.filter((e: { type: string }) => e.type.startsWith('order.')).map((e: any) => [e.type, e.data.object.number]);
    assert.deepEqual(numbers.sort(), [['order.created', 1001], ['order.created', 1002], ['order.paid', 1001]].sort());
  });

  test('a refused order takes no number', async () => {
    const shop = await createTestMerchant(server);
    const scarce = await createProduct(shop.sandbox, { price: 500, inventory: 1 });
    assert.equal((await createOrder(shop.sandbox, [[scarce, 1]])).number, 1001);
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: scarce.id, quantity: 1 }] }), 422, 'out_of_stock');
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: scarce.id, quantity: 1 }], customer_id: 'cus_missing' }), 422, 'customer_not_found');
    const plenty = await createProduct(shop.sandbox, { price: 100 });
    assert.equal((await createOrder(shop.sandbox, [[plenty, 1]])).number, 1002);
  });

  describe('List Orders', () => {
    let shop: TestMerchant;
    const made: Record<string, any> = {};
    before(async () => {
      shop = await createTestMerchant(server, { taxRateBps: 0 });
      const ada = await createCustomer(shop.sandbox, { name: 'Ada Lovelace', email: 'ada@example.com' });
      const grace = await createCustomer(shop.sandbox, { name: 'Grace Hopper', email: 'GHopper@Navy.example' });
      const product = await createProduct(shop.sandbox, { price: 1234 });
      made.ada = await createOrder(shop.sandbox, [[product, 1]], { customer_id: ada.id }); // 1001, total 1234
      made.grace = await createOrder(shop.sandbox, [[product, 2]], { customer_id: grace.id }); // 1002, total 2468
      made.card = await capture(shop.sandbox, (await createOrder(shop.sandbox, [[product, 3]])).id, 'tok_visa'); // 1003, 4242
      made.cash = await createOrder(shop.sandbox, [[await createProduct(shop.sandbox, { price: 1003 }), 1]], { payment_method: 'cash' }); // 1004, total 1003
    });
    const found = async (query: string) => {
      const response = await shop.sandbox.get(`/v1/orders?${query}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return { numbers: response.body.data.map((o: { number: number }) => o.number), total: response.body.pagination.total };
    };

    test('the number filter', async () => {
      assert.deepEqual(await found('number=1002'), { numbers: [1002], total: 1 });
      assert.deepEqual(await found('number=999'), { numbers: [], total: 0 });
      assert.deepEqual(await found('number=1002&status=paid'), { numbers: [], total: 0 });
      assertError(await shop.sandbox.get('/v1/orders?number=abc'), 400, 'parameter_invalid', 'number');
    });

    test('q: digits match the number, the total in minor units, and four digits the card last 4', async () => {
      assert.deepEqual(await found('q=1001'), { numbers: [1001], total: 1 });
      assert.deepEqual(await found('q=2468'), { numbers: [1002], total: 1 });
      assert.deepEqual(await found('q=4242'), { numbers: [1003], total: 1 });
      // 1003 is an order's number and another's total.
      assert.deepEqual(await found('q=1003'), { numbers: [1004, 1003], total: 2 });
      assert.deepEqual(await found('q=%201234%20'), { numbers: [1001], total: 1 });
    });

    test('q: ord_ matches a prefix of the id; other text a prefix of the customer name or e-mail, any case', async () => {
      assert.deepEqual(await found(`q=${made.grace.id}`), { numbers: [1002], total: 1 });
      assert.deepEqual(await found(`q=${made.grace.id.slice(0, -3)}`), { numbers: [1002], total: 1 });
      assert.deepEqual((await found('q=ord_')).total, 4);
      assert.deepEqual(await found('q=ada'), { numbers: [1001], total: 1 });
      assert.deepEqual(await found('q=GRACE%20H'), { numbers: [1002], total: 1 });
      assert.deepEqual(await found('q=ghopper%40navy'), { numbers: [1002], total: 1 });
      assert.deepEqual(await found('q=lovelace'), { numbers: [], total: 0 });
      assert.deepEqual(await found('q=nobody'), { numbers: [], total: 0 });
      const withoutCustomers = await shop.keyWith('sandbox', ['orders:read']);
      assert.deepEqual((await withoutCustomers.get('/v1/orders?q=ada')).body.pagination.total, 0);
      assert.deepEqual((await withoutCustomers.get('/v1/orders?q=1001')).body.pagination.total, 1);
    });

    test('q combines with the other filters and pages like them', async () => {
      assert.deepEqual(await found('q=ord_&status=paid'), { numbers: [1003], total: 1 });
      assert.deepEqual(await found('q=ord_&per_page=2&page=2'), { numbers: [1002, 1001], total: 4 });
      assert.deepEqual(await found(`q=a&customer_id=${made.ada.customer_id}`), { numbers: [1001], total: 1 });
      assert.deepEqual(await found('q=1001&created_at_max=2000-01-01'), { numbers: [], total: 0 });
      const other = await createTestMerchant(server);
      assert.deepEqual((await other.sandbox.get('/v1/orders?q=1001')).body.data, []);
      assert.deepEqual((await shop.production.get('/v1/orders?q=ada')).body.data, []);
    });
  });

  describe('two server processes on one database', () => {
    let second: { url: string; process: ChildProcess } | undefined;
    before(async () => {
      second = await startSecondProcess(server);
    }, STARTS_PROCESSES);
    after(() => stopProcess(second?.process));

    test('200 concurrent orders get 200 distinct consecutive numbers', async () => {
      const shop = await createTestMerchant(server);
      const apis = [shop.sandbox, new Api(second!.url, shop.sandboxKey)];
      // Products of their own for most orders, so that the orders wait on the number, not on one product's row.
      const products = await Promise.all(Array.from({ length: 20 }, () => createProduct(shop.sandbox, { price: 500, inventory: 100 })));
      // All 200 wait on the tenant's one number row; on a loaded machine the last in the queue may pass
      // the database deadline and be shed with 503 and Retry-After. Such an order took no number (its
      // transaction rolled back), and is sent again with its key, as a client does.
      const served = await Promise.all(
        Array.from({ length: 200 }, (_, i) => sendUntilServed(apis, '/v1/orders', { items: [{ product_id: products[i % 20]!.id, quantity: 1 }] }, `numbers-${i}`, i % 2)),
      );
      const responses = served.map((s) => s.response);
      assert.deepEqual(tally(responses), { '201': 200 });
      const numbers = responses.map((r) => r.body.number as number).sort((a, b) => a - b);
      assert.deepEqual(numbers, Array.from({ length: 200 }, (_, i) => 1001 + i));
    });
  });
});

describeEachBackend('migration 0018 numbers the orders made before it', (backend) => {
  test('per merchant and environment, by creation time then id, from 1001; Create Order goes on from there', async () => {
    const database = await createTestDatabase(backend);
    const db = await openDatabase({ url: database.url, schema: database.schema, poolSize: 2 });
    try {
      await migrateUpTo(db, '0017-merchant-settings');
      const clock = new TestClock();
      const shops = [];
      for (const name of ['A', 'B']) shops.push((await createMerchant(db, clock, { name, email: `${name.toLowerCase()}-${newId('cus').toLowerCase()}@example.com`, password: 'pw-0123456789abcdef' })).merchant.id);
      const order = (merchant_id: string, environment: string, created_at: string, id = newId('ord')) => ({
        merchant_id, environment, id, status: 'pending', customer_id: null, currency: 'USD', subtotal: 1, tax: 0, total: 1, refunded_amount: 0,
        items_count: 0, payment_method: 'cash', card_last4: null, paid_at: null, canceled_at: null, notes: null, metadata: '{}', created_at, updated_at: created_at,
      });
      const [a, b] = shops as [string, string];
      const rows = [
        order(a, 'sandbox', '2026-01-03T00:00:00.000Z', 'ord_c'),
        order(a, 'sandbox', '2026-01-01T00:00:00.000Z', 'ord_z'),
        order(a, 'sandbox', '2026-01-02T00:00:00.000Z', 'ord_b'),
        order(a, 'sandbox', '2026-01-02T00:00:00.000Z', 'ord_a'),
        order(a, 'production', '2026-01-05T00:00:00.000Z', 'ord_p'),
        order(b, 'sandbox', '2025-12-31T00:00:00.000Z', 'ord_y'),
      ];
      await db.kysely.insertInto('orders').values(rows as any).execute();
      assert.deepEqual(await migrateUpTo(db, '0018-order-numbers'), ['0018-order-numbers']);
      // The later migrations (0019 and on) keep what 0018 made.
      await migrateToLatest(db);

      const numbered = await db.kysely.selectFrom('orders').select(['merchant_id', 'id', 'number']).execute();
      const shop = (merchantId: string) => (merchantId === a ? 'A' : 'B');
      assert.deepEqual(
        numbered.map((r) => `${shop(r.merchant_id)} ${r.id} ${Number(r.number)}`).sort(),
        ['A ord_a 1002', 'A ord_b 1003', 'A ord_c 1004', 'A ord_p 1001', 'A ord_z 1001', 'B ord_y 1001'],
      );
      const counters = await db.kysely.selectFrom('order_numbers').select(['merchant_id', 'environment', 'last_number']).execute();
      assert.deepEqual(
        counters.map((r) => `${shop(r.merchant_id)} ${r.environment} ${Number(r.last_number)}`).sort(),
        ['A production 1001', 'A sandbox 1004', 'B sandbox 1001'],
      );
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
