/**
 * Products: create, get, list, patch, their validation and limits, and what an inactive product
 * means for orders.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus, createOrder, ISO_MS } from '../orders/support.js';

const PRODUCT_FIELDS = ['active', 'barcode', 'category', 'created_at', 'currency', 'id', 'inventory', 'modifier_groups', 'name', 'price', 'sku', 'updated_at'];

describeEachBackend('products', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('create and get', () => {
    test('a product has exactly the documented fields, priced in the merchant currency', async () => {
      const { sandbox } = await createTestMerchant(server, { currency: 'EUR' });
      server.clock.set('2026-07-01T08:00:00.000Z');
      const created = await sandbox.post('/v1/products', { name: 'Croissant', price: 215, inventory: 40 });
      assertStatus(created, 201);
      assert.deepEqual(Object.keys(created.body).sort(), PRODUCT_FIELDS);
      assertId(created.body.id, 'prod');
      assert.deepEqual(
        { ...created.body, id: undefined },
        {
          id: undefined,
          name: 'Croissant',
          price: 215,
          currency: 'EUR',
          inventory: 40,
          active: true,
          sku: null,
          barcode: null,
          category: null,
          created_at: '2026-07-01T08:00:00.000Z',
          updated_at: '2026-07-01T08:00:00.000Z',
          modifier_groups: [],
        },
      );
      const fetched = await sandbox.get(`/v1/products/${created.body.id}`);
      assertStatus(fetched, 200);
      assert.deepEqual(fetched.body, created.body);
    });

    test('defaults: untracked stock (inventory null) and active; both can be given', async () => {
      const { sandbox } = await createTestMerchant(server);
      const plain = (await sandbox.post('/v1/products', { name: 'Gift wrap', price: 0 })).body;
      assert.equal(plain.inventory, null);
      assert.equal(plain.active, true);
      assert.equal(plain.currency, 'USD');
      const explicit = await sandbox.post('/v1/products', { name: 'Seasonal', price: 900, inventory: null, active: false });
      assertStatus(explicit, 201);
      assert.equal(explicit.body.inventory, null);
      assert.equal(explicit.body.active, false);
      const none = await sandbox.post('/v1/products', { name: 'Sold out', price: 100, inventory: 0 });
      assert.equal(none.body.inventory, 0);
      assertError(await sandbox.post('/v1/orders', { items: [{ product_id: none.body.id, quantity: 1 }] }), 422, 'out_of_stock', 'items[0].product_id');
      // Untracked stock never runs out.
      await createOrder(sandbox, [[plain, 10_000]]);
      await createOrder(sandbox, [[plain, 10_000]]);
      assert.equal((await sandbox.get(`/v1/products/${plain.id}`)).body.inventory, null);
    });

    test('limits: price 0 to 99999999, name 1 to 250 characters, inventory 0 to 1e9', async () => {
      const { sandbox } = await createTestMerchant(server);
      for (const body of [
        { name: 'Free', price: 0 },
        { name: 'Dear', price: 99_999_999 },
        { name: 'n'.repeat(250), price: 1 },
        { name: '☕'.repeat(250), price: 1 },
        { name: 'x', price: 1, inventory: 1_000_000_000 },
      ]) {
        const created = await sandbox.post('/v1/products', body);
        assertStatus(created, 201);
        assert.equal(created.body.name, body.name);
        assert.equal(created.body.price, body.price);
        assert.equal((await sandbox.get(`/v1/products/${created.body.id}`)).body.name, body.name, 'the name round-trips');
      }
    });

    test('invalid fields are 400 with the field named', async () => {
      const { sandbox } = await createTestMerchant(server);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ price: 100 }, 'parameter_missing', 'name'],
        [{ name: 'Tea' }, 'parameter_missing', 'price'],
        [{ name: '', price: 100 }, 'parameter_invalid', 'name'],
        [{ name: 'n'.repeat(251), price: 100 }, 'parameter_invalid', 'name'],
        [{ name: 42, price: 100 }, 'parameter_invalid', 'name'],
        [{ name: null, price: 100 }, 'parameter_invalid', 'name'],
        [{ name: 'Tea', price: -1 }, 'parameter_invalid', 'price'],
        [{ name: 'Tea', price: 100_000_000 }, 'parameter_invalid', 'price'],
        [{ name: 'Tea', price: 1.5 }, 'parameter_invalid', 'price'],
        [{ name: 'Tea', price: '100' }, 'parameter_invalid', 'price'],
        [{ name: 'Tea', price: null }, 'parameter_invalid', 'price'],
        [{ name: 'Tea', price: 100, inventory: -1 }, 'parameter_invalid', 'inventory'],
        [{ name: 'Tea', price: 100, inventory: 2.5 }, 'parameter_invalid', 'inventory'],
        [{ name: 'Tea', price: 100, inventory: '3' }, 'parameter_invalid', 'inventory'],
        [{ name: 'Tea', price: 100, inventory: 1_000_000_001 }, 'parameter_invalid', 'inventory'],
        [{ name: 'Tea', price: 100, active: 'yes' }, 'parameter_invalid', 'active'],
        [{ name: 'Tea', price: 100, active: 1 }, 'parameter_invalid', 'active'],
        [{ name: 'Tea', price: 100, currency: 'EUR' }, 'parameter_unknown', 'currency'],
        [{ name: 'Tea', price: 100, id: 'prod_mine' }, 'parameter_unknown', 'id'],
        [{ name: 'Tea', price: 100, colour: 'red' }, 'parameter_unknown', 'colour'],
      ];
      for (const [body, code, param] of cases) {
        assertError(await sandbox.post('/v1/products', body), 400, code, param);
      }
      assertError(await sandbox.post('/v1/products', '{"name": "Tea", "price": 1'), 400, 'invalid_json', null);
      assert.equal((await sandbox.get('/v1/products')).body.pagination.total, 0, 'nothing was created');
    });
  });

  describe('list', () => {
    test('newest first, paged like orders, filtered by active', async () => {
      const { sandbox } = await createTestMerchant(server);
      const made = [];
      for (let i = 0; i < 5; i++) {
        server.clock.set(`2026-07-02T10:00:0${i}.000Z`);
        made.push((await sandbox.post('/v1/products', { name: `P${i}`, price: i, active: i % 2 === 0 })).body);
      }
      const all = await sandbox.get('/v1/products');
      assertStatus(all, 200);
      assert.deepEqual(all.body.data, [...made].reverse());
      assert.deepEqual(all.body.pagination, { total: 5, page: 1, per_page: 20, has_more: false });
      const page = await sandbox.get('/v1/products?per_page=2&page=2');
      assert.deepEqual(page.body.data.map((p: any) => p.name), ['P2', 'P1']);
      assert.deepEqual(page.body.pagination, { total: 5, page: 2, per_page: 2, has_more: true });
      assert.deepEqual((await sandbox.get('/v1/products?page=9')).body.data, []);
      assert.deepEqual((await sandbox.get('/v1/products?active=true')).body.data.map((p: any) => p.name), ['P4', 'P2', 'P0']);
      assert.deepEqual((await sandbox.get('/v1/products?active=false')).body.data.map((p: any) => p.name), ['P3', 'P1']);
      assert.equal((await sandbox.get('/v1/products?active=false')).body.pagination.total, 2);
      assertError(await sandbox.get('/v1/products?active=yes'), 400, 'parameter_invalid', 'active');
      assertError(await sandbox.get('/v1/products?per_page=101'), 400, 'parameter_invalid', 'per_page');
      assertError(await sandbox.get('/v1/products?per_page=0'), 400, 'parameter_invalid', 'per_page');
      assertError(await sandbox.get('/v1/products?name=P1'), 400, 'parameter_unknown', 'name');
    });
  });

  describe('patch', () => {
    test('changes only the fields sent and moves updated_at', async () => {
      const { sandbox } = await createTestMerchant(server);
      server.clock.set('2026-07-03T09:00:00.000Z');
      const product = (await sandbox.post('/v1/products', { name: 'Bagel', price: 300, inventory: 12 })).body;
      server.clock.set('2026-07-03T09:30:00.000Z');
      const renamed = await sandbox.patch(`/v1/products/${product.id}`, { name: 'Sesame bagel' });
      assertStatus(renamed, 200);
      assert.deepEqual(renamed.body, { ...product, name: 'Sesame bagel', updated_at: '2026-07-03T09:30:00.000Z' });
      server.clock.set('2026-07-03T10:00:00.000Z');
      const changed = await sandbox.patch(`/v1/products/${product.id}`, { price: 350, inventory: 3, active: false });
      assert.deepEqual(changed.body, {
        ...product,
        name: 'Sesame bagel',
        price: 350,
        inventory: 3,
        active: false,
        updated_at: '2026-07-03T10:00:00.000Z',
      });
      assert.deepEqual((await sandbox.get(`/v1/products/${product.id}`)).body, changed.body);
      const untracked = await sandbox.patch(`/v1/products/${product.id}`, { inventory: null, active: true });
      assert.equal(untracked.body.inventory, null);
      assert.equal(untracked.body.active, true);
      assert.equal(untracked.body.created_at, '2026-07-03T09:00:00.000Z');
    });

    test('an empty patch changes nothing; invalid patches are 400 and change nothing', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = (await sandbox.post('/v1/products', { name: 'Scone', price: 275, inventory: 5 })).body;
      server.clock.advance(60_000);
      const same = await sandbox.patch(`/v1/products/${product.id}`, {});
      assertStatus(same, 200);
      assert.deepEqual(same.body, product);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: '' }, 'parameter_invalid', 'name'],
        [{ name: null }, 'parameter_invalid', 'name'],
        [{ price: -5 }, 'parameter_invalid', 'price'],
        [{ price: 100_000_000 }, 'parameter_invalid', 'price'],
        [{ price: null }, 'parameter_invalid', 'price'],
        [{ inventory: -1 }, 'parameter_invalid', 'inventory'],
        [{ active: null }, 'parameter_invalid', 'active'],
        [{ currency: 'EUR' }, 'parameter_unknown', 'currency'],
        [{ created_at: '2020-01-01T00:00:00.000Z' }, 'parameter_unknown', 'created_at'],
        [{ name: 'Ok', colour: 'red' }, 'parameter_unknown', 'colour'],
      ];
      for (const [body, code, param] of cases) {
        assertError(await sandbox.patch(`/v1/products/${product.id}`, body), 400, code, param);
      }
      assert.deepEqual((await sandbox.get(`/v1/products/${product.id}`)).body, product);
    });

    test('setting inventory sets the count outright and gates new orders', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 100, inventory: 1 });
      await createOrder(sandbox, [[product, 1]]);
      assertError(await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }), 422, 'out_of_stock', 'items[0].product_id');
      assertStatus(await sandbox.patch(`/v1/products/${product.id}`, { inventory: 2 }), 200);
      await createOrder(sandbox, [[product, 2]]);
      assert.equal((await sandbox.get(`/v1/products/${product.id}`)).body.inventory, 0);
    });
  });

  describe('inactive products', () => {
    test('cannot be ordered (422 product_inactive) until reactivated; existing orders are unaffected', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 500, inventory: 5 });
      const existing = await createOrder(sandbox, [[product, 1]]);
      assertStatus(await sandbox.patch(`/v1/products/${product.id}`, { active: false }), 200);
      const refused = await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
      assertError(refused, 422, 'product_inactive', 'items[0].product_id');
      assert.match(refused.body.error.message, /is not active; make it active again/);
      assert.equal((await sandbox.get(`/v1/products/${product.id}`)).body.inventory, 4, 'a refused order reserves nothing');
      // The order made while it was active can still be paid, refunded, and its stock returned.
      assertStatus(await sandbox.post(`/v1/orders/${existing.id}/capture`, { payment_token: 'tok_visa' }), 200);
      assertStatus(await sandbox.post(`/v1/orders/${existing.id}/refund`, { items: [{ line_item_id: existing.items[0].id, quantity: 1 }] }), 200);
      assert.equal((await sandbox.get(`/v1/products/${product.id}`)).body.inventory, 5);
      assertStatus(await sandbox.patch(`/v1/products/${product.id}`, { active: true }), 200);
      await createOrder(sandbox, [[product, 5]]);
    });

    test('created inactive, it is still readable and listable', async () => {
      const { sandbox } = await createTestMerchant(server);
      const hidden = await createProduct(sandbox, { price: 100, active: false });
      assert.equal((await sandbox.get(`/v1/products/${hidden.id}`)).body.active, false);
      assert.deepEqual((await sandbox.get('/v1/products?active=false')).body.data.map((p: any) => p.id), [hidden.id]);
      assertError(await sandbox.post('/v1/orders', { items: [{ product_id: hidden.id, quantity: 1 }] }), 422, 'product_inactive', 'items[0].product_id');
    });
  });

  test('timestamps are ISO 8601 UTC with milliseconds', async () => {
    const { sandbox } = await createTestMerchant(server);
    const product = (await sandbox.post('/v1/products', { name: 'Clock', price: 1 })).body;
    assert.match(product.created_at, ISO_MS);
    assert.match(product.updated_at, ISO_MS);
  });
});
