/**
 * Copy from Sandbox (`POST /v1/products/copy_from_sandbox`): the sandbox catalogue copied into
 * production once per product, however often and however concurrently it runs; stock reset unless
 * asked; only a production credential with `products:write`; only the caller's merchant.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { type Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus } from '../orders/support.js';

const COPY = '/v1/products/copy_from_sandbox';

/** Every product of the credential's environment, by name (copies made together share their created_at, so the list's order among them is the ids'). */
async function allProducts(api: Api): Promise<any[]> {
  const response = await api.get('/v1/products?per_page=100');
  assertStatus(response, 200);
  return byName(response.body.data);
}

function byName<T extends { name: string }>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function productCreatedEvents(api: Api): Promise<any[]> {
  const response = await api.get('/v1/events?per_page=100&type=product.created');
  assertStatus(response, 200);
  return response.body.data;
}

describeEachBackend('copy the sandbox catalogue to production', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('copies every sandbox product with a new id; tracked stock starts at 0, untracked stays null', async () => {
    const shop = await createTestMerchant(server, { currency: 'EUR' });
    const croissant = await createProduct(shop.sandbox, { name: 'Croissant', price: 215, inventory: 40 });
    const wrap = await createProduct(shop.sandbox, { name: 'Gift wrap', price: 0 });
    const seasonal = await createProduct(shop.sandbox, { name: 'Seasonal', price: 900, inventory: 3, active: false });
    server.clock.set('2026-07-01T08:00:00.000Z');

    const copied = await shop.production.post(COPY, {});
    assertStatus(copied, 200);
    assert.deepEqual(Object.keys(copied.body).sort(), ['created', 'products', 'skipped']);
    assert.equal(copied.body.created, 3);
    assert.equal(copied.body.skipped, 0);
    const expected = [
      { name: 'Croissant', price: 215, currency: 'EUR', inventory: 0, active: true },
      { name: 'Gift wrap', price: 0, currency: 'EUR', inventory: null, active: true },
      { name: 'Seasonal', price: 900, currency: 'EUR', inventory: 0, active: false },
    ];
    assert.deepEqual(
      byName<any>(copied.body.products).map((p) => ({ name: p.name, price: p.price, currency: p.currency, inventory: p.inventory, active: p.active })),
      expected,
    );
    for (const product of copied.body.products) {
      assertId(product.id, 'prod');
      assert.ok(![croissant.id, wrap.id, seasonal.id].includes(product.id), 'a copy has an id of its own');
      assert.equal(product.created_at, '2026-07-01T08:00:00.000Z');
      assert.equal(product.updated_at, '2026-07-01T08:00:00.000Z');
    }
    assert.deepEqual(await allProducts(shop.production), byName(copied.body.products), 'production lists exactly the copies');
    assert.equal((await shop.sandbox.get(`/v1/products/${croissant.id}`)).body.inventory, 40, 'the sandbox is untouched');
    assert.equal((await allProducts(shop.sandbox)).length, 3);

    const events = await productCreatedEvents(shop.production);
    assert.deepEqual(byName(events.map((e) => e.data.object)), byName(copied.body.products), 'one product.created per copy, in production');
  });

  test('include_stock: true copies the sandbox stock counts', async () => {
    const shop = await createTestMerchant(server);
    await createProduct(shop.sandbox, { name: 'Mug', price: 1200, inventory: 7 });
    await createProduct(shop.sandbox, { name: 'Bag', price: 10, inventory: null });
    const copied = await shop.production.post(COPY, { include_stock: true });
    assertStatus(copied, 200);
    assert.deepEqual(byName<any>(copied.body.products).map((p) => [p.name, p.inventory]), [['Bag', null], ['Mug', 7]]);
  });

  test('every column of the products table comes along but id, environment, times, stock and the source', async () => {
    const shop = await createTestMerchant(server);
    const source = await createProduct(shop.sandbox, { name: 'Tea', price: 350, inventory: 12 });
    assertStatus(await shop.production.post(COPY), 200);
    // Whole rows, read as the table has them: a column a later migration adds is compared too.
    const rows = await server.db.kysely.selectFrom('products').selectAll().where('merchant_id', '=', shop.merchantId).execute();
    const sandboxRow = rows.find((r) => r.environment === 'sandbox')!;
    const copyRow = rows.find((r) => r.environment === 'production')!;
    assert.equal(sandboxRow.id, source.id);
    assert.equal(sandboxRow.copied_from_product_id, null);
    assert.equal(copyRow.copied_from_product_id, source.id);
    const differ = Object.keys(sandboxRow).filter((column) => (sandboxRow as any)[column] !== (copyRow as any)[column]).sort();
    const allowed = ['copied_from_product_id', 'created_at', 'environment', 'id', 'inventory', 'updated_at'];
    assert.deepEqual(differ.filter((column) => !allowed.includes(column)), [], 'no other column differs');
  });

  test('run twice: one copy; the second copies only what was added since and leaves the copies as they are', async () => {
    const shop = await createTestMerchant(server);
    const endpoint = await shop.production.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['product.created'] });
    assertStatus(endpoint, 201);
    const first = await createProduct(shop.sandbox, { name: 'First', price: 100, inventory: 5 });
    await createProduct(shop.sandbox, { name: 'Second', price: 200 });
    const once = await shop.production.post(COPY, {});
    assert.deepEqual([once.body.created, once.body.skipped], [2, 0]);
    // Changes on either side after the copy are not synced by a second run.
    assertStatus(await shop.sandbox.patch(`/v1/products/${first.id}`, { name: 'First, renamed', price: 150 }), 200);
    const firstCopy = once.body.products.find((p: any) => p.name === 'First');
    assertStatus(await shop.production.patch(`/v1/products/${firstCopy.id}`, { inventory: 9 }), 200);
    await createProduct(shop.sandbox, { name: 'Third', price: 300 });

    const twice = await shop.production.post(COPY, {});
    assertStatus(twice, 200);
    assert.deepEqual([twice.body.created, twice.body.skipped], [1, 2]);
    assert.deepEqual(twice.body.products.map((p: any) => p.name), ['Third']);
    const thrice = await shop.production.post(COPY, { include_stock: true });
    assert.deepEqual([thrice.body.created, thrice.body.skipped, thrice.body.products], [0, 3, []]);

    const production = await allProducts(shop.production);
    assert.deepEqual(production.map((p) => p.name), ['First', 'Second', 'Third'], 'one copy of each sandbox product');
    assert.deepEqual(
      { name: production[0].name, price: production[0].price, inventory: production[0].inventory },
      { name: 'First', price: 100, inventory: 9 },
      'the first copy is left as production changed it',
    );
    assert.equal((await productCreatedEvents(shop.production)).length, 3);
    // Queued in the copy's transaction (the endpoint's list shows attempts, which the dispatcher makes in its own time).
    const deliveries = await server.db.kysely
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'endpoint_id'])
      .where('merchant_id', '=', shop.merchantId)
      .where('environment', '=', 'production')
      .execute();
    assert.deepEqual(deliveries, Array.from({ length: 3 }, () => ({ event_type: 'product.created', endpoint_id: endpoint.body.id })), 'a webhook delivery per copy');
  });

  test('concurrent copies make one copy of each product', async () => {
    const shop = await createTestMerchant(server);
    for (let i = 0; i < 8; i++) await createProduct(shop.sandbox, { name: `Item ${i}`, price: 100 + i, inventory: i });
    const answers = await Promise.all(Array.from({ length: 4 }, () => shop.production.post(COPY, {})));
    for (const answer of answers) {
      assertStatus(answer, 200);
      assert.equal(answer.body.created + answer.body.skipped, 8);
    }
    assert.equal(answers.reduce((sum, answer) => sum + answer.body.created, 0), 8, 'the copies made between them');
    const production = await allProducts(shop.production);
    assert.equal(production.length, 8);
    assert.deepEqual(production.map((p) => p.name).sort(), Array.from({ length: 8 }, (_, i) => `Item ${i}`));
    assert.equal((await productCreatedEvents(shop.production)).length, 8);
  });

  test('an Idempotency-Key replays the first answer', async () => {
    const shop = await createTestMerchant(server);
    await createProduct(shop.sandbox, { name: 'Once', price: 100 });
    const headers = { 'idempotency-key': `copy-${shop.merchantId}` };
    const first = await shop.production.post(COPY, { include_stock: false }, headers);
    assertStatus(first, 200);
    const replay = await shop.production.post(COPY, { include_stock: false }, headers);
    assertStatus(replay, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, first.body);
    assertError(await shop.production.post(COPY, { include_stock: true }, headers), 400, 'idempotency_key_reused');
    assert.equal((await allProducts(shop.production)).length, 1);
  });

  test('a sandbox credential is refused with production_required; nothing is copied', async () => {
    const shop = await createTestMerchant(server);
    await createProduct(shop.sandbox, { name: 'Stays', price: 100 });
    const refused = await shop.sandbox.post(COPY, {});
    assertError(refused, 400, 'production_required');
    assert.match(refused.body.error.message, /production credential/);
    assert.equal((await allProducts(shop.sandbox)).length, 1);
    assert.equal((await allProducts(shop.production)).length, 0);
  });

  test('a production key without products:write is refused; a bad body is refused', async () => {
    const shop = await createTestMerchant(server);
    await createProduct(shop.sandbox, { name: 'Stays', price: 100 });
    const reader = await shop.keyWith('production', ['products:read', 'orders:write']);
    assertError(await reader.post(COPY, {}), 403, 'insufficient_permissions');
    assertError(await shop.production.post(COPY, { include_stock: 'yes' }), 400, 'parameter_invalid', 'include_stock');
    assertError(await shop.production.post(COPY, { stock: true }), 400, 'parameter_unknown', 'stock');
    assert.equal((await allProducts(shop.production)).length, 0);
  });

  test("another merchant's catalogue is neither read nor written", async () => {
    const ours = await createTestMerchant(server);
    const theirs = await createTestMerchant(server);
    await createProduct(ours.sandbox, { name: 'Ours', price: 100 });
    await createProduct(theirs.sandbox, { name: 'Theirs', price: 200 });
    await createProduct(theirs.production, { name: 'Their live one', price: 300 });
    const copied = await ours.production.post(COPY, {});
    assert.deepEqual(copied.body.products.map((p: any) => p.name), ['Ours']);
    assert.deepEqual((await allProducts(ours.production)).map((p) => p.name), ['Ours']);
    assert.deepEqual((await allProducts(theirs.production)).map((p) => p.name), ['Their live one']);
    // Their copy later is theirs alone, unaffected by ours.
    const theirCopy = await theirs.production.post(COPY, {});
    assert.deepEqual([theirCopy.body.created, theirCopy.body.skipped], [1, 0]);
  });

  test('a copy that a unique field of production refuses is skipped as already there, not an error', async () => {
    // A server of its own, with a unique index standing in for a unique field a later migration adds (a SKU, say).
    const own = await startTestServer(backend);
    try {
      await own.db.kysely.schema.createIndex('test_products_unique_name').unique().on('products').columns(['merchant_id', 'environment', 'name']).execute();
      const shop = await createTestMerchant(own);
      await createProduct(shop.sandbox, { name: 'Latte', price: 380 });
      await createProduct(shop.sandbox, { name: 'Mocha', price: 420 });
      await createProduct(shop.production, { name: 'Latte', price: 400 });
      const copied = await shop.production.post(COPY, {});
      assertStatus(copied, 200);
      assert.deepEqual([copied.body.created, copied.body.skipped, copied.body.products.map((p: any) => p.name)], [1, 1, ['Mocha']]);
      assert.deepEqual((await allProducts(shop.production)).map((p) => [p.name, p.price]), [['Latte', 400], ['Mocha', 420]]);
    } finally {
      await own.close();
    }
  });

  test('an empty sandbox copies nothing', async () => {
    const shop = await createTestMerchant(server);
    const copied = await shop.production.post(COPY);
    assertStatus(copied, 200);
    assert.deepEqual(copied.body, { created: 0, skipped: 0, products: [] });
  });
});
