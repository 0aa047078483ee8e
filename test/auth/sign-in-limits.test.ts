/**
 * Brute force: the sign-in form and the token endpoints are limited per client address and per
 * account, with 429 and Retry-After.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as client from 'openid-client';
import { delaySeconds, SignInLimits } from '../../src/auth/sign-in-limits.js';
import { describeEachBackend } from '../helpers/backends.js';
import { discover, REDIRECT_URI, registerClient, signIn, submitSignIn } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, TestClock } from '../helpers/server.js';

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

  test('a dead refresh token presented again and again never counts against its user: the live one refreshes and the password signs in', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '2' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, shop);
    const anonymous = new Api(server.url, undefined);
    const next = await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
    assert.equal(next.status, 200);
    // The rotated token, within the grace period: refused each time, counted against no one's account.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      assert.equal((await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken })).body.error.code, 'refresh_token_used');
    }
    const clientId = signedIn.config.clientMetadata().client_id;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const dead = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: signedIn.refreshToken }),
      });
      assert.equal(dead.status, 400);
      assert.equal(((await dead.json()) as { error: string }).error, 'invalid_grant');
    }
    const refreshed = await anonymous.post('/v1/auth/refresh', { refresh_token: next.body.refresh_token });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshed.body.refresh_token }),
    });
    assert.equal(token.status, 200, 'the OAuth token endpoint refreshes too');
    assert.ok((await signIn(server, shop)).accessToken, 'and the user signs in with the password');
  });

  test('behind a trusted proxy: an attacker failing from one address does not stop the owner signing in from another; the attacker waits longer after each failure', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '3', TRUST_PROXY: '127.0.0.1' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const config = await discover(server, (await registerClient(server)).id);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    const attacker = { 'x-forwarded-for': '198.51.100.7' };
    const owner = { 'x-forwarded-for': '203.0.113.9' };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      assert.equal((await submitSignIn(url, shop.email, `guess-${attempt}`, attacker)).status, 401, `attempt ${attempt}`);
    }
    const held = await submitSignIn(url, shop.email, shop.password, attacker);
    assert.equal(held.status, 429, 'past the free failures, the attacker waits, even with the right password');
    const wait = Number(held.headers.get('retry-after'));
    assert.ok(wait > 100 && wait <= 120, `the first wait is 2 minutes: Retry-After ${wait}`);

    const signedIn = await submitSignIn(url, shop.email, shop.password, owner);
    assert.equal(signedIn.status, 303, `the owner signs in from another address: ${signedIn.html.slice(0, 200)}`);
    assert.ok(signedIn.location?.searchParams.get('code'));
    assert.equal((await submitSignIn(url, shop.email, shop.password, attacker)).status, 429, "the owner's success does not free the attacker");
  });

  test('a live refresh token refreshes even when the address has spent its budget; a sign-in has a budget of its own', async (t) => {
    const server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '3' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, shop); // the form post and the code exchange: 2 of 3
    const junk = () =>
      fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'cli_x', refresh_token: 'rt_x' }),
      });
    assert.equal((await junk()).status, 401);
    assert.equal((await junk()).status, 429, 'the address has spent its budget');
    const anonymous = new Api(server.url, undefined);
    assert.equal((await anonymous.post('/v1/auth/refresh', { refresh_token: 'rt_x' })).status, 429);

    const first = await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
    assert.equal(first.status, 200, `a live refresh token is never refused for its address: ${JSON.stringify(first.body)}`);
    const clientId = signedIn.config.clientMetadata().client_id;
    const second = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: first.body.refresh_token }),
    });
    assert.equal(second.status, 200, 'nor at the OAuth token endpoint');
    const third = await anonymous.post('/v1/auth/refresh', { refresh_token: ((await second.json()) as { refresh_token: string }).refresh_token });
    assert.equal(third.status, 200);
    // The sign-in's own budget (SIGN_IN_LIMIT_PER_ADDRESS a minute) is spent by its third refresh.
    const fourth = await anonymous.post('/v1/auth/refresh', { refresh_token: third.body.refresh_token });
    assert.equal(fourth.status, 429);
    assert.equal(fourth.body.error.code, 'rate_limited');
    assert.match(fourth.body.error.message, /for this sign-in/);
    assert.ok(Number(fourth.headers.get('retry-after')) > 0);
    assert.equal((await junk()).status, 429, 'while the address stays over budget');
  });
});

describe('sign-in limits, counted in memory', () => {
  test('failures per account and address: free ones, then a wait that doubles with each failure; another address is not held', async () => {
    // Counters in memory keep the limits' clock: the test moves it past the wait instead of waiting.
    const clock = new TestClock();
    const limits = new SignInLimits({ perAddress: 0, perAccount: 2, firstDelaySeconds: 1, clock });
    const account = 'email:owner@example.com';
    await limits.failed(account, '198.51.100.7');
    assert.equal(await limits.signInWait(account, '198.51.100.7'), undefined, 'one failure is free');
    await limits.failed(account, '198.51.100.7');
    const first = await limits.signInWait(account, '198.51.100.7');
    assert.deepEqual(first, { retryAfterSeconds: 1, limit: 2 });
    assert.equal(await limits.signInWait(account, '203.0.113.9'), undefined, 'the same account from another address');
    assert.equal(await limits.signInWait('email:other@example.com', '198.51.100.7'), undefined, 'another account from the same address');
    clock.advance(999);
    assert.deepEqual(await limits.signInWait(account, '198.51.100.7'), { retryAfterSeconds: 1, limit: 2 }, 'not over 1 ms before its end');
    clock.advance(1);
    assert.equal(await limits.signInWait(account, '198.51.100.7'), undefined, 'the wait is over');
    await limits.failed(account, '198.51.100.7');
    assert.equal((await limits.signInWait(account, '198.51.100.7'))?.retryAfterSeconds, 2, 'the next failure doubles it');
    await limits.succeeded(account, '198.51.100.7');
    assert.equal(await limits.signInWait(account, '198.51.100.7'), undefined, 'a success forgets the failures');
    await limits.failed(account, '198.51.100.7');
    assert.equal(await limits.signInWait(account, '198.51.100.7'), undefined, '...and they start again from the free ones');
  });

  test('the delays: 2, 4, 8 minutes, then 15 at most', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 40].map((beyond) => delaySeconds(beyond)), [120, 240, 480, 900, 900, 900]);
  });

  test('the per-account ceiling (10 times the free failures an hour, from all addresses) holds back addresses that failed, not fresh ones', async () => {
    const limits = new SignInLimits({ perAddress: 0, perAccount: 2 });
    const account = 'email:owner@example.com';
    for (let client = 1; client <= 19; client += 1) await limits.failed(account, `198.51.100.${client}`);
    assert.equal(await limits.signInWait(account, '198.51.100.1'), undefined, 'under the ceiling');
    await limits.failed(account, '198.51.100.20');
    const held = await limits.signInWait(account, '198.51.100.1');
    assert.equal(held?.limit, 20);
    assert.ok(held.retryAfterSeconds > 3500 && held.retryAfterSeconds <= 3600, `Retry-After ${held.retryAfterSeconds}`);
    assert.equal(await limits.signInWait(account, '203.0.113.9'), undefined, 'an address that never failed for the account may try');
  });
});
