/**
 * Customers: create, get, list, patch, validation, and how orders show them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus, createOrder, getOrder } from '../orders/support.js';

describeEachBackend('customers', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('create and get', () => {
    test('a customer has id, name, email, phone, note and created_at', async () => {
      const { sandbox } = await createTestMerchant(server);
      server.clock.set('2026-08-01T12:00:00.000Z');
      const created = await sandbox.post('/v1/customers', { name: 'Grace Hopper', email: 'grace@example.com' });
      assertStatus(created, 201);
      assertId(created.body.id, 'cus');
      assert.deepEqual(created.body, { id: created.body.id, name: 'Grace Hopper', email: 'grace@example.com', phone: null, note: null, created_at: '2026-08-01T12:00:00.000Z' });
      const fetched = await sandbox.get(`/v1/customers/${created.body.id}`);
      assertStatus(fetched, 200);
      assert.deepEqual(fetched.body, created.body);
    });

    test('the e-mail is optional', async () => {
      const { sandbox } = await createTestMerchant(server);
      for (const body of [{ name: 'Walk-in regular' }, { name: 'No mail', email: null }]) {
        const created = await sandbox.post('/v1/customers', body);
        assertStatus(created, 201);
        assert.equal(created.body.email, null);
      }
    });

    test('limits and invalid fields are 400 with the field named', async () => {
      const { sandbox } = await createTestMerchant(server);
      assertStatus(await sandbox.post('/v1/customers', { name: 'n'.repeat(250) }), 201);
      assertStatus(await sandbox.post('/v1/customers', { name: 'Zoë Ñandú 李' }), 201);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{}, 'parameter_missing', 'name'],
        [{ email: 'a@example.com' }, 'parameter_missing', 'name'],
        [{ name: '' }, 'parameter_invalid', 'name'],
        [{ name: 'n'.repeat(251) }, 'parameter_invalid', 'name'],
        [{ name: 7 }, 'parameter_invalid', 'name'],
        [{ name: 'Ada', email: 'not-an-email' }, 'parameter_invalid', 'email'],
        [{ name: 'Ada', email: 'ada@' }, 'parameter_invalid', 'email'],
        [{ name: 'Ada', email: `${'a'.repeat(250)}@example.com` }, 'parameter_invalid', 'email'],
        [{ name: 'Ada', email: 12 }, 'parameter_invalid', 'email'],
        [{ name: 'Ada', address: 'Main St' }, 'parameter_unknown', 'address'],
        [{ name: 'Ada', id: 'cus_mine' }, 'parameter_unknown', 'id'],
      ];
      for (const [body, code, param] of cases) {
        assertError(await sandbox.post('/v1/customers', body), 400, code, param);
      }
      assert.equal((await sandbox.get('/v1/customers')).body.pagination.total, 2);
    });
  });

  describe('list', () => {
    test('newest first, paged, filtered by exact e-mail', async () => {
      const { sandbox } = await createTestMerchant(server);
      const made = [];
      for (let i = 0; i < 4; i++) {
        server.clock.set(`2026-08-02T10:00:0${i}.000Z`);
        made.push((await sandbox.post('/v1/customers', { name: `C${i}`, email: i < 2 ? 'shared@example.com' : `c${i}@example.com` })).body);
      }
      const all = await sandbox.get('/v1/customers');
      assert.deepEqual(all.body.data, [...made].reverse());
      assert.deepEqual(all.body.pagination, { total: 4, page: 1, per_page: 20, has_more: false });
      const paged = await sandbox.get('/v1/customers?per_page=3&page=2');
      assert.deepEqual(paged.body.data.map((c: any) => c.name), ['C0']);
      assert.deepEqual(paged.body.pagination, { total: 4, page: 2, per_page: 3, has_more: false });
      const shared = await sandbox.get('/v1/customers?email=shared@example.com');
      assert.deepEqual(shared.body.data.map((c: any) => c.name), ['C1', 'C0']);
      assert.equal(shared.body.pagination.total, 2);
      assert.deepEqual((await sandbox.get('/v1/customers?email=nobody@example.com')).body.data, []);
      assertError(await sandbox.get('/v1/customers?per_page=abc'), 400, 'parameter_invalid', 'per_page');
      assertError(await sandbox.get('/v1/customers?sort=name'), 400, 'parameter_unknown', 'sort');
    });
  });

  describe('patch', () => {
    test('changes only the fields sent; email can be cleared', async () => {
      const { sandbox } = await createTestMerchant(server);
      const customer = (await sandbox.post('/v1/customers', { name: 'Alan', email: 'alan@example.com' })).body;
      const renamed = await sandbox.patch(`/v1/customers/${customer.id}`, { name: 'Alan Turing' });
      assertStatus(renamed, 200);
      assert.deepEqual(renamed.body, { ...customer, name: 'Alan Turing' });
      const cleared = await sandbox.patch(`/v1/customers/${customer.id}`, { email: null });
      assert.deepEqual(cleared.body, { ...customer, name: 'Alan Turing', email: null });
      const same = await sandbox.patch(`/v1/customers/${customer.id}`, {});
      assert.deepEqual(same.body, cleared.body);
      for (const [body, code, param] of [
        [{ email: 'nope' }, 'parameter_invalid', 'email'],
        [{ name: '' }, 'parameter_invalid', 'name'],
        [{ name: null }, 'parameter_invalid', 'name'],
        [{ vip: true }, 'parameter_unknown', 'vip'],
      ] as const) {
        assertError(await sandbox.patch(`/v1/customers/${customer.id}`, body), 400, code, param);
      }
      assert.deepEqual((await sandbox.get(`/v1/customers/${customer.id}`)).body, cleared.body);
    });
  });

  describe('in orders', () => {
    test('Get Order embeds the customer (id, name, email) as it is now; walk-in orders have none', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 100 });
      const customer = (await sandbox.post('/v1/customers', { name: 'Mary', email: 'mary@example.com' })).body;
      const order = await createOrder(sandbox, [[product, 1]], { customer_id: customer.id });
      assert.equal(order.customer_id, customer.id);
      assert.deepEqual(order.customer, { id: customer.id, name: 'Mary', email: 'mary@example.com' });
      assertStatus(await sandbox.patch(`/v1/customers/${customer.id}`, { name: 'Mary Jackson', email: null }), 200);
      assert.deepEqual((await getOrder(sandbox, order.id)).customer, { id: customer.id, name: 'Mary Jackson', email: null });

      const walkIn = await createOrder(sandbox, [[product, 1]]);
      assert.equal(walkIn.customer_id, null);
      assert.equal(walkIn.customer, null);
      const explicitNull = await createOrder(sandbox, [[product, 1]], { customer_id: null });
      assert.equal(explicitNull.customer, null);
      assert.equal((await sandbox.get('/v1/orders?per_page=100')).body.data.filter((o: any) => o.customer_id === null).length, 2);
    });
  });
});
