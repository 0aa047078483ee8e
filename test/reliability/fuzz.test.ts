/**
 * Property-based requests (fast-check) for every operation of the OpenAPI document: valid bodies
 * generated from the documented schemas, near-valid ones (one field mutated), hostile ones, junk
 * query strings and headers, and path ids of the merchant's own objects, of another merchant's and
 * junk. Whatever the request: no 5xx, an answer within the client's bound, a documented status,
 * every error body as the Error schema documents it, every success body as its operation
 * documents it, another merchant's objects never reached, and nothing changed in the database by a
 * refused request.
 *
 * The OAuth endpoints and the sign-in and sign-up forms, which the document leaves out, get a property
 * of their own: forms, JSON and junk bodies of every parameter they read, valid or hostile.
 *
 * FUZZ_SEED and FUZZ_RUNS (FUZZ_OAUTH_RUNS for the OAuth property) repeat or lengthen a run; the
 * seed and the number of requests are printed.
 * FUZZ_TRACE=1 prints every request with its answer.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { describeEachBackend } from '../helpers/backends.js';
import { orderCounts } from '../helpers/ledger.js';
import { MUTATIONS, mutate, serialize, valueFor, type JsonSchema, type SchemaContext } from '../helpers/schema-arbitrary.js';
import { REDIRECT_URI, registerClient, signIn } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { createCustomer, createOrder, paidOrder } from '../orders/support.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_500);
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The client gives up after this long: an answer later than this is a hang. (About 10 ms as a rule;
 * a sign-in's password hash, on a machine whose cores are all busy, takes seconds.)
 */
const ANSWER_WITHIN_MS = 30_000;
/** 1,500 requests (and some password hashes) take longer than the suite's 60 s per test on a loaded machine. */
const FUZZ_TEST = { timeout: 600_000 };

interface Operation {
  method: string;
  path: string;
  /** The collection the `{id}` of the path names (orders, products ...), if any. */
  resource: string | undefined;
  query: Array<{ name: string; schema: JsonSchema }>;
  body: JsonSchema | undefined;
  statuses: Set<number>;
  success: Map<number, ValidateFunction>;
  /** The success statuses documented as CSV too (`text/csv`), such as the end-of-day report's. */
  csv: Set<number>;
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown; depth: number } | { kind: 'raw'; text: string };

interface FuzzRequest {
  op: Operation;
  id: { kind: 'own' | 'other' | 'junk'; value: string };
  query: string;
  body: Body;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  authorization: 'valid' | string | undefined;
  /** How far the server's clock moves before the request (10 s on average), so that orders spread over two days. */
  clockStep: number;
}

const HOSTILE_STRINGS = [
  "'; DROP TABLE orders; --",
  "' OR '1'='1",
  '1); SELECT pg_sleep(10); --',
  '" OR ""="',
  'a\u0000b',
  '\u0000',
  '😀'.repeat(50),
  '\u202egnp.exe',
  '\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  '${jndi:ldap://example.com/a}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%s%s%n%x',
  'NaN',
  '-0',
  '1e400',
  '__proto__',
  'constructor',
];

const RAW_BODIES = [
  'null',
  '[]',
  '"x"',
  '123',
  '{',
  '{"a":',
  'not json',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"items":[{"product_id":"x","quantity":1}],"metadata":{"__proto__":"x","constructor":"y"}}',
  '{"items":1,"items":[{"product_id":"x","quantity":1}]}',
  '{"amount":1e400}',
  '{"amount":-0}',
  '{"quantity":"1"}',
  '',
];

const JUNK_QUERY_VALUES = ['', '0', '-1', 'abc', '1e309', '1.5', "' OR 1=1--", '%00', 'ü', '9'.repeat(30), 'true', 'null', '[]', 'paid,', ',', '2026-13-45', '2026-02-30T25:61:00Z'];

const CONTENT_TYPES: Array<{ weight: number; arbitrary: fc.Arbitrary<string | undefined> }> = [
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/jsonx',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
      '*/*',
      undefined,
    ),
  },
];

/**
 * The merchant's rows, as checksums: any insert, update or delete changes them. Sign-ins are apart,
 * because refusing a refresh token presented twice rightly ends its sign-in.
 */
async function snapshot(db: Kysely<Database>, merchantId: string): Promise<{ data: string; signIns: string }> {
  const tables = ['users', 'api_keys', 'products', 'customers', 'orders', 'line_items', 'refunds', 'cash_drawers', 'cash_drawer_movements', 'events'] as const;
  const hash = createHash('sha256');
  hash.update(JSON.stringify(await db.selectFrom('merchants').selectAll().where('id', '=', merchantId).execute()));
  for (const table of tables) {
    const rows = (await db.selectFrom(table).selectAll().where('merchant_id', '=', merchantId).execute()) as Array<Record<string, unknown>>;
    // Using a key is recorded (last_used_at), without changing anything the merchant owns.
    const shown = rows.map((row) => JSON.stringify({ ...row, last_used_at: undefined })).sort();
    hash.update(`${table}:${shown.length}:${shown.join('\n')}`);
  }
  const counts = await orderCounts(db, merchantId);
  hash.update(JSON.stringify(counts.map((c) => `${c.environment} ${c.status} ${c.day} ${c.count}`).sort()));
  const sessions = await db.selectFrom('auth_sessions').selectAll().where('merchant_id', '=', merchantId).orderBy('id').execute();
  return { data: hash.digest('hex'), signIns: createHash('sha256').update(JSON.stringify(sessions)).digest('hex') };
}

function encodeId(value: string): string {
  try {
    const encoded = encodeURIComponent(value);
    // '.' and '..' would be resolved away by the URL, reaching another route.
    return /^\.*$/.test(encoded) ? 'x' : encoded;
  } catch {
    return 'x'; // a lone surrogate
  }
}

describeEachBackend('fuzzing from the OpenAPI document', (backend) => {
  let server: TestServer;
  before(async () => {
    // Access tokens that outlive the hours the clock moves on during the run.
    server = await startTestServer(backend, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
  });
  after(() => server.close());

  test('no 5xx, no hang, documented answers, other merchants unreachable, refused requests change nothing', FUZZ_TEST, async () => {
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as any;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('timestamp-or-date', true);
    const withRefs = (schema: JsonSchema) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
    ajv.addSchema({ $id: 'openapi.json', components: withRefs(document.components) });
    const errorSchema = ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' });

    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries<any>(document.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const success = new Map<number, ValidateFunction>();
        const csv = new Set<number>();
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (Number(status) < 300 && schema !== undefined) success.set(Number(status), ajv.compile(withRefs(schema)));
          if (Number(status) < 300 && response.content?.['text/csv'] !== undefined) csv.add(Number(status));
        }
        operations.push({
          method: method.toUpperCase(),
          path,
          resource: path.includes('{id}') ? path.split('/')[2] : undefined,
          query: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => ({ name: p.name, schema: p.schema })),
          body: op.requestBody?.content?.['application/json']?.schema,
          statuses: new Set(Object.keys(op.responses).map(Number)),
          success,
          csv,
          // A counterexample names the operation, not its compiled validators.
          [fc.toStringMethod]: () => `${method.toUpperCase()} ${path}`,
        } as Operation);
      }
    }
    assert.ok(operations.length >= 20, `only ${operations.length} operations documented`);

    // Start two hours before midnight UTC, so that the run's orders fall on two days.
    const now = server.clock.now().getTime();
    server.clock.advance((((22 * 3600_000 - (now % DAY_MS)) % DAY_MS) + DAY_MS) % DAY_MS);

    // The merchant under test, with objects of every kind, and another merchant with the same.
    const seedMerchant = async (shop: TestMerchant, user: Api) => {
      // Products that orders name, and others that PATCH may deactivate or empty.
      const products = [];
      for (let i = 0; i < 5; i++) products.push(await createProduct(shop.sandbox, { name: `P${i}`, price: 100 + i * 250, inventory: i === 4 ? null : 1_000_000 }));
      const patched = [];
      for (let i = 0; i < 3; i++) patched.push(await createProduct(shop.sandbox, { name: `Q${i}`, price: 300, inventory: 10 }));
      const customers = [await createCustomer(shop.sandbox, { name: 'Ada', email: 'ada@example.com' }), await createCustomer(shop.sandbox, { name: 'Bob' })];
      const orders = [
        await createOrder(shop.sandbox, [[products[0]!, 2]], { customer_id: customers[0].id }),
        await paidOrder(shop.sandbox, [[products[1]!, 3], [products[4]!, 1]]),
        await paidOrder(shop.sandbox, [[products[2]!, 5]]),
        await paidOrder(shop.sandbox, [[products[3]!, 1]], { payment_method: 'cash' }),
      ];
      // Discount codes the fuzzer may look up and change.
      const codes = [];
      for (const code of ['FUZZ10', 'FUZZ-OFF']) {
        const created = await shop.sandbox.post('/v1/discount_codes', code === 'FUZZ10' ? { code, type: 'percentage', percentage_bps: 1000 } : { code, type: 'amount', amount: 50 });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        codes.push(created.body.id as string);
      }
      const keys = [];
      for (let i = 0; i < 3; i++) {
        const created = await user.post('/v1/api_keys', { name: `spare ${i}`, environment: 'sandbox' });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        keys.push(created.body.id);
      }
      // Team members the fuzzer may look up, change or remove (never the signed-in admin itself).
      const users = [];
      for (const role of ['manager', 'cashier']) {
        const created = await user.post('/v1/users', { email: `${role}.${shop.merchantId.toLowerCase()}@example.com`, password: 'fuzz-password-1234', role });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        users.push(created.body.id as string);
      }
      // Sign-ins of the owner the fuzzer may list and end (`/v1/account/sessions/{id}`), never the one it sends requests with.
      const sessions = [];
      for (let i = 0; i < 2; i++) {
        const spare = await signIn(server, shop, { environment: 'sandbox' });
        sessions.push((await spare.api.get('/v1/account/sessions')).body.data.find((s: any) => s.current).id as string);
      }
      // Webhook endpoints the fuzzer may change, rotate, test and delete. Their address is a port of
      // this machine that nothing listens on, refused as private anyway: no delivery leaves the machine.
      const endpoints = [];
      for (let i = 0; i < 2; i++) {
        const created = await user.post('/v1/webhook_endpoints', { url: `http://127.0.0.1:9/hook-${i}`, enabled_events: ['*'] });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        endpoints.push(created.body.id as string);
      }
      // Cash drawers the fuzzer may read, pay into or out of and close: one open, one closed.
      const drawers = [];
      for (const register of ['FZ1', 'FZ2']) {
        const created = await shop.sandbox.post('/v1/cash_drawers', { register, opening_float: 10_000 });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        drawers.push(created.body.id as string);
      }
      assert.equal((await shop.sandbox.post(`/v1/cash_drawers/${drawers[1]}/close`, { counted_cash: 10_000 })).status, 200);
      const events = (await shop.sandbox.get('/v1/events?per_page=100')).body.data.map((e: any) => e.id);
      return {
        orders: orders.map((o) => o.id as string),
        products: patched.map((p) => p.id),
        ordered_products: products.map((p) => p.id),
        customers: customers.map((c) => c.id as string),
        events: events as string[],
        api_keys: keys as string[],
        users,
        account: sessions,
        webhook_endpoints: endpoints,
        discount_codes: codes,
        cash_drawers: drawers,
        line_items: orders.flatMap((o) => o.items.map((l: any) => l.id as string)),
      };
    };
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const other = await createTestMerchant(server);
    // Requests go with an API key or with the owner's access token (API keys are managed only so).
    const owner = await signIn(server, shop, { environment: 'sandbox' });
    // A sign-in whose refresh token the fuzzer may exchange (once; a second time ends that sign-in).
    const refreshable = await signIn(server, shop, { environment: 'sandbox' });
    const own: Record<string, string[]> = await seedMerchant(shop, owner.api);
    const theirs: Record<string, string[]> = await seedMerchant(other, (await signIn(server, other, { environment: 'sandbox' })).api);
    const otherBefore = await snapshot(server.db.kysely, other.merchantId);

    const fromPool = (pool: () => string[]) => fc.nat().map((i) => pool()[i % pool().length] ?? 'none');
    const ctx: SchemaContext = {
      resolve: (ref) => ref.split('/').slice(1).reduce<any>((node, key) => node[key], document),
      now: () => server.clock.now().getTime(),
      preferred: (name) => {
        const pool = { product_id: 'ordered_products', customer_id: 'customers', line_item_id: 'line_items' }[name];
        if (pool !== undefined) return fromPool(() => own[pool]!);
        if (name === 'payment_token') return fc.constantFrom('tok_visa', 'tok_mastercard', 'tok_amex', 'tok_chargeDeclined');
        if (name === 'refresh_token') return fc.constant(refreshable.refreshToken);
        return undefined;
      },
    };

    const hostileBody = (op: Operation): fc.Arbitrary<Body> =>
      fc.oneof(
        fc.constantFrom(...RAW_BODIES).map((text): Body => ({ kind: 'raw', text })),
        fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value, depth: 0 })),
        // A valid body with every other string in it (or a new first key) made hostile.
        fc.tuple(op.body === undefined ? fc.constant({}) : valueFor(op.body, ctx), fc.constantFrom(...HOSTILE_STRINGS), fc.nat(), fc.boolean()).map(
          ([value, hostile, which, asKey]): Body => {
            if (asKey) {
              const text = JSON.stringify(value);
              const withKey = text === '{}' ? `{${JSON.stringify(hostile)}:{"prototype":{"x":1}}}` : `{${JSON.stringify(hostile)}:"v",${text.slice(1)}`;
              return { kind: 'raw', text: withKey };
            }
            let n = which;
            const replaced = JSON.parse(JSON.stringify(value ?? null), (_key, v) => (typeof v === 'string' && n-- % 2 === 0 ? hostile : v));
            return { kind: 'json', value: replaced, depth: 0 };
          },
        ),
      );

    const bodyFor = (op: Operation): fc.Arbitrary<Body> => {
      if (op.method === 'GET') return fc.constant({ kind: 'none' });
      if (op.body === undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: hostileBody(op) });
      const valid = valueFor(op.body, ctx);
      return fc.oneof(
        { weight: 5, arbitrary: valid.map((value): Body => ({ kind: 'json', value, depth: 0 })) },
        {
          weight: 4,
          arbitrary: fc
            .tuple(valid, fc.constantFrom(...MUTATIONS), fc.nat(), fc.nat(), fc.constantFrom(100, 1_000, 100_000))
            .map(([value, mutation, which, variant, depth]): Body => {
              const mutated = mutate(value, mutation, which, variant);
              return mutated === undefined ? { kind: 'none' } : { kind: 'json', value: mutated, depth };
            }),
        },
        { weight: 2, arbitrary: hostileBody(op) },
        { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      );
    };

    const queryFor = (op: Operation): fc.Arbitrary<string> => {
      const valid = ({ name, schema }: { name: string; schema: JsonSchema }) =>
        valueFor(schema, ctx, name).map((v) => `${name}=${encodeURIComponent(String(v))}`);
      const junk = ({ name, schema }: { name: string; schema: JsonSchema }) =>
        fc.oneof(
          { weight: 2, arbitrary: valid({ name, schema }) },
          { weight: 2, arbitrary: fc.constantFrom(...JUNK_QUERY_VALUES).map((v) => `${name}=${encodeURIComponent(v)}`) },
          { weight: 1, arbitrary: fc.constant(`${name}=1&${name}=2`) },
        );
      const extras = fc.constantFrom('unknown=1', 'page=', "per_page=' OR 1=1--", 'status[]=paid', 'a=%ZZ', '__proto__[x]=1');
      const some = (param: typeof valid) =>
        fc.subarray(op.query).chain((chosen) => (chosen.length === 0 ? fc.constant([] as string[]) : fc.tuple(...chosen.map(param))));
      // Valid queries reach the filters and counts; junk ones the validation in front of them.
      return fc
        .oneof(
          { weight: 3, arbitrary: some(valid) },
          { weight: 2, arbitrary: fc.tuple(some(junk), fc.option(extras, { freq: 3 })).map(([parts, extra]) => (extra === null ? parts : [...parts, extra])) },
        )
        .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));
    };

    const idFor = (op: Operation): fc.Arbitrary<FuzzRequest['id']> => {
      if (op.resource === undefined) return fc.constant({ kind: 'own', value: '' });
      const resource = op.resource;
      return fc.oneof(
        { weight: 6, arbitrary: fromPool(() => own[resource]!).map((value) => ({ kind: 'own' as const, value })) },
        { weight: 2, arbitrary: fromPool(() => theirs[resource]!).map((value) => ({ kind: 'other' as const, value })) },
        {
          weight: 2,
          arbitrary: fc
            .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), fc.constantFrom(...HOSTILE_STRINGS), fc.constant(`ord_${'a'.repeat(300)}`))
            .map((value) => ({ kind: 'junk' as const, value })),
        },
      );
    };

    // Any byte a client can put in a header (fetch itself refuses the other control characters).
    const headerValue = fc.string({ unit: 'binary-ascii', maxLength: 300 }).filter((s) => /^[\t\x20-\x7e]*$/.test(s));
    const requestArb: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        id: idFor(op),
        query: fc.oneof({ weight: op.query.length > 0 ? 3 : 0, arbitrary: queryFor(op) }, { weight: 2, arbitrary: fc.constant('') }),
        body: bodyFor(op),
        contentType: fc.oneof(...CONTENT_TYPES),
        idempotencyKey: fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 3, arbitrary: fc.uuid() },
          { weight: 2, arbitrary: fc.oneof(headerValue, fc.constantFrom('', ' ', 'k'.repeat(256), 'a b', "'; DROP TABLE idempotency_keys; --")) },
        ),
        clockStep: fc.integer({ min: 0, max: 20_000 }),
        authorization: fc.oneof(
          { weight: 9, arbitrary: fc.constant('valid') },
          { weight: 3, arbitrary: fc.constant('user') },
          {
            weight: 2,
            arbitrary: fc.oneof(
              fc.constantFrom(undefined, 'Bearer', 'Bearer ', `Basic ${Buffer.from('a:b').toString('base64')}`, 'Bearer sk_test_', 'Bearer sk_live_x', 'Token x'),
              fc.constantFrom('valid+x', 'lowercase', 'double-space', 'truncated'),
              headerValue.map((s) => `Bearer ${s}`),
            ),
          },
        ),
      }),
    );

    let tried = 0;
    const tally: Record<string, number> = {};
    let baseline = await snapshot(server.db.kysely, shop.merchantId);
    const key = shop.sandboxKey;

    const property = fc.asyncProperty(requestArb, async (request) => {
      const { op, id, query, body } = request;
      const path = op.path.replace('{id}', encodeId(id.value)) + query;
      const headers: Record<string, string> = {};
      const auth = request.authorization;
      if (auth === 'valid') headers.authorization = `Bearer ${key}`;
      else if (auth === 'user') headers.authorization = `Bearer ${owner.accessToken}`;
      else if (auth === 'valid+x') headers.authorization = `Bearer ${key}x`;
      else if (auth === 'lowercase') headers.authorization = `bearer ${key}`;
      else if (auth === 'double-space') headers.authorization = `Bearer  ${key}`;
      else if (auth === 'truncated') headers.authorization = `Bearer ${key.slice(0, -1)}`;
      else if (auth !== undefined) headers.authorization = auth;
      if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
      let text: string | undefined;
      if (body.kind === 'json') text = serialize(body.value, body.depth);
      if (body.kind === 'raw') text = body.text;
      if (text !== undefined && request.contentType !== undefined) headers['content-type'] = request.contentType;
      const shown = `${op.method} ${path} [${Object.entries(headers).map(([k, v]) => `${k}: ${v.slice(0, 80)}`).join('; ')}] ${text?.slice(0, 300) ?? ''}`;

      server.clock.advance(request.clockStep);
      tried++;
      const sentAt = Date.now();
      let response: Response;
      let answer: string;
      try {
        response = await fetch(server.url + path, { method: op.method, headers, body: text, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
        answer = await response.text();
      } catch (error) {
        throw new Error(`no answer within ${ANSWER_WITHIN_MS} ms (${(error as Error).message}): ${shown}`);
      }
      const status = response.status;
      tally[status] = (tally[status] ?? 0) + 1;
      if (process.env.FUZZ_TRACE) console.log(status, Date.now() - sentAt, answer.slice(0, 120), shown.slice(0, 200));
      assert.ok(status < 500, `${status} ${answer.slice(0, 500)}\n  for ${shown}`);
      assert.ok(op.statuses.has(status), `undocumented status ${status} ${answer.slice(0, 300)}\n  for ${shown}`);
      if (status < 300 && /^text\/csv\b/.test(response.headers.get('content-type') ?? '')) {
        // A CSV answer (`format=csv`): documented as such, a header and lines each ended by CRLF.
        assert.ok(op.csv.has(status), `undocumented CSV answer ${status}\n  for ${shown}`);
        assert.match(answer, /^[a-z_]+(,[a-z_]+)*\r\n([^\r\n]*\r\n)+$/, `CSV answer not as documented: ${answer.slice(0, 300)}\n  for ${shown}`);
        return;
      }
      const parsed = JSON.parse(answer) as any;
      if (status >= 400) {
        assert.ok(errorSchema(structuredClone(parsed)), `error body not as documented: ${answer}\n  ${ajv.errorsText(errorSchema.errors)}\n  for ${shown}`);
        // Nothing the merchant owns changed (an Idempotency-Key may remember the refusal; a refresh
        // token presented again ends its sign-in).
        const now = await snapshot(server.db.kysely, shop.merchantId);
        assert.equal(now.data, baseline.data, `a refused request (${status} ${parsed.error?.code}) changed the database: ${shown}`);
        if (op.path !== '/v1/auth/refresh') assert.equal(now.signIns, baseline.signIns, `a refused request (${status}) changed a sign-in: ${shown}`);
        baseline = now;
        return;
      }
      const validate = op.success.get(status);
      assert.ok(validate, `no documented body for ${status}: ${shown}`);
      assert.ok(validate(structuredClone(parsed)), `${status} body not as documented: ${ajv.errorsText(validate.errors)}\n  ${answer.slice(0, 500)}\n  for ${shown}`);
      assert.notEqual(id.kind, 'other', `another merchant's object reached: ${status} ${shown}`);
      if (parsed.pagination !== undefined) {
        // A list's total counts what its pages hold (order totals come from order_counts).
        const { total, page, per_page: perPage, has_more: hasMore } = parsed.pagination;
        const shownPage = `${JSON.stringify(parsed.pagination)} with ${parsed.data.length} rows\n  for ${shown}`;
        assert.equal(hasMore, page * perPage < total, `has_more against total: ${shownPage}`);
        if (hasMore) assert.equal(parsed.data.length, perPage, `a page before the last is full: ${shownPage}`);
        else if (parsed.data.length > 0 || page === 1) assert.equal(total, (page - 1) * perPage + parsed.data.length, `total against the last page: ${shownPage}`);
        else assert.ok(total <= (page - 1) * perPage, `an empty page past the total: ${shownPage}`);
      }
      if (op.method !== 'GET') {
        baseline = await snapshot(server.db.kysely, shop.merchantId);
        // Keep the pools of real ids growing with what was created.
        if (op.path === '/v1/orders' && status === 201) {
          own.orders!.push(parsed.id);
          own.line_items!.push(...parsed.items.map((l: any) => l.id));
        }
        if (op.path === '/v1/products' && status === 201) own.products!.push(parsed.id);
        if (op.path === '/v1/customers' && status === 201) own.customers!.push(parsed.id);
        if (op.path === '/v1/api_keys' && status === 201) own.api_keys!.push(parsed.id);
        if (op.path === '/v1/users' && status === 201) own.users!.push(parsed.id);
        if (op.path === '/v1/cash_drawers' && status === 201) own.cash_drawers!.push(parsed.id);
      }
    });

    const started = Date.now();
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    } finally {
      console.log(
        `fuzz [${backend}] seed ${SEED}: ${tried} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `answers by status ${JSON.stringify(tally)}`,
      );
    }
    assert.deepEqual(await snapshot(server.db.kysely, other.merchantId), otherBefore, "the other merchant's data changed");
    // The run reached the code behind validation, not only the refusals in front of it.
    assert.ok((tally[200] ?? 0) + (tally[201] ?? 0) > RUNS / 10, `too few accepted requests: ${JSON.stringify(tally)}`);
  });
});

const OAUTH_RUNS = Number(process.env.FUZZ_OAUTH_RUNS ?? 500);
/** The error codes RFC 6749 (section 5.2) and RFC 7009 give the token and revocation endpoints, and Till's 429. */
const OAUTH_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'unsupported_token_type', 'rate_limited']);
const OAUTH_ROUTES = [
  { method: 'GET', path: '/oauth/authorize' },
  { method: 'POST', path: '/oauth/authorize' },
  { method: 'POST', path: '/oauth/token' },
  { method: 'POST', path: '/oauth/revoke' },
] as const;

interface OAuthRequest {
  route: (typeof OAUTH_ROUTES)[number];
  params: Array<[string, string]>;
  encoding: 'form' | 'json' | 'raw';
  raw: string;
  contentType: string | undefined;
  site: Record<string, string>;
}

describeEachBackend('fuzzing the OAuth endpoints and the sign-in and sign-up forms', (backend) => {
  let server: TestServer;
  before(async () => {
    // The per-account limit off, so that right passwords keep reaching the code behind it.
    server = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ACCOUNT: '0' });
  });
  after(() => server.close());

  test('no 5xx, no hang, answers as RFC 6749 says, redirects only to registered URIs, refused requests change nothing', FUZZ_TEST, async () => {
    const shop = await createTestMerchant(server);
    const app = await registerClient(server, [REDIRECT_URI]);
    const other = await registerClient(server, ['com.example.other:/callback']);
    const signedIn = await signIn(server, shop, { clientId: app.id });
    const verifier = 'v'.repeat(43) + 'erifier-of-the-fuzzer';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pools = { codes: ['c'.repeat(43)], refreshTokens: [signedIn.refreshToken], accessTokens: [signedIn.accessToken] };
    const fromPool = (pool: string[]) => fc.nat().map((n) => pool[n % pool.length]!);
    const hostile = fc.constantFrom(...HOSTILE_STRINGS, 'x'.repeat(5_000), `a@${'.'.repeat(15_000)}@`, '');
    const junk = fc.oneof(fc.string({ maxLength: 40 }), hostile);
    const valueOf: Record<string, fc.Arbitrary<string>> = {
      response_type: fc.oneof(fc.constant('code'), junk),
      client_id: fc.oneof({ weight: 6, arbitrary: fc.constant(app.id) }, fc.constant(other.id), fc.constant('cli_dashboard'), junk),
      redirect_uri: fc.oneof(
        { weight: 6, arbitrary: fc.constant(REDIRECT_URI) },
        fc.constantFrom('http://127.0.0.1:8765/callback', 'https://attacker.example/callback', `${REDIRECT_URI}#x`, 'com.example.other:/callback'),
        junk,
      ),
      state: fc.oneof(fc.string({ maxLength: 60 }), hostile),
      code_challenge: fc.oneof({ weight: 5, arbitrary: fc.constant(challenge) }, junk),
      code_challenge_method: fc.oneof({ weight: 5, arbitrary: fc.constant('S256') }, fc.constant('plain'), junk),
      environment: fc.oneof(fc.constantFrom('sandbox', 'production'), junk),
      prompt: fc.oneof(fc.constant('create'), junk),
      email: fc.oneof({ weight: 4, arbitrary: fc.constant(shop.email) }, fc.emailAddress(), junk),
      password: fc.oneof({ weight: 4, arbitrary: fc.constant(shop.password) }, fc.constant('a long enough password'), junk),
      business_name: fc.oneof(fc.constant('Fuzzed Shop'), junk),
      currency: fc.oneof(fc.constantFrom('USD', 'EUR', 'usd'), junk),
      grant_type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('authorization_code', 'refresh_token') }, junk),
      code: fc.oneof({ weight: 4, arbitrary: fromPool(pools.codes) }, junk),
      code_verifier: fc.oneof({ weight: 4, arbitrary: fc.constant(verifier) }, junk),
      refresh_token: fc.oneof({ weight: 4, arbitrary: fromPool(pools.refreshTokens) }, junk),
      token: fc.oneof({ weight: 2, arbitrary: fromPool(pools.refreshTokens) }, { weight: 2, arbitrary: fromPool(pools.accessTokens) }, junk),
    };
    const NAMES = Object.keys(valueOf);
    const AUTHORIZE = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'environment'];
    /** The parameters each route reads; each is sent (mostly valid) or left out, then a few others are added. */
    const READS: Record<string, string[]> = {
      'GET /oauth/authorize': [...AUTHORIZE, 'prompt'],
      'POST /oauth/authorize': [...AUTHORIZE, 'prompt', 'email', 'password', 'business_name', 'currency'],
      'POST /oauth/token': ['grant_type', 'client_id', 'code', 'redirect_uri', 'code_verifier', 'refresh_token'],
      'POST /oauth/revoke': ['client_id', 'token'],
    };
    const paramsFor = (route: (typeof OAUTH_ROUTES)[number]) =>
      fc
        .tuple(
          fc.tuple(...READS[`${route.method} ${route.path}`]!.map((name) => fc.option(valueOf[name]!.map((value): [string, string] => [name, value]), { freq: 8 }))),
          // Repeated, unknown and prototype-named parameters.
          fc.array(fc.tuple(fc.constantFrom(...NAMES, '__proto__', 'constructor', 'hasOwnProperty', 'a\u0000b', 'x'.repeat(5_000)), junk), { maxLength: 2 }),
        )
        .map(([read, extra]) => [...read.filter((pair) => pair !== null), ...extra]);
    // The newest code and refresh token, exactly as an app exchanges them, so that exchanges and refreshes succeed too.
    const latest = (pool: string[]) => fc.constant(pool).map((all) => all[all.length - 1]!);
    const validGrant = fc.oneof(
      latest(pools.codes).map((code): Array<[string, string]> => [['grant_type', 'authorization_code'], ['client_id', app.id], ['code', code], ['redirect_uri', REDIRECT_URI], ['code_verifier', verifier]]),
      latest(pools.refreshTokens).map((token): Array<[string, string]> => [['grant_type', 'refresh_token'], ['client_id', app.id], ['refresh_token', token]]),
    );
    const validSignIn = fc.constant<Array<[string, string]>>([
      ['response_type', 'code'],
      ['client_id', app.id],
      ['redirect_uri', REDIRECT_URI],
      ['state', 'fuzz'],
      ['code_challenge', challenge],
      ['code_challenge_method', 'S256'],
      ['environment', 'sandbox'],
      ['email', shop.email],
      ['password', shop.password],
    ]);
    const requestArb: fc.Arbitrary<OAuthRequest> = fc.constantFrom(...OAUTH_ROUTES).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params:
          route.path === '/oauth/token'
            ? fc.oneof(paramsFor(route), validGrant)
            : route.method === 'POST' && route.path === '/oauth/authorize'
              ? fc.oneof({ weight: 3, arbitrary: paramsFor(route) }, validSignIn)
              : paramsFor(route),
        encoding: fc.oneof({ weight: 12, arbitrary: fc.constant('form' as const) }, fc.constant('json' as const), fc.constant('raw' as const)),
        raw: fc.constantFrom(...RAW_BODIES, 'client_id=%ED%A0%80', 'a=%zz&b=%', '&&&==&'),
        contentType: fc.oneof({ weight: 48, arbitrary: fc.constant('application/x-www-form-urlencoded') }, ...CONTENT_TYPES),
        site: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom<Record<string, string>>({}, { 'sec-fetch-site': 'same-origin', origin: 'null' }) },
          fc.constantFrom<Record<string, string>>({ 'sec-fetch-site': 'cross-site' }, { origin: 'https://attacker.example' }),
        ),
      }),
    );

    const countMerchants = async () => Number((await server.db.kysely.selectFrom('merchants').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    let baseline = { ...(await snapshot(server.db.kysely, shop.merchantId)), merchants: await countMerchants() };
    let tried = 0;
    const tally: Record<string, number> = {};

    const property = fc.asyncProperty(requestArb, async (request) => {
      const { route } = request;
      const headers: Record<string, string> = { ...request.site };
      let url = server.url + route.path;
      let body: string | undefined;
      if (route.method === 'GET') {
        url += `?${new URLSearchParams(request.params)}`;
      } else {
        body = request.encoding === 'form' ? String(new URLSearchParams(request.params)) : request.encoding === 'json' ? JSON.stringify(Object.fromEntries(request.params)) : request.raw;
        if (request.contentType !== undefined) headers['content-type'] = request.contentType;
      }
      const shown = `${route.method} ${url.slice(0, 300)} [${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('; ')}] ${body?.slice(0, 300) ?? ''}`;
      tried++;
      let response: Response;
      let answer: string;
      try {
        response = await fetch(url, { method: route.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
        answer = await response.text();
      } catch (error) {
        throw new Error(`no answer within ${ANSWER_WITHIN_MS} ms (${(error as Error).message}): ${shown}`);
      }
      const status = response.status;
      tally[`${route.path} ${status}`] = (tally[`${route.path} ${status}`] ?? 0) + 1;
      if (process.env.FUZZ_TRACE && route.path === "/oauth/token") console.log(status, answer.slice(0, 150), shown.slice(0, 250));
      assert.ok(status < 500, `${status} ${answer.slice(0, 500)}\n  for ${shown}`);

      if (status === 431) {
        // A query string past Node's 16 KiB header limit, refused before any route (as on /v1).
        assert.equal(route.method, 'GET', shown);
      } else if (route.path === '/oauth/authorize') {
        assert.ok([200, 303, 400, 401, 403, 429].includes(status), `undocumented status ${status}: ${shown}`);
        if (status === 303) {
          const location = new URL(response.headers.get('location')!);
          // Only to a redirect URI the client named in the request registered (a loopback one on any port), with the answer in the query.
          const clientId = request.params.find(([name]) => name === 'client_id')?.[1];
          const registered = clientId === app.id ? [REDIRECT_URI] : clientId === other.id ? ['com.example.other:/callback'] : [`${server.url}/dashboard/callback`];
          const target = location.protocol === 'http:' && location.hostname === '127.0.0.1' && location.port !== '' ? `http://127.0.0.1${location.pathname}` : location.href.split('?')[0]!;
          assert.ok(registered.includes(target), `redirected to ${location}: ${shown}`);
          const code = location.searchParams.get('code');
          if (code === null) assert.ok(location.searchParams.get('error'), `a redirect without code or error: ${location}`);
          // The codes the fuzzer's app can exchange (its own, with the fuzzer's challenge) are kept for it.
          else if (clientId === app.id && request.params.some(([name, value]) => name === 'code_challenge' && value === challenge)) pools.codes.push(code);
        } else {
          assert.match(response.headers.get('content-type') ?? '', /^text\/html; charset=utf-8$/, shown);
          assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/, shown);
        }
      } else {
        assert.ok([200, 400, 401, 429].includes(status), `undocumented status ${status}: ${shown}`);
        if (status === 200 && route.path === '/oauth/token') {
          const tokens = JSON.parse(answer) as Record<string, unknown>;
          assert.deepEqual(Object.keys(tokens).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type'], shown);
          pools.refreshTokens.push(tokens.refresh_token as string);
          pools.accessTokens.push(tokens.access_token as string);
        } else if (status === 200) {
          assert.equal(answer, '', `revocation answers an empty 200: ${shown}`);
        } else {
          const error = JSON.parse(answer) as Record<string, unknown>;
          assert.deepEqual(Object.keys(error).sort(), ['error', 'error_description'], `${answer}\n  for ${shown}`);
          assert.ok(OAUTH_ERRORS.has(error.error as string), `${answer}\n  for ${shown}`);
          assert.equal(typeof error.error_description, 'string');
        }
      }
      const now = { ...(await snapshot(server.db.kysely, shop.merchantId)), merchants: await countMerchants() };
      if (status >= 400) {
        assert.equal(now.data, baseline.data, `a refused request (${status}) changed the database: ${shown}`);
        assert.equal(now.merchants, baseline.merchants, `a refused request (${status}) created a merchant: ${shown}`);
        // A refresh token or code presented again rightly ends its sign-in; nothing else may touch one.
        if (route.path === '/oauth/authorize') assert.equal(now.signIns, baseline.signIns, `a refused request (${status}) changed a sign-in: ${shown}`);
      }
      baseline = now;
    });

    const started = Date.now();
    try {
      await fc.assert(property, { seed: SEED, numRuns: OAUTH_RUNS, endOnFailure: true });
    } finally {
      console.log(
        `fuzz oauth [${backend}] seed ${SEED}: ${tried} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; answers by route and status ${JSON.stringify(tally)}`,
      );
    }
    // The run reached the code behind the checks: sign-ins, exchanges and refreshes that worked.
    for (const reached of ['/oauth/authorize 303', '/oauth/token 200', '/oauth/revoke 200']) assert.ok((tally[reached] ?? 0) > 0, `never ${reached}: ${JSON.stringify(tally)}`);
  });
});
