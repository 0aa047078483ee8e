/**
 * The whole OAuth flow as a mobile app runs it, with openid-client: discovery, authorization with
 * PKCE, sign-in, code exchange, API calls, refresh, rotation, reuse detection and revocation.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { purgeExpiredGrants } from '../../src/auth/sessions.js';
import { sha256Hex } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { authorizationRequest, discover, REDIRECT_URI, registerClient, signIn, signInAs, submitSignIn } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

/** The OAuth error an openid-client call failed with (`invalid_grant`, ...). */
async function oauthError(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof client.ResponseBodyError) return error.error;
    throw error;
  }
  assert.fail('the call succeeded');
}

/** Up to the code: authorization URL with PKCE, sign-in, and the redirect back to the app. */
async function authorize(server: TestServer, shop: { email: string; password: string }, state: string) {
  const { clientId, config, verifier, url } = await authorizationRequest(server, { state });
  const { location } = await submitSignIn(url, shop.email, shop.password);
  assert.ok(location, 'the sign-in redirected to the app');
  return { clientId, config, verifier, location, checks: { pkceCodeVerifier: verifier, expectedState: state } };
}

describeEachBackend('OAuth 2.0 with PKCE, driven by openid-client', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('discovery: RFC 8414 metadata names every endpoint, PKCE S256 only, public clients only', async () => {
    const { id } = await registerClient(server);
    const metadata = (await discover(server, id)).serverMetadata();
    assert.equal(metadata.issuer, server.url);
    assert.equal(metadata.authorization_endpoint, `${server.url}/oauth/authorize`);
    assert.equal(metadata.token_endpoint, `${server.url}/oauth/token`);
    assert.equal(metadata.revocation_endpoint, `${server.url}/oauth/revoke`);
    assert.equal(metadata.jwks_uri, `${server.url}/.well-known/jwks.json`);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(metadata.grant_types_supported, ['authorization_code', 'refresh_token']);
    assert.deepEqual(metadata.token_endpoint_auth_methods_supported, ['none']);
  });

  test('a mobile app signs in, calls /v1/orders with the access token, and gets the claims of the spec', async () => {
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, { email: shop.email, password: shop.password });
    assert.equal(signedIn.tokens.token_type.toLowerCase(), 'bearer');
    assert.equal(signedIn.tokens.expires_in, 3600);
    assert.match(signedIn.refreshToken, /^rt_[0-9A-Za-z]{43}$/);

    const orders = await signedIn.api.get('/v1/orders');
    assert.equal(orders.status, 200, JSON.stringify(orders.body));

    const header = decodeProtectedHeader(signedIn.accessToken);
    assert.equal(header.alg, 'ES256');
    assert.match(String(header.kid), /^sig_/);
    const claims = decodeJwt(signedIn.accessToken);
    assert.equal(claims.sub, shop.userId);
    assert.equal(claims.merchant_id, shop.merchantId);
    assert.equal(claims.role, 'admin');
    assert.equal(claims.env, 'production', 'production unless the authorize request asks for the sandbox');
    assert.equal(claims.iss, server.url);
    assert.equal(claims.exp! - claims.iat!, 3600);
    assert.ok(Math.abs(claims.iat! - server.clock.now().getTime() / 1000) < 5);
    assert.ok(Array.isArray(claims.permissions) && (claims.permissions as string[]).includes('api_keys:write'));
  });

  test("the token's env picks the data set, as a key's prefix does", async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { name: 'Tea', price: 300, inventory: 5 });
    const order = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
    assert.equal(order.status, 201);
    const sandbox = await signIn(server, shop, { environment: 'sandbox' });
    const production = await signIn(server, shop, { environment: 'production' });
    assert.equal(decodeJwt(sandbox.accessToken).env, 'sandbox');
    assert.equal((await sandbox.api.get(`/v1/orders/${order.body.id}`)).status, 200);
    assert.equal((await production.api.get(`/v1/orders/${order.body.id}`)).status, 404);
    // Kept through refresh.
    const refreshed = await client.refreshTokenGrant(sandbox.config, sandbox.refreshToken);
    assert.equal(decodeJwt(refreshed.access_token).env, 'sandbox');
  });

  test('issued tokens verify with jose against the published JWKS alone', async () => {
    const shop = await createTestMerchant(server);
    const { accessToken } = await signIn(server, shop);
    const jwks = createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, { issuer: server.url, algorithms: ['ES256'], currentDate: server.clock.now() });
    assert.equal(payload.sub, shop.userId);
    assert.equal(protectedHeader.typ, 'at+jwt');
    const published = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, unknown>> };
    assert.ok(published.keys.length >= 1);
    for (const key of published.keys) {
      assert.equal(key.kty, 'EC');
      assert.equal(key.crv, 'P-256');
      assert.equal(key.alg, 'ES256');
      assert.equal(key.d, undefined, 'no private part is published');
    }
  });

  test('refresh: a new pair each time; the rotated token is refused; the chain goes on', async () => {
    const shop = await createTestMerchant(server);
    const first = await signIn(server, shop);
    const second = await client.refreshTokenGrant(first.config, first.refreshToken);
    assert.notEqual(second.refresh_token, first.refreshToken);
    assert.notEqual(second.access_token, first.accessToken);
    assert.equal((await new Api(server.url, second.access_token).get('/v1/orders')).status, 200);

    // The old refresh token, within the grace period: refused, and nothing is revoked.
    assert.equal(await oauthError(client.refreshTokenGrant(first.config, first.refreshToken)), 'invalid_grant');
    const third = await client.refreshTokenGrant(first.config, second.refresh_token!);
    assert.equal((await new Api(server.url, third.access_token).get('/v1/orders')).status, 200);
    assert.equal((await new Api(server.url, second.access_token).get('/v1/orders')).status, 200, 'earlier access tokens live out their hour');
  });

  test('reuse after the grace period revokes the whole chain, access tokens included', async () => {
    const shop = await createTestMerchant(server);
    const first = await signIn(server, shop);
    const second = await client.refreshTokenGrant(first.config, first.refreshToken);
    server.clock.advance(11_000);
    assert.equal(await oauthError(client.refreshTokenGrant(first.config, first.refreshToken)), 'invalid_grant');
    // The thief's copy and the app's newest token are both dead now.
    assert.equal(await oauthError(client.refreshTokenGrant(first.config, second.refresh_token!)), 'invalid_grant');
    for (const token of [first.accessToken, second.access_token]) {
      const response = await new Api(server.url, token).get('/v1/orders');
      assert.equal(response.status, 401);
      assert.equal(response.body.error.code, 'credential_revoked');
    }
    // Another sign-in of the same user is not touched.
    const other = await signIn(server, shop);
    assert.equal((await other.api.get('/v1/orders')).status, 200);
  });

  test('POST /v1/auth/refresh: the JSON form of refresh, with the API error envelope', async () => {
    const shop = await createTestMerchant(server);
    const first = await signIn(server, shop);
    const anonymous = new Api(server.url, undefined);
    const refreshed = await anonymous.post('/v1/auth/refresh', { refresh_token: first.refreshToken });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.deepEqual(Object.keys(refreshed.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
    assert.equal(refreshed.body.token_type, 'Bearer');
    assert.equal(refreshed.body.expires_in, 3600);
    assert.equal(refreshed.headers.get('cache-control'), 'no-store');

    const again = await anonymous.post('/v1/auth/refresh', { refresh_token: first.refreshToken });
    assert.equal(again.status, 401);
    assert.equal(again.body.error.code, 'refresh_token_used');
    const unknown = await anonymous.post('/v1/auth/refresh', { refresh_token: 'rt_nothing' });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.error.code, 'invalid_credentials');
    const missing = await anonymous.post('/v1/auth/refresh', {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.param, 'refresh_token');

    server.clock.advance(31 * 86_400_000);
    const expired = await anonymous.post('/v1/auth/refresh', { refresh_token: refreshed.body.refresh_token });
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error.code, 'token_expired');
    server.clock.advance(-31 * 86_400_000);
  });

  test('two concurrent refreshes with one token: one success, one refusal, the chain intact', async () => {
    const shop = await createTestMerchant(server);
    const first = await signIn(server, shop);
    const anonymous = new Api(server.url, undefined);
    const answers = await Promise.all(Array.from({ length: 8 }, () => anonymous.post('/v1/auth/refresh', { refresh_token: first.refreshToken })));
    const won = answers.filter((a) => a.status === 200);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.status)));
    for (const lost of answers.filter((a) => a.status !== 200)) {
      assert.equal(lost.status, 401);
      assert.equal(lost.body.error.code, 'refresh_token_used');
    }
    const next = await anonymous.post('/v1/auth/refresh', { refresh_token: won[0]!.body.refresh_token });
    assert.equal(next.status, 200, 'the winner holds a live chain');
    assert.equal((await new Api(server.url, next.body.access_token).get('/v1/orders')).status, 200);
  });

  test('/oauth/revoke (RFC 7009) with openid-client ends the sign-in: refresh token and access tokens', async () => {
    const shop = await createTestMerchant(server);
    const byRefresh = await signIn(server, shop);
    await client.tokenRevocation(byRefresh.config, byRefresh.refreshToken);
    assert.equal((await byRefresh.api.get('/v1/orders')).status, 401);
    assert.equal(await oauthError(client.refreshTokenGrant(byRefresh.config, byRefresh.refreshToken)), 'invalid_grant');

    const byAccess = await signIn(server, shop);
    await client.tokenRevocation(byAccess.config, byAccess.accessToken);
    assert.equal((await byAccess.api.get('/v1/orders')).body.error.code, 'credential_revoked');
    assert.equal(await oauthError(client.refreshTokenGrant(byAccess.config, byAccess.refreshToken)), 'invalid_grant');

    // Unknown and already revoked tokens are answered 200 all the same.
    await client.tokenRevocation(byAccess.config, 'rt_unknown');
    await client.tokenRevocation(byAccess.config, byAccess.refreshToken);
  });

  test('a token of another client cannot be refreshed or revoked by this one', async () => {
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, shop);
    const other = await discover(server, (await registerClient(server)).id);
    assert.equal(await oauthError(client.refreshTokenGrant(other, signedIn.refreshToken)), 'invalid_grant');
    assert.equal(await oauthError(client.tokenRevocation(other, signedIn.refreshToken)), 'unauthorized_client');
    assert.equal((await signedIn.api.get('/v1/orders')).status, 200);
  });

  test('PKCE: a wrong verifier and a missing one are refused, and the code is spent either way', async () => {
    const shop = await createTestMerchant(server);
    const wrong = await authorize(server, shop, 's1');
    const otherVerifier = { ...wrong.checks, pkceCodeVerifier: client.randomPKCECodeVerifier() };
    assert.equal(await oauthError(client.authorizationCodeGrant(wrong.config, wrong.location, otherVerifier)), 'invalid_grant');
    assert.equal(await oauthError(client.authorizationCodeGrant(wrong.config, wrong.location, wrong.checks)), 'invalid_grant', 'one attempt per code');

    const missing = await authorize(server, shop, 's2');
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: missing.clientId, code: missing.location.searchParams.get('code')!, redirect_uri: REDIRECT_URI }),
    });
    assert.equal(token.status, 400);
    assert.deepEqual(await token.json(), { error: 'invalid_request', error_description: 'code_verifier is required.' });
  });

  test('an authorization request without PKCE S256 goes back to the app with invalid_request', async () => {
    const { id } = await registerClient(server);
    for (const [params, error] of [
      [{}, 'invalid_request'],
      [{ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const url = new URL(`${server.url}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: id, redirect_uri: REDIRECT_URI, state: 'st', ...params }).toString();
      const response = await fetch(url, { redirect: 'manual' });
      assert.equal(response.status, 303, JSON.stringify(params));
      const location = new URL(response.headers.get('location')!);
      assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
      assert.equal(location.searchParams.get('error'), error);
      assert.equal(location.searchParams.get('state'), 'st');
      assert.equal(location.searchParams.get('iss'), server.url);
    }
  });

  test('a code works once: a second use is refused and revokes what the first issued', async () => {
    const shop = await createTestMerchant(server);
    const { config, location, checks } = await authorize(server, shop, 'once');
    const tokens = await client.authorizationCodeGrant(config, location, checks);
    const api = new Api(server.url, tokens.access_token);
    assert.equal((await api.get('/v1/orders')).status, 200);
    assert.equal(await oauthError(client.authorizationCodeGrant(config, location, checks)), 'invalid_grant');
    assert.equal((await api.get('/v1/orders')).status, 401, 'the first exchange is revoked');
    assert.equal(await oauthError(client.refreshTokenGrant(config, tokens.refresh_token!)), 'invalid_grant');
  });

  test('a code lasts 60 seconds', async () => {
    const shop = await createTestMerchant(server);
    const { config, location, checks } = await authorize(server, shop, 'late');
    server.clock.advance(61_000);
    assert.equal(await oauthError(client.authorizationCodeGrant(config, location, checks)), 'invalid_grant');
  });

  test('redirect URIs match exactly (no trailing slash, no extra parameter), except any port on loopback', async () => {
    const shop = await createTestMerchant(server);
    const { id } = await registerClient(server, [REDIRECT_URI, 'com.example.till:/oauth/callback']);
    const authorize = (redirectUri: string) => {
      const url = new URL(`${server.url}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: id, redirect_uri: redirectUri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }).toString();
      return fetch(url, { redirect: 'manual' });
    };
    for (const refused of [`${REDIRECT_URI}/`, `${REDIRECT_URI}?extra=1`, 'http://127.0.0.2/callback', 'https://127.0.0.1/callback', 'com.example.till:/oauth/callback/', 'http://127.0.0.1:8080/callback/']) {
      const response = await authorize(refused);
      assert.equal(response.status, 400, refused);
      assert.equal(response.headers.get('location'), null, `${refused}: never redirected to`);
      assert.match(await response.text(), /redirect_uri of this sign-in link is not one that/);
    }
    for (const accepted of [REDIRECT_URI, 'http://127.0.0.1:51234/callback', 'com.example.till:/oauth/callback']) {
      assert.equal((await authorize(accepted)).status, 200, accepted);
    }
    // The whole flow through a loopback redirect on a port of the app's choosing.
    const signedIn = await signIn(server, shop, { clientId: id, redirectUri: 'http://127.0.0.1:49152/callback' });
    assert.equal((await signedIn.api.get('/v1/orders')).status, 200);
  });

  test('an unknown client gets a page, never a redirect', async () => {
    const url = new URL(`${server.url}/oauth/authorize`);
    url.search = new URLSearchParams({ response_type: 'code', client_id: 'cli_unknown', redirect_uri: 'https://attacker.example/cb' }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('location'), null);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  });

  test('a wrong password and an unknown e-mail get the same answer', async () => {
    const shop = await createTestMerchant(server);
    const { id } = await registerClient(server);
    const config = await discover(server, id);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    const wrongPassword = await submitSignIn(url, shop.email, 'not the password');
    const unknownEmail = await submitSignIn(url, 'nobody@example.com', 'not the password');
    assert.equal(wrongPassword.status, 401);
    assert.equal(unknownEmail.status, 401);
    assert.equal(wrongPassword.location, undefined);
    const message = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
    assert.ok(message(wrongPassword.html));
    assert.equal(message(wrongPassword.html), message(unknownEmail.html));
  });

  test('roles: a cashier can refund but not create API keys; a removed user is refused at once', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { name: 'Bun', price: 250, inventory: 10 });
    const cashier = await signInAs(server, shop, 'cashier', { environment: 'sandbox' });
    const order = await cashier.api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 2 }] });
    assert.equal(order.status, 201, JSON.stringify(order.body));
    const capture = await cashier.api.post(`/v1/orders/${order.body.id}/capture`, { payment_token: 'tok_visa' });
    assert.equal(capture.status, 200, JSON.stringify(capture.body));
    const refund = await cashier.api.post(`/v1/orders/${order.body.id}/refund`, { amount: 100 });
    assert.equal(refund.status, 200, JSON.stringify(refund.body));
    const productWrite = await cashier.api.post('/v1/products', { name: 'Nope', price: 1 });
    assert.equal(productWrite.status, 403);
    assert.equal(productWrite.body.error.code, 'insufficient_permissions');

    const { removeUser } = await import('../../src/auth/users.js');
    await removeUser(server.db, server.clock, cashier.userId);
    const refused = await cashier.api.get('/v1/orders');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'credential_revoked');
    assert.equal(await oauthError(client.refreshTokenGrant(cashier.config, cashier.refreshToken)), 'invalid_grant');
    const again = await submitSignIn(client.buildAuthorizationUrl(cashier.config, { redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }), cashier.email, cashier.password);
    assert.equal(again.status, 401, 'a removed user cannot sign in');
  });

  test('a demoted user loses the permissions their token still lists', async () => {
    const shop = await createTestMerchant(server);
    const manager = await signInAs(server, shop, 'manager', { environment: 'sandbox' });
    assert.equal((await manager.api.post('/v1/products', { name: 'Jam', price: 400 })).status, 201);
    // Demoted through the team API, whose answer comes only once every server process has heard of
    // the change (a raw UPDATE's notice may reach the listener after the next request).
    const owner = await signIn(server, shop, { environment: 'sandbox' });
    assert.equal((await owner.api.patch(`/v1/users/${manager.userId}`, { role: 'cashier' })).status, 200);
    assert.equal((await manager.api.post('/v1/products', { name: 'Jam', price: 400 })).status, 403);
    assert.equal((await manager.api.get('/v1/products')).status, 200);
  });

  test("another merchant's token on this merchant's order is 404, never 403", async () => {
    const shop = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { name: 'Cake', price: 900, inventory: 3 });
    const order = await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
    const stranger = await signIn(server, other, { environment: 'sandbox' });
    const response = await stranger.api.get(`/v1/orders/${order.body.id}`);
    assert.equal(response.status, 404);
    assert.equal(response.body.error.code, 'resource_not_found');
    assert.equal((await stranger.api.post(`/v1/orders/${order.body.id}/refund`, {})).status, 404);
  });

  test('expired refresh tokens and old codes are purged; live ones are kept', async () => {
    const shop = await createTestMerchant(server);
    const old = await signIn(server, shop);
    server.clock.advance(31 * 86_400_000);
    const fresh = await signIn(server, shop);
    const purged = await purgeExpiredGrants(server.db, server.clock.now());
    server.clock.advance(-31 * 86_400_000);
    assert.ok(purged.refreshTokens >= 1 && purged.codes >= 1, JSON.stringify(purged));
    const hashes = await server.db.kysely.selectFrom('refresh_tokens').select('token_hash').execute();
    const has = (token: string) => hashes.some((row) => row.token_hash === sha256Hex(token));
    assert.equal(has(old.refreshToken), false);
    assert.equal(has(fresh.refreshToken), true);
  });
});
