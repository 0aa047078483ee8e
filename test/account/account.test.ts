/**
 * `GET /v1/account` for each kind of credential, and the environment switch of `POST /v1/auth/refresh`.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { decodeJwt } from 'jose';
import { ROLE_PERMISSIONS, API_KEY_SCOPES } from '../../src/auth/permissions.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError } from '../orders/support.js';

const ACCOUNT_FIELDS = ['currency', 'environment', 'id', 'name', 'permissions', 'prices_include_tax', 'tax_rate_bps', 'user'];

describeEachBackend('Account and environment switch', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('an API key: its merchant, environment and own permissions; no user', async () => {
    const shop = await createTestMerchant(server, { currency: 'EUR', taxRateBps: 825 });
    const key = await shop.keyWith('sandbox', ['products:read', 'orders:read']);
    const response = await key.get('/v1/account');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, {
      id: shop.merchantId,
      name: 'Test Shop',
      currency: 'EUR',
      tax_rate_bps: 825,
      prices_include_tax: false,
      environment: 'sandbox',
      permissions: ['orders:read', 'products:read'],
      user: null,
    });
    const live = await shop.production.get('/v1/account');
    assert.equal(live.body.environment, 'production');
    assert.deepEqual(live.body.permissions, [...API_KEY_SCOPES], 'every permission a key can use: not api_keys:write');
  });

  test("a user token: the user and the role's permissions, whatever the role", async () => {
    const shop = await createTestMerchant(server);
    for (const role of ['admin', 'manager', 'cashier'] as const) {
      const user = await signInAs(server, shop, role, { environment: role === 'cashier' ? 'sandbox' : 'production' });
      const response = await user.api.get('/v1/account');
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(Object.keys(response.body).sort(), ACCOUNT_FIELDS);
      assert.equal(response.body.id, shop.merchantId);
      assert.equal(response.body.environment, role === 'cashier' ? 'sandbox' : 'production');
      assert.deepEqual(response.body.user, { id: user.userId, email: user.email, role });
      assert.deepEqual(response.body.permissions, [...ROLE_PERMISSIONS[role]]);
      assert.equal(JSON.stringify(response.body).includes('password'), false);
    }
  });

  test('without a valid credential: 401', async () => {
    assertError(await new Api(server.url, undefined).get('/v1/account'), 401, 'missing_credentials');
    assertError(await new Api(server.url, 'sk_test_0000000000000000000000000000000000').get('/v1/account'), 401, 'invalid_credentials');
  });

  test('refresh with environment: switches the sign-in and its data set, and back; the old tokens are spent', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { name: 'Sandbox only', price: 100 });
    const signedIn = await signInAs(server, shop, 'manager', { environment: 'sandbox' });
    const anonymous = new Api(server.url, undefined);
    const products = async (token: string) => (await new Api(server.url, token).get('/v1/products')).body.data.map((p: { id: string }) => p.id);
    assert.deepEqual(await products(signedIn.accessToken), [product.id]);

    const toLive = await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken, environment: 'production' });
    assert.equal(toLive.status, 200, JSON.stringify(toLive.body));
    assert.equal(decodeJwt(toLive.body.access_token).env, 'production');
    assert.deepEqual(await products(toLive.body.access_token), [], 'production has its own, empty, catalogue');
    assert.equal((await new Api(server.url, toLive.body.access_token).get('/v1/account')).body.environment, 'production');
    const session = await server.db.kysely.selectFrom('auth_sessions').select('environment').where('user_id', '=', signedIn.userId).executeTakeFirstOrThrow();
    assert.equal(session.environment, 'production', 'the sign-in itself moved');

    // The refresh token sent is spent, and the sandbox access token no longer works.
    assertError(await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken, environment: 'production' }), 401, 'refresh_token_used');
    assertError(await new Api(server.url, signedIn.accessToken).get('/v1/products'), 401, 'credential_revoked');

    // Left out, the environment is the sign-in's current one.
    const stay = await anonymous.post('/v1/auth/refresh', { refresh_token: toLive.body.refresh_token });
    assert.equal(stay.status, 200);
    assert.equal(decodeJwt(stay.body.access_token).env, 'production');

    const back = await anonymous.post('/v1/auth/refresh', { refresh_token: stay.body.refresh_token, environment: 'sandbox' });
    assert.equal(back.status, 200);
    assert.equal(decodeJwt(back.body.access_token).env, 'sandbox');
    assert.deepEqual(await products(back.body.access_token), [product.id]);
    assertError(await new Api(server.url, stay.body.access_token).get('/v1/products'), 401, 'credential_revoked');
  });

  test('refresh with a bad environment: 400, and the refresh token still works', async () => {
    const shop = await createTestMerchant(server);
    const signedIn = await signInAs(server, shop, 'cashier');
    const anonymous = new Api(server.url, undefined);
    assertError(await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken, environment: 'live' }), 400, 'parameter_invalid', 'environment');
    assert.equal((await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken })).status, 200);
  });
});
