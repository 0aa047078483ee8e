import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SCOPES } from '../../src/auth/permissions.js';
import { SHARED_SCHEMAS } from '../../src/app/shared-schemas.js';
import { TAGS } from '../../src/docs/conventions.js';
import { ERROR_CODES } from '../../src/errors.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

type Schema = Record<string, any>;

/** Every operation of the document as [method, path, operation]. */
function operationsOf(document: Schema): Array<[string, string, Schema]> {
  return Object.entries<Schema>(document.paths).flatMap(([path, item]) =>
    Object.entries<Schema>(item).map(([method, operation]) => [method, path, operation] as [string, string, Schema]),
  );
}

/** Every object reachable from `node`. */
function* objectsIn(node: unknown): Generator<Schema> {
  if (Array.isArray(node)) for (const item of node) yield* objectsIn(item);
  else if (node !== null && typeof node === 'object') {
    yield node as Schema;
    for (const value of Object.values(node)) yield* objectsIn(value);
  }
}

/** Operations that take no credential. */
const PUBLIC_OPERATIONS = new Set(['refreshToken', 'receiveStripeEvent']);

/** The operations that take a credential. */
function authenticatedOperationsOf(document: Schema): Array<[string, string, Schema]> {
  return operationsOf(document).filter(([, , operation]) => !PUBLIC_OPERATIONS.has(operation.operationId));
}

/** The permission each operation needs, as the spec and decisions.md give it. */
const EXPECTED_SCOPES: Record<string, string> = {
  getMerchant: 'merchant:read',
  updateMerchant: 'merchant:write',
  listOrders: 'orders:read',
  getOrder: 'orders:read',
  createOrder: 'orders:write',
  updateOrder: 'orders:write',
  captureOrder: 'orders:write',
  cancelOrder: 'orders:write',
  refundOrder: 'orders:write',
  getReceipt: 'orders:read',
  createReceiptLink: 'orders:write',
  sendReceiptEmail: 'orders:write',
  listProducts: 'products:read',
  getProduct: 'products:read',
  createProduct: 'products:write',
  updateProduct: 'products:write',
  listDiscountCodes: 'products:read',
  getDiscountCode: 'products:read',
  createDiscountCode: 'products:write',
  updateDiscountCode: 'products:write',
  copyProductsFromSandbox: 'products:write',
  listCustomers: 'customers:read',
  getCustomer: 'customers:read',
  createCustomer: 'customers:write',
  updateCustomer: 'customers:write',
  listEvents: 'orders:read',
  getEvent: 'orders:read',
  getSalesReport: 'orders:read',
  getEndOfDayReport: 'reports:read',
  listCashDrawers: 'cash_drawers:read',
  getCashDrawer: 'cash_drawers:read',
  openCashDrawer: 'cash_drawers:write',
  createCashDrawerMovement: 'cash_drawers:write',
  closeCashDrawer: 'cash_drawers:write',
  listApiKeys: 'api_keys:write',
  createApiKey: 'api_keys:write',
  revokeApiKey: 'api_keys:write',
  createWebhookEndpoint: 'webhooks:write',
  listWebhookEndpoints: 'webhooks:read',
  getWebhookEndpoint: 'webhooks:read',
  updateWebhookEndpoint: 'webhooks:write',
  deleteWebhookEndpoint: 'webhooks:write',
  rotateWebhookSecret: 'webhooks:write',
  listWebhookDeliveries: 'webhooks:read',
  testWebhookEndpoint: 'webhooks:write',
  resendEvent: 'webhooks:write',
};

/** Operations that any valid credential may call: no permission, so no 403. */
const NO_PERMISSION_OPERATIONS = new Set(['getAccount']);

/** Operations kept for a user role rather than a permission (the Team API: admins). */
const EXPECTED_ROLES: Record<string, string> = {
  listUsers: 'admin',
  createUser: 'admin',
  updateUser: 'admin',
  deleteUser: 'admin',
  signOutUser: 'admin',
};

/** Operations of a signed-in user on their own sign-ins and password: no permission, no role, but never an API key (403). */
const SELF_OPERATIONS = new Set(['listSessions', 'deleteSession', 'changePassword']);

/** Operations that accept a user access token only, never an API key. */
const USER_ONLY_OPERATIONS = new Set(['listApiKeys', 'createApiKey', 'revokeApiKey', ...Object.keys(EXPECTED_ROLES), ...SELF_OPERATIONS]);

/** POST operations that ignore Idempotency-Key, because their answer must never be stored. */
const NOT_IDEMPOTENT_OPERATIONS = new Set(['createApiKey', 'changePassword', 'createWebhookEndpoint', 'rotateWebhookSecret', 'createReceiptLink']);

describeEachBackend('OpenAPI document', (backend) => {
  let server: TestServer;
  let document: Schema;
  before(async () => {
    server = await startTestServer(backend);
    const response = await new Api(server.url, undefined).get('/v1/openapi.json');
    assert.equal(response.status, 200, 'the document is public');
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    document = response.body;
  });
  after(() => server.close());

  test('is a valid OpenAPI 3.1 document, and the validator does refuse a broken one', async () => {
    assert.equal(document.openapi, '3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    assert.deepEqual(result, { valid: true });
    assert.equal(validator.version, '3.1');

    const broken = structuredClone(document);
    broken.paths['/v1/orders'].get.responses = 'none';
    assert.equal((await new Validator().validate(broken)).valid, false);
  });

  test('lists every operation once, with its operationId, summary, tag, security and permission', () => {
    const operations = operationsOf(document);
    assert.deepEqual(
      operations.map(([, , op]) => op.operationId).sort(),
      [...Object.keys(EXPECTED_SCOPES), ...NO_PERMISSION_OPERATIONS, ...Object.keys(EXPECTED_ROLES), ...SELF_OPERATIONS, ...PUBLIC_OPERATIONS].sort(),
    );
    assert.deepEqual(document.tags.map((tag: Schema) => tag.name), TAGS.map((tag) => tag.name));
    assert.deepEqual(document.components.securitySchemes.bearer, {
      type: 'http',
      scheme: 'bearer',
      description: document.components.securitySchemes.bearer.description,
    });
    for (const [method, path, operation] of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.ok(operation.summary, `${where} has a summary`);
      assert.equal(operation.tags.length, 1, `${where} has one tag`);
      assert.ok(TAGS.some((tag) => tag.name === operation.tags[0]), `${where} has a known tag`);
      if (PUBLIC_OPERATIONS.has(operation.operationId)) {
        assert.deepEqual(operation.security, [], `${where} takes no credential`);
        assert.equal(operation['x-required-scope'], undefined);
        assert.equal(operation.parameters?.find((p: Schema) => p.name === 'Idempotency-Key'), undefined, `${where} does not offer Idempotency-Key`);
        continue;
      }
      assert.deepEqual(operation.security, [{ bearer: [] }], `${where} names its security`);
      const scope = EXPECTED_SCOPES[operation.operationId];
      const role = EXPECTED_ROLES[operation.operationId];
      if (NO_PERMISSION_OPERATIONS.has(operation.operationId)) {
        assert.equal(operation['x-required-scope'], undefined, `${where} needs no permission`);
        assert.doesNotMatch(operation.description, /^Requires/, where);
      } else if (SELF_OPERATIONS.has(operation.operationId)) {
        assert.equal(operation['x-required-scope'], undefined, `${where} needs no permission`);
        assert.equal(operation['x-required-role'], undefined, `${where} is for any role`);
        assert.doesNotMatch(operation.description, /^Requires/, where);
      } else if (role !== undefined) {
        assert.equal(operation['x-required-scope'], undefined, `${where} is kept for a role, not a permission`);
        assert.equal(operation['x-required-role'], role, `${where} needs the ${role} role`);
        assert.ok(operation.description.startsWith(`Requires a signed-in user with the \`${role}\` role.`), `${where} says which role it needs`);
      } else {
        assert.ok(scope !== undefined, `${where}: ${operation.operationId} is an expected operation`);
        assert.equal(operation['x-required-scope'], scope, `${where} needs ${scope}`);
        assert.ok((SCOPES as readonly string[]).includes(operation['x-required-scope']));
        assert.ok(operation.description.startsWith(`Requires the \`${scope}\` permission.`), `${where} says which permission it needs`);
      }
      if (USER_ONLY_OPERATIONS.has(operation.operationId)) {
        assert.deepEqual(operation['x-credentials'], ['user'], `${where} accepts user tokens only`);
        assert.match(operation.description, /Accepts user access tokens only\./, where);
      } else {
        assert.equal(operation['x-credentials'], undefined, `${where} accepts both kinds of credential`);
      }
      if (method === 'post') {
        const header = operation.parameters?.find((p: Schema) => p.in === 'header' && p.name === 'Idempotency-Key');
        const codes = Object.values<Schema>(operation.responses).map((r) => r.description).join(' ');
        if (NOT_IDEMPOTENT_OPERATIONS.has(operation.operationId)) {
          assert.equal(header, undefined, `${where} does not offer Idempotency-Key`);
          assert.doesNotMatch(codes, /idempotency_key_/, `${where} cannot answer idempotency errors`);
          assert.match(operation.description, /Ignores `Idempotency-Key`/, `${where} says it ignores Idempotency-Key`);
        } else {
          assert.ok(header !== undefined, `${where} offers Idempotency-Key`);
          assert.match(codes, /`idempotency_key_reused`/, `${where} lists the idempotency errors`);
        }
      }
    }
    assert.equal(document.paths['/v1/openapi.json'], undefined, 'operational routes stay out');
    assert.equal(document.paths['/docs'], undefined);
  });

  test("an API key's permissions do not offer api_keys:write (keys never use it); they offer the webhook permissions", () => {
    const createBody = document.paths['/v1/api_keys'].post.requestBody.content['application/json'].schema;
    const offered = [document.components.schemas.ApiKey.properties.permissions, createBody.properties?.permissions ?? document.components.schemas[createBody.$ref?.split('/').pop()]?.properties.permissions];
    for (const permissions of offered) {
      assert.ok(permissions !== undefined, 'the permissions field is found');
      const values = [...objectsIn(permissions)].flatMap((node) => (Array.isArray(node.enum) ? node.enum : []));
      assert.ok(values.includes('orders:read'), JSON.stringify(permissions));
      assert.ok(!values.includes('api_keys:write'), JSON.stringify(permissions));
      assert.ok(values.includes('webhooks:read') && values.includes('webhooks:write'), JSON.stringify(permissions));
    }
  });

  test('answers every error status with the Error envelope and names its codes', () => {
    for (const [method, path, operation] of operationsOf(document)) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(operation.responses).map(Number);
      // Any request can be too slow to arrive (408), carry headers too large (431), or meet a database
      // past its statement timeout or a server shutting down (503).
      const anyRequest = [408, 431, 500, 503];
      const expected = PUBLIC_OPERATIONS.has(operation.operationId) ? anyRequest : NO_PERMISSION_OPERATIONS.has(operation.operationId) ? [401, ...anyRequest] : [401, 403, ...anyRequest];
      for (const status of expected) assert.ok(statuses.includes(status), `${where} documents ${status}`);
      if (NO_PERMISSION_OPERATIONS.has(operation.operationId)) assert.equal(operation.responses['403'], undefined, `${where} cannot answer 403`);
      // Every POST, PATCH and DELETE parses a body if one comes, so each can refuse one.
      if (operation.requestBody !== undefined || method === 'post' || method === 'patch' || method === 'delete') {
        assert.ok(statuses.includes(415), `${where} documents 415`);
        assert.ok(statuses.includes(ERROR_CODES.request_too_large.status), `${where} documents request_too_large`);
        assert.match(operation.responses['400'].description, /`invalid_json`/, where);
      }
      if (path.includes('{id}')) assert.match(operation.responses['404'].description, /`resource_not_found`/, where);
      for (const status of statuses.filter((s) => s >= 400)) {
        const response = operation.responses[status];
        assert.deepEqual(response.content, { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }, `${where} ${status}`);
        const codes = [...response.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
        assert.ok(codes.length > 0, `${where} ${status} names its codes`);
        for (const code of codes) assert.equal(ERROR_CODES[code as keyof typeof ERROR_CODES].status, status, `${code} under ${status}`);
      }
    }
    assert.match(document.paths['/v1/orders']['post'].responses['422'].description, /`product_not_found`, `product_inactive`, `out_of_stock`, `customer_not_found`/);
    assert.match(document.paths['/v1/orders/{id}/capture']['post'].responses['402'].description, /`card_declined`/);
    assert.match(document.paths['/v1/orders/{id}/capture']['post'].responses['503'].description, /`processor_unavailable`/);
    assert.match(document.paths['/v1/orders/{id}/cancel']['post'].responses['422'].description, /`order_not_cancelable`/);
  });

  test('defines each shared schema once under components and references it everywhere else', () => {
    const schemas = document.components.schemas;
    const names = SHARED_SCHEMAS.map((schema) => (schema as { $id: string }).$id);
    for (const name of names) assert.ok(schemas[name], `components.schemas.${name}`);
    assert.equal(Object.keys(schemas).length, names.length, 'no stray def-N schemas');

    // No operation or other component spells out a shared schema: none holds a copy of one.
    for (const [where, root] of [['paths', document.paths], ['components', schemas]] as const) {
      for (const schema of objectsIn(root)) {
        for (const name of names) {
          assert.ok(schemas[name] === schema || !isDeepStrictEqual(schemas[name], schema), `${where} inline ${name} instead of referencing it`);
        }
      }
    }

    const refs = new Set([...objectsIn(document)].map((o) => o.$ref).filter((ref) => ref !== undefined));
    for (const ref of refs) assert.ok(schemas[ref.replace('#/components/schemas/', '')], `${ref} resolves`);
    for (const name of ['Order', 'OrderSummary', 'LineItem', 'Refund', 'Product', 'Customer', 'Error', 'Pagination', 'Event']) {
      assert.ok(refs.has(`#/components/schemas/${name}`), `${name} is referenced`);
    }
    assert.equal(document.paths['/v1/orders/{id}'].get.responses['200'].content['application/json'].schema.$ref, '#/components/schemas/Order');
    assert.equal(schemas.Order.properties.items.items.$ref, '#/components/schemas/LineItem');
  });

  test('describes the responses the server really sends', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: 'till' });
    const check = (name: string, value: unknown) => {
      const validate = ajv.getSchema(`till#/components/schemas/${name}`)!;
      assert.ok(validate(value), `${name}: ${JSON.stringify(validate.errors)}`);
    };

    const shop = await createTestMerchant(server, { taxRateBps: 500 });
    const product = await createProduct(shop.sandbox, { name: 'Mug', price: 1200, inventory: 4 });
    const customer = await shop.sandbox.post('/v1/customers', { name: 'Ada', email: 'ada@example.com' });
    check('Product', product);
    check('Customer', customer.body);
    const code = await shop.sandbox.post('/v1/discount_codes', { code: 'WELCOME', type: 'percentage', percentage_bps: 500 });
    check('DiscountCode', code.body);
    check('DiscountCodeList', (await shop.sandbox.get('/v1/discount_codes')).body);
    const order = await shop.sandbox.post('/v1/orders', {
      items: [{ product_id: product.id, quantity: 2, discount: { type: 'amount', amount: 100, reason: 'Scratched' } }],
      discounts: [{ type: 'percentage', percentage_bps: 1000 }],
      discount_code: 'welcome',
      customer_id: customer.body.id,
      metadata: { till: '3' },
    });
    check('Order', order.body);
    check('AppliedDiscount', order.body.items[0].discount);
    await shop.sandbox.post(`/v1/orders/${order.body.id}/capture`, { payment_token: 'tok_visa' });
    const refund = await shop.sandbox.post(`/v1/orders/${order.body.id}/refund`, { items: [{ line_item_id: order.body.items[0].id, quantity: 1 }] });
    check('Refund', refund.body);
    check('Order', (await shop.sandbox.get(`/v1/orders/${order.body.id}`)).body);
    check('Receipt', (await shop.sandbox.get(`/v1/orders/${order.body.id}/receipt`)).body);
    check('ReceiptLink', (await shop.sandbox.post(`/v1/orders/${order.body.id}/receipt_links`)).body);
    check('ReceiptEmail', (await shop.sandbox.post(`/v1/orders/${order.body.id}/receipt_emails`, { to: 'ada@example.com' })).body);
    check('OrderList', (await shop.sandbox.get('/v1/orders')).body);
    check('ProductList', (await shop.sandbox.get('/v1/products')).body);
    check('CustomerList', (await shop.sandbox.get('/v1/customers')).body);
    check('EventList', (await shop.sandbox.get('/v1/events')).body);
    const admin = (await signInAs(server, shop, 'admin')).api;
    const key = await admin.post('/v1/api_keys', { name: 'Register', environment: 'sandbox' });
    check('CreatedApiKey', key.body);
    check('ApiKey', (await admin.post(`/v1/api_keys/${key.body.id}/revoke`)).body);
    check('ApiKeyList', (await admin.get('/v1/api_keys')).body);
    check('Account', (await admin.get('/v1/account')).body);
    check('Account', (await shop.sandbox.get('/v1/account')).body);
    check('User', (await admin.post('/v1/users', { email: `u-${Date.now()}@example.com`, password: 'long-enough-1', role: 'cashier' })).body);
    check('UserList', (await admin.get('/v1/users')).body);
    const member = await signInAs(server, shop, 'manager');
    const sessions = await member.api.get('/v1/account/sessions');
    check('SessionList', sessions.body);
    check('PasswordChanged', (await member.api.post('/v1/account/password', { current_password: member.password, new_password: 'another-pass-1' })).body);
    check('Session', (await member.api.request('DELETE', `/v1/account/sessions/${sessions.body.data[0].id}`)).body);
    check('User', (await admin.post(`/v1/users/${member.userId}/sign_out`)).body);
    check('SalesReport', (await shop.sandbox.get('/v1/reports/sales?from=2026-01-01T00:00:00Z&to=2026-01-01T03:00:00Z')).body);
    const drawer = await shop.sandbox.post('/v1/cash_drawers', { register: 'R1', opening_float: 1000, note: 'Float' });
    check('CashDrawer', drawer.body);
    check('CashDrawer', (await shop.sandbox.post(`/v1/cash_drawers/${drawer.body.id}/movements`, { type: 'paid_out', amount: 100, reason: 'Milk' })).body);
    check('CashDrawerMovement', (await shop.sandbox.get(`/v1/cash_drawers/${drawer.body.id}`)).body.movements[0]);
    const closed = await shop.sandbox.post(`/v1/cash_drawers/${drawer.body.id}/close`, { counted_cash: 880 });
    check('CashDrawer', closed.body);
    check('CashDrawerList', (await shop.sandbox.get('/v1/cash_drawers')).body);
    check('EventList', (await shop.sandbox.get('/v1/events?type=cash_drawer.opened,cash_drawer.closed')).body);
    check('EndOfDayReport', (await shop.sandbox.get(`/v1/reports/end_of_day?date=${closed.body.closed_at.slice(0, 10)}`)).body);
    check('Error', (await shop.sandbox.get('/v1/orders/ord_missing')).body);
    check('Error', (await shop.sandbox.post('/v1/orders', { items: [] })).body);
  });

  test('every operation answers what the document says about credentials, permissions and bodies', async () => {
    const shop = await createTestMerchant(server);
    const anonymous = new Api(server.url, undefined);
    const powerless = await shop.keyWith('sandbox', []);
    // Operations closed to API keys are tried with an admin's token, which holds every permission.
    const admin = (await signInAs(server, shop, 'admin', { environment: 'sandbox' })).api;
    for (const [method, template, operation] of authenticatedOperationsOf(document)) {
      const path = template.replace('{id}', 'x_1');
      const where = `${method.toUpperCase()} ${template}`;
      const body = operation.requestBody === undefined ? undefined : {};
      const unauthenticated = await anonymous.request(method.toUpperCase(), path, body);
      assert.equal(unauthenticated.status, 401, where);
      assert.ok(operation.responses['401'].description.includes(unauthenticated.body.error.code), where);
      const forbidden = await powerless.request(method.toUpperCase(), path, body);
      assert.equal(forbidden.status, NO_PERMISSION_OPERATIONS.has(operation.operationId) ? 200 : 403, where);
      if (operation.requestBody !== undefined) {
        const allowed = USER_ONLY_OPERATIONS.has(operation.operationId) ? admin : shop.sandbox;
        const text = await allowed.request(method.toUpperCase(), path, 'amount=5', { 'content-type': 'text/plain' });
        assert.equal(text.status, 415, where);
        assert.equal(text.body.error.code, 'unsupported_media_type');
      }
    }
  });
});
