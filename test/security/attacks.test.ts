/**
 * The attack list: what a hostile client tries first, one test each. (The authentication attacks,
 * alg none, HS256 confusion, jku, expiry, refresh reuse, PKCE and redirect URIs, are in
 * test/auth/; docs/reliability.md lists them all in one table.)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { tillServe } from '../http/serve-process.js';
import { assertError, assertStatus } from '../orders/support.js';

const INJECTIONS = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  "') OR ('a'='a",
  "%' OR 1=1 --",
  '1 UNION SELECT key_hash FROM api_keys --',
  "'; SELECT pg_sleep(5); --",
  '\\x27 OR 1=1',
];

/** The timing test's paired shift (ms) and the p-value under which it counts as a leak. */
const PAIRED_SHIFT_MS = 0.05;
const PAIRED_P = 0.001;

const TABLES = ['merchants', 'users', 'api_keys', 'products', 'customers', 'orders', 'line_items', 'refunds', 'events', 'idempotency_keys'] as const;

/** Rows in every table, to compare before and after. */
async function tableCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(server.db.kysely);
    counts[table] = Number(row.rows[0]!.n);
  }
  return counts;
}

interface OpenApiParameter {
  name: string;
  in: string;
}

describeEachBackend('attack list', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('SQL injection in every query parameter and path id of every GET operation: 400, 404 or an empty list, never 5xx; no table changes', async (t) => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    assertStatus(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }), 201);
    assertStatus(await shop.sandbox.post('/v1/customers', { name: 'Ada', email: 'ada@example.com' }), 201);
    const user = await signInAs(server, shop, 'admin');

    const document = (await new Api(server.url, undefined).get('/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; security?: unknown; 'x-required-role'?: string; 'x-credentials'?: string[] }>>;
    };
    const before = await tableCounts(server);
    let sent = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations.get;
      if (get === undefined || path === '/v1/openapi.json') continue;
      // API keys and the team are managed by a signed-in admin only, and one's own sign-ins are a user's:
      // those with the admin's access token; everything else with the API key.
      const userOnly = get['x-credentials'] !== undefined && !get['x-credentials'].includes('api_key');
      const api = path.startsWith('/v1/api_keys') || get['x-required-role'] !== undefined || userOnly ? user.api : shop.sandbox;
      const parameters = get.parameters ?? [];
      const pathParameters = parameters.filter((p) => p.in === 'path');
      const queryParameters = parameters.filter((p) => p.in === 'query');
      for (const injection of INJECTIONS) {
        const requests: string[] = [];
        const filled = pathParameters.reduce((url, p) => url.replace(`{${p.name}}`, encodeURIComponent(injection)), path);
        if (pathParameters.length > 0) requests.push(filled);
        const base = pathParameters.reduce((url, p) => url.replace(`{${p.name}}`, p.name === 'id' ? 'x' : 'x'), path);
        if (pathParameters.length === 0) for (const q of queryParameters) requests.push(`${base}?${q.name}=${encodeURIComponent(injection)}`);
        for (const url of requests) {
          const response: ApiResponse = await api.get(url);
          sent++;
          assert.ok([200, 400, 404].includes(response.status), `${url}: ${response.status} ${JSON.stringify(response.body)}`);
          if (response.status === 200) {
            assert.deepEqual(response.body.data, [], `${url} matched rows: ${JSON.stringify(response.body).slice(0, 300)}`);
          } else {
            assert.equal(typeof response.body.error.code, 'string', `${url}: the error envelope`);
          }
        }
      }
    }
    t.diagnostic(`${sent} injection requests, ${INJECTIONS.length} strings`);
    assert.ok(sent >= 100, `requests sent: ${sent}`);
    assert.deepEqual(await tableCounts(server), before, 'no table lost or gained a row');
    // And the data is still there, whole.
    assert.equal((await shop.sandbox.get('/v1/orders')).body.data.length, 1);
  });

  test('a credential in the query string (access_token, api_key, key) is refused with 401, and never logged', async (t) => {
    const shop = await createTestMerchant(server);
    const serving = await tillServe(server, { LOG_LEVEL: 'trace' });
    t.after(() => serving.child.kill('SIGKILL'));
    const anonymous = new Api(serving.url.origin, undefined);
    const secret = shop.sandboxKey;
    for (const name of ['access_token', 'api_key', 'key']) {
      for (const path of ['/v1/orders', '/v1/products', '/v1/openapi.json', '/v1/unknown']) {
        const response = await anonymous.get(`${path}?${name}=${encodeURIComponent(secret)}`);
        assertError(response, 401, 'invalid_credentials', null);
        assert.match(response.body.error.message, new RegExp(`"${name}" query parameter.*Authorization: Bearer`));
      }
      // Even beside a valid Authorization header: the key has been exposed.
      const both = await new Api(serving.url.origin, secret).get(`/v1/orders?${name}=${encodeURIComponent(secret)}`);
      assertError(both, 401, 'invalid_credentials', null);
    }
    // Other query parameters are unaffected.
    assertStatus(await new Api(serving.url.origin, secret).get('/v1/orders?per_page=5'), 200);
    serving.child.kill('SIGTERM');
    await serving.exited;
    const log = serving.output();
    assert.match(log, /"status":401/, 'the refused requests were logged');
    assert.ok(!log.includes(secret), 'the credential appears nowhere in the log');
    assert.ok(!log.includes(secret.slice(8)), 'not even its secret part');
  });

  test('an oversized header (32 KiB Authorization) is 431 in the envelope, never 5xx; the server keeps serving', async () => {
    const shop = await createTestMerchant(server);
    const response = await new Api(server.url, `sk_test_${'A'.repeat(32 * 1024)}`).get('/v1/orders');
    assertError(response, 431, 'headers_too_large', null);
    assertStatus(await shop.sandbox.get('/v1/orders'), 200);
  });

  test('mass assignment: status, merchant_id, total, id, created_at, amount_refunded... in a create body are 400 naming the field', async () => {
    const shop = await createTestMerchant(server);
    const user = await signInAs(server, shop, 'admin');
    const product = await createProduct(shop.sandbox, { price: 100, inventory: 5 });
    const other = await createTestMerchant(server);
    const smuggled: Record<string, unknown> = {
      id: 'ord_chosenchosenchosen1',
      merchant_id: other.merchantId,
      status: 'paid',
      total: 1,
      subtotal: 1,
      amount_refunded: 0,
      refunded_amount: 0,
      created_at: '2020-01-01T00:00:00.000Z',
      environment: 'production',
      livemode: true,
    };
    const cashier = await user.api.post('/v1/users', { email: `kept.${shop.merchantId.toLowerCase()}@example.com`, password: 'a-long-password-1', role: 'cashier' });
    assertStatus(cashier, 201);
    const before = await tableCounts(server);
    const creates: Array<[Api, string, Record<string, unknown>]> = [
      [shop.sandbox, '/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }],
      [shop.sandbox, '/v1/products', { name: 'Mug', price: 100 }],
      [shop.sandbox, '/v1/customers', { name: 'Ada' }],
      [user.api, '/v1/api_keys', { name: 'ci', environment: 'sandbox' }],
      [user.api, '/v1/users', { email: `smuggler.${shop.merchantId.toLowerCase()}@example.com`, password: 'a-long-password-1', role: 'cashier' }],
    ];
    for (const [api, path, body] of creates) {
      for (const [field, value] of Object.entries(smuggled)) {
        if (path === '/v1/api_keys' && field === 'environment') continue; // a field Create an API key takes
        const response = await api.post(path, { ...body, [field]: value });
        assertError(response, 400, 'parameter_unknown', field);
      }
    }
    // A line item cannot set its own price or total either.
    // Nor can a role change rename a user, remove it or move it to another merchant.
    for (const field of ['merchant_id', 'email', 'removed_at', 'password_hash']) {
      assertError(await user.api.patch(`/v1/users/${cashier.body.id}`, { role: 'manager', [field]: field === 'merchant_id' ? other.merchantId : 'x' }), 400, 'parameter_unknown', field);
    }
    for (const field of ['unit_price', 'total']) {
      assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, [field]: 1 }] }), 400, 'parameter_unknown', `items[0].${field}`);
    }
    assert.deepEqual(await tableCounts(server), before, 'nothing was written');
  });

  test('timing: an unknown API key and a wrong secret for a known key prefix are not distinguishable', async (t) => {
    const shop = await createTestMerchant(server);
    const known = shop.sandboxKey;
    const samples = { unknown: [] as number[], wrongSecret: [] as number[] };
    const randomTail = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 62)]).join('');
    const time = async (key: string) => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${server.url}/v1/orders`, { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(response.status, 401);
      return elapsed;
    };
    // Warm up both paths, then interleave them so that load on the machine falls on both alike.
    for (let i = 0; i < 50; i++) {
      await time(`sk_test_${randomTail(40)}`);
      await time(known.slice(0, 16) + randomTail(known.length - 16));
    }
    for (let i = 0; i < 400; i++) {
      const unknown = `sk_test_${randomTail(known.length - 8)}`;
      // The same prefix as a real key (its first 8 secret characters, as a leak of a key's start would give).
      const wrongSecret = known.slice(0, 16) + randomTail(known.length - 16);
      if (i % 2 === 0) {
        samples.unknown.push(await time(unknown));
        samples.wrongSecret.push(await time(wrongSecret));
      } else {
        samples.wrongSecret.push(await time(wrongSecret));
        samples.unknown.push(await time(unknown));
      }
    }
    const result = compareTimings(samples.unknown, samples.wrongSecret);
    t.diagnostic(`timing ${backend}: ${JSON.stringify(result)}`);
    // A real leak (one more database query on one path, 0.1 ms or more; an Argon2 verification, 20 ms
    // and more) is caught two ways:
    // - the unpaired shift must be below the larger of 0.25 ms and 15% of the median;
    // - the paired shift may pass 0.05 ms only where the signed-rank test cannot tell it from chance
    //   (p >= 0.001), as on a machine so loaded that the pairs' differences spread over milliseconds.
    const bound = Math.max(0.25, 0.15 * result.medianUnknownMs);
    assert.ok(Math.abs(result.hodgesLehmannMs) < bound, `shift ${result.hodgesLehmannMs.toFixed(3)} ms (bound ${bound.toFixed(3)} ms): ${JSON.stringify(result)}`);
    assert.ok(
      Math.abs(result.pairedShiftMs) < PAIRED_SHIFT_MS || result.pairedPValue >= PAIRED_P,
      `paired shift ${result.pairedShiftMs.toFixed(3)} ms, p ${result.pairedPValue.toExponential(1)}: ${JSON.stringify(result)}`,
    );
  });
});

/** The median of `values` (which it sorts). */
function median(values: number[]): number {
  values.sort((x, y) => x - y);
  const mid = values.length >> 1;
  return values.length % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** 1-based ranks of `values`, ties given their average rank. */
function ranksOf(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.v === order[i]!.v) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!.i] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Two-sided p-value of a standard normal statistic. */
function twoSidedP(z: number): number {
  return 2 * (1 - normalCdf(Math.abs(z)));
}

/**
 * Compares the times of two kinds of request, `a[i]` and `b[i]` taken one right after the other.
 *
 * - Unpaired: the medians, the Hodges-Lehmann shift (the median of all differences a - b) and a
 *   Mann-Whitney U test (normal approximation, ties averaged).
 * - Paired: the shift of the pairs' differences a[i] - b[i] (the median of their Walsh averages) and
 *   a Wilcoxon signed-rank test (zeros dropped, ties averaged). A pair's two requests share the
 *   machine's load of that moment, so the paired figures are not moved by load that comes and goes,
 *   which moves both medians and widens the unpaired figures.
 */
export function compareTimings(a: number[], b: number[]) {
  assert.equal(a.length, b.length, 'the samples are pairs');
  const n = a.length;
  const ranks = ranksOf([...a, ...b]);
  const rankSumA = ranks.slice(0, n).reduce((sum, r) => sum + r, 0);
  const u = rankSumA - (n * (n + 1)) / 2;
  const mannWhitneyZ = (u - (n * n) / 2) / Math.sqrt((n * n * (2 * n + 1)) / 12);
  const differences: number[] = [];
  for (const x of a) for (const y of b) differences.push(x - y);

  const paired = a.map((x, i) => x - b[i]!);
  const walshAverages: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walshAverages.push((paired[i]! + paired[j]!) / 2);
  const nonZero = paired.filter((d) => d !== 0);
  const signedRanks = ranksOf(nonZero.map(Math.abs));
  const m = nonZero.length;
  const positiveRankSum = nonZero.reduce((sum, d, i) => (d > 0 ? sum + signedRanks[i]! : sum), 0);
  const signedRankZ = m === 0 ? 0 : (positiveRankSum - (m * (m + 1)) / 4) / Math.sqrt((m * (m + 1) * (2 * m + 1)) / 24);

  return {
    n,
    medianUnknownMs: round(median([...a])),
    medianWrongSecretMs: round(median([...b])),
    hodgesLehmannMs: round(median(differences)),
    mannWhitneyZ: round(mannWhitneyZ),
    pValue: round(twoSidedP(mannWhitneyZ)),
    pairedShiftMs: round(median(walshAverages)),
    signedRankZ: round(signedRankZ),
    pairedPValue: twoSidedP(signedRankZ),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (x / Math.SQRT2));
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return 0.5 * (1 + erf);
}
