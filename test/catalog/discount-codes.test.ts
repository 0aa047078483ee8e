/**
 * Discount codes: create, get, list, patch, their validation; redeeming them at Create Order (unknown,
 * inactive, expired and used-up codes refused, the limit held under concurrency), a canceled order
 * giving its redemption back; and the discounts sent with an order (line and order-level), refused
 * when they take too much.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus, createOrder, paidOrder, refund } from '../orders/support.js';

const CODE_FIELDS = ['active', 'amount', 'code', 'created_at', 'expires_at', 'id', 'max_redemptions', 'percentage_bps', 'reason', 'times_redeemed', 'type', 'updated_at'];

describeEachBackend('discount codes', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('the resource', () => {
    test('create, get, list (paginated, newest first, by active) and patch', async () => {
      const { sandbox, production } = await createTestMerchant(server);
      server.clock.set('2026-07-01T08:00:00.000Z');
      const created = await sandbox.post('/v1/discount_codes', { code: 'summer-10', type: 'percentage', percentage_bps: 1000, reason: 'Summer sale', max_redemptions: 100 });
      assertStatus(created, 201);
      assert.deepEqual(Object.keys(created.body).sort(), CODE_FIELDS);
      assertId(created.body.id, 'dc');
      assert.deepEqual(
        { ...created.body, id: undefined },
        {
          id: undefined,
          code: 'SUMMER-10',
          type: 'percentage',
          percentage_bps: 1000,
          amount: null,
          reason: 'Summer sale',
          max_redemptions: 100,
          times_redeemed: 0,
          expires_at: null,
          active: true,
          created_at: '2026-07-01T08:00:00.000Z',
          updated_at: '2026-07-01T08:00:00.000Z',
        },
      );
      assert.deepEqual((await sandbox.get(`/v1/discount_codes/${created.body.id}`)).body, created.body);
      assertError(await production.get(`/v1/discount_codes/${created.body.id}`), 404, 'resource_not_found', 'id');

      server.clock.advance(1000);
      const amount = await sandbox.post('/v1/discount_codes', { code: 'FIVER', type: 'amount', amount: 500, expires_at: '2027-01-01T00:00:00Z', active: false });
      assertStatus(amount, 201);
      assert.equal(amount.body.expires_at, '2027-01-01T00:00:00.000Z');
      assert.equal(amount.body.active, false);
      const page = await sandbox.get('/v1/discount_codes?per_page=1');
      assertStatus(page, 200);
      assert.deepEqual(page.body.data.map((c: any) => c.code), ['FIVER']);
      assert.deepEqual(page.body.pagination, { total: 2, page: 1, per_page: 1, has_more: true });
      assert.deepEqual((await sandbox.get('/v1/discount_codes?page=2&per_page=1')).body.data.map((c: any) => c.code), ['SUMMER-10']);
      assert.deepEqual((await sandbox.get('/v1/discount_codes?active=true')).body.data.map((c: any) => c.code), ['SUMMER-10']);
      assert.deepEqual((await production.get('/v1/discount_codes')).body.data, []);

      server.clock.advance(1000);
      const patched = await sandbox.patch(`/v1/discount_codes/${amount.body.id}`, { active: true, code: 'fiver-2', reason: 'Loyalty', max_redemptions: null, expires_at: null });
      assertStatus(patched, 200);
      assert.equal(patched.body.code, 'FIVER-2');
      assert.equal(patched.body.active, true);
      assert.equal(patched.body.reason, 'Loyalty');
      assert.equal(patched.body.expires_at, null);
      assert.notEqual(patched.body.updated_at, amount.body.updated_at);
      assertError(await sandbox.patch('/v1/discount_codes/dc_nope', { active: false }), 404, 'resource_not_found', 'id');

      // Each change is an event carrying the code as it then was; a redemption is none.
      const events = async (type: string) => (await sandbox.get(`/v1/events?type=${type}`)).body.data.map((e: any) => e.data.object);
      assert.deepEqual(await events('discount_code.created'), [amount.body, created.body]);
      assert.deepEqual(await events('discount_code.updated'), [patched.body]);
    });

    test('codes are unique per merchant and environment ignoring case; the fields are checked', async () => {
      const { sandbox, production } = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      assertStatus(await sandbox.post('/v1/discount_codes', { code: 'Take5', type: 'amount', amount: 5 }), 201);
      assertError(await sandbox.post('/v1/discount_codes', { code: 'TAKE5', type: 'amount', amount: 5 }), 400, 'parameter_invalid', 'code');
      assertStatus(await production.post('/v1/discount_codes', { code: 'take5', type: 'amount', amount: 5 }), 201);
      assertStatus(await other.sandbox.post('/v1/discount_codes', { code: 'take5', type: 'amount', amount: 5 }), 201);
      const second = await sandbox.post('/v1/discount_codes', { code: 'OTHER', type: 'amount', amount: 5 });
      assertError(await sandbox.patch(`/v1/discount_codes/${second.body.id}`, { code: 'take5' }), 400, 'parameter_invalid', 'code');

      assertError(await sandbox.post('/v1/discount_codes', { code: 'has space', type: 'amount', amount: 5 }), 400, 'parameter_invalid', 'code');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'X'.repeat(41), type: 'amount', amount: 5 }), 400, 'parameter_invalid', 'code');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'P', type: 'percentage' }), 400, 'parameter_missing', 'percentage_bps');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'P', type: 'percentage', percentage_bps: 10_001 }), 400, 'parameter_invalid', 'percentage_bps');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'P', type: 'percentage', percentage_bps: 10, amount: 5 }), 400, 'parameter_invalid', 'amount');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'A', type: 'amount' }), 400, 'parameter_missing', 'amount');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'A', type: 'amount', amount: 0 }), 400, 'parameter_invalid', 'amount');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'A', type: 'amount', amount: 1, reason: 'r'.repeat(201) }), 400, 'parameter_invalid', 'reason');
      assertError(await sandbox.post('/v1/discount_codes', { code: 'A', type: 'amount', amount: 1, times_redeemed: 5 }), 400, 'parameter_unknown', 'times_redeemed');
    });

    test('products:read reads codes and products:write changes them', async () => {
      const shop = await createTestMerchant(server);
      const reader = await shop.keyWith('sandbox', ['products:read']);
      const orders = await shop.keyWith('sandbox', ['orders:read', 'orders:write']);
      assertError(await reader.post('/v1/discount_codes', { code: 'NO', type: 'amount', amount: 1 }), 403, 'insufficient_permissions');
      assertError(await orders.get('/v1/discount_codes'), 403, 'insufficient_permissions');
      const created = await shop.sandbox.post('/v1/discount_codes', { code: 'YES', type: 'amount', amount: 1 });
      assertStatus(await reader.get(`/v1/discount_codes/${created.body.id}`), 200);
      assertError(await reader.patch(`/v1/discount_codes/${created.body.id}`, { active: false }), 403, 'insufficient_permissions');
    });
  });

  describe('redeeming at Create Order', () => {
    test('a code is matched ignoring case, shown on the order, and counted; a canceled order gives it back, a refunded one does not', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
      const product = await createProduct(sandbox, { price: 1000 });
      const code = (await sandbox.post('/v1/discount_codes', { code: 'TENOFF', type: 'percentage', percentage_bps: 1000, reason: 'Newsletter' })).body;
      const order = await createOrder(sandbox, [[product, 3]], { discount_code: 'tenoff' });
      assert.deepEqual(order.discounts, [{ type: 'percentage', percentage_bps: 1000, amount: 300, reason: 'Newsletter', code: 'TENOFF' }]);
      assert.deepEqual([order.discount_total, order.subtotal, order.tax, order.total], [300, 2700, 270, 2970]);
      assert.deepEqual([order.items[0].discount, order.items[0].discount_amount], [null, 300]);
      assert.equal((await sandbox.get(`/v1/discount_codes/${code.id}`)).body.times_redeemed, 1);

      assertStatus(await sandbox.post(`/v1/orders/${order.id}/cancel`, {}), 200);
      assert.equal((await sandbox.get(`/v1/discount_codes/${code.id}`)).body.times_redeemed, 0);

      const paid = await paidOrder(sandbox, [[product, 1]], { discount_code: 'TenOff' });
      await refund(sandbox, paid.id);
      assert.equal((await sandbox.get(`/v1/discount_codes/${code.id}`)).body.times_redeemed, 1);
    });

    test('unknown, inactive, expired and used-up codes are 400 discount_code, saying which, and nothing is taken', async () => {
      const { sandbox, production } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 500, inventory: 10 });
      const items = [{ product_id: product.id, quantity: 1 }];
      const message = async (discount_code: string) => {
        const response = await sandbox.post('/v1/orders', { items, discount_code });
        assertError(response, 400, 'parameter_invalid', 'discount_code');
        return response.body.error.message as string;
      };
      assert.match(await message('NOPE'), /No such discount code: 'NOPE'/);
      assertStatus(await production.post('/v1/discount_codes', { code: 'PRODONLY', type: 'amount', amount: 1 }), 201);
      assert.match(await message('PRODONLY'), /No such discount code/);
      const off = (await sandbox.post('/v1/discount_codes', { code: 'OFF', type: 'amount', amount: 1, active: false })).body;
      assert.match(await message('off'), /inactive/);
      server.clock.set('2026-08-01T00:00:00.000Z');
      assertStatus(await sandbox.post('/v1/discount_codes', { code: 'OLD', type: 'amount', amount: 1, expires_at: '2026-08-01T00:00:00.000Z' }), 201);
      assert.match(await message('OLD'), /expired at 2026-08-01T00:00:00.000Z/);
      const once = (await sandbox.post('/v1/discount_codes', { code: 'ONCE', type: 'amount', amount: 1, max_redemptions: 1 })).body;
      await createOrder(sandbox, [[product, 1]], { discount_code: 'ONCE' });
      assert.match(await message('ONCE'), /used up: it was redeemed 1 times, its limit/);
      assert.equal((await sandbox.get(`/v1/products/${product.id}`)).body.inventory, 9);
      assert.equal((await sandbox.get(`/v1/discount_codes/${once.id}`)).body.times_redeemed, 1);
      assert.equal((await sandbox.get(`/v1/discount_codes/${off.id}`)).body.times_redeemed, 0);
      // A limit may not go below what was redeemed.
      assertError(await sandbox.patch(`/v1/discount_codes/${once.id}`, { max_redemptions: 0 }), 400, 'parameter_invalid', 'max_redemptions');
      assertStatus(await sandbox.patch(`/v1/discount_codes/${once.id}`, { max_redemptions: 2 }), 200);
      await createOrder(sandbox, [[product, 1]], { discount_code: 'once' });
    });

    test('concurrent orders never redeem a code past max_redemptions', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 100 });
      const code = (await sandbox.post('/v1/discount_codes', { code: 'RUSH', type: 'amount', amount: 10, max_redemptions: 5 })).body;
      const responses = await Promise.all(Array.from({ length: 16 }, () => sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }], discount_code: 'RUSH' })));
      const statuses = responses.map((r) => r.status).sort();
      assert.deepEqual(statuses, [...Array(5).fill(201), ...Array(11).fill(400)], JSON.stringify(responses.filter((r) => r.status !== 201 && r.status !== 400).map((r) => r.body)));
      assert.equal((await sandbox.get(`/v1/discount_codes/${code.id}`)).body.times_redeemed, 5);
    });

    test("a code's discount is capped at what is left after the order's own discounts", async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 1000 });
      assertStatus(await sandbox.post('/v1/discount_codes', { code: 'BIG', type: 'amount', amount: 5000 }), 201);
      const order = await createOrder(sandbox, [[product, 2]], { discounts: [{ type: 'amount', amount: 300 }], discount_code: 'BIG' });
      assert.deepEqual(order.discounts.map((d: any) => d.amount), [300, 1700]);
      assert.deepEqual([order.discount_total, order.subtotal, order.tax, order.total], [2000, 0, 0, 0]);
    });
  });

  describe('discounts sent with an order', () => {
    test('line and order-level discounts: amounts, allocation, tax after discounts, and reasons', async () => {
      const { sandbox } = await createTestMerchant(server, { taxRateBps: 825 });
      const a = await createProduct(sandbox, { price: 1000 });
      const b = await createProduct(sandbox, { price: 333 });
      const response = await sandbox.post('/v1/orders', {
        items: [
          { product_id: a.id, quantity: 2, discount: { type: 'percentage', percentage_bps: 2500, reason: 'Damaged box' } },
          { product_id: b.id, quantity: 3 },
        ],
        discounts: [{ type: 'amount', amount: 100, reason: 'Regular' }, { type: 'percentage', percentage_bps: 1000 }],
      });
      assertStatus(response, 201);
      const order = response.body;
      // Line 0: 2000 - 500 = 1500; line 1: 999. Base 2499; 10% = 250 (249.9), then 100: 350 shared 1500:999.
      assert.deepEqual(order.items[0].discount, { type: 'percentage', percentage_bps: 2500, amount: 500, reason: 'Damaged box', code: null });
      assert.deepEqual(order.discounts, [
        { type: 'amount', percentage_bps: null, amount: 100, reason: 'Regular', code: null },
        { type: 'percentage', percentage_bps: 1000, amount: 250, reason: null, code: null },
      ]);
      // 350 * 1500 / 2499 = 210.08 -> 210; 350 * 999 / 2499 = 139.9 -> 140 (the larger remainder).
      assert.deepEqual(order.items.map((i: any) => i.discount_amount), [710, 140]);
      assert.equal(order.discount_total, 850);
      assert.deepEqual([order.subtotal, order.tax, order.total], [2149, 177, 2326]);
      assert.deepEqual(order.items.map((i: any) => i.total), [2000, 999]);
    });

    test('too much is refused naming the field, and malformed discounts are 400', async () => {
      const { sandbox } = await createTestMerchant(server);
      const product = await createProduct(sandbox, { price: 500, inventory: 5 });
      const line = { product_id: product.id, quantity: 2 };
      const post = (body: Record<string, unknown>) => sandbox.post('/v1/orders', { items: [line], ...body });
      assertError(await sandbox.post('/v1/orders', { items: [{ ...line, discount: { type: 'amount', amount: 1001 } }] }), 400, 'parameter_invalid', 'items[0].discount.amount');
      assertStatus(await sandbox.post('/v1/orders', { items: [{ ...line, discount: { type: 'amount', amount: 1000 } }] }), 201);
      assertError(await post({ discounts: [{ type: 'amount', amount: 600 }, { type: 'amount', amount: 401 }] }), 400, 'parameter_invalid', 'discounts[1]');
      assertError(await post({ discounts: [{ type: 'percentage', percentage_bps: 6000 }, { type: 'percentage', percentage_bps: 6000 }] }), 400, 'parameter_invalid', 'discounts[1]');
      assertError(await post({ discounts: [{ type: 'percentage' }] }), 400, 'parameter_missing', 'discounts[0].percentage_bps');
      assertError(await post({ discounts: [{ type: 'amount', amount: 5, percentage_bps: 5 }] }), 400, 'parameter_invalid', 'discounts[0].percentage_bps');
      assertError(await post({ discounts: [{ type: 'bogus', amount: 5 }] }), 400, 'parameter_invalid');
      assertError(await post({ discounts: Array(6).fill({ type: 'amount', amount: 1 }) }), 400, 'parameter_invalid', 'discounts');
      assertError(await post({ discounts: [{ type: 'amount', amount: 1, reason: 'x'.repeat(201) }] }), 400, 'parameter_invalid', 'discounts[0].reason');
      assertError(await post({ discount_code: 'no spaces' }), 400, 'parameter_invalid', 'discount_code');
      // Refused orders took no stock.
      assert.equal((await sandbox.get(`/v1/products/${product.id}`)).body.inventory, 3);
    });
  });
});
