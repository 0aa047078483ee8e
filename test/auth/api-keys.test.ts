import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hashApiKey } from '../../src/auth/api-keys.js';
import { API_KEY_SCOPES } from '../../src/auth/permissions.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';

const RECORD_FIELDS = ['created_at', 'environment', 'id', 'last4', 'last_used_at', 'name', 'permissions', 'revoked_at'];

describeEachBackend('API keys over HTTP', (backend) => {
  let server: TestServer;
  before(async () => {
    // Each test signs in a few users from one address; the sign-in limit is not what is tested here.
    server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '1000' });
  });
  after(() => server.close());

  /** A merchant and one of its admins, signed in (a production token unless told otherwise). */
  async function shopWithAdmin(environment: 'sandbox' | 'production' = 'production'): Promise<{ shop: TestMerchant; admin: Api }> {
    const shop = await createTestMerchant(server);
    const admin = (await signInAs(server, shop, 'admin', { environment })).api;
    return { shop, admin };
  }

  async function createKey(admin: Api, body: Record<string, unknown>) {
    const response = await admin.post('/v1/api_keys', body);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as { id: string; key: string; environment: string; permissions: string[]; revoked_at: string | null };
  }

  test('an admin creates a key for either environment: shown once, working at once, only its hash stored', async () => {
    const { shop, admin } = await shopWithAdmin('sandbox');
    const product = await createProduct(shop.sandbox, { price: 500 });
    assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);

    for (const [environment, prefix, orders] of [['sandbox', 'sk_test_', 1], ['production', 'sk_live_', 0]] as const) {
      const response = await admin.post('/v1/api_keys', { name: 'Register 3', environment });
      assert.equal(response.status, 201);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const created = response.body;
      assert.deepEqual(Object.keys(created).sort(), [...RECORD_FIELDS, 'key'].sort());
      assert.match(created.id, /^key_[0-9A-Za-z]{24}$/);
      assert.ok(created.key.startsWith(prefix), created.key);
      assert.match(created.key.slice(prefix.length), /^[0-9A-Za-z]{32}$/);
      assert.equal(created.last4, created.key.slice(-4));
      assert.equal(created.name, 'Register 3');
      assert.equal(created.environment, environment);
      assert.deepEqual(created.permissions, [...API_KEY_SCOPES], 'all permissions a key can use by default');
      assert.ok(!created.permissions.includes('api_keys:write'));
      assert.ok(created.permissions.includes('webhooks:read') && created.permissions.includes('webhooks:write'), 'webhooks are managed with keys too');
      assert.equal(created.last_used_at, null);
      assert.equal(created.revoked_at, null);

      // The key works at once, on its own environment's data.
      const list = await new Api(server.url, created.key).get('/v1/orders');
      assert.equal(list.status, 200);
      assert.equal(list.body.pagination.total, orders);

      const row = await server.db.kysely.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      assert.equal(row.merchant_id, shop.merchantId);
      assert.equal(row.key_hash, hashApiKey(created.key));
      assert.ok(!JSON.stringify(row).includes(created.key.slice(prefix.length)), 'no column holds the key');
    }
  });

  test('a key carries the permissions asked for and no others; its name is trimmed', async () => {
    const { admin } = await shopWithAdmin();
    const created = await createKey(admin, { name: '  Reports  ', environment: 'sandbox', permissions: ['orders:read', 'products:read'] });
    assert.deepEqual(created.permissions, ['orders:read', 'products:read']);
    assert.equal((created as unknown as { name: string }).name, 'Reports');
    const key = new Api(server.url, created.key);
    assert.equal((await key.get('/v1/orders')).status, 200);
    const write = await key.post('/v1/products', { name: 'Mug', price: 100 });
    assert.equal(write.status, 403);
    assert.equal(write.body.error.code, 'insufficient_permissions');
  });

  test('a key in use has its last use written once a minute, remembered by the process or not', async () => {
    const { admin } = await shopWithAdmin();
    const created = await createKey(admin, { name: 'Till 3', environment: 'sandbox' });
    const key = new Api(server.url, created.key);
    const lastUsed = async () => (await admin.get('/v1/api_keys')).body.data.find((k: { id: string }) => k.id === created.id).last_used_at;
    assert.equal((await key.get('/v1/orders')).status, 200);
    const first = server.clock.now().toISOString();
    assert.equal(await lastUsed(), first);
    server.clock.advance(59_000);
    assert.equal((await key.get('/v1/orders')).status, 200);
    assert.equal(await lastUsed(), first, 'within the minute: not written again');
    server.clock.advance(1_000);
    assert.equal((await key.get('/v1/orders')).status, 200);
    assert.equal(await lastUsed(), server.clock.now().toISOString(), 'a minute on: written again');
  });

  test("lists the merchant's keys of both environments, newest first, paged and filtered, never a key value", async () => {
    const { shop, admin } = await shopWithAdmin();
    const other = await shopWithAdmin();
    const otherKey = await createKey(other.admin, { name: 'Theirs', environment: 'sandbox' });

    const created = [];
    for (const [name, environment] of [['A', 'sandbox'], ['B', 'production'], ['C', 'sandbox']] as const) {
      server.clock.advance(1000);
      created.push(await createKey(admin, { name, environment }));
    }
    const revoked = await admin.post(`/v1/api_keys/${created[0]!.id}/revoke`);
    assert.equal(revoked.status, 200);

    const all = await admin.get('/v1/api_keys');
    assert.equal(all.status, 200);
    // The two keys createTestMerchant made, then the three above.
    assert.deepEqual(all.body.pagination, { total: 5, page: 1, per_page: 20, has_more: false });
    assert.deepEqual(all.body.data.slice(0, 3).map((k: { name: string }) => k.name), ['C', 'B', 'A']);
    for (const record of all.body.data) assert.deepEqual(Object.keys(record).sort(), RECORD_FIELDS);
    assert.equal(all.body.data[2].revoked_at, revoked.body.revoked_at, 'revoked keys are listed, with revoked_at');
    assert.equal(all.body.data.filter((k: { environment: string }) => k.environment === 'production').length, 2);
    const text = JSON.stringify(all.body);
    for (const key of [...created.map((k) => k.key), shop.sandboxKey, shop.productionKey]) {
      assert.ok(!text.includes(key.slice(8)) && !text.includes(hashApiKey(key)), 'neither a key nor its hash is listed');
    }
    assert.ok(!text.includes(otherKey.id), "another merchant's keys are never listed");
    assert.deepEqual((await other.admin.get('/v1/api_keys')).body.pagination.total, 3);

    // A sandbox token sees the same merchant-level list.
    const sandboxAdmin = (await signInAs(server, shop, 'admin', { environment: 'sandbox' })).api;
    assert.deepEqual((await sandboxAdmin.get('/v1/api_keys')).body, all.body);

    const production = await admin.get('/v1/api_keys?environment=production');
    assert.equal(production.body.pagination.total, 2);
    assert.ok(production.body.data.every((k: { environment: string }) => k.environment === 'production'));
    assert.equal(production.body.data[0].id, created[1]!.id);

    const page2 = await admin.get('/v1/api_keys?per_page=2&page=2');
    assert.deepEqual(page2.body.pagination, { total: 5, page: 2, per_page: 2, has_more: true });
    assert.deepEqual(page2.body.data.map((k: { id: string }) => k.id), [all.body.data[2].id, all.body.data[3].id]);
    const page3 = await admin.get('/v1/api_keys?per_page=2&page=3');
    assert.equal(page3.body.data.length, 1);
    assert.equal(page3.body.pagination.has_more, false);

    const bad = await admin.get('/v1/api_keys?environment=staging');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'parameter_invalid');
    assert.equal(bad.body.error.param, 'environment');
  });

  test('a revoked key answers 401 credential_revoked on its next request; revoking again changes nothing', async () => {
    const { admin } = await shopWithAdmin('sandbox');
    const created = await createKey(admin, { name: 'Doomed', environment: 'production' });
    const key = new Api(server.url, created.key);
    assert.equal((await key.get('/v1/orders')).status, 200);

    const revoked = await admin.post(`/v1/api_keys/${created.id}/revoke`);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.id, created.id);
    assert.equal(revoked.body.revoked_at, server.clock.now().toISOString());
    assert.equal(revoked.body.key, undefined);
    assert.notEqual(revoked.body.last_used_at, null, 'the key was used once');

    const refused = await key.get('/v1/orders');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'credential_revoked');

    server.clock.advance(60_000);
    const again = await admin.post(`/v1/api_keys/${created.id}/revoke`);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, revoked.body, 'revoked_at keeps its first value');
  });

  test('revoking takes no parameters: a body that is not JSON is 415, an unknown field 400, and the key keeps working', async () => {
    const { admin } = await shopWithAdmin('sandbox');
    const created = await createKey(admin, { name: 'Kept', environment: 'sandbox' });
    const text = await admin.request('POST', `/v1/api_keys/${created.id}/revoke`, '{"x":1}', { 'content-type': 'text/plain' });
    assert.equal(text.status, 415);
    assert.equal(text.body.error.code, 'unsupported_media_type');
    const unknown = await admin.post(`/v1/api_keys/${created.id}/revoke`, { reason: 'lost' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'parameter_unknown');
    assert.equal((await new Api(server.url, created.key).get('/v1/orders')).status, 200);
    assert.equal((await admin.post(`/v1/api_keys/${created.id}/revoke`, {})).status, 200);
  });

  test("an unknown key id or another merchant's key answers 404, and the key keeps working", async () => {
    const { admin } = await shopWithAdmin();
    const other = await shopWithAdmin();
    const theirs = await createKey(other.admin, { name: 'Theirs', environment: 'production' });

    for (const id of ['key_doesnotexist', theirs.id]) {
      const response = await admin.post(`/v1/api_keys/${id}/revoke`);
      assert.equal(response.status, 404, id);
      assert.equal(response.body.error.code, 'resource_not_found');
      assert.equal(response.body.error.param, 'id');
    }
    assert.equal((await new Api(server.url, theirs.key).get('/v1/orders')).status, 200);
  });

  test('manager and cashier tokens are refused (403) on all three operations', async () => {
    const { shop, admin } = await shopWithAdmin();
    const target = await createKey(admin, { name: 'Target', environment: 'sandbox' });
    for (const role of ['manager', 'cashier'] as const) {
      for (const environment of ['sandbox', 'production'] as const) {
        const user = (await signInAs(server, shop, role, { environment })).api;
        const responses = [
          await user.get('/v1/api_keys'),
          await user.post('/v1/api_keys', { name: 'Mine', environment: 'production' }),
          await user.post(`/v1/api_keys/${target.id}/revoke`),
        ];
        for (const response of responses) {
          assert.equal(response.status, 403, `${role}: ${JSON.stringify(response.body)}`);
          assert.equal(response.body.error.code, 'insufficient_permissions');
          assert.match(response.body.error.message, /api_keys:write/);
        }
      }
    }
    assert.equal((await admin.get('/v1/api_keys')).body.pagination.total, 3, 'nothing was created');
    assert.equal((await new Api(server.url, target.key).get('/v1/orders')).status, 200, 'nothing was revoked');
  });

  test('an API key, even with every permission, can never list, create or revoke keys (403)', async () => {
    const { shop, admin } = await shopWithAdmin();
    const target = await createKey(admin, { name: 'Target', environment: 'sandbox' });
    const minted = await createKey(admin, { name: 'Everything', environment: 'production', permissions: [...API_KEY_SCOPES] });
    for (const key of [shop.sandbox, shop.production, new Api(server.url, minted.key)]) {
      const responses = [
        await key.get('/v1/api_keys'),
        await key.post('/v1/api_keys', { name: 'Successor', environment: 'production' }),
        await key.post(`/v1/api_keys/${target.id}/revoke`),
      ];
      for (const response of responses) {
        assert.equal(response.status, 403);
        assert.equal(response.body.error.code, 'insufficient_permissions');
        assert.match(response.body.error.message, /cannot be called with an API key/);
      }
    }
    assert.equal((await admin.get('/v1/api_keys')).body.pagination.total, 4, 'nothing was created');
    assert.equal((await new Api(server.url, target.key).get('/v1/orders')).status, 200, 'nothing was revoked');
  });

  test('api_keys:write (which keys can never use) is not offered on a key', async () => {
    const { admin } = await shopWithAdmin();
    for (const permission of ['api_keys:write']) {
      const response = await admin.post('/v1/api_keys', { name: 'Too much', environment: 'sandbox', permissions: ['orders:read', permission] });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'parameter_invalid');
      assert.equal(response.body.error.param, 'permissions[1]');
    }
    assert.equal((await admin.get('/v1/api_keys')).body.pagination.total, 2, 'nothing was created');
  });

  test('a key stored with api_keys:write keeps working; that permission is neither shown nor granted', async () => {
    const { shop, admin } = await shopWithAdmin();
    const old = await createKey(admin, { name: 'From before', environment: 'sandbox', permissions: ['orders:read'] });
    await server.db.kysely
      .updateTable('api_keys')
      .set({ permissions: JSON.stringify(['orders:read', 'api_keys:write']) })
      .where('id', '=', old.id)
      .execute();
    const key = new Api(server.url, old.key);
    assert.equal((await key.get('/v1/orders')).status, 200);
    const account = await key.get('/v1/account');
    assert.equal(account.status, 200);
    assert.deepEqual(account.body.permissions, ['orders:read']);
    assert.equal((await key.get('/v1/api_keys')).status, 403);
    const listed = await admin.get('/v1/api_keys');
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(listed.body.data.find((k: { id: string }) => k.id === old.id).permissions, ['orders:read']);
    assert.equal((await shop.sandbox.get('/v1/orders')).status, 200);
  });

  test('without a credential, or with an unknown one, all three answer 401', async () => {
    for (const credential of [undefined, 'sk_test_unknownunknownunknownunknown12']) {
      const api = new Api(server.url, credential);
      for (const response of [
        await api.get('/v1/api_keys'),
        await api.post('/v1/api_keys', { name: 'x', environment: 'sandbox' }),
        await api.post('/v1/api_keys/key_x/revoke'),
      ]) {
        assert.equal(response.status, 401);
        assert.equal(response.body.error.code, credential === undefined ? 'missing_credentials' : 'invalid_credentials');
      }
    }
  });

  test('invalid bodies answer 400 naming the field, and create nothing', async () => {
    const { admin } = await shopWithAdmin();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ environment: 'sandbox' }, 'parameter_missing', 'name'],
      [{ name: '   ', environment: 'sandbox' }, 'parameter_invalid', 'name'],
      [{ name: '', environment: 'sandbox' }, 'parameter_invalid', 'name'],
      [{ name: 'x'.repeat(101), environment: 'sandbox' }, 'parameter_invalid', 'name'],
      [{ name: 42, environment: 'sandbox' }, 'parameter_invalid', 'name'],
      [{ name: 'Till' }, 'parameter_missing', 'environment'],
      [{ name: 'Till', environment: 'staging' }, 'parameter_invalid', 'environment'],
      [{ name: 'Till', environment: 'sandbox', permissions: ['orders:read', 'refunds:write'] }, 'parameter_invalid', 'permissions[1]'],
      [{ name: 'Till', environment: 'sandbox', permissions: [] }, 'parameter_invalid', 'permissions'],
      [{ name: 'Till', environment: 'sandbox', permissions: ['orders:read', 'orders:read'] }, 'parameter_invalid', 'permissions'],
      [{ name: 'Till', environment: 'sandbox', permissions: 'orders:read' }, 'parameter_invalid', 'permissions'],
      [{ name: 'Till', environment: 'sandbox', key: 'sk_test_chosenchosenchosenchosenchosen' }, 'parameter_unknown', 'key'],
    ];
    for (const [body, code, param] of cases) {
      const response = await admin.post('/v1/api_keys', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.error.code, code, JSON.stringify(response.body));
      assert.equal(response.body.error.param, param, JSON.stringify(response.body));
    }
    assert.ok((await admin.post('/v1/api_keys', { name: 'x'.repeat(100), environment: 'sandbox' })).status === 201, '100 characters is fine');
    assert.equal((await admin.get('/v1/api_keys')).body.pagination.total, 3);
  });

  test('creation ignores Idempotency-Key: sent twice it makes two keys, and no idempotency record holds a key', async () => {
    const { shop, admin } = await shopWithAdmin();
    const headers = { 'idempotency-key': 'create-key-1' };
    const first = await admin.post('/v1/api_keys', { name: 'Retry', environment: 'sandbox' }, headers);
    const second = await admin.post('/v1/api_keys', { name: 'Retry', environment: 'sandbox' }, headers);
    for (const response of [first, second]) {
      assert.equal(response.status, 201);
      assert.equal(response.headers.get('idempotent-replayed'), null);
    }
    assert.notEqual(first.body.id, second.body.id);
    assert.notEqual(first.body.key, second.body.key);
    for (const key of [first.body.key, second.body.key]) assert.equal((await new Api(server.url, key).get('/v1/orders')).status, 200);

    const records = await server.db.kysely.selectFrom('idempotency_keys').selectAll().where('merchant_id', '=', shop.merchantId).execute();
    assert.deepEqual(records, [], 'nothing was recorded for the creations');
    const everything = JSON.stringify(await server.db.kysely.selectFrom('idempotency_keys').selectAll().execute());
    for (const key of [first.body.key, second.body.key]) assert.ok(!everything.includes(key.slice(8)));

    // Revoking is an ordinary POST: a retry with its key is replayed.
    const revoke = await admin.post(`/v1/api_keys/${first.body.id}/revoke`, undefined, { 'idempotency-key': 'revoke-1' });
    const replay = await admin.post(`/v1/api_keys/${first.body.id}/revoke`, undefined, { 'idempotency-key': 'revoke-1' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, revoke.body);
  });
});
