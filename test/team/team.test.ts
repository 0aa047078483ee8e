/**
 * The Team API: who may call it, what it answers, and the rules that keep a merchant with an admin.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn, signInAs } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError } from '../orders/support.js';

const USER_FIELDS = ['created_at', 'email', 'id', 'removed_at', 'role'];

describeEachBackend('Team API', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  async function shopWithAdmin(): Promise<{ shop: TestMerchant; admin: Api; adminId: string }> {
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, { email: shop.email, password: shop.password }, { environment: 'sandbox' });
    return { shop, admin: signedIn.api, adminId: shop.userId };
  }

  const del = (api: Api, id: string) => api.request('DELETE', `/v1/users/${id}`);

  test('an admin adds a user who then signs in with the initial password; the list shows the team, never a password', async () => {
    const { shop, admin, adminId } = await shopWithAdmin();
    server.clock.advance(1000);
    const created = await admin.post('/v1/users', { email: '  New.Cashier@Example.com ', password: 'initial-pass-1', role: 'cashier' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(Object.keys(created.body).sort(), USER_FIELDS);
    assert.match(created.body.id, /^usr_[0-9A-Za-z]{24}$/);
    assert.equal(created.body.email, 'new.cashier@example.com');
    assert.equal(created.body.role, 'cashier');
    assert.equal(created.body.removed_at, null);

    // The initial password is temporary: the first sign-in asks the cashier for their own.
    const cashier = await signIn(server, { email: 'new.cashier@example.com', password: 'initial-pass-1' }, { newPassword: 'my-own-pass-1' });
    const account = await cashier.api.get('/v1/account');
    assert.deepEqual(account.body.user, { id: created.body.id, email: 'new.cashier@example.com', role: 'cashier' });
    assert.equal(account.body.id, shop.merchantId);

    const list = await admin.get('/v1/users?per_page=1');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.pagination, { total: 2, page: 1, per_page: 1, has_more: true });
    assert.equal(list.body.data[0].id, created.body.id, 'newest first');
    const all = await admin.get('/v1/users');
    assert.deepEqual(all.body.data.map((u: { id: string }) => u.id), [created.body.id, adminId]);
    for (const user of all.body.data) assert.deepEqual(Object.keys(user).sort(), USER_FIELDS);
    assert.doesNotMatch(JSON.stringify(all.body), /argon2|password/i);

    // Another merchant's team is not shown.
    const other = await shopWithAdmin();
    assert.deepEqual((await other.admin.get('/v1/users')).body.data.map((u: { id: string }) => u.id), [other.adminId]);
  });

  test('only a signed-in admin: API keys of any permissions, managers and cashiers get 403', async () => {
    const { shop } = await shopWithAdmin();
    const manager = await signInAs(server, shop, 'manager');
    const cashier = await signInAs(server, shop, 'cashier');
    const body = { email: 'x@example.com', password: 'long-enough-1', role: 'cashier' };
    for (const [who, api] of [['sk_live key', shop.production], ['sk_test key', shop.sandbox], ['manager', manager.api], ['cashier', cashier.api]] as const) {
      for (const response of [await api.get('/v1/users'), await api.post('/v1/users', body), await api.patch(`/v1/users/${shop.userId}`, { role: 'cashier' }), await del(api, shop.userId)]) {
        assertError(response, 403, 'insufficient_permissions', null);
        assert.match(response.body.error.message, /admin/, who);
      }
    }
    assertError(await new Api(server.url, undefined).get('/v1/users'), 401, 'missing_credentials');
    const rows = await server.db.kysely.selectFrom('users').select(['id', 'role', 'removed_at']).where('merchant_id', '=', shop.merchantId).execute();
    assert.equal(rows.find((r) => r.id === shop.userId)?.role, 'admin', 'nothing changed');
    assert.equal(rows.length, 3);
  });

  test('refusals: a taken e-mail, a short password, an unknown role, unknown fields', async () => {
    const { shop, admin } = await shopWithAdmin();
    const other = await createTestMerchant(server);
    assertError(await admin.post('/v1/users', { email: shop.email, password: 'long-enough-1', role: 'cashier' }), 400, 'parameter_invalid', 'email');
    assertError(await admin.post('/v1/users', { email: other.email.toUpperCase(), password: 'long-enough-1', role: 'cashier' }), 400, 'parameter_invalid', 'email');
    assertError(await admin.post('/v1/users', { email: 'not-an-email', password: 'long-enough-1', role: 'cashier' }), 400, 'parameter_invalid', 'email');
    const short = await admin.post('/v1/users', { email: 'short@example.com', password: 'short', role: 'cashier' });
    assertError(short, 400, 'parameter_invalid', 'password');
    assert.match(short.body.error.message, /at least 10 characters/);
    assertError(await admin.post('/v1/users', { email: 'r@example.com', password: 'long-enough-1', role: 'owner' }), 400, 'parameter_invalid', 'role');
    assertError(await admin.post('/v1/users', { email: 'r@example.com', password: 'long-enough-1', role: 'cashier', name: 'x' }), 400, 'parameter_unknown', 'name');
    assertError(await admin.post('/v1/users', { email: 'r@example.com', role: 'cashier' }), 400, 'parameter_missing', 'password');
    assertError(await admin.patch(`/v1/users/${shop.userId}`, {}), 400, 'parameter_missing', 'role');
    assert.equal((await admin.get('/v1/users')).body.pagination.total, 1, 'nobody was added');
  });

  test('changing a role takes effect on the user\'s tokens; an admin cannot demote or remove themselves', async () => {
    const { shop, admin, adminId } = await shopWithAdmin();
    const manager = await signInAs(server, shop, 'manager');
    assert.equal((await manager.api.get('/v1/customers')).status, 200);

    const demoted = await admin.patch(`/v1/users/${manager.userId}`, { role: 'cashier' });
    assert.equal(demoted.status, 200, JSON.stringify(demoted.body));
    assert.equal(demoted.body.role, 'cashier');
    assert.deepEqual(Object.keys(demoted.body).sort(), USER_FIELDS);
    assertError(await manager.api.post('/v1/customers', { name: 'Ada' }), 403, 'insufficient_permissions');
    assert.equal((await manager.api.get('/v1/account')).body.user.role, 'cashier');

    for (const role of ['manager', 'cashier']) {
      const self = await admin.patch(`/v1/users/${adminId}`, { role });
      assertError(self, 400, 'parameter_invalid', 'role');
      assert.match(self.body.error.message, /own role/);
    }
    assert.equal((await admin.patch(`/v1/users/${adminId}`, { role: 'admin' })).status, 200, 'keeping one\'s own role is no change');
    const selfRemoval = await del(admin, adminId);
    assertError(selfRemoval, 400, 'parameter_invalid', 'id');
    assert.match(selfRemoval.body.error.message, /remove yourself/);
    assert.equal((await admin.get('/v1/account')).body.user.role, 'admin');

    // A promoted user is an admin for the Team API at once.
    const promoted = await admin.patch(`/v1/users/${manager.userId}`, { role: 'admin' });
    assert.equal(promoted.body.role, 'admin');
    assert.equal((await manager.api.get('/v1/users')).status, 200);
  });

  test('removing a user ends their sign-ins at once; they are no longer listed; removing again is 404', async () => {
    const { shop, admin } = await shopWithAdmin();
    const cashier = await signInAs(server, shop, 'cashier');
    assert.equal((await cashier.api.get('/v1/orders')).status, 200);
    const removed = await del(admin, cashier.userId);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(removed.body.id, cashier.userId);
    assert.equal(removed.body.removed_at, server.clock.now().toISOString());
    assertError(await cashier.api.get('/v1/orders'), 401, 'credential_revoked');
    assertError(await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: cashier.refreshToken }), 401, 'credential_revoked');
    assert.deepEqual((await admin.get('/v1/users')).body.data.map((u: { id: string }) => u.id), [shop.userId]);
    assertError(await del(admin, cashier.userId), 404, 'resource_not_found', 'id');
    assertError(await admin.patch(`/v1/users/${cashier.userId}`, { role: 'manager' }), 404, 'resource_not_found', 'id');
  });

  test("another merchant's user is 404, and stays untouched", async () => {
    const { admin } = await shopWithAdmin();
    const other = await createTestMerchant(server);
    const theirs = await signInAs(server, other, 'cashier');
    assertError(await admin.patch(`/v1/users/${theirs.userId}`, { role: 'admin' }), 404, 'resource_not_found', 'id');
    assertError(await del(admin, theirs.userId), 404, 'resource_not_found', 'id');
    assertError(await del(admin, 'usr_missing'), 404, 'resource_not_found', 'id');
    assert.equal((await theirs.api.get('/v1/account')).body.user.role, 'cashier');
  });

  test('two admins demoting each other at once: one wins, the merchant keeps an admin', async () => {
    const { shop, admin, adminId } = await shopWithAdmin();
    const second = await signInAs(server, shop, 'admin');
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([admin.patch(`/v1/users/${second.userId}`, { role: 'cashier' }), second.api.patch(`/v1/users/${adminId}`, { role: 'cashier' })]);
      const statuses = [a.status, b.status].sort();
      assert.deepEqual(statuses, [200, 403], `${JSON.stringify(a.body)} ${JSON.stringify(b.body)}`);
      const admins = await server.db.kysely.selectFrom('users').select('id').where('merchant_id', '=', shop.merchantId).where('role', '=', 'admin').execute();
      assert.equal(admins.length, 1);
      // Put the loser back for the next round, by the winner.
      const winner = a.status === 200 ? admin : second.api;
      const loserId = a.status === 200 ? second.userId : adminId;
      assert.equal((await winner.patch(`/v1/users/${loserId}`, { role: 'admin' })).status, 200);
    }
  });

  test('Idempotency-Key on Add a user: replayed without doing it twice, and nothing derived from the password is stored', async () => {
    const { shop, admin } = await shopWithAdmin();
    const body = { email: 'replay@example.com', password: 'secret-initial-42', role: 'manager' };
    const headers = { 'idempotency-key': 'add-replay-1' };
    const first = await admin.post('/v1/users', body, headers);
    assert.equal(first.status, 201);
    const again = await admin.post('/v1/users', body, headers);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal((await admin.get('/v1/users')).body.pagination.total, 2);
    const stored = await server.db.kysely.selectFrom('idempotency_keys').selectAll().where('merchant_id', '=', shop.merchantId).execute();
    assert.equal(stored.length, 1);
    assert.doesNotMatch(JSON.stringify(stored), /secret-initial-42/);
    assert.equal(JSON.parse(stored[0]!.response_body!).email, 'replay@example.com');
    // The password is not part of the request's fingerprint: a retry with another one replays the
    // first answer (the first password stands) instead of answering idempotency_key_reused.
    const otherPassword = await admin.post('/v1/users', { ...body, password: 'another-password-43' }, headers);
    assert.equal(otherPassword.status, 201);
    assert.equal(otherPassword.headers.get('idempotent-replayed'), 'true');
    const otherEmail = await admin.post('/v1/users', { ...body, email: 'other@example.com' }, headers);
    assert.equal(otherEmail.status, 400);
    assert.equal(otherEmail.body.error.code, 'idempotency_key_reused');
  });
});
