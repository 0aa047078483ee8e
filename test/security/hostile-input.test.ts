/**
 * Hostile input outside the JSON bodies of `/v1`: text that makes a pattern backtrack, the OAuth
 * endpoints fed what the API refuses (bad JSON, `__proto__`, decimals, deep nesting, NUL), forms
 * posted from another site, and the smaller holes of the same kind (a refresh token of another
 * client, access tokens without their type or audience, `__proto__` as a payment token, a header
 * sent twice). Every test runs on SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { describeEachBackend } from '../helpers/backends.js';
import { authorizationRequest, formFields, registerClient, signIn, signInAs } from '../helpers/oauth.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { tillServe } from '../http/serve-process.js';
import { assertError, createOrder } from '../orders/support.js';

/** The e-mail of the issue: `a@`, 15,800 dots, `@`. The old pattern took 1.4 to 3 s to refuse it. */
const REDOS_EMAIL = `a@${'.'.repeat(15_800)}@`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The hidden fields of the sign-in (or, with `prompt=create`, sign-up) page of a new authorization request. */
async function pageFields(server: TestServer, signUp: boolean): Promise<{ action: URL; fields: Record<string, string> }> {
  const { url } = await authorizationRequest(server);
  if (signUp) url.searchParams.set('prompt', 'create');
  const page = await fetch(url);
  assert.equal(page.status, 200);
  return { action: new URL('authorize', url), fields: formFields(await page.text()) };
}

async function postForm(url: URL | string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', redirect: 'manual', headers: { ...FORM, ...headers }, body: new URLSearchParams(fields) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function countRows(server: TestServer, table: 'merchants' | 'users'): Promise<number> {
  const row = await server.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachBackend('hostile input', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('a 16 KiB e-mail built to backtrack is refused with 400 by sign-up, sign-in and POST /v1/users without blocking the event loop; /healthz keeps answering', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signInAs(server, shop, 'admin');
    const signUp = await pageFields(server, true);
    const signInForm = await pageFields(server, false);
    const signUpBody = { ...signUp.fields, business_name: 'Backtrack Ltd', currency: 'USD', email: REDOS_EMAIL, password: 'a long enough password' };
    const signInBody = { ...signInForm.fields, email: REDOS_EMAIL, password: 'a long enough password' };
    for (const body of [signUpBody, signInBody]) {
      const size = new URLSearchParams(body).toString().length;
      assert.ok(size > 15_800 && size <= 16 * 1024, `the form is ${size} bytes: within the 16 KiB form limit`);
    }
    const merchantsBefore = await countRows(server, 'merchants');
    const usersBefore = await countRows(server, 'users');

    const delay = monitorEventLoopDelay({ resolution: 5 });
    const health: number[] = [];
    let hostileDone = false;
    const probe = (async () => {
      while (!hostileDone) {
        const sentAt = performance.now();
        const response = await fetch(`${server.url}/healthz`);
        assert.equal(response.status, 200);
        await response.text();
        health.push(performance.now() - sentAt);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    delay.enable();
    // Ten of each at once, as the attacker sends them.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => [
        postForm(signUp.action, signUpBody).then((r) => ({ route: 'sign-up', ...r })),
        postForm(signInForm.action, signInBody).then((r) => ({ route: 'sign-in', ...r })),
        admin.api
          .post('/v1/users', { email: REDOS_EMAIL, password: 'a long enough password', role: 'cashier' })
          .then((r) => ({ route: 'POST /v1/users', status: r.status, text: JSON.stringify(r.body) })),
      ]).flat(),
    );
    delay.disable();
    hostileDone = true;
    await probe;

    const maxDelayMs = delay.max / 1e6;
    const slowestHealth = Math.max(...health);
    const figures = { event_loop_max_ms: Math.round(maxDelayMs), event_loop_p99_ms: Math.round(delay.percentile(99) / 1e6), healthz_answers: health.length, healthz_slowest_ms: Math.round(slowestHealth) };
    console.log(`redos ${backend}: ${JSON.stringify(figures)}`);
    for (const answer of answers) assert.equal(answer.status, 400, `${answer.route}: ${answer.text.slice(0, 300)}`);
    const page = answers.find((a) => a.route === 'sign-up')!.text;
    assert.match(page, /at most 254 characters/);
    assert.ok(!page.includes('.'.repeat(300)), 'the oversized e-mail is not shown back');
    assert.match(answers.find((a) => a.route === 'sign-in')!.text, /at most 254 characters/);
    const apiAnswer = JSON.parse(answers.find((a) => a.route === 'POST /v1/users')!.text) as { error: { code: string; param: string } };
    assert.deepEqual([apiAnswer.error.code, apiAnswer.error.param], ['parameter_invalid', 'email']);
    assert.equal(await countRows(server, 'merchants'), merchantsBefore, 'no merchant created');
    assert.equal(await countRows(server, 'users'), usersBefore, 'no user created');

    // With the old pattern one sign-up held the loop for 1.2 to 1.5 s here (SQLite 1,465 ms,
    // PostgreSQL 1,229 ms; /healthz waited up to 1.2 s); now 60 to 80 ms, the noise of a shared machine.
    // Those times are printed above, not asserted: on a loaded machine the noise alone passes any bound
    // that would catch it. What keeps the loop free is asserted without a clock: the answers say the
    // address is refused for its length (before any pattern runs on it), and redos.test.ts proves
    // every pattern of the sources linear.
    assert.ok(health.length >= 1, '/healthz answered while the hostile requests were served');
  });

  test('e-mails are checked by length first, then by a pattern that cannot backtrack: what was accepted still is', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signInAs(server, shop, 'admin');
    const accepted = ['ann@shop.example', 'a.b+c@sub.shop.example', 'x@y.io', `${'a'.repeat(64)}@${'b'.repeat(180)}.example`];
    for (const email of accepted) {
      const response = await admin.api.post('/v1/users', { email, password: 'a long enough password', role: 'cashier' });
      assert.equal(response.status, 201, `${email}: ${JSON.stringify(response.body)}`);
    }
    for (const email of ['ann@shop', 'ann@@shop.example', 'ann shop@x.example', 'a@b..example', 'a@.example', 'a@example.', '@shop.example', `${'a'.repeat(250)}@b.io`]) {
      const response = await admin.api.post('/v1/users', { email, password: 'a long enough password', role: 'cashier' });
      assertError(response, 400, 'parameter_invalid', 'email');
    }
  });

  test('query values that a pattern or format reads are capped first: long status and type lists and timestamps are 400', async () => {
    const shop = await createTestMerchant(server);
    const long = [
      ['/v1/orders', 'status', Array(2_000).fill('paid').join(',')],
      ['/v1/events', 'type', Array(1_000).fill('order.paid').join(',')],
      ['/v1/orders', 'created_at_min', `2026-11-21T10:00:00.${'0'.repeat(30)}Z`],
      ['/v1/reports/sales', 'from', `2026-11-21T10:00:00.${'0'.repeat(30)}Z`],
    ] as const;
    for (const [path, name, value] of long) {
      const response = await shop.sandbox.get(`${path}?${new URLSearchParams({ [name]: value, ...(name === 'from' ? { to: '2026-11-22T10:00:00Z' } : {}) })}`);
      assertError(response, 400, 'parameter_invalid', name);
      assert.match(response.body.error.message, /must be at most \d+ characters long/);
    }
    assert.equal((await shop.sandbox.get(`/v1/orders?status=${Array(50).fill('paid').join(',')}`)).status, 200, 'a long list within the cap');
  });

  test('sign-in and sign-up forms posted from another site are refused with 403 before anything is read; the own site and non-browser clients are served', async () => {
    const shop = await createTestMerchant(server);
    const merchantsBefore = await countRows(server, 'merchants');
    const signUp = await pageFields(server, true);
    const newShop = { business_name: 'Cross Site Ltd', currency: 'USD', email: `cross-${Date.now()}@example.com`, password: 'a long enough password' };
    const crossSite: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://attacker.example' }];
    for (const headers of crossSite) {
      const signInForm = await pageFields(server, false);
      const refused = await postForm(signInForm.action, { ...signInForm.fields, email: shop.email, password: shop.password }, headers);
      assert.equal(refused.status, 403, JSON.stringify(headers));
      assert.equal(refused.headers.get('location'), null, 'no code is sent anywhere');
      assert.match(refused.text, /another site/);
      const refusedSignUp = await postForm(signUp.action, { ...signUp.fields, ...newShop }, headers);
      assert.equal(refusedSignUp.status, 403, JSON.stringify(headers));
    }
    assert.equal(await countRows(server, 'merchants'), merchantsBefore, 'no merchant was created');

    // Till's own page in a browser (Sec-Fetch-Site: same-origin; Origin: null under no-referrer), and clients that send neither.
    const ownSite: Array<Record<string, string>> = [{ 'sec-fetch-site': 'same-origin', origin: 'null' }, { origin: new URL(server.url).origin }, { origin: 'null' }, {}];
    for (const headers of ownSite) {
      const signInForm = await pageFields(server, false);
      const served = await postForm(signInForm.action, { ...signInForm.fields, email: shop.email, password: shop.password }, headers);
      assert.equal(served.status, 303, `${JSON.stringify(headers)}: ${served.text.slice(0, 300)}`);
      assert.ok(served.headers.get('location')!.startsWith('http://127.0.0.1/callback?code='));
    }
  });

  test('malformed requests to /oauth/* are 400 invalid_request, never 500; NUL and lone surrogates are refused; nothing of the body is logged', async () => {
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, shop);
    const clientId = (await registerClient(server)).id;
    // A process at the most verbose log level, on this test's database: what it prints is searched for the secrets.
    const serving = await tillServe(server, { LOG_LEVEL: 'trace', SIGN_IN_LIMIT_PER_ADDRESS: '0' });
    const base = serving.url.origin;
    const secret = `rt_SECRET${Date.now()}`;
    const password = `hunter2-SECRET-${Date.now()}`;
    try {
      const json = { 'content-type': 'application/json' };
      const bodies: Array<[string, Record<string, string>, string]> = [
        ['bad JSON', json, `{"grant_type":"refresh_token","refresh_token":"${secret}" "password":"${password}"`],
        ['bad JSON, bare', json, `${secret}${password}`],
        ['__proto__', json, `{"__proto__":{"admin":true},"grant_type":"refresh_token","refresh_token":"${secret}","client_id":"${clientId}"}`],
        ['constructor.prototype', json, `{"constructor":{"prototype":{"x":1}},"refresh_token":"${secret}"}`],
        ['decimals', json, `{"grant_type":"refresh_token","refresh_token":"${secret}","client_id":"${clientId}","n":1.5,"p":"${password}"}`],
        ['deep nesting', json, `{"refresh_token":"${secret}","a":${'['.repeat(100)}"${password}"${']'.repeat(100)}}`],
        ['JSON numbers as parameters', json, `{"grant_type":1,"refresh_token":2,"client_id":3,"token":4}`],
        ['valid JSON', json, JSON.stringify({ grant_type: 'refresh_token', refresh_token: signedIn.refreshToken, client_id: signedIn.config.clientMetadata().client_id })],
        ['text', { 'content-type': 'text/plain' }, `refresh_token=${secret}&password=${password}`],
        ['NUL in client_id', FORM, `grant_type=refresh_token&refresh_token=${secret}&client_id=cli_%00x&token=${secret}`],
        ['NUL in the token', FORM, `grant_type=refresh_token&refresh_token=rt_%00${secret}&client_id=${clientId}&token=rt_%00`],
        ['NUL in a parameter name', FORM, `grant_type=refresh_token&refresh_token=${secret}&client_id=${clientId}&token=x&a%00b=1`],
        ['oversized parameter', FORM, `grant_type=refresh_token&refresh_token=rt_${'x'.repeat(5000)}&client_id=${clientId}&token=rt_${'x'.repeat(5000)}`],
        ['over the form limit', FORM, `refresh_token=${secret}&password=${password}&pad=${'x'.repeat(20_000)}`],
      ];
      for (const path of ['/oauth/token', '/oauth/revoke']) {
        for (const [name, headers, body] of bodies) {
          const response = await fetch(base + path, { method: 'POST', headers, body });
          const text = await response.text();
          assert.equal(response.status, 400, `${path} ${name}: ${response.status} ${text}`);
          const answer = JSON.parse(text) as Record<string, unknown>;
          assert.deepEqual(Object.keys(answer).sort(), ['error', 'error_description'], `${path} ${name}: ${text}`);
          assert.equal(answer.error, 'invalid_request', `${path} ${name}: ${text}`);
          assert.ok(!text.includes('SECRET') && !/\bat \S+:\d+|stack|Error:|JSON at position/.test(answer.error_description as string), `${path} ${name}: ${text}`);
        }
      }
      // The sign-in pages: NUL in the query or the form is a page saying so, never a database error.
      const { url } = await authorizationRequest(server, { clientId });
      const page = new URL(url.pathname + url.search, base);
      for (const [name, value] of [
        ['client_id', 'cli_\u0000'],
        ['state', 'a\u0000b'],
        ['redirect_uri', 'http://127.0.0.1/callback\u0000'],
        ['code_challenge', `${'x'.repeat(5000)}`],
      ] as const) {
        const bad = new URL(page);
        bad.searchParams.set(name, value);
        const shown = await fetch(bad, { redirect: 'manual' });
        assert.equal(shown.status, 400, `GET ${name}`);
        assert.match(shown.headers.get('content-type') ?? '', /^text\/html/);
        const fields = formFields(await (await fetch(page)).text());
        const posted = await postForm(new URL('/oauth/authorize', base), { ...fields, [name]: value, email: shop.email, password });
        assert.equal(posted.status, 400, `POST ${name}: ${posted.text.slice(0, 200)}`);
        assert.equal(posted.headers.get('location'), null);
      }
      const fields = formFields(await (await fetch(page)).text());
      for (const [name, value] of [
        ['email', `${shop.email}\u0000`],
        ['password', `pw\u0000${password}`],
        ['business_name', 'Shop\u0000'],
      ] as const) {
        const posted = await postForm(new URL('/oauth/authorize', base), { ...fields, email: shop.email, password, [name]: value });
        assert.equal(posted.status, 400, `POST ${name}: ${posted.text.slice(0, 200)}`);
        assert.match(posted.text, /not accepted/);
      }
      // Node's JSON.parse message quotes the body; the API's invalid_json answer does not.
      const api = await new Api(base, shop.sandboxKey).post('/v1/products', `{"name":"${password}" "price":1`);
      assertError(api, 400, 'invalid_json');
      assert.ok(!JSON.stringify(api.body).includes('SECRET'), JSON.stringify(api.body));
      assert.equal((await fetch(`${base}/healthz`)).status, 200, 'the process still serves');
    } finally {
      serving.child.kill('SIGTERM');
      await serving.exited;
    }
    const output = serving.output();
    assert.ok(output.includes('"request"'), 'the process logged its requests');
    assert.ok(!output.includes('SECRET'), `a secret of a request body was logged:\n${output.split('\n').filter((l) => l.includes('SECRET')).join('\n').slice(0, 2000)}`);
    assert.ok(!/"level":50/.test(output), `an error was logged:\n${output.split('\n').filter((l) => l.includes('"level":50')).join('\n').slice(0, 2000)}`);
  });

  test('/v1/auth/refresh with the client_id of another app refuses its refresh token, as /oauth/token does, and leaves it usable by its own app', async () => {
    const shop = await createTestMerchant(server);
    const own = await registerClient(server);
    const other = await registerClient(server);
    const signedIn = await signIn(server, shop, { clientId: own.id });
    const anonymous = new Api(server.url, undefined);
    assertError(await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken, client_id: other.id }), 401, 'invalid_credentials');
    assertError(await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken, client_id: 'cli_doesnotexist' }), 401, 'invalid_credentials');
    const token = await postForm(`${server.url}/oauth/token`, { grant_type: 'refresh_token', refresh_token: signedIn.refreshToken, client_id: other.id });
    assert.equal(token.status, 400);
    assert.equal(JSON.parse(token.text).error, 'invalid_grant');
    const refreshed = await anonymous.post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken, client_id: own.id });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    // Without client_id (the spec's one-field body) a refresh still works.
    assert.equal((await anonymous.post('/v1/auth/refresh', { refresh_token: refreshed.body.refresh_token })).status, 200);
  });

  test('access tokens carry typ at+jwt and aud {issuer}/v1 (RFC 9068); the verifier refuses a token without either, or for another audience, except an older token without aud', async () => {
    const shop = await createTestMerchant(server);
    const { accessToken } = await signIn(server, shop);
    assert.equal(decodeProtectedHeader(accessToken).typ, 'at+jwt');
    assert.equal(decodeJwt(accessToken).aud, `${server.url}/v1`);

    const row = await server.db.kysely.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).executeTakeFirstOrThrow();
    const key = await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256');
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const claims = { ...decodeJwt(accessToken), iat: now, exp: now + 600 };
    const { aud: _aud, ...withoutAudience } = claims;
    const sign = (payload: object, header: Record<string, unknown>) => new SignJWT(payload as never).setProtectedHeader({ alg: 'ES256', kid: row.id, ...header }).sign(key);
    const status = async (token: string) => (await new Api(server.url, token).get('/v1/orders')).status;

    assert.equal(await status(await sign(claims, { typ: 'at+jwt' })), 200, 'control: the right type and audience');
    assert.equal(await status(await sign(claims, { typ: 'application/at+jwt' })), 200, 'the media type in full (RFC 9068)');
    assert.equal(await status(await sign({ ...claims, aud: ['https://other.example', `${server.url}/v1`] }, { typ: 'at+jwt' })), 200, 'among several audiences');
    assert.equal(await status(await sign(claims, {})), 401, 'no typ');
    assert.equal(await status(await sign(claims, { typ: 'JWT' })), 401, 'typ JWT (an ID token, say)');
    assert.equal(await status(await sign({ ...claims, aud: 'https://other.example/v1' }, { typ: 'at+jwt' })), 401, 'another audience');
    assert.equal(await status(await sign({ ...claims, aud: server.url }, { typ: 'at+jwt' })), 401, 'the issuer is not the audience');
    assert.equal(await status(await sign(withoutAudience, { typ: 'at+jwt' })), 401, 'no aud, issued now');
    // A token of the Till before aud was set, issued before this server started, is served until it expires.
    const older = { ...withoutAudience, iat: now - 7200, exp: now + 60 };
    assert.equal(await status(await sign(older, { typ: 'at+jwt' })), 200, 'no aud, issued before the upgrade');
  });

  test('a payment_token named like an Object.prototype property is an unknown test token (400 with a message), and the order stays pending', async () => {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 500, inventory: 10 });
    const order = await createOrder(shop.sandbox, [[product, 1]]);
    for (const token of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const response = await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: token });
      assertError(response, 400, 'parameter_invalid', 'payment_token');
      assert.match(response.body.error.message, new RegExp(`^Unknown test token '${token}'\\. The sandbox accepts tok_visa`));
    }
    assert.equal((await shop.sandbox.get(`/v1/orders/${order.id}`)).body.status, 'pending');
    assert.equal((await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' })).status, 200);
  });

  test('an Idempotency-Key header sent twice is refused with 400, not joined into one key; nothing is created', async () => {
    const shop = await createTestMerchant(server);
    const send = (keys: string[]) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const url = new URL('/v1/products', server.url);
        const request = httpRequest(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${shop.sandboxKey}`, 'content-type': 'application/json', 'idempotency-key': keys },
        });
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        });
        request.on('error', reject);
        request.end(JSON.stringify({ name: 'Twice', price: 100 }));
      });
    const twice = await send(['key-a', 'key-b']);
    assert.equal(twice.status, 400, JSON.stringify(twice.body));
    assert.equal(twice.body.error.code, 'parameter_invalid');
    assert.equal(twice.body.error.param, 'Idempotency-Key');
    assert.match(twice.body.error.message, /sent once/);
    assert.equal((await shop.sandbox.get('/v1/products')).body.pagination.total, 0, 'nothing created');
    // The joined value a server would have seen, sent as one header, is an ordinary key.
    assert.equal((await send(['key-a, key-b'])).status, 201);
    assert.equal((await send(['key-a'])).status, 201);
  });
});
