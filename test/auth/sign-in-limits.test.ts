/**
 * Brute force: the sign-in form and the token endpoints are limited per client address and per
 * account, with 429 and Retry-After.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as client from 'openid-client';
import { describeEachBackend } from '../helpers/backends.js';
import { discover, REDIRECT_URI, registerClient, signIn, submitSignIn } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer } from '../helpers/server.js';

describeEachBackend('sign-in limits', (backend) => {
  test("per account: after 3 failures even the right password waits (the count is the e-mail's, not the address's), while other accounts go on", async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '3' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const bystander = await createTestMerchant(server);
    const config = await discover(server, (await registerClient(server)).id);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      assert.equal((await submitSignIn(url, shop.email, `guess-${attempt}`)).status, 401, `attempt ${attempt}`);
    }
    const blocked = await submitSignIn(url, shop.email.toUpperCase(), shop.password);
    assert.equal(blocked.status, 429, 'the e-mail is matched whatever its case');
    assert.equal(blocked.location, undefined);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After: ${retryAfter}`);
    assert.match(blocked.html, /role="alert">Too many sign-in attempts\. Wait \d+ minutes and try again\./);
    assert.ok((await submitSignIn(url, bystander.email, bystander.password)).location, 'another account signs in');
  });

  test('per account: a success clears the failures', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '3' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const config = await discover(server, (await registerClient(server)).id);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    for (let round = 0; round < 3; round += 1) {
      assert.equal((await submitSignIn(url, shop.email, 'typo')).status, 401);
      assert.equal((await submitSignIn(url, shop.email, 'typo again')).status, 401);
      assert.ok((await submitSignIn(url, shop.email, shop.password)).location, `round ${round}`);
    }
  });

  test('per address: sign-in posts and token requests share a budget; then 429 with Retry-After', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '4' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    // One sign-in spends two: the form post and the code exchange.
    const signedIn = await signIn(server, shop);
    await client.refreshTokenGrant(signedIn.config, signedIn.refreshToken).then((tokens) =>
      new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: tokens.refresh_token }),
    );
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'cli_x', refresh_token: 'rt_x' }),
    });
    assert.equal(token.status, 429);
    assert.ok(Number(token.headers.get('retry-after')) > 0);
    assert.equal(((await token.json()) as { error: string }).error, 'rate_limited');
    const refresh = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: 'rt_x' });
    assert.equal(refresh.status, 429);
    assert.equal(refresh.body.error.code, 'rate_limited');
    assert.ok(Number(refresh.headers.get('retry-after')) > 0);
    // The API itself is not touched: a signed-in app goes on working.
    assert.equal((await signedIn.api.get('/v1/orders')).status, 200);
  });

  test("per account at the token endpoints: refused grants naming a user block that user's next grant", async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '2' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, shop);
    const anonymous = new Api(server.url, undefined);
    const next = await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
    assert.equal(next.status, 200);
    // The rotated token twice, within the grace period: two refusals counted against the user.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      assert.equal((await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken })).body.error.code, 'refresh_token_used');
    }
    const blocked = await anonymous.post('/v1/auth/refresh', { refresh_token: next.body.refresh_token });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.error.code, 'rate_limited');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: signedIn.config.clientMetadata().client_id, refresh_token: next.body.refresh_token }),
    });
    assert.equal(token.status, 429, 'the OAuth token endpoint holds the same account back');
    // Another user's refresh is not held back.
    const other = await signIn(server, await createTestMerchant(server));
    assert.equal((await anonymous.post('/v1/auth/refresh', { refresh_token: other.refreshToken })).status, 200);
  });
});
