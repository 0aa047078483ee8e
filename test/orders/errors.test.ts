/**
 * Every status code and error code the orders, products and customers API can answer, each reached
 * over HTTP and checked in full: status, type, code, param, request id, WWW-Authenticate on a 401,
 * and no internals in the body.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, revokeApiKey } from '../../src/auth/api-keys.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, createOrder, getOrder, inventoryOf, paidOrder, refund } from './support.js';

describeEachBackend('orders API errors', (backend) => {
  let server: TestServer;
  let shop: TestMerchant;
  let product: { id: string };
  before(async () => {
    server = await startTestServer(backend);
    shop = await createTestMerchant(server);
    product = await createProduct(shop.sandbox, { name: 'Tea', price: 250 });
  });
  after(() => server.close());

  describe('400 invalid_request_error', () => {
    test('invalid_json: a body that is not JSON', async () => {
      for (const body of ['{"items": [', '{items: 1}', "{'a': 1}", '{"a": 1}}']) {
        assertError(await shop.sandbox.post('/v1/orders', body), 400, 'invalid_json', null);
      }
      assertError(await shop.sandbox.post(`/v1/orders/ord_x/refund`, '{"amount": 1,}'), 400, 'invalid_json', null);
    });

    test('parameter_missing names the missing field', async () => {
      assertError(await shop.sandbox.post('/v1/orders', {}), 400, 'parameter_missing', 'items');
      assertError(await shop.sandbox.post('/v1/orders'), 400, 'parameter_missing', 'items');
      assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id }] }), 400, 'parameter_missing', 'items[0].quantity');
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }, { quantity: 1 }] }),
        400,
        'parameter_missing',
        'items[1].product_id',
      );
      assertError(await shop.sandbox.post('/v1/products', { price: 100 }), 400, 'parameter_missing', 'name');
      assertError(await shop.sandbox.post('/v1/customers', { email: 'a@example.com' }), 400, 'parameter_missing', 'name');
    });

    test('parameter_missing: a card order captured without a payment_token', async () => {
      const order = await createOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/capture`), 400, 'parameter_missing', 'payment_token');
      assert.equal((await getOrder(shop.sandbox, order.id)).status, 'pending');
    });

    test('parameter_invalid names the field and the limit', async () => {
      const item = { product_id: product.id, quantity: 1 };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ items: [] }, 'items'],
        [{ items: Array.from({ length: 101 }, () => item) }, 'items'],
        [{ items: 'all' }, 'items'],
        [{ items: [{ product_id: product.id, quantity: 0 }] }, 'items[0].quantity'],
        [{ items: [{ product_id: product.id, quantity: -1 }] }, 'items[0].quantity'],
        [{ items: [{ product_id: product.id, quantity: 10_001 }] }, 'items[0].quantity'],
        [{ items: [{ product_id: product.id, quantity: 1.5 }] }, 'items[0].quantity'],
        [{ items: [{ product_id: product.id, quantity: '2' }] }, 'items[0].quantity'],
        [{ items: [{ product_id: 42, quantity: 1 }] }, 'items[0].product_id'],
        [{ items: [item], payment_method: 'bitcoin' }, 'payment_method'],
        [{ items: [item], customer_id: 7 }, 'customer_id'],
        [{ items: [item], notes: 'n'.repeat(1001) }, 'notes'],
        [{ items: [item], metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
        [{ items: [item], metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
        [{ items: [item], metadata: { size: 'v'.repeat(501) } }, 'metadata.size'],
        [{ items: [item], metadata: { size: 3 } }, 'metadata.size'],
        [{ items: [item], metadata: 'x' }, 'metadata'],
      ];
      for (const [body, param] of cases) {
        assertError(await shop.sandbox.post('/v1/orders', body), 400, 'parameter_invalid', param);
      }
      // At the limits, the same fields are accepted.
      const atLimits = await shop.sandbox.post('/v1/orders', {
        items: Array.from({ length: 100 }, () => ({ product_id: product.id, quantity: 1 })),
        notes: 'n'.repeat(1000),
        metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i}`.padEnd(40, 'k'), 'v'.repeat(500)])),
      });
      assertStatus(atLimits, 201);
      assert.equal(atLimits.body.items.length, 100);
      assertStatus(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 10_000 }] }), 201);
    });

    test('parameter_invalid: a body that is JSON but not an object', async () => {
      for (const body of ['[]', '"items"', '42', 'null']) {
        assertError(await shop.sandbox.post('/v1/orders', body), 400, 'parameter_invalid');
      }
    });

    test('parameter_invalid: an unknown sandbox test token, and a token on a cash order', async () => {
      const card = await createOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${card.id}/capture`, { payment_token: 'tok_nonsense' }), 400, 'parameter_invalid', 'payment_token');
      assertError(await shop.sandbox.post(`/v1/orders/${card.id}/capture`, { payment_token: '' }), 400, 'parameter_invalid', 'payment_token');
      const cash = await createOrder(shop.sandbox, [[product, 1]], { payment_method: 'cash' });
      assertError(await shop.sandbox.post(`/v1/orders/${cash.id}/capture`, { payment_token: 'tok_visa' }), 400, 'parameter_invalid', 'payment_token');
      assert.equal((await getOrder(shop.sandbox, card.id)).status, 'pending');
      assert.equal((await getOrder(shop.sandbox, cash.id)).status, 'pending');
    });

    test('parameter_invalid: bad query values on List Orders', async () => {
      assertError(await shop.sandbox.get('/v1/orders?per_page=abc'), 400, 'parameter_invalid', 'per_page');
      assertError(await shop.sandbox.get('/v1/orders?status=shipped'), 400, 'parameter_invalid', 'status');
      assertError(await shop.sandbox.get('/v1/orders?created_at_min=yesterday'), 400, 'parameter_invalid', 'created_at_min');
    });

    test('parameter_invalid: a NUL character in a body, query or path value (PostgreSQL text cannot hold it)', async () => {
      const item = { product_id: product.id, quantity: 1 };
      assertError(await shop.sandbox.post('/v1/orders', { items: [item], notes: 'a\u0000b' }), 400, 'parameter_invalid', 'notes');
      assertError(await shop.sandbox.post('/v1/orders', { items: [item], metadata: { k: '\u0000' } }), 400, 'parameter_invalid', 'metadata.k');
      assertError(await shop.sandbox.post('/v1/orders', { items: [item], metadata: { 'k\u0000': 'v' } }), 400, 'parameter_invalid', 'metadata');
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: `${product.id}\u0000`, quantity: 1 }] }),
        400,
        'parameter_invalid',
        'items[0].product_id',
      );
      assertError(await shop.sandbox.post('/v1/products', { name: 'Tea\u0000', price: 1 }), 400, 'parameter_invalid', 'name');
      assertError(await shop.sandbox.post('/v1/customers', { name: 'Ada\u0000' }), 400, 'parameter_invalid', 'name');
      assertError(await shop.sandbox.patch(`/v1/products/${product.id}`, { name: '\u0000' }), 400, 'parameter_invalid', 'name');
      assertError(await shop.sandbox.get('/v1/orders?customer_id=cus_%00'), 400, 'parameter_invalid', 'customer_id');
      assertError(await shop.sandbox.get('/v1/customers?email=a%00@example.com'), 400, 'parameter_invalid', 'email');
      assertError(await shop.sandbox.get('/v1/orders/ord_%00'), 400, 'parameter_invalid', 'id');
      assertError(await shop.sandbox.post('/v1/orders/ord_%00/refund'), 400, 'parameter_invalid', 'id');
      assertError(await shop.sandbox.get('/v1/products/prod_%00'), 400, 'parameter_invalid', 'id');
      assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.name, 'Tea');
    });

    test('parameter_invalid: a lone UTF-16 surrogate, which neither database can store as sent', async () => {
      const item = { product_id: product.id, quantity: 1 };
      assertError(await shop.sandbox.post('/v1/products', '{"name": "a\\ud800b", "price": 1}'), 400, 'parameter_invalid', 'name');
      assertError(await shop.sandbox.post('/v1/customers', '{"name": "\\udc00"}'), 400, 'parameter_invalid', 'name');
      assertError(await shop.sandbox.post('/v1/orders', { items: [item], notes: 'x\udbff' }), 400, 'parameter_invalid', 'notes');
      // A proper pair (an emoji) is fine.
      const emoji = await shop.sandbox.post('/v1/products', '{"name": "\\ud83c\\udf75 tea", "price": 1}');
      assertStatus(emoji, 201);
      assert.equal((await shop.sandbox.get(`/v1/products/${emoji.body.id}`)).body.name, '🍵 tea');
    });

    test('parameter_unknown in the body, nested, and in the query', async () => {
      const item = { product_id: product.id, quantity: 1 };
      assertError(await shop.sandbox.post('/v1/orders', { items: [item], coupon: 'FREE' }), 400, 'parameter_unknown', 'coupon');
      assertError(await shop.sandbox.post('/v1/orders', { items: [{ ...item, unit_price: 1 }] }), 400, 'parameter_unknown', 'items[0].unit_price');
      assertError(await shop.sandbox.post('/v1/orders', { items: [item], total: 1 }), 400, 'parameter_unknown', 'total');
      const order = await paidOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 1, currency: 'usd' }), 400, 'parameter_unknown', 'currency');
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/cancel`, { reason: 'x' }), 400, 'parameter_unknown', 'reason');
      assertError(await shop.sandbox.get('/v1/orders?limit=10'), 400, 'parameter_unknown', 'limit');
      assertError(await shop.sandbox.get('/v1/orders?page=1&starting_after=ord_x'), 400, 'parameter_unknown', 'starting_after');
      assertError(await shop.sandbox.get('/v1/products?search=tea'), 400, 'parameter_unknown', 'search');
      assertError(await shop.sandbox.get('/v1/customers?name=Ada'), 400, 'parameter_unknown', 'name');
      assert.equal((await getOrder(shop.sandbox, order.id)).refunded_amount, 0, 'a refused refund refunds nothing');
    });

    test('invalid_refund_amount and already_refunded', async () => {
      const order = await paidOrder(shop.sandbox, [[product, 2]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 501 }), 400, 'invalid_refund_amount', 'amount');
      await refund(shop.sandbox, order.id);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`), 400, 'already_refunded', null);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/refund`, { amount: 1 }), 400, 'already_refunded', null);
    });

    test('request_too_large: a body over 1 MiB is a 413', async () => {
      const item = { product_id: product.id, quantity: 1 };
      const big = JSON.stringify({ items: [item], notes: 'x'.repeat(1024 * 1024) });
      assertError(await shop.sandbox.post('/v1/orders', big), 413, 'request_too_large', null);
      // Just under the limit the body is read (and then refused for its content, not its size).
      const under = JSON.stringify({ items: [item], metadata: { a: 'x'.repeat(1024 * 1024 - 100) } });
      assertError(await shop.sandbox.post('/v1/orders', under), 400, 'parameter_invalid', 'metadata.a');
    });
  });

  describe('401 authentication_error', () => {
    test('missing_credentials: no Authorization header, or an empty one', async () => {
      const anonymous = new Api(server.url, undefined);
      for (const [method, path] of [
        ['GET', '/v1/orders'],
        ['GET', '/v1/orders/ord_x'],
        ['POST', '/v1/orders'],
        ['POST', '/v1/orders/ord_x/refund'],
        ['GET', '/v1/products'],
        ['POST', '/v1/customers'],
      ] as const) {
        assertError(await anonymous.request(method, path, method === 'POST' ? {} : undefined), 401, 'missing_credentials', null);
      }
      assertError(await anonymous.get('/v1/orders', { authorization: '' }), 401, 'missing_credentials', null);
    });

    test('invalid_credentials: unknown keys, malformed headers, a key of one environment dressed as the other', async () => {
      const live = shop.productionKey;
      const headers = [
        'Bearer sk_test_' + 'a'.repeat(32),
        'Bearer sk_live_nope',
        'Bearer ' + shop.sandboxKey.slice(0, -1),
        'Bearer ' + 'sk_test_' + live.slice('sk_live_'.length),
        'Basic ' + Buffer.from(`${shop.sandboxKey}:`).toString('base64'),
        shop.sandboxKey,
        'Bearer',
        'Bearer not-a-key',
        'Bearer ' + shop.sandboxKey + ' extra',
      ];
      for (const authorization of headers) {
        assertError(await new Api(server.url, undefined).get('/v1/orders', { authorization }), 401, 'invalid_credentials', null);
      }
    });

    test('the scheme name is case-insensitive and may be followed by several spaces (RFC 7235, RFC 6750)', async () => {
      for (const authorization of [`bearer ${shop.sandboxKey}`, `BEARER ${shop.sandboxKey}`, `Bearer   ${shop.sandboxKey}`]) {
        assertStatus(await new Api(server.url, undefined).get('/v1/orders', { authorization }), 200);
      }
    });

    test('credential_revoked: a revoked key is refused at once', async () => {
      const created = await createApiKey(server.db, server.clock, {
        merchantId: shop.merchantId,
        environment: 'sandbox',
        name: 'to revoke',
        permissions: ['orders:read', 'orders:write'],
      });
      const api = new Api(server.url, created.key);
      assertStatus(await api.get('/v1/orders'), 200);
      await revokeApiKey(server.db, server.clock, created.id, shop.merchantId);
      assertError(await api.get('/v1/orders'), 401, 'credential_revoked', null);
      assertError(await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }), 401, 'credential_revoked', null);
      assertStatus(await shop.sandbox.get('/v1/orders'), 200);
    });

    test('authentication comes before validation and lookup (401, not 400 or 404)', async () => {
      const anonymous = new Api(server.url, undefined);
      assertError(await anonymous.post('/v1/orders', '{not json'), 401, 'missing_credentials', null);
      assertError(await anonymous.post('/v1/orders', { items: [], bogus: 1 }), 401, 'missing_credentials', null);
      assertError(await anonymous.get('/v1/orders?per_page=0'), 401, 'missing_credentials', null);
      assertError(await anonymous.get('/v1/orders/ord_missing'), 401, 'missing_credentials', null);
      const wrong = new Api(server.url, 'sk_test_' + 'b'.repeat(32));
      assertError(await wrong.request('POST', '/v1/orders', 'x', { 'content-type': 'text/plain' }), 401, 'invalid_credentials', null);
    });
  });

  describe('402 payment_error', () => {
    test('card_declined leaves the order pending and capturable', async () => {
      const order = await createOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_chargeDeclined' }), 402, 'card_declined', null);
      const after = await getOrder(shop.sandbox, order.id);
      assert.equal(after.status, 'pending');
      assert.equal(after.payment, null);
      assert.equal((await capture(shop.sandbox, order.id, 'tok_visa')).status, 'paid');
    });
  });

  describe('403 permission_error', () => {
    test('insufficient_permissions: orders:read cannot write, and a key without orders:read cannot read', async () => {
      const reader = await shop.keyWith('sandbox', ['orders:read']);
      assertStatus(await reader.get('/v1/orders'), 200);
      assertError(await reader.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }), 403, 'insufficient_permissions', null);
      const pending = await createOrder(shop.sandbox, [[product, 1]]);
      const paid = await paidOrder(shop.sandbox, [[product, 1]]);
      assertError(await reader.post(`/v1/orders/${pending.id}/capture`, { payment_token: 'tok_visa' }), 403, 'insufficient_permissions', null);
      assertError(await reader.post(`/v1/orders/${pending.id}/cancel`), 403, 'insufficient_permissions', null);
      assertError(await reader.post(`/v1/orders/${paid.id}/refund`), 403, 'insufficient_permissions', null);
      assert.equal((await getOrder(shop.sandbox, pending.id)).status, 'pending');
      assert.equal((await getOrder(shop.sandbox, paid.id)).status, 'paid');

      const catalogOnly = await shop.keyWith('sandbox', ['products:read', 'customers:read']);
      assertError(await catalogOnly.get('/v1/orders'), 403, 'insufficient_permissions', null);
      assertError(await catalogOnly.get(`/v1/orders/${paid.id}`), 403, 'insufficient_permissions', null);
      assertStatus(await catalogOnly.get('/v1/products'), 200);
      assertError(await catalogOnly.post('/v1/products', { name: 'x', price: 1 }), 403, 'insufficient_permissions', null);
      assertError(await catalogOnly.patch(`/v1/products/${product.id}`, { price: 1 }), 403, 'insufficient_permissions', null);
      assertError(await catalogOnly.post('/v1/customers', { name: 'x' }), 403, 'insufficient_permissions', null);

      const writerOnly = await shop.keyWith('sandbox', ['orders:write']);
      assertError(await writerOnly.get('/v1/products'), 403, 'insufficient_permissions', null);
      assertError(await writerOnly.get('/v1/customers'), 403, 'insufficient_permissions', null);
      assertStatus(await writerOnly.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }), 201);
      assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.price, 250, 'a refused PATCH changes nothing');
    });
  });

  describe('404 not_found_error', () => {
    test('resource_not_found for a missing order, product or customer', async () => {
      for (const id of ['ord_doesnotexist0000000', 'nope', 'prod_123']) {
        assertError(await shop.sandbox.get(`/v1/orders/${id}`), 404, 'resource_not_found', 'id');
        assertError(await shop.sandbox.post(`/v1/orders/${id}/capture`, { payment_token: 'tok_visa' }), 404, 'resource_not_found', 'id');
        assertError(await shop.sandbox.post(`/v1/orders/${id}/cancel`), 404, 'resource_not_found', 'id');
        assertError(await shop.sandbox.post(`/v1/orders/${id}/refund`), 404, 'resource_not_found', 'id');
      }
      assertError(await shop.sandbox.get('/v1/products/prod_doesnotexist000000'), 404, 'resource_not_found', 'id');
      assertError(await shop.sandbox.patch('/v1/products/prod_doesnotexist000000', { price: 1 }), 404, 'resource_not_found', 'id');
      assertError(await shop.sandbox.get('/v1/customers/cus_doesnotexist0000000'), 404, 'resource_not_found', 'id');
      assertError(await shop.sandbox.patch('/v1/customers/cus_doesnotexist0000000', { name: 'x' }), 404, 'resource_not_found', 'id');
    });

    test('route_not_found for unknown paths, with or without credentials', async () => {
      const anonymous = new Api(server.url, undefined);
      for (const api of [shop.sandbox, anonymous]) {
        assertError(await api.get('/v1/order'), 404, 'route_not_found', null);
        assertError(await api.get('/v2/orders'), 404, 'route_not_found', null);
        assertError(await api.get('/v1/orders/ord_x/refunds'), 404, 'route_not_found', null);
        assertError(await api.post('/v1/orders/ord_x/void', {}), 404, 'route_not_found', null);
        assertError(await api.request('DELETE', '/v1/order/ord_x'), 404, 'route_not_found', null);
      }
    });

    test('405 method_not_allowed with Allow for another method on a known path, with or without credentials', async () => {
      const anonymous = new Api(server.url, undefined);
      const product = await createProduct(shop.sandbox, { price: 100 });
      const cases: Array<[string, string, string]> = [
        ['DELETE', '/v1/orders/ord_x', 'GET, HEAD, PATCH'],
        ['PUT', '/v1/orders/ord_x', 'GET, HEAD, PATCH'],
        ['DELETE', `/v1/products/${product.id}`, 'GET, HEAD, PATCH'],
        ['PUT', '/v1/products', 'GET, HEAD, POST'],
        ['GET', '/v1/orders/ord_x/refund', 'POST'],
      ];
      for (const api of [shop.sandbox, anonymous]) {
        for (const [method, path, allow] of cases) {
          const response = await api.request(method, path, method === 'GET' ? undefined : {});
          assertError(response, 405, 'method_not_allowed', null);
          assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
          assert.equal(response.body.error.message, `${method} is not allowed on ${path}; use ${allow}.`);
          assert.match(response.headers.get('request-id') ?? '', /^req_/);
        }
      }
      assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).status, 200, 'the product is still there');
    });
  });

  describe('415 unsupported_media_type', () => {
    test('a body that is not sent as JSON', async () => {
      const body = JSON.stringify({ items: [{ product_id: product.id, quantity: 1 }] });
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
        assertError(await shop.sandbox.request('POST', '/v1/orders', body, { 'content-type': type }), 415, 'unsupported_media_type', null);
      }
      // JSON with a charset parameter is still JSON.
      assertStatus(await shop.sandbox.request('POST', '/v1/orders', body, { 'content-type': 'application/json; charset=utf-8' }), 201);
    });
  });

  describe('422 unprocessable_error', () => {
    test('product_not_found (unknown) and product_inactive, and nothing is reserved', async () => {
      const stocked = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
      const inactive = await createProduct(shop.sandbox, { price: 100, inventory: 5, active: false });
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: 'prod_doesnotexist000000', quantity: 1 }] }),
        422,
        'product_not_found',
        'items[0].product_id',
      );
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: stocked.id, quantity: 2 }, { product_id: inactive.id, quantity: 1 }] }),
        422,
        'product_inactive',
        'items[1].product_id',
      );
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: stocked.id, quantity: 2 }, { product_id: 'prod_gone', quantity: 1 }] }),
        422,
        'product_not_found',
        'items[1].product_id',
      );
      assert.equal(await inventoryOf(shop.sandbox, stocked.id), 5, 'a refused order reserves nothing');
      assert.equal(await inventoryOf(shop.sandbox, inactive.id), 5);
      assert.equal((await shop.sandbox.get(`/v1/orders?per_page=100`)).body.data.some((o: any) => o.total === 200), false);
    });

    test('out_of_stock: names the short line, and nothing is reserved', async () => {
      const a = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
      const b = await createProduct(shop.sandbox, { price: 100, inventory: 1 });
      assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: a.id, quantity: 6 }] }), 422, 'out_of_stock', 'items[0].product_id');
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: a.id, quantity: 3 }, { product_id: b.id, quantity: 2 }] }),
        422,
        'out_of_stock',
        'items[1].product_id',
      );
      // Two lines of one product count together.
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: a.id, quantity: 3 }, { product_id: a.id, quantity: 3 }] }),
        422,
        'out_of_stock',
        'items[0].product_id',
      );
      assert.equal(await inventoryOf(shop.sandbox, a.id), 5);
      assert.equal(await inventoryOf(shop.sandbox, b.id), 1);
      await createOrder(shop.sandbox, [[a, 5], [b, 1]]);
      assert.equal(await inventoryOf(shop.sandbox, a.id), 0);
      assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: a.id, quantity: 1 }] }), 422, 'out_of_stock', 'items[0].product_id');
    });

    test('customer_not_found', async () => {
      const stocked = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
      assertError(
        await shop.sandbox.post('/v1/orders', { items: [{ product_id: stocked.id, quantity: 1 }], customer_id: 'cus_doesnotexist0000000' }),
        422,
        'customer_not_found',
        'customer_id',
      );
      assert.equal(await inventoryOf(shop.sandbox, stocked.id), 5);
    });

    test('order_not_refundable (pending, canceled), order_not_capturable, order_not_cancelable', async () => {
      const pending = await createOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${pending.id}/refund`), 422, 'order_not_refundable', null);
      assertError(await shop.sandbox.post(`/v1/orders/${pending.id}/refund`, { amount: 1 }), 422, 'order_not_refundable', null);
      const canceled = await createOrder(shop.sandbox, [[product, 1]]);
      assertStatus(await shop.sandbox.post(`/v1/orders/${canceled.id}/cancel`), 200);
      assertError(await shop.sandbox.post(`/v1/orders/${canceled.id}/refund`), 422, 'order_not_refundable', null);
      assertError(await shop.sandbox.post(`/v1/orders/${canceled.id}/capture`, { payment_token: 'tok_visa' }), 422, 'order_not_capturable', null);
      const paid = await paidOrder(shop.sandbox, [[product, 1]]);
      assertError(await shop.sandbox.post(`/v1/orders/${paid.id}/capture`, { payment_token: 'tok_visa' }), 422, 'order_not_capturable', null);
      assertError(await shop.sandbox.post(`/v1/orders/${paid.id}/cancel`), 422, 'order_not_cancelable', null);
      assert.equal((await getOrder(shop.sandbox, pending.id)).status, 'pending');
      assert.equal((await getOrder(shop.sandbox, canceled.id)).status, 'canceled');
      assert.equal((await getOrder(shop.sandbox, paid.id)).status, 'paid');
    });
  });

  describe('503 api_error', () => {
    test('processor_unavailable: production card capture; production cash capture works', async () => {
      const liveProduct = await createProduct(shop.production, { price: 400, inventory: 3 });
      const card = await createOrder(shop.production, [[liveProduct, 1]]);
      const unavailable = await shop.production.post(`/v1/orders/${card.id}/capture`, { payment_token: 'tok_visa' });
      assertError(unavailable, 503, 'processor_unavailable', null);
      assert.match(unavailable.body.error.message, /processor/i, 'the message says what is missing');
      const stillPending = await getOrder(shop.production, card.id);
      assert.equal(stillPending.status, 'pending');
      assert.equal(stillPending.payment, null);

      const cash = await createOrder(shop.production, [[liveProduct, 1]], { payment_method: 'cash' });
      const paid = await capture(shop.production, cash.id, null);
      assert.equal(paid.status, 'paid');
      assert.deepEqual(
        { ...paid.payment, paid_at: undefined },
        {
          method: 'cash', processor: null, processor_payment_id: null, card_brand: null, card_last4: null,
          cash_amount: cash.total, card_amount: 0, cash_given: null, change_due: null, cash_drawer_id: null, paid_at: undefined,
        },
      );
    });
  });

  test('every response carries a fresh Request-Id, successes included', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const ok = await shop.sandbox.get('/v1/orders');
      const id = ok.headers.get('request-id') ?? '';
      assert.match(id, /^req_[0-9A-Za-z]{16,}$/);
      seen.add(id);
    }
    assert.equal(seen.size, 3);
  });
});
