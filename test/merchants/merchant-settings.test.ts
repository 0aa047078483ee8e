/**
 * The merchant's settings (`GET/PATCH /v1/merchant`): who may read and change them, each field and
 * its validation, the currency locked once there are orders, the event, and orders created before
 * and after a change keeping their own figures (tax on top and prices that include tax).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { merchantSettings } from '../../src/merchants/merchant-settings.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn, signInAs } from '../helpers/oauth.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, createOrder, getOrder, paidOrder, refund } from '../orders/support.js';
import { includedTaxReference } from './reference.js';

const EMPTY_ADDRESS = { line1: null, line2: null, city: null, region: null, postal_code: null, country: null };

describeEachBackend('merchant settings', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('who may read and change them', () => {
    test('admins and full-access keys of either environment; managers, cashiers and narrow keys get 403', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 825 });
      const admin = await signIn(server, { email: shop.email, password: shop.password });
      for (const api of [admin.api, shop.sandbox, shop.production]) {
        const read = await api.get('/v1/merchant');
        assertStatus(read, 200);
        assert.equal(read.body.id, shop.merchantId);
        assertStatus(await api.patch('/v1/merchant', { receipt_footer: 'Thanks!' }), 200);
      }
      const manager = await signInAs(server, shop, 'manager');
      const cashier = await signInAs(server, shop, 'cashier');
      const narrow = await shop.keyWith('production', ['orders:read', 'orders:write', 'products:read', 'products:write', 'customers:read', 'customers:write', 'webhooks:read', 'webhooks:write']);
      const readOnly = await shop.keyWith('sandbox', ['merchant:read']);
      for (const api of [manager.api, cashier.api, narrow]) {
        assertError(await api.get('/v1/merchant'), 403, 'insufficient_permissions');
        assertError(await api.patch('/v1/merchant', { name: 'Taken over' }), 403, 'insufficient_permissions');
      }
      assertStatus(await readOnly.get('/v1/merchant'), 200);
      assertError(await readOnly.patch('/v1/merchant', { name: 'Taken over' }), 403, 'insufficient_permissions');
      assert.equal((await shop.sandbox.get('/v1/merchant')).body.name, 'Test Shop');
    });

    test('another merchant\'s key sees only its own merchant', async () => {
      const one = await createTestMerchant(server);
      const two = await createTestMerchant(server);
      assertStatus(await one.sandbox.patch('/v1/merchant', { name: 'One' }), 200);
      assert.equal((await two.sandbox.get('/v1/merchant')).body.name, 'Test Shop');
      assert.equal((await two.sandbox.get('/v1/merchant')).body.id, two.merchantId);
    });
  });

  describe('fields', () => {
    test('a new merchant\'s settings, then every field changed', async () => {
      server.clock.set('2026-09-01T08:00:00.000Z');
      const shop = await createTestMerchant(server, { currency: 'EUR', taxRateBps: 2000 });
      const before = await shop.sandbox.get('/v1/merchant');
      assert.deepEqual(before.body, {
        id: shop.merchantId,
        name: 'Test Shop',
        currency: 'EUR',
        tax_rate_bps: 2000,
        prices_include_tax: false,
        address: null,
        tax_id: null,
        receipt_footer: null,
        created_at: '2026-09-01T08:00:00.000Z',
        updated_at: '2026-09-01T08:00:00.000Z',
      });
      server.clock.set('2026-09-01T09:00:00.000Z');
      const changed = await shop.sandbox.patch('/v1/merchant', {
        name: '  Le Petit Café ',
        currency: 'gbp',
        tax_rate_bps: 1000,
        prices_include_tax: true,
        address: { line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'fr' },
        tax_id: 'FR12345678901',
        receipt_footer: 'Merci et à bientôt !',
      });
      assertStatus(changed, 200);
      const expected = {
        id: shop.merchantId,
        name: 'Le Petit Café',
        currency: 'GBP',
        tax_rate_bps: 1000,
        prices_include_tax: true,
        address: { ...EMPTY_ADDRESS, line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' },
        tax_id: 'FR12345678901',
        receipt_footer: 'Merci et à bientôt !',
        created_at: '2026-09-01T08:00:00.000Z',
        updated_at: '2026-09-01T09:00:00.000Z',
      };
      assert.deepEqual(changed.body, expected);
      assert.deepEqual((await shop.production.get('/v1/merchant')).body, expected);
      // What operations read through services.settings.
      assert.deepEqual(await merchantSettings(server.db, shop.merchantId), {
        name: 'Le Petit Café',
        currency: 'GBP',
        taxRateBps: 1000,
        pricesIncludeTax: true,
        address: expected.address,
        taxId: 'FR12345678901',
        receiptFooter: 'Merci et à bientôt !',
      });
    });

    test('only the fields sent change; address fields merge, null or "" clear', async () => {
      const shop = await createTestMerchant(server);
      await shop.sandbox.patch('/v1/merchant', { address: { line1: '5 Main St', city: 'Springfield', country: 'US' }, tax_id: 'EIN 12-3456789' });
      const merged = await shop.sandbox.patch('/v1/merchant', { address: { line2: 'Suite 2', city: null } });
      assert.deepEqual(merged.body.address, { ...EMPTY_ADDRESS, line1: '5 Main St', line2: 'Suite 2', country: 'US' });
      assert.equal(merged.body.tax_id, 'EIN 12-3456789');
      const cleared = await shop.sandbox.patch('/v1/merchant', { tax_id: '', receipt_footer: null, address: null });
      assert.equal(cleared.body.tax_id, null);
      assert.equal(cleared.body.receipt_footer, null);
      assert.equal(cleared.body.address, null);
      const emptied = await shop.sandbox.patch('/v1/merchant', { address: { line1: 'x' } });
      assert.deepEqual(emptied.body.address, { ...EMPTY_ADDRESS, line1: 'x' });
      assert.equal((await shop.sandbox.patch('/v1/merchant', { address: { line1: ' ' } })).body.address, null);
    });

    test('every bad input is a 400 naming the field', async () => {
      const shop = await createTestMerchant(server);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: '' }, 'parameter_invalid', 'name'],
        [{ name: '   ' }, 'parameter_invalid', 'name'],
        [{ name: 'n'.repeat(251) }, 'parameter_invalid', 'name'],
        [{ name: 3 }, 'parameter_invalid', 'name'],
        [{ currency: 'XYZ' }, 'parameter_invalid', 'currency'],
        [{ currency: 'dollars' }, 'parameter_invalid', 'currency'],
        [{ currency: null }, 'parameter_invalid', 'currency'],
        [{ tax_rate_bps: -1 }, 'parameter_invalid', 'tax_rate_bps'],
        [{ tax_rate_bps: 10_001 }, 'parameter_invalid', 'tax_rate_bps'],
        [{ tax_rate_bps: 8.25 }, 'parameter_invalid', 'tax_rate_bps'],
        [{ tax_rate_bps: '825' }, 'parameter_invalid', 'tax_rate_bps'],
        [{ prices_include_tax: 'yes' }, 'parameter_invalid', 'prices_include_tax'],
        [{ prices_include_tax: null }, 'parameter_invalid', 'prices_include_tax'],
        [{ address: 'Paris' }, 'parameter_invalid', 'address'],
        [{ address: { country: 'XX' } }, 'parameter_invalid', 'address.country'],
        [{ address: { country: 'FRA' } }, 'parameter_invalid', 'address.country'],
        [{ address: { street: '1 Main St' } }, 'parameter_unknown', 'address.street'],
        [{ address: { line1: 'l'.repeat(201) } }, 'parameter_invalid', 'address.line1'],
        [{ tax_id: 't'.repeat(101) }, 'parameter_invalid', 'tax_id'],
        [{ receipt_footer: 'f'.repeat(1001) }, 'parameter_invalid', 'receipt_footer'],
        [{ id: 'mer_other' }, 'parameter_unknown', 'id'],
        [{ email: 'x@example.com' }, 'parameter_unknown', 'email'],
      ];
      for (const [body, code, param] of cases) {
        const response = await shop.sandbox.patch('/v1/merchant', body);
        assertError(response, 400, code, param);
      }
      assert.deepEqual((await shop.sandbox.get('/v1/merchant')).body.updated_at, (await shop.sandbox.get('/v1/merchant')).body.created_at);
    });
  });

  describe('currency', () => {
    for (const environment of ['sandbox', 'production'] as const) {
      test(`refused with currency_locked once there is an order in ${environment}; other fields still change`, async () => {
        const shop = await createTestMerchant(server, { currency: 'USD' });
        assertStatus(await shop.sandbox.patch('/v1/merchant', { currency: 'CAD' }), 200);
        const product = await createProduct(shop[environment], { price: 500 });
        await createOrder(shop[environment], [[product, 1]], { payment_method: 'cash' });
        for (const api of [shop.sandbox, shop.production]) {
          const refused = await api.patch('/v1/merchant', { currency: 'EUR', name: 'Renamed' });
          assertError(refused, 400, 'currency_locked', 'currency');
          assert.match(refused.body.error.message, /CAD to EUR.*already has orders/);
        }
        const after = (await shop.sandbox.get('/v1/merchant')).body;
        assert.equal(after.currency, 'CAD');
        assert.equal(after.name, 'Test Shop');
        // The same currency sent again is no change, and other fields change.
        assertStatus(await shop.sandbox.patch('/v1/merchant', { currency: 'cad', name: 'Renamed' }), 200);
        assert.equal((await shop.production.get('/v1/merchant')).body.name, 'Renamed');
      });
    }
  });

  describe('merchant.updated', () => {
    test('one event in each environment with the merchant as it now is; no change, no event', async () => {
      const shop = await createTestMerchant(server);
      const changed = (await shop.sandbox.patch('/v1/merchant', { tax_rate_bps: 500 })).body;
      assertStatus(await shop.sandbox.patch('/v1/merchant', { tax_rate_bps: 500 }), 200);
      for (const api of [shop.sandbox, shop.production]) {
        const events = (await api.get('/v1/events?type=merchant.updated')).body.data;
        assert.equal(events.length, 1);
        assert.deepEqual(events[0].data.object, changed);
      }
      const ordersOnly = await shop.keyWith('sandbox', ['orders:read']);
      assert.deepEqual((await ordersOnly.get('/v1/events')).body.data, []);
    });
  });

  describe('orders keep their figures', () => {
    test('a tax rate changed mid-day leaves earlier orders untouched; the next order uses the new rate', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 825 });
      const latte = await createProduct(shop.sandbox, { name: 'Latte', price: 450 });
      server.clock.set('2026-09-02T09:00:00.000Z');
      const morning = await paidOrder(shop.sandbox, [[latte, 2]]);
      assert.deepEqual([morning.subtotal, morning.tax, morning.total], [900, 74, 974]);
      server.clock.set('2026-09-02T13:00:00.000Z');
      assertStatus(await shop.sandbox.patch('/v1/merchant', { tax_rate_bps: 1000 }), 200);
      const afternoon = await createOrder(shop.sandbox, [[latte, 2]]);
      assert.deepEqual([afternoon.subtotal, afternoon.tax, afternoon.total], [900, 90, 990]);
      const again = await getOrder(shop.sandbox, morning.id);
      assert.deepEqual([again.subtotal, again.tax, again.total], [900, 74, 974]);
      assert.deepEqual(again, { ...morning, ...again, updated_at: again.updated_at });
      // A refund of the morning order still gives back the morning's tax.
      const refunded = await refund(shop.sandbox, morning.id, { items: [{ line_item_id: morning.items[0].id, quantity: 1 }] });
      assert.equal(refunded.refunded_amount ?? refunded.amount, 487);
    });

    test('prices that include tax: the total is the lines, the tax the part inside them, refunds give back the price paid', async () => {
      const shop = await createTestMerchant(server, { taxRateBps: 2000 });
      assertStatus(await shop.sandbox.patch('/v1/merchant', { prices_include_tax: true }), 200);
      const cake = await createProduct(shop.sandbox, { name: 'Cake', price: 350 });
      const tea = await createProduct(shop.sandbox, { name: 'Tea', price: 199 });
      const order = await paidOrder(shop.sandbox, [[cake, 1], [tea, 3]]);
      // 350 + 597 = 947; tax = round_half_up(947 * 2000 / 12000) = round(157.83) = 158.
      assert.deepEqual([order.subtotal, order.tax, order.total], [789, 158, 947]);
      const back = await refund(shop.sandbox, order.id, { items: [{ line_item_id: order.items[1].id, quantity: 1 }] });
      assert.equal(back.amount ?? back.refunded_amount, 199);
    });

    test('prices_include_tax arithmetic over generated orders matches the reference', async () => {
      const shop = await createTestMerchant(server);
      const products = new Map<number, { id: string }>();
      const productAt = async (price: number) => {
        if (!products.has(price)) products.set(price, await createProduct(shop.sandbox, { price }));
        return products.get(price)!;
      };
      const cases = fc.sample(
        fc.record({
          rate: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 500, 825, 1000, 2000, 2500, 10_000)),
          lines: fc.array(fc.record({ price: fc.oneof(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 1, max: 2000 })), quantity: fc.integer({ min: 1, max: 10_000 }) }), {
            minLength: 1,
            maxLength: 4,
          }),
          inclusive: fc.boolean(),
        }),
        { numRuns: 40, seed: 29 },
      );
      for (const { rate, lines, inclusive } of cases) {
        assertStatus(await shop.sandbox.patch('/v1/merchant', { tax_rate_bps: rate, prices_include_tax: inclusive }), 200);
        const items = [];
        for (const line of lines) items.push([await productAt(line.price), line.quantity] as const);
        const order = await createOrder(shop.sandbox, items);
        const linesTotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
        const expected = includedTaxReference(linesTotal, rate, inclusive);
        assert.deepEqual({ subtotal: order.subtotal, tax: order.tax, total: order.total }, expected, JSON.stringify({ rate, lines, inclusive }));
      }
    });
  });
});
