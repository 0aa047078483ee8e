/**
 * Catalogue fields and search (issue 29): products' `sku`, `barcode` and `category`, customers'
 * `phone` and `note`, on create, update, view and events; SKU and barcode unique per merchant and
 * environment; `q` on List Products and List Customers, and List Products' `category`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus } from '../orders/support.js';

/** The names of a list's rows, in the list's order (newest first). */
async function names(api: Api, path: string): Promise<string[]> {
  const response = await api.get(path);
  assertStatus(response, 200);
  return response.body.data.map((row: { name: string }) => row.name);
}

/** The object of the tenant's newest event of `type`. */
async function lastEventObject(api: Api, type: string): Promise<any> {
  const response = await api.get(`/v1/events?type=${type}&per_page=1`);
  assertStatus(response, 200);
  return response.body.data[0].data.object;
}

describeEachBackend('catalogue fields and search', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('products: sku, barcode, category', () => {
    test('are set on create, shown by get and list, carried by product.created', async () => {
      const { sandbox } = await createTestMerchant(server);
      const created = await sandbox.post('/v1/products', { name: 'Espresso', price: 250, sku: 'ESP-1', barcode: '4006381333931', category: 'Coffee' });
      assertStatus(created, 201);
      assert.equal(created.body.sku, 'ESP-1');
      assert.equal(created.body.barcode, '4006381333931');
      assert.equal(created.body.category, 'Coffee');
      assert.deepEqual((await sandbox.get(`/v1/products/${created.body.id}`)).body, created.body);
      assert.deepEqual((await sandbox.get('/v1/products')).body.data, [created.body]);
      assert.deepEqual(await lastEventObject(sandbox, 'product.created'), created.body);
    });

    test('update changes only the fields sent; null removes them; product.updated carries them', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = (await sandbox.post('/v1/products', { name: 'Tea', price: 200, sku: 'TEA', barcode: 'ABC123', category: 'Hot drinks' })).body;
      const renamed = await sandbox.patch(`/v1/products/${product.id}`, { name: 'Green tea' });
      assertStatus(renamed, 200);
      assert.deepEqual([renamed.body.sku, renamed.body.barcode, renamed.body.category], ['TEA', 'ABC123', 'Hot drinks']);
      const recoded = await sandbox.patch(`/v1/products/${product.id}`, { sku: 'TEA-G', category: 'Tea' });
      assert.deepEqual([recoded.body.sku, recoded.body.barcode, recoded.body.category], ['TEA-G', 'ABC123', 'Tea']);
      assert.deepEqual(await lastEventObject(sandbox, 'product.updated'), recoded.body);
      const cleared = await sandbox.patch(`/v1/products/${product.id}`, { sku: null, barcode: null, category: null });
      assertStatus(cleared, 200);
      assert.deepEqual([cleared.body.sku, cleared.body.barcode, cleared.body.category], [null, null, null]);
      assert.deepEqual((await sandbox.get(`/v1/products/${product.id}`)).body, cleared.body);
      // The SKU it gave up is free again.
      assertStatus(await sandbox.post('/v1/products', { name: 'Other tea', price: 200, sku: 'TEA-G' }), 201);
    });

    test('limits: sku up to 64 characters, barcode up to 64 letters and digits, category up to 100', async () => {
      const { sandbox } = await createTestMerchant(server);
      assertStatus(await sandbox.post('/v1/products', { name: 'Long', price: 1, sku: 's'.repeat(64), barcode: 'B9'.repeat(32), category: 'c'.repeat(100) }), 201);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ sku: 's'.repeat(65) }, 'sku'],
        [{ sku: '' }, 'sku'],
        [{ sku: 7 }, 'sku'],
        [{ barcode: 'B'.repeat(65) }, 'barcode'],
        [{ barcode: '4006-3813' }, 'barcode'],
        [{ barcode: ' 400' }, 'barcode'],
        [{ barcode: '' }, 'barcode'],
        [{ category: 'c'.repeat(101) }, 'category'],
        [{ category: '' }, 'category'],
      ];
      for (const [fields, param] of cases) {
        assertError(await sandbox.post('/v1/products', { name: 'Bad', price: 1, ...fields }), 400, 'parameter_invalid', param);
      }
      const barcode = await sandbox.post('/v1/products', { name: 'Bad', price: 1, barcode: '4006-3813' });
      assert.match(barcode.body.error.message, /letters and digits/);
      assert.equal((await sandbox.get('/v1/products')).body.pagination.total, 1, 'nothing else was created');
    });

    test('a SKU or barcode another product of the tenant has is 400 parameter_invalid naming the field, on create and update', async () => {
      const { sandbox } = await createTestMerchant(server);
      const first = (await sandbox.post('/v1/products', { name: 'Latte', price: 300, sku: 'LAT', barcode: '111' })).body;
      const sku = await sandbox.post('/v1/products', { name: 'Latte 2', price: 300, sku: 'LAT' });
      assertError(sku, 400, 'parameter_invalid', 'sku');
      assert.match(sku.body.error.message, /SKU LAT/);
      assertError(await sandbox.post('/v1/products', { name: 'Latte 3', price: 300, sku: 'LAT-2', barcode: '111' }), 400, 'parameter_invalid', 'barcode');
      // Codes compare exactly: another case is another SKU.
      const second = await sandbox.post('/v1/products', { name: 'Latte 4', price: 300, sku: 'lat', barcode: '222' });
      assertStatus(second, 201);
      assertError(await sandbox.patch(`/v1/products/${second.body.id}`, { sku: 'LAT' }), 400, 'parameter_invalid', 'sku');
      assertError(await sandbox.patch(`/v1/products/${second.body.id}`, { name: 'Renamed', barcode: '111' }), 400, 'parameter_invalid', 'barcode');
      const unchanged = (await sandbox.get(`/v1/products/${second.body.id}`)).body;
      assert.deepEqual([unchanged.name, unchanged.sku, unchanged.barcode], ['Latte 4', 'lat', '222'], 'a refused patch changes nothing');
      // A missing product is 404, whatever codes the patch names.
      assertError(await sandbox.patch('/v1/products/prod_missing', { sku: 'LAT' }), 404, 'resource_not_found', 'id');
      // A product keeps its own codes when patched with them.
      assertStatus(await sandbox.patch(`/v1/products/${first.id}`, { sku: 'LAT', barcode: '111' }), 200);
      // Any number of products have none.
      for (let i = 0; i < 2; i++) assertStatus(await sandbox.post('/v1/products', { name: `Plain ${i}`, price: 1, sku: null, barcode: null }), 201);
      assert.equal((await sandbox.get('/v1/products')).body.pagination.total, 4);
    });

    test("another environment's or another merchant's product may have the same SKU and barcode", async () => {
      const shop = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      const codes = { sku: 'SAME', barcode: '0123456789' };
      for (const api of [shop.sandbox, shop.production, other.sandbox]) {
        assertStatus(await api.post('/v1/products', { name: 'Mug', price: 900, ...codes }), 201);
      }
      assert.deepEqual(await names(shop.production, '/v1/products?q=SAME'), ['Mug']);
    });

    test('concurrent creations with one SKU: one is created, the others are told the SKU is taken', async () => {
      const { sandbox } = await createTestMerchant(server);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => sandbox.post('/v1/products', { name: `Racer ${i}`, price: 1, sku: 'RACE' })));
      assert.equal(answers.filter((answer) => answer.status === 201).length, 1);
      for (const answer of answers.filter((a) => a.status !== 201)) assertError(answer, 400, 'parameter_invalid', 'sku');
      assert.equal((await sandbox.get('/v1/products')).body.pagination.total, 1);
    });
  });

  describe('List Products: q and category', () => {
    test('q finds a name prefix ignoring case, an exact SKU, an exact barcode', async () => {
      const { sandbox } = await createTestMerchant(server);
      for (const [i, product] of [
        { name: 'Espresso', sku: 'C-ESP', barcode: '5000001' },
        { name: 'espresso doppio', sku: 'C-DOP', barcode: '5000002' },
        { name: 'Iced espresso', sku: 'ESPRESSO', barcode: null },
        { name: 'Muffin', sku: null, barcode: 'ESP' },
      ].entries()) {
        server.clock.set(`2026-09-01T10:00:0${i}.000Z`);
        assertStatus(await sandbox.post('/v1/products', { price: 100, ...product }), 201);
      }
      assert.deepEqual(await names(sandbox, '/v1/products?q=ESP'), ['Muffin', 'espresso doppio', 'Espresso']);
      assert.deepEqual(await names(sandbox, '/v1/products?q=%20ESPRESSO%20'), ['Iced espresso', 'espresso doppio', 'Espresso'], 'trimmed; the name ignoring case, the SKU exactly');
      assert.deepEqual(await names(sandbox, '/v1/products?q=C-DOP'), ['espresso doppio']);
      assert.deepEqual(await names(sandbox, '/v1/products?q=C-'), [], 'a SKU matches exactly, not by prefix');
      assert.deepEqual(await names(sandbox, '/v1/products?q=5000001'), ['Espresso']);
      assert.deepEqual(await names(sandbox, '/v1/products?q=500000'), []);
      assert.deepEqual(await names(sandbox, '/v1/products?q=doppio'), [], 'a prefix of the name, not of any word');
      assert.deepEqual(await names(sandbox, '/v1/products?q=%25'), [], 'no wildcard');
      const page = await sandbox.get('/v1/products?q=ESP&per_page=2&page=2');
      assert.deepEqual(page.body.data.map((p: { name: string }) => p.name), ['Espresso']);
      assert.deepEqual(page.body.pagination, { total: 3, page: 2, per_page: 2, has_more: false });
      assert.equal((await sandbox.get('/v1/products?q=%20%20')).body.pagination.total, 4, 'blank text matches every product');
      assertError(await sandbox.get(`/v1/products?q=${'x'.repeat(201)}`), 400, 'parameter_invalid', 'q');
    });

    test('category filters exactly and combines with q and active; other tenants are never found', async () => {
      const shop = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      const { sandbox } = shop;
      for (const [i, product] of [
        { name: 'Flat white', category: 'Coffee' },
        { name: 'Filter', category: 'Coffee', active: false },
        { name: 'Fudge', category: 'Sweets' },
        { name: 'Fig roll', category: 'coffee' },
        { name: 'Fennel tea', category: null },
      ].entries()) {
        server.clock.set(`2026-09-02T10:00:0${i}.000Z`);
        assertStatus(await sandbox.post('/v1/products', { price: 100, ...product }), 201);
      }
      await other.sandbox.post('/v1/products', { name: 'Foreign', price: 1, category: 'Coffee', sku: 'F' });
      await shop.production.post('/v1/products', { name: 'Flat white live', price: 1, category: 'Coffee' });
      assert.deepEqual(await names(sandbox, '/v1/products?category=Coffee'), ['Filter', 'Flat white']);
      assert.deepEqual(await names(sandbox, '/v1/products?category=Coffee&active=true'), ['Flat white']);
      assert.deepEqual(await names(sandbox, '/v1/products?category=Coffee&q=fi'), ['Filter']);
      assert.deepEqual(await names(sandbox, '/v1/products?q=f'), ['Fennel tea', 'Fig roll', 'Fudge', 'Filter', 'Flat white']);
      assert.deepEqual(await names(sandbox, '/v1/products?q=F'), ['Fennel tea', 'Fig roll', 'Fudge', 'Filter', 'Flat white'], "another merchant's SKU F is not found");
      assert.deepEqual(await names(sandbox, '/v1/products?category=Tea'), []);
      assertError(await sandbox.get('/v1/products?category='), 400, 'parameter_invalid', 'category');
    });
  });

  describe('customers: phone and note', () => {
    test('are set on create, shown by get and list, carried by the events; the phone is stored without separators', async () => {
      const { sandbox } = await createTestMerchant(server);
      const created = await sandbox.post('/v1/customers', { name: 'Ada', email: 'ada@example.com', phone: '+44 (20) 7946-0958', note: 'Oat milk, no sugar.' });
      assertStatus(created, 201);
      assert.equal(created.body.phone, '+442079460958');
      assert.equal(created.body.note, 'Oat milk, no sugar.');
      assert.deepEqual((await sandbox.get(`/v1/customers/${created.body.id}`)).body, created.body);
      assert.deepEqual((await sandbox.get('/v1/customers')).body.data, [created.body]);
      assert.deepEqual(await lastEventObject(sandbox, 'customer.created'), created.body);

      const patched = await sandbox.patch(`/v1/customers/${created.body.id}`, { phone: '020.7946.0000' });
      assertStatus(patched, 200);
      assert.deepEqual([patched.body.phone, patched.body.note, patched.body.email], ['02079460000', 'Oat milk, no sugar.', 'ada@example.com']);
      assert.deepEqual(await lastEventObject(sandbox, 'customer.updated'), patched.body);
      const cleared = await sandbox.patch(`/v1/customers/${created.body.id}`, { phone: null, note: null });
      assert.deepEqual([cleared.body.phone, cleared.body.note], [null, null]);
      assert.deepEqual((await sandbox.get(`/v1/customers/${created.body.id}`)).body, cleared.body);
    });

    test('limits: phone up to 32 characters of +, digits and separators; note up to 1000 characters', async () => {
      const { sandbox } = await createTestMerchant(server);
      assertStatus(await sandbox.post('/v1/customers', { name: 'Max', phone: `+${'1'.repeat(31)}`, note: 'n'.repeat(1000) }), 201);
      assertStatus(await sandbox.post('/v1/customers', { name: 'Blank note', note: '' }), 201);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ phone: `+${'1'.repeat(32)}` }, 'phone'],
        [{ phone: 'call me' }, 'phone'],
        [{ phone: '+44 20 x' }, 'phone'],
        [{ phone: '1+2' }, 'phone'],
        [{ phone: '()' }, 'phone'],
        [{ phone: '' }, 'phone'],
        [{ phone: 442079460958 }, 'phone'],
        [{ note: 'n'.repeat(1001) }, 'note'],
      ];
      for (const [fields, param] of cases) {
        assertError(await sandbox.post('/v1/customers', { name: 'Bad', ...fields }), 400, 'parameter_invalid', param);
      }
      const phone = await sandbox.post('/v1/customers', { name: 'Bad', phone: 'call me' });
      assert.match(phone.body.error.message, /phone number/);
      assert.equal((await sandbox.get('/v1/customers')).body.pagination.total, 2);
    });
  });

  describe('List Customers: q', () => {
    test('finds a name or e-mail prefix ignoring case, and a phone prefix however it is written', async () => {
      const shop = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      const { sandbox } = shop;
      for (const [i, customer] of [
        { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958' },
        { name: 'Grace Hopper', email: 'GRACE@navy.example', phone: '020 7946 0001' },
        { name: 'adam Smith', email: null, phone: null },
        { name: 'Bob', email: 'adaline@example.com', phone: '+1 555 0100' },
      ].entries()) {
        server.clock.set(`2026-09-03T10:00:0${i}.000Z`);
        assertStatus(await sandbox.post('/v1/customers', customer), 201);
      }
      await other.sandbox.post('/v1/customers', { name: 'Ada Foreign', phone: '+44 20 7946 0958' });
      await shop.production.post('/v1/customers', { name: 'Ada Live', phone: '+44 20 7946 0958' });

      assert.deepEqual(await names(sandbox, '/v1/customers?q=ada'), ['Bob', 'adam Smith', 'Ada Lovelace']);
      assert.deepEqual(await names(sandbox, '/v1/customers?q=ADA%20L'), ['Ada Lovelace']);
      assert.deepEqual(await names(sandbox, '/v1/customers?q=grace%40'), ['Grace Hopper']);
      assert.deepEqual(await names(sandbox, '/v1/customers?q=lovelace'), [], 'a prefix, not any word');
      assert.deepEqual(await names(sandbox, `/v1/customers?q=${encodeURIComponent('+44 20')}`), ['Ada Lovelace']);
      assert.deepEqual(await names(sandbox, '/v1/customers?q=4420'), ['Ada Lovelace'], 'digits find a number stored with its +');
      assert.deepEqual(await names(sandbox, `/v1/customers?q=${encodeURIComponent('(020) 7946')}`), ['Grace Hopper']);
      assert.deepEqual(await names(sandbox, '/v1/customers?q=%2B1'), ['Bob']);
      assert.deepEqual(await names(sandbox, '/v1/customers?q=7946'), [], 'a prefix of the phone, not any part');
      assert.deepEqual(await names(sandbox, '/v1/customers?q=ada&email=ada%40example.com'), ['Ada Lovelace']);
      const page = await sandbox.get('/v1/customers?q=ada&per_page=2');
      assert.deepEqual(page.body.pagination, { total: 3, page: 1, per_page: 2, has_more: true });
      assert.equal((await sandbox.get('/v1/customers?q=%20')).body.pagination.total, 4, 'blank text matches every customer');
    });
  });
});
