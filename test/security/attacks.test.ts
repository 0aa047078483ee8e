/**
 * The attack list: what a hostile client tries first, one test each. (The authentication attacks,
 * alg none, HS256 confusion, jku, expiry, refresh reuse, PKCE and redirect URIs, are in
 * test/auth/; docs/reliability.md lists them all in one table.)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type KyselyPlugin } from 'kysely';
import { buildApp } from '../../src/app/build-app.js';
import { loadConfig } from '../../src/config.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { parseCsv } from '../helpers/csv.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { describeStatement, type Statement } from '../helpers/tenant-scope.js';
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
            // A list's page, or the orders export's CSV (its header alone when nothing matched).
            const rows = typeof response.body === 'string' ? parseCsv(response.body).slice(1) : response.body.data;
            assert.deepEqual(rows, [], `${url} matched rows: ${JSON.stringify(response.body).slice(0, 300)}`);
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
    // (Only an offline sale, with `recorded_at`, names the price its register charged.)
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, unit_price: 1 }] }), 400, 'parameter_invalid', 'items[0].unit_price');
    assertError(await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, total: 1 }] }), 400, 'parameter_unknown', 'items[0].total');
    assert.deepEqual(await tableCounts(server), before, 'nothing was written');
  });

  test('timing: an unknown API key and a wrong secret for a known key prefix do the same work (the same statements, one lookup by hash)', async () => {
    // The same server code over the same database, its statements recorded: what a wrong secret makes
    // the server do must not differ from what an unknown key does. (The times themselves are measured
    // by `npm run bench:timing`, outside the suite: a verdict from times depends on the machine's load.)
    const statements: Statement[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements.push(describeStatement(node));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', WEBHOOK_DISPATCH: 'off', DATABASE_URL: server.database.url, ...(server.database.schema ? { DATABASE_SCHEMA: server.database.schema } : {}) });
    const app = await buildApp({ config, db: { ...server.db, kysely: server.db.kysely.withPlugin(recorder) }, clock: server.clock, logger: false });
    try {
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const shop = await createTestMerchant(server);
      const known = shop.sandboxKey;
      const randomTail = (length: number) => randomBase62(length);
      /** The statements on the credential tables that one request with `key` made the server run. */
      const work = async (key: string) => {
        const from = statements.length;
        const response = await fetch(`${url}/v1/orders`, { headers: { authorization: `Bearer ${key}` } });
        assert.equal(response.status, 401);
        const { error } = (await response.json()) as { error: Record<string, unknown> };
        delete error.request_id;
        return { error, statements: statements.slice(from).filter((s) => s.allTables.some((table) => CREDENTIAL_TABLES.has(table))).map((s) => ({ kind: s.kind, tables: s.allTables, columns: s.columns, text: s.text })) };
      };
      for (let i = 0; i < 20; i++) {
        const unknown = await work(`sk_test_${randomTail(known.length - 8)}`);
        // The same prefix as a real key (its first 8 secret characters, as a leak of a key's start would give).
        const wrongSecret = await work(known.slice(0, 16) + randomTail(known.length - 16));
        assert.deepEqual(wrongSecret, unknown, 'the same answer after the same statements');
        assert.equal(unknown.statements.length, 1, `one lookup: ${JSON.stringify(unknown.statements)}`);
        assert.deepEqual([unknown.statements[0]!.tables, unknown.statements[0]!.columns.includes('key_hash')], [['api_keys'], true], 'by the hash of the whole key');
      }
    } finally {
      await app.close();
    }
  });
});

/** The tables a credential check may read. */
const CREDENTIAL_TABLES = new Set(['api_keys', 'users', 'auth_sessions', 'signing_keys']);
