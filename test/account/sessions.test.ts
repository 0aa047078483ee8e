/**
 * Sign-ins a user can see and end, the password change, an admin's "sign out everywhere", and the
 * maximum age of a sign-in: over real HTTP, through the real OAuth flow, on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createUser } from '../../src/auth/users.js';
import type { Role } from '../../src/db/schema.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { authorizationRequest, REDIRECT_URI, registerClient, submitSignIn } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError } from '../orders/support.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SESSION_FIELDS = ['client', 'created_at', 'current', 'device', 'ended_at', 'environment', 'expires_at', 'id', 'ip_address', 'last_used_at', 'user_agent'];
const DAY_MS = 86_400_000;

interface Device {
  api: Api;
  accessToken: string;
  refreshToken: string;
  userAgent: string;
}

/** Signs in through the OAuth flow as an app on a device would: the sign-in page and the token request both carry its User-Agent. */
async function signInOn(server: TestServer, credentials: { email: string; password: string }, clientId: string, userAgent: string): Promise<Device> {
  const { verifier, url } = await authorizationRequest(server, { clientId, environment: 'sandbox' });
  const submitted = await submitSignIn(url, credentials.email, credentials.password, { 'user-agent': userAgent });
  assert.ok(submitted.location, `sign-in did not redirect (${submitted.status})`);
  const response = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: submitted.location.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: clientId,
    }),
  });
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  assert.equal(response.status, 200, JSON.stringify(tokens));
  return { api: new Api(server.url, tokens.access_token), accessToken: tokens.access_token, refreshToken: tokens.refresh_token, userAgent };
}

/** `POST /v1/auth/refresh` as the device does it; on success the device holds the new tokens. */
async function refresh(server: TestServer, device: Device, userAgent = device.userAgent) {
  const response = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: device.refreshToken }, { 'user-agent': userAgent });
  if (response.status === 200) {
    device.accessToken = response.body.access_token;
    device.refreshToken = response.body.refresh_token;
    device.api = new Api(server.url, response.body.access_token);
    device.userAgent = userAgent;
  }
  return response;
}

/** Both of a device's credentials answer 401 credential_revoked: the access token on /v1, the refresh token on refresh. */
async function assertSignedOut(server: TestServer, device: Device, who: string) {
  const access = await device.api.get('/v1/account');
  assertError(access, 401, 'credential_revoked');
  assertError(await refresh(server, device), 401, 'credential_revoked');
  assert.equal(access.headers.get('www-authenticate'), 'Bearer realm="till", error="invalid_token"', who);
}

const sessionIds = (list: { body: { data: Array<{ id: string }> } }) => list.body.data.map((s) => s.id);

describeEachBackend('Account: sign-ins and password', (backend) => {
  let server: TestServer;
  let register: string;
  let backOffice: string;
  before(async () => {
    server = await startTestServer(backend);
    register = (await registerClient(server)).id;
    backOffice = (await registerClient(server)).id;
    await server.db.kysely.updateTable('oauth_clients').set({ name: 'Back office' }).where('id', '=', backOffice).execute();
  });
  after(() => server.close());

  async function userOf(shop: TestMerchant, role: Role) {
    const email = `${role}-${randomBase62(10).toLowerCase()}@example.com`;
    const password = `pw-${randomBase62(16)}`;
    const user = await createUser(server.db, server.clock, { merchantId: shop.merchantId, email, password, role });
    return { id: user.id, email, password };
  }

  test('the list shows each sign-in with its client, device, address and times; the current one is marked; a refresh updates last use', async () => {
    const shop = await createTestMerchant(server);
    const phone = await signInOn(server, shop, register, IPHONE);
    const phoneStarted = server.clock.now().toISOString();
    server.clock.advance(60_000);
    const laptop = await signInOn(server, shop, backOffice, MAC_CHROME);
    const laptopStarted = server.clock.now().toISOString();

    const list = await phone.api.get('/v1/account/sessions');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual(list.body.pagination, { total: 2, page: 1, per_page: 20, has_more: false });
    const [newest, oldest] = list.body.data;
    for (const session of list.body.data) {
      assert.deepEqual(Object.keys(session).sort(), SESSION_FIELDS);
      assert.match(session.id, /^ses_[0-9A-Za-z]{24}$/);
      assert.equal(session.ip_address, '127.0.0.1');
      assert.equal(session.environment, 'sandbox');
      assert.equal(session.ended_at, null);
    }
    assert.deepEqual(newest.client, { id: backOffice, name: 'Back office' });
    assert.equal(newest.device, 'Chrome on macOS');
    assert.equal(newest.user_agent, MAC_CHROME);
    assert.equal(newest.created_at, laptopStarted);
    assert.equal(newest.last_used_at, laptopStarted);
    assert.equal(newest.expires_at, new Date(Date.parse(laptopStarted) + 30 * DAY_MS).toISOString(), 'a refresh token lasts 30 days');
    assert.equal(newest.current, false);
    assert.deepEqual(oldest.client, { id: register, name: 'Till Register' });
    assert.equal(oldest.device, 'Safari on iOS');
    assert.equal(oldest.created_at, phoneStarted);
    assert.equal(oldest.current, true, 'the sign-in making the request');
    assert.equal((await laptop.api.get('/v1/account/sessions')).body.data.find((s: { current: boolean }) => s.current).id, newest.id);
    assert.doesNotMatch(JSON.stringify(list.body), /rt_|eyJ/, 'no token is shown');

    // A refresh is a use: its time, user agent and address replace the last ones. Requests are not.
    server.clock.advance(3_600_000);
    assert.equal((await refresh(server, phone, 'TillRegister/2.1 (iPhone; iOS 17.4)')).status, 200);
    const refreshedAt = server.clock.now().toISOString();
    server.clock.advance(5_000);
    assert.equal((await phone.api.get('/v1/orders')).status, 200);
    const after = (await phone.api.get('/v1/account/sessions')).body.data.find((s: { id: string }) => s.id === oldest.id);
    assert.equal(after.last_used_at, refreshedAt);
    assert.equal(after.created_at, phoneStarted);
    assert.equal(after.user_agent, 'TillRegister/2.1 (iPhone; iOS 17.4)');
    assert.equal(after.device, 'TillRegister 2.1 on iOS');

    // Only one's own sign-ins: another user of the shop, and another shop, have their own lists.
    const cashier = await userOf(shop, 'cashier');
    const cashierPhone = await signInOn(server, cashier, register, IPHONE);
    const theirs = await cashierPhone.api.get('/v1/account/sessions');
    assert.equal(theirs.body.data.length, 1);
    assert.equal(theirs.body.data[0].current, true);
    assert.deepEqual(sessionIds(await phone.api.get('/v1/account/sessions')), [newest.id, oldest.id]);
    assert.deepEqual((await phone.api.get('/v1/account/sessions?per_page=1&page=2')).body.pagination, { total: 2, page: 2, per_page: 1, has_more: false });
  });

  test('ending a sign-in: its access and refresh tokens answer 401 on the next request; another user\'s sign-in is 404', async () => {
    const shop = await createTestMerchant(server);
    const phone = await signInOn(server, shop, register, IPHONE);
    const laptop = await signInOn(server, shop, backOffice, MAC_CHROME);
    const laptopId = (await laptop.api.get('/v1/account/sessions')).body.data.find((s: { current: boolean }) => s.current).id;

    const other = await createTestMerchant(server);
    const stranger = await signInOn(server, other, register, MAC_CHROME);
    const strangerId = (await stranger.api.get('/v1/account/sessions')).body.data[0].id;
    const colleague = await signInOn(server, await userOf(shop, 'admin'), register, MAC_CHROME);
    const colleagueId = (await colleague.api.get('/v1/account/sessions')).body.data[0].id;
    for (const id of [strangerId, colleagueId, 'ses_unknown']) {
      assertError(await phone.api.request('DELETE', `/v1/account/sessions/${id}`), 404, 'resource_not_found', 'id');
    }
    assert.equal((await stranger.api.get('/v1/account')).status, 200, "another merchant's sign-in goes on");
    assert.equal((await colleague.api.get('/v1/account')).status, 200, "a colleague's sign-in goes on");

    server.clock.advance(1000);
    const ended = await phone.api.request('DELETE', `/v1/account/sessions/${laptopId}`);
    assert.equal(ended.status, 200, JSON.stringify(ended.body));
    assert.deepEqual(Object.keys(ended.body).sort(), SESSION_FIELDS);
    assert.equal(ended.body.id, laptopId);
    assert.equal(ended.body.ended_at, server.clock.now().toISOString());
    assert.equal(ended.body.current, false);
    await assertSignedOut(server, laptop, 'the ended sign-in');
    const remaining = await phone.api.get('/v1/account/sessions');
    assert.equal(remaining.body.data.length, 1, 'the ended sign-in is no longer listed');
    assert.equal(remaining.body.data[0].current, true);
    assertError(await phone.api.request('DELETE', `/v1/account/sessions/${laptopId}`), 404, 'resource_not_found', 'id');

    // Ending the current sign-in is signing out.
    const phoneId = (await phone.api.get('/v1/account/sessions')).body.data[0].id;
    const self = await phone.api.request('DELETE', `/v1/account/sessions/${phoneId}`);
    assert.equal(self.status, 200);
    assert.equal(self.body.current, true);
    await assertSignedOut(server, phone, 'the current sign-in');
  });

  test('API keys have no sign-ins and no password: 403; without a credential: 401', async () => {
    const shop = await createTestMerchant(server);
    for (const api of [shop.sandbox, shop.production]) {
      for (const response of [
        await api.get('/v1/account/sessions'),
        await api.request('DELETE', '/v1/account/sessions/ses_x'),
        await api.post('/v1/account/password', { current_password: shop.password, new_password: 'a-new-password-1' }),
      ]) {
        assertError(response, 403, 'insufficient_permissions', null);
        assert.match(response.body.error.message, /API key/);
      }
    }
    assertError(await new Api(server.url, undefined).get('/v1/account/sessions'), 401, 'missing_credentials');
    const hash = await server.db.kysely.selectFrom('users').select('password_hash').where('id', '=', shop.userId).executeTakeFirstOrThrow();
    assert.equal((await signInOn(server, shop, register, IPHONE)).refreshToken.startsWith('rt_'), true, 'the password is unchanged');
    assert.ok(hash.password_hash.startsWith('$argon2id$'));
  });

  test('a wrong current password, a short or unchanged new one: refused, and nothing changes', async () => {
    const shop = await createTestMerchant(server);
    const phone = await signInOn(server, shop, register, IPHONE);
    const laptop = await signInOn(server, shop, backOffice, MAC_CHROME);
    const hashBefore = (await server.db.kysely.selectFrom('users').select(['password_hash', 'updated_at']).where('id', '=', shop.userId).executeTakeFirstOrThrow());

    const wrong = await phone.api.post('/v1/account/password', { current_password: `${shop.password}x`, new_password: 'a-new-password-1' });
    assertError(wrong, 400, 'incorrect_password', 'current_password');
    assert.match(wrong.body.error.message, /current password/);
    const short = await phone.api.post('/v1/account/password', { current_password: shop.password, new_password: 'short' });
    assertError(short, 400, 'parameter_invalid', 'new_password');
    assert.match(short.body.error.message, /at least 10 characters/);
    assertError(await phone.api.post('/v1/account/password', { current_password: shop.password, new_password: shop.password }), 400, 'parameter_invalid', 'new_password');
    assertError(await phone.api.post('/v1/account/password', { new_password: 'a-new-password-1' }), 400, 'parameter_missing', 'current_password');
    assertError(await phone.api.post('/v1/account/password', { current_password: shop.password, new_password: 'a-new-password-1', email: 'x@example.com' }), 400, 'parameter_unknown', 'email');

    const hashAfter = await server.db.kysely.selectFrom('users').select(['password_hash', 'updated_at']).where('id', '=', shop.userId).executeTakeFirstOrThrow();
    assert.deepEqual(hashAfter, hashBefore);
    assert.equal((await laptop.api.get('/v1/account')).status, 200, 'the other sign-in goes on');
    assert.equal((await refresh(server, laptop)).status, 200);
    assert.equal((await phone.api.get('/v1/account/sessions')).body.data.length, 2);
    assert.ok((await signInOn(server, shop, register, IPHONE)).accessToken, 'the old password still signs in');
  });

  test('a password change keeps the current sign-in, ends every other one, and the new password is the one that signs in', async () => {
    const shop = await createTestMerchant(server);
    const phone = await signInOn(server, shop, register, IPHONE);
    const laptop = await signInOn(server, shop, backOffice, MAC_CHROME);
    const tablet = await signInOn(server, shop, register, IPHONE);
    const colleague = await signInOn(server, await userOf(shop, 'manager'), register, IPHONE);
    const newPassword = `new-${randomBase62(12)}`;

    const changed = await phone.api.post('/v1/account/password', { current_password: shop.password, new_password: newPassword }, { 'idempotency-key': 'change-1' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(changed.body, { user: { id: shop.userId, email: shop.email, role: 'admin' }, sessions_ended: 2 });
    assert.equal(changed.headers.get('cache-control'), 'no-store');
    assert.equal(changed.headers.get('idempotent-replayed'), null);

    await assertSignedOut(server, laptop, 'the laptop');
    await assertSignedOut(server, tablet, 'the tablet');
    assert.equal((await phone.api.get('/v1/account')).status, 200, 'the sign-in that made the change goes on');
    assert.equal((await refresh(server, phone)).status, 200);
    const left = await phone.api.get('/v1/account/sessions');
    assert.equal(left.body.data.length, 1);
    assert.equal(left.body.data[0].current, true);
    assert.equal((await colleague.api.get('/v1/account')).status, 200, "another user's sign-in is not touched");

    const stored = await server.db.kysely.selectFrom('users').select('password_hash').where('id', '=', shop.userId).executeTakeFirstOrThrow();
    assert.ok(stored.password_hash.startsWith('$argon2id$'));
    assert.ok(!stored.password_hash.includes(newPassword));
    const { url } = await authorizationRequest(server, { clientId: register });
    assert.equal((await submitSignIn(url, shop.email, shop.password)).status, 401, 'the old password no longer signs in');
    assert.ok((await signInOn(server, { email: shop.email, password: newPassword }, register, IPHONE)).accessToken);

    // A retry with the same key is not replayed: the password it names is no longer the current one.
    assertError(await phone.api.post('/v1/account/password', { current_password: shop.password, new_password: newPassword }, { 'idempotency-key': 'change-1' }), 400, 'incorrect_password', 'current_password');
  });

  test('an admin signs a user out everywhere and gets the user; managers, cashiers and API keys are refused; other shops\' users are 404', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signInOn(server, shop, backOffice, MAC_CHROME);
    const cashier = await userOf(shop, 'cashier');
    const cashierPhone = await signInOn(server, cashier, register, IPHONE);
    const cashierTablet = await signInOn(server, cashier, register, IPHONE);
    const manager = await signInOn(server, await userOf(shop, 'manager'), register, IPHONE);

    for (const [who, api] of [['manager', manager.api], ['cashier', cashierPhone.api], ['API key', shop.sandbox]] as const) {
      const refused = await api.post(`/v1/users/${cashier.id}/sign_out`);
      assertError(refused, 403, 'insufficient_permissions', null);
      assert.match(refused.body.error.message, /admin/, who);
    }
    assert.equal((await cashierPhone.api.get('/v1/account')).status, 200, 'nothing ended');

    const other = await createTestMerchant(server);
    const otherUser = await signInOn(server, await userOf(other, 'cashier'), register, IPHONE);
    const otherUserId = (await otherUser.api.get('/v1/account')).body.user.id;
    assertError(await admin.api.post(`/v1/users/${otherUserId}/sign_out`), 404, 'resource_not_found', 'id');
    assertError(await admin.api.post('/v1/users/usr_unknown/sign_out'), 404, 'resource_not_found', 'id');
    assert.equal((await otherUser.api.get('/v1/account')).status, 200);
    assertError(await admin.api.post(`/v1/users/${cashier.id}/sign_out`, { everywhere: true }), 400, 'parameter_unknown', 'everywhere');

    const signedOut = await admin.api.post(`/v1/users/${cashier.id}/sign_out`);
    assert.equal(signedOut.status, 200, JSON.stringify(signedOut.body));
    assert.deepEqual(Object.keys(signedOut.body).sort(), ['created_at', 'email', 'id', 'removed_at', 'role']);
    assert.equal(signedOut.body.id, cashier.id);
    assert.equal(signedOut.body.removed_at, null);
    await assertSignedOut(server, cashierPhone, 'the phone');
    await assertSignedOut(server, cashierTablet, 'the tablet');
    assert.equal((await admin.api.get('/v1/account')).status, 200, "the admin's own sign-in goes on");
    assert.equal((await manager.api.get('/v1/account')).status, 200);
    assert.ok((await signInOn(server, cashier, register, IPHONE)).accessToken, 'the user can sign in again');

    // Signing oneself out everywhere ends the sign-in making the request too.
    const ownId = (await admin.api.get('/v1/account')).body.user.id;
    const self = await admin.api.post(`/v1/users/${ownId}/sign_out`);
    assert.equal(self.status, 200, JSON.stringify(self.body));
    assert.equal(self.body.id, ownId);
    await assertSignedOut(server, admin, "the admin's own sign-in");
  });
});

describeEachBackend('Account: limits on sign-ins and password guesses', (backend) => {
  test('a sign-in ends SESSION_MAX_AGE_DAYS after it started, however often it is refreshed', async () => {
    const server = await startTestServer(backend, { SESSION_MAX_AGE_DAYS: '2' });
    try {
      const client = (await registerClient(server)).id;
      const shop = await createTestMerchant(server);
      const started = server.clock.now().getTime();
      const phone = await signInOn(server, shop, client, IPHONE);
      assert.equal((await phone.api.get('/v1/account/sessions')).body.data[0].expires_at, new Date(started + 2 * DAY_MS).toISOString());
      server.clock.advance(DAY_MS);
      const laptop = await signInOn(server, shop, client, MAC_CHROME);
      // Refreshed every 11 hours, as an app in daily use does, up to the last minute of the second day.
      for (let hours = 35; hours < 48; hours += 11) {
        server.clock.set(new Date(started + hours * 3_600_000).toISOString());
        assert.equal((await refresh(server, phone)).status, 200, `refresh after ${hours} hours`);
      }
      server.clock.set(new Date(started + 2 * DAY_MS - 60_000).toISOString());
      assert.equal((await refresh(server, phone)).status, 200, 'a minute before the end');
      assert.equal((await phone.api.get('/v1/account')).status, 200);

      server.clock.set(new Date(started + 2 * DAY_MS).toISOString());
      const lastAccess = await phone.api.get('/v1/account');
      assertError(lastAccess, 401, 'credential_revoked');
      const refused = await refresh(server, phone);
      assertError(refused, 401, 'credential_revoked');
      assert.match(refused.body.error.message, /maximum age/);
      assert.equal((await refresh(server, laptop)).status, 200, 'a younger sign-in goes on');
      const list = await laptop.api.get('/v1/account/sessions');
      assert.equal(list.body.data.length, 1, 'the ended sign-in is no longer listed');
      assert.equal(list.body.data[0].current, true);
    } finally {
      await server.close();
    }
  });

  test('a wrong current password counts as a failed sign-in: past the account limit, the change and the sign-in page wait', async () => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '3' });
    try {
      const client = (await registerClient(server)).id;
      const shop = await createTestMerchant(server);
      const phone = await signInOn(server, shop, client, IPHONE);
      for (let attempt = 0; attempt < 3; attempt++) {
        assertError(await phone.api.post('/v1/account/password', { current_password: `guess-${attempt}-xxxx`, new_password: 'a-new-password-1' }), 400, 'incorrect_password', 'current_password');
      }
      const blocked = await phone.api.post('/v1/account/password', { current_password: shop.password, new_password: 'a-new-password-1' });
      assertError(blocked, 429, 'rate_limited');
      assert.ok(Number(blocked.headers.get('retry-after')) > 0);
      const { url } = await authorizationRequest(server, { clientId: client });
      assert.equal((await submitSignIn(url, shop.email, shop.password)).status, 429, 'the sign-in page counts the same failures');
      const hash = await server.db.kysely.selectFrom('users').select('password_hash').where('id', '=', shop.userId).executeTakeFirstOrThrow();
      assert.ok(hash.password_hash.startsWith('$argon2id$'));
      assert.equal((await phone.api.get('/v1/account')).status, 200, 'guessing does not end the sign-in');
    } finally {
      await server.close();
    }
  });
});
