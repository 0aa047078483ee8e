/**
 * Rate limits shared through Redis: with one REDIS_URL, every server process counts against one
 * budget (per credential on /v1, per address on the token endpoints); with Redis unreachable, each
 * process still answers, and still limits, counting in its own memory.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import * as client from 'openid-client';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { discover, REDIRECT_URI, registerClient, submitSignIn } from '../helpers/oauth.js';
import { startSecondProcess, stopProcess } from '../helpers/processes.js';
import { Api, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus } from '../orders/support.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const REDIS_SKIP = REDIS_URL ? false : 'Redis not tested: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run the shared rate-limit tests';
const MAX = 6;

/** A prefix of this run's own, so that keys left by earlier runs never count. */
const prefix = () => `till-test-${randomBase62(10)}:`;

function remaining(response: ApiResponse): number {
  return Number(response.headers.get('ratelimit-remaining'));
}

/** A token request that is refused (unknown client) but counted against the address. */
function tokenRequest(url: string): Promise<Response> {
  return fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'cli_unknown', refresh_token: 'rt_unknown' }),
  });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('rate limits shared through Redis', { skip: REDIS_SKIP }, () => {
  describeEachBackend('two server processes, one REDIS_URL', (backend) => {
    let server: TestServer;
    let second: Awaited<ReturnType<typeof startSecondProcess>> | undefined;
    before(async () => {
      const env = {
        REDIS_URL: REDIS_URL!,
        REDIS_PREFIX: prefix(),
        RATE_LIMIT_MAX: String(MAX),
        RATE_LIMIT_WINDOW_MS: '60000',
        SIGN_IN_LIMIT_PER_ADDRESS: String(MAX),
        SIGN_IN_LIMIT_PER_ACCOUNT: '2',
        // The sign-in test below speaks for several clients through X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
      };
      server = await startTestServer(backend, env);
      second = await startSecondProcess(server, env);
    });
    after(async () => {
      await stopProcess(second?.process);
      await server.close();
    });

    test(`one credential, requests alternating between the processes: ${MAX} served, the ${MAX + 1}th is 429 on either`, async () => {
      const shop = await createTestMerchant(server);
      const key = await shop.keyWith('sandbox', ['orders:read']);
      const targets = [key, new Api(second!.url, key.credential)];
      for (let sent = 1; sent <= MAX; sent++) {
        const response = await targets[sent % 2]!.get('/v1/orders');
        assertStatus(response, 200);
        assert.equal(response.headers.get('ratelimit-limit'), String(MAX));
        assert.equal(remaining(response), MAX - sent, `request ${sent}: one budget across both processes`);
      }
      for (const target of targets) {
        const refused = await target.get('/v1/orders');
        assertError(refused, 429, 'rate_limited', null);
        assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
        assert.equal(remaining(refused), 0);
      }
      // Another credential still has its whole budget.
      const other = await shop.keyWith('sandbox', ['orders:read']);
      assert.equal(remaining(await new Api(second!.url, other.credential).get('/v1/orders')), MAX - 1);
    });

    test(`token requests from one address, alternating between the processes: the ${MAX + 1}th is 429 with Retry-After and RateLimit-*`, async () => {
      const urls = [server.url, second!.url];
      for (let sent = 1; sent <= MAX; sent++) {
        const response = await tokenRequest(urls[sent % 2]!);
        assert.notEqual(response.status, 429, `request ${sent} is within the shared budget`);
        assert.ok(response.status >= 400 && response.status < 500, `request ${sent}: ${response.status}`);
      }
      for (const url of urls) {
        const refused = await tokenRequest(url);
        assert.equal(refused.status, 429);
        assert.equal(((await refused.json()) as { error: string }).error, 'rate_limited');
        const retryAfter = Number(refused.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
        assert.equal(refused.headers.get('ratelimit-limit'), String(MAX));
        assert.equal(refused.headers.get('ratelimit-remaining'), '0');
        assert.equal(refused.headers.get('ratelimit-reset'), String(retryAfter));
      }
    });

    test('failed sign-ins from one address, alternating between the processes, make that address wait on both; the owner signs in from another', async () => {
      const shop = await createTestMerchant(server);
      const clientId = (await registerClient(server)).id;
      const urls = await Promise.all(
        [server.url, second!.url].map(async (url) =>
          client.buildAuthorizationUrl(await discover(server, clientId, url), { redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }),
        ),
      );
      const attacker = { 'x-forwarded-for': '198.51.100.77' };
      assert.equal((await submitSignIn(urls[0]!, shop.email, 'guess-1', attacker)).status, 401);
      assert.equal((await submitSignIn(urls[1]!, shop.email, 'guess-2', attacker)).status, 401);
      for (const url of urls) {
        const held = await submitSignIn(url, shop.email, shop.password, attacker);
        assert.equal(held.status, 429, `held on ${url.host}`);
        const wait = Number(held.headers.get('retry-after'));
        assert.ok(wait > 100 && wait <= 120, `Retry-After ${wait}`);
      }
      const owner = await submitSignIn(urls[1]!, shop.email, shop.password, { 'x-forwarded-for': '203.0.113.77' });
      assert.equal(owner.status, 303, 'the owner signs in from another address');
    });
  });

  describe('Redis unreachable', () => {
    test('requests are served (never held or refused for it), and each process still limits in its own memory', async (t) => {
      const server = await startTestServer('sqlite', {
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
        REDIS_PREFIX: prefix(),
        RATE_LIMIT_MAX: '3',
        RATE_LIMIT_WINDOW_MS: '60000',
        SIGN_IN_LIMIT_PER_ADDRESS: '3',
      });
      t.after(() => server.close());
      const shop = await createTestMerchant(server);
      for (let sent = 1; sent <= 3; sent++) {
        const response = await shop.sandbox.get('/v1/orders');
        assertStatus(response, 200);
        assert.equal(remaining(response), 3 - sent);
      }
      assertError(await shop.sandbox.get('/v1/orders'), 429, 'rate_limited', null);

      for (let sent = 1; sent <= 3; sent++) assert.notEqual((await tokenRequest(server.url)).status, 429);
      const refused = await tokenRequest(server.url);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('ratelimit-limit'), '3');
    });
  });
});
