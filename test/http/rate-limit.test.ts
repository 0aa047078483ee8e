/**
 * Rate limits on `/v1`: a budget per credential (per address without one), 429 `rate_limited` with
 * `Retry-After` and `RateLimit-*` once it is spent, and the operational routes never limited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify from 'fastify';
import { ApiError } from '../../src/errors.js';
import { randomBase62 } from '../../src/ids.js';
import { rateLimitPlugin } from '../../src/http/rate-limit.js';
import { WindowStore } from '../../src/http/window-store.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus } from '../orders/support.js';

const MAX = 5;
const METRICS_TOKEN = 'metrics-token-of-the-rate-limit-suite';

/** The draft-spec headers of a counted request, as numbers. */
function limitHeaders(response: ApiResponse): { limit: number; remaining: number; reset: number } {
  const read = (name: string) => {
    const value = response.headers.get(name);
    assert.match(value ?? '', /^\d+$/, `${name}: ${value}`);
    return Number(value);
  };
  return { limit: read('ratelimit-limit'), remaining: read('ratelimit-remaining'), reset: read('ratelimit-reset') };
}

/** Checks a whole 429: envelope, code, `Request-Id`, `Retry-After` and the spent budget. */
function assertRateLimited(response: ApiResponse, windowSeconds: number): void {
  assertError(response, 429, 'rate_limited', null);
  const retryAfter = response.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^\d+$/, `Retry-After is whole seconds: ${retryAfter}`);
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= windowSeconds, `Retry-After ${retryAfter}`);
  const headers = limitHeaders(response);
  assert.equal(headers.limit, MAX);
  assert.equal(headers.remaining, 0);
  assert.ok(headers.reset >= 1 && headers.reset <= windowSeconds, `RateLimit-Reset ${headers.reset}`);
}

describeEachBackend('rate limits', (backend) => {
  describe(`${MAX} requests per minute`, () => {
    let server: TestServer;
    before(async () => {
      // A long window, so that no budget renews while a test is spending it.
      server = await startTestServer(backend, { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '60000', METRICS_TOKEN });
    });
    after(() => server.close());

    test(`the ${MAX + 1}th request answers 429 rate_limited, before the request does anything`, async () => {
      const shop = await createTestMerchant(server);
      const key = await shop.keyWith('sandbox', ['products:read', 'products:write']);

      const created = await key.post('/v1/products', { name: 'Mug', price: 1200 });
      for (let sent = 1; sent <= MAX; sent++) {
        const response = sent === 1 ? created : await key.get('/v1/products');
        assertStatus(response, sent === 1 ? 201 : 200);
        const headers = limitHeaders(response);
        assert.equal(headers.limit, MAX);
        assert.equal(headers.remaining, MAX - sent);
        assert.ok(headers.reset >= 1 && headers.reset <= 60);
      }

      const refused = await key.post('/v1/products', { name: 'Second mug', price: 1200 });
      assertRateLimited(refused, 60);
      assert.match(refused.body.error.message, /Retry in \d+ (seconds?|minute)\.$/);
      // Unknown /v1 paths are counted too, so the budget also caps guessing.
      assertRateLimited(await key.get('/v1/nothing_here'), 60);

      const products = await shop.sandbox.get('/v1/products');
      assert.deepEqual(products.body.data.map((p: { name: string }) => p.name), ['Mug'], 'the refused create made nothing');
    });

    test('each key of a merchant has a budget of its own', async () => {
      const shop = await createTestMerchant(server);
      const first = await shop.keyWith('sandbox', ['orders:read']);
      const second = await shop.keyWith('sandbox', ['orders:read']);
      for (let i = 0; i < MAX; i++) assertStatus(await first.get('/v1/orders'), 200);
      assertRateLimited(await first.get('/v1/orders'), 60);

      const other = await second.get('/v1/orders');
      assertStatus(other, 200);
      assert.equal(limitHeaders(other).remaining, MAX - 1);
      assertRateLimited(await first.get('/v1/orders'), 60);
    });

    test('a flood with one bad credential is limited: 401 while in budget, then 429', async (t) => {
      // A server of its own: refused credentials spend their address's budget, which the next test needs whole.
      const own = await startTestServer(backend, { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '60000' });
      t.after(() => own.close());
      const bogus = new Api(own.url, 'sk_test_0000000000000000000000000000000000');
      for (let i = 0; i < MAX; i++) {
        const response = await bogus.get('/v1/orders');
        assertError(response, 401, 'invalid_credentials', null);
        assert.equal(limitHeaders(response).remaining, MAX - 1 - i);
      }
      assertRateLimited(await bogus.get('/v1/orders'), 60);
    });

    test('requests without a bearer token share the budget of their address, and get 429, not 401, once over', async () => {
      const anonymous = new Api(server.url, undefined);
      for (let i = 0; i < 3; i++) assertError(await anonymous.get('/v1/orders'), 401, 'missing_credentials', null);
      // A header that is not "Bearer <token>" counts against the address as well.
      for (let i = 0; i < 2; i++) {
        assertError(await anonymous.get('/v1/orders', { authorization: 'Basic dXNlcjpwYXNz' }), 401, 'invalid_credentials', null);
      }
      assertRateLimited(await anonymous.get('/v1/orders'), 60);
      assertRateLimited(await anonymous.post('/v1/orders', '{not json'), 60);
    });

    test('/healthz, /readyz, /metrics, /docs and /v1/openapi.json are never limited', async () => {
      const anonymous = new Api(server.url, undefined);
      // Spend the address's budget whether or not the test before did.
      for (let i = 0; i < MAX; i++) await anonymous.get('/v1/orders');
      assertRateLimited(await anonymous.get('/v1/orders'), 60);

      for (const path of ['/healthz', '/readyz', '/metrics', '/docs', '/v1/openapi.json']) {
        for (let i = 0; i < MAX * 3; i++) {
          const response = await anonymous.get(path, path === '/metrics' ? { authorization: `Bearer ${METRICS_TOKEN}` } : {});
          assert.equal(response.status, 200, `${path}: ${JSON.stringify(response.body).slice(0, 200)}`);
          assert.equal(response.headers.get('ratelimit-limit'), null, `${path} is not counted`);
        }
      }
    });
  });

  describe('refused credentials count against their address (TRUST_PROXY names the test client as a balancer)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: '127.0.0.1' });
    });
    after(() => server.close());

    test('a flood of made-up bearer tokens from one address gets 429; valid keys, from another address or that one, keep their budgets', async () => {
      const shop = await createTestMerchant(server);
      const attacker = { 'x-forwarded-for': '198.51.100.66' };
      for (let sent = 1; sent <= MAX; sent++) {
        const response = await new Api(server.url, `sk_test_${randomBase62(32)}`).get('/v1/orders', attacker);
        assertError(response, 401, 'invalid_credentials', null);
        assert.equal(limitHeaders(response).remaining, MAX - sent, 'each made-up token spends the address');
      }
      for (const token of [`sk_test_${randomBase62(32)}`, `sk_live_${randomBase62(32)}`, 'eyJhbGciOiJFUzI1NiJ9.e30.x', 'anything']) {
        assertRateLimited(await new Api(server.url, token).get('/v1/orders', attacker), 60);
      }
      const valid = await shop.sandbox.get('/v1/orders', { 'x-forwarded-for': '203.0.113.5' });
      assertStatus(valid, 200);
      assert.equal(limitHeaders(valid).remaining, MAX - 1, 'a valid key from another address has its whole budget');
      const sameAddress = await shop.production.get('/v1/orders', attacker);
      assertStatus(sameAddress, 200);
      assert.equal(limitHeaders(sameAddress).remaining, MAX - 1, "a valid key from the attacker's address too");
    });

    test("5,001 made-up tokens from 5,001 addresses do not reset a valid key's window", async () => {
      const shop = await createTestMerchant(server);
      for (let sent = 1; sent <= MAX; sent++) assertStatus(await shop.sandbox.get('/v1/orders'), 200);
      assertRateLimited(await shop.sandbox.get('/v1/orders'), 60);
      const flood = Array.from({ length: 5001 }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      for (let start = 0; start < flood.length; start += 100) {
        const answers = await Promise.all(
          flood.slice(start, start + 100).map((address) => new Api(server.url, `sk_test_${randomBase62(32)}`).get('/v1/orders', { 'x-forwarded-for': address })),
        );
        for (const answer of answers) assert.equal(answer.status, 401);
      }
      assertRateLimited(await shop.sandbox.get('/v1/orders'), 60);
    });
  });

  describe('a 500 ms window', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '500' });
    });
    after(() => server.close());

    test('once the window has passed, the credential is served again', async () => {
      const shop = await createTestMerchant(server);
      // Sent at once, so that they all fall in one window however slow the machine.
      const burst = await Promise.all(Array.from({ length: MAX + 2 }, () => shop.sandbox.get('/v1/orders')));
      assert.deepEqual(burst.map((r) => r.status).sort(), [...Array(MAX).fill(200), 429, 429]);
      for (const refused of burst.filter((r) => r.status === 429)) {
        assertRateLimited(refused, 1);
        // Whole seconds, rounded up: a sub-second wait is announced as 1.
        assert.equal(refused.headers.get('retry-after'), '1');
      }

      // The limiter keeps the server's clock: the window passes when the test moves it.
      server.clock.advance(499);
      assertRateLimited(await shop.sandbox.get('/v1/orders'), 1);
      server.clock.advance(1);
      const again = await shop.sandbox.get('/v1/orders');
      assertStatus(again, 200);
      assert.equal(limitHeaders(again).remaining, MAX - 1);
    });

    test('a refused POST does not take its Idempotency-Key: the retry after the window does the work', async () => {
      const shop = await createTestMerchant(server);
      const headers = { 'idempotency-key': `rate-limited-${Date.now()}` };
      const burst = await Promise.all(Array.from({ length: MAX }, () => shop.sandbox.get('/v1/products')));
      assert.deepEqual([...new Set(burst.map((r) => r.status))], [200]);
      assertRateLimited(await shop.sandbox.post('/v1/products', { name: 'Mug', price: 1200 }, headers), 1);

      server.clock.advance(500);
      const retried = await shop.sandbox.post('/v1/products', { name: 'Mug', price: 1200 }, headers);
      assertStatus(retried, 201);
      assert.equal(retried.headers.get('idempotent-replayed'), null);
    });
  });

  describe('RATE_LIMIT_MAX=0', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { RATE_LIMIT_MAX: '0', RATE_LIMIT_WINDOW_MS: '60000' });
    });
    after(() => server.close());

    test('turns limiting off: no 429, no RateLimit headers', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100 });
      const responses = await Promise.all(Array.from({ length: 60 }, () => shop.sandbox.get(`/v1/products/${product.id}`)));
      assert.deepEqual([...new Set(responses.map((r) => r.status))], [200]);
      for (const response of responses) assert.equal(response.headers.get('ratelimit-limit'), null);
      const anonymous = new Api(server.url, undefined);
      for (let i = 0; i < 20; i++) assert.equal((await anonymous.get('/v1/orders')).status, 401);
    });
  });
});

describe('rate-limit keys and stores', () => {
  test('a store passed in counts a proven credential under its id, anything else under the client address; never under the token', async () => {
    const seen: string[] = [];
    const RecordingStore = class {
      incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
        seen.push(key);
        callback(null, { current: seen.filter((k) => k === key).length, ttl: 1000 });
      }
      child() {
        return this;
      }
    } as unknown as FastifyRateLimitStoreCtor;

    const token = 'sk_test_secretsecretsecretsecretsecret12';
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      reply.code(error instanceof ApiError ? error.status : 500).send({ code: error instanceof ApiError ? error.code : 'other' });
    });
    // The one valid credential is `token`, whose record is key_known; every other token is refused.
    const identify = async (request: { headers: { authorization?: string } }) => (/^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] === token ? 'api_key:key_known' : undefined);
    await app.register(rateLimitPlugin, { max: 2, windowMs: 1000, store: RecordingStore, identify });
    app.get('/v1/ping', async () => ({ ok: true }));
    app.get('/healthz', async () => ({ ok: true }));
    try {
      const call = (url: string, authorization?: string, remoteAddress = '203.0.113.7') =>
        app.inject({ url, remoteAddress, headers: authorization === undefined ? {} : { authorization } });

      assert.equal((await call('/v1/ping', `Bearer ${token}`)).statusCode, 200);
      assert.equal((await call('/v1/ping', `bearer  ${token}`, '198.51.100.1')).statusCode, 200);
      const third = await call('/v1/ping', `Bearer ${token}`);
      assert.equal(third.statusCode, 429);
      assert.equal(third.json().code, 'rate_limited');
      assert.equal(third.headers['retry-after'], '1');
      assert.equal((await call('/v1/ping')).statusCode, 200);
      assert.equal((await call('/v1/ping', undefined, '2001:db8:1:2:aaaa::1')).statusCode, 200);
      assert.equal((await call('/v1/ping', undefined, '2001:db8:1:2:bbbb::2')).statusCode, 200);
      assert.equal((await call('/v1/ping', 'Bearer sk_test_madeupmadeupmadeupmadeupmadeup12', '192.0.2.9')).statusCode, 200);
      assert.equal((await call('/v1/ping', undefined, '::ffff:192.0.2.9')).statusCode, 200);
      assert.equal((await call('/healthz', `Bearer ${token}`)).statusCode, 200);

      const known = 'credential:api_key:key_known';
      // One IPv6 client holds a whole /64, so its addresses count as one; an IPv4 address seen
      // through an IPv6 socket is that IPv4 address; a refused token counts against its address.
      assert.deepEqual(seen, [known, known, known, 'address:203.0.113.7', 'address:2001:db8:1:2::', 'address:2001:db8:1:2::', 'address:192.0.2.9', 'address:192.0.2.9']);
      assert.ok(seen.every((key) => !key.includes('secret') && !key.includes('madeup')));
    } finally {
      await app.close();
    }
  });

  test('the in-process store never drops a live window, however many other keys come; ended windows are swept', () => {
    let now = 1_000_000;
    const store = new WindowStore(() => now);
    const count = (key: string) => {
      let current = 0;
      store.incr(key, (_error, result) => (current = result!.current), 60_000);
      return current;
    };
    assert.equal(count('credential:api_key:key_real'), 1);
    assert.equal(count('credential:api_key:key_real'), 2);
    for (let i = 0; i < 20_000; i++) count(`address:10.0.${i >> 8}.${i & 255}`);
    assert.equal(count('credential:api_key:key_real'), 3, 'the live window kept its count');
    assert.equal(store.size, 20_001);
    now += 60_000;
    assert.equal(count('credential:api_key:key_real'), 1, 'a new window once the last one ended');
    assert.equal(store.size, 1, 'the ended windows were swept');
  });
});
