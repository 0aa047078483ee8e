import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ORDER_STATUSES } from '../../src/db/schema.js';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { RunningTill, runTillJson, startTillServer, tillEnv } from '../helpers/cli.js';
import { submitSignIn } from '../helpers/oauth.js';
import { Api } from '../helpers/server.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

const run = promisify(execFile);
const CURL_SKIP = await run('curl', ['--version']).then(
  () => false,
  () => 'curl is not installed: the printed curl commands cannot be run',
);

describeEachBackend('till demo', (backend) => {
  test('makes a shop with orders in every status once, and a working sandbox key each time', STARTS_PROCESSES, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    const env = tillEnv(database);

    const first = await runTillJson(['demo'], env);
    assert.equal(first.merchant.name, 'Demo Coffee Shop');
    assert.equal(first.merchant.email, 'demo@till.local');
    assert.equal(first.merchant.created, true);
    assert.match(first.merchant.password, /^\S{10,}$/);
    assert.match(first.api_key.key, /^sk_test_[0-9A-Za-z]{32,}$/);
    assert.deepEqual(first.counts.products, 6);
    assert.deepEqual(first.counts.customers, 3);
    for (const status of ORDER_STATUSES) assert.ok(first.counts.orders[status] >= 1, `an order ${status}: ${JSON.stringify(first.counts)}`);

    assert.match(first.oauth_client.client_id, /^cli_\w{16,}$/);
    assert.equal(first.oauth_client.name, 'Till demo app');
    assert.deepEqual(first.oauth_client.redirect_uris, ['http://127.0.0.1/callback', 'com.example.till:/oauth/callback']);
    assert.equal(first.oauth_client.created, true);
    const authorization = new URL(first.sign_in.authorization_url);
    assert.equal(`${authorization.origin}${authorization.pathname}`, `${first.url}/oauth/authorize`);
    assert.deepEqual(Object.fromEntries(authorization.searchParams), {
      response_type: 'code',
      client_id: first.oauth_client.client_id,
      redirect_uri: 'http://127.0.0.1:8765/callback',
      code_challenge: createHash('sha256').update(first.sign_in.code_verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: first.sign_in.state,
      environment: 'sandbox',
    });
    assert.match(first.sign_in.code_verifier, /^[\w-]{43}$/);

    const { server, url } = await startTillServer(env);
    t.after(async () => assert.equal(await server.stop(), 0));
    const api = new Api(url, first.api_key.key);

    // The cappuccino has a required Size and an optional Milk, and a sold line shows "Oat +50".
    const cappuccino = (await api.get('/v1/products')).body.data.find((p: { name: string }) => p.name === 'Cappuccino');
    assert.deepEqual(
      cappuccino.modifier_groups.map((g: any) => [g.name, g.required, g.max_selected, g.options.map((o: any) => `${o.name} ${o.price_delta}`)]),
      [
        ['Size', true, 1, ['Small 0', 'Large 50']],
        ['Milk', false, 1, ['Oat 50']],
      ],
    );
    const withOat = [];
    for (const summary of (await api.get('/v1/orders?per_page=100')).body.data) {
      const order = (await api.get(`/v1/orders/${summary.id}`)).body;
      withOat.push(...order.items.filter((line: any) => line.modifiers.some((m: any) => m.name === 'Oat')));
    }
    assert.deepEqual(
      withOat.map((line: any) => [line.name, line.quantity, line.unit_price, line.modifiers.map((m: any) => `${m.group_name}: ${m.name} +${m.price_delta}`)]),
      [['Cappuccino', 2, 550, ['Size: Large +50', 'Milk: Oat +50']]],
    );

    // The printed sign-in, run as a person would (here on the port the server got).
    const signedIn = await submitSignIn(new URL(`${url}/oauth/authorize${authorization.search}`), first.merchant.email, first.merchant.password);
    assert.equal(signedIn.status, 303, signedIn.html);
    assert.equal(`${signedIn.location!.origin}${signedIn.location!.pathname}`, 'http://127.0.0.1:8765/callback');
    assert.equal(signedIn.location!.searchParams.get('state'), first.sign_in.state);
    const token = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: first.oauth_client.client_id,
        code: signedIn.location!.searchParams.get('code')!,
        redirect_uri: first.sign_in.redirect_uri,
        code_verifier: first.sign_in.code_verifier,
      }),
    });
    assert.equal(token.status, 200);
    const asAdmin = await new Api(url, ((await token.json()) as { access_token: string }).access_token).get('/v1/orders?per_page=1');
    assert.equal(asAdmin.status, 200);
    assert.equal(asAdmin.body.pagination.total, Object.values<number>(first.counts.orders).reduce((a, b) => a + b), 'the token sees the sandbox orders');

    for (const status of ORDER_STATUSES) {
      const listed = await api.get(`/v1/orders?status=${status}`);
      assert.equal(listed.status, 200);
      assert.equal(listed.body.pagination.total, first.counts.orders[status], status);
      assert.ok(listed.body.data.every((o: { status: string }) => o.status === status));
    }
    const partial = (await api.get('/v1/orders?status=partially_refunded')).body.data[0];
    const order = (await api.get(`/v1/orders/${partial.id}`)).body;
    assert.ok(order.refunded_amount > 0 && order.refunded_amount < order.total);
    assert.equal(order.refunds.length, 1);
    const all = (await api.get('/v1/orders?per_page=100')).body.data as Array<{ created_at: string }>;
    assert.ok(new Set(all.map((o) => o.created_at.slice(0, 10))).size > 3, 'the orders spread over several days');

    const products = (await api.get('/v1/products?per_page=100')).body.data as Array<{ id: string; inventory: number | null; active: boolean }>;
    assert.ok(products.some((p) => p.inventory === null && p.active), 'an untracked product');
    assert.ok(products.some((p) => !p.active), 'an inactive product');
    assert.ok(products.some((p) => p.id === first.product.id && p.active && p.inventory !== null && p.inventory >= 2));
    assert.equal((await api.get('/v1/customers')).body.pagination.total, 3);
    assert.equal((await new Api(url, first.api_key.key.replace('sk_test_', 'sk_live_')).get('/v1/orders')).status, 401);

    const second = await runTillJson(['demo'], env);
    assert.equal(second.merchant.id, first.merchant.id);
    assert.equal(second.merchant.created, false);
    assert.equal(second.merchant.password, undefined);
    assert.notEqual(second.api_key.key, first.api_key.key);
    assert.deepEqual(second.counts, first.counts, 'a second run adds no data');
    assert.deepEqual(second.oauth_client, { ...first.oauth_client, created: false }, 'a second run reuses the demo client');
    assert.notEqual(second.sign_in.code_verifier, first.sign_in.code_verifier);
    assert.notEqual(second.sign_in.state, first.sign_in.state);
    assert.equal((await new Api(url, second.api_key.key).get('/v1/orders')).status, 200);
    assert.equal((await api.get('/v1/orders')).status, 200, 'the first key still works');

    // With every tracked product taken off sale, the example order uses the untracked one.
    for (const p of products.filter((p) => p.inventory !== null && p.active)) {
      assert.equal((await api.patch(`/v1/products/${p.id}`, { active: false })).status, 200);
    }
    const third = await runTillJson(['demo'], env);
    assert.equal(third.product.id, products.find((p) => p.inventory === null)!.id);
  });

  test('--serve starts the server and the printed curl commands work as pasted', { ...STARTS_PROCESSES, skip: CURL_SKIP }, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    const demo = RunningTill.start(['demo', '--serve'], tillEnv(database));
    t.after(async () => assert.equal(await demo.stop(), 0));
    const stdout = await demo.waitForOutput((out) => out.includes('Stop the server with Ctrl+C.'));

    assert.match(stdout, /^Demo Coffee Shop \(mer_\w+\) is ready: 6 products, 3 customers, orders: \d+ pending, \d+ paid, \d+ partially_refunded, \d+ refunded, \d+ canceled\.$/m);
    const script = stdout.slice(stdout.indexOf('export TILL_URL='), stdout.indexOf('Sign in as a user'));
    assert.match(script, /^export TILL_URL=http:\/\/127\.0\.0\.1:\d+$/m);
    const { stdout: output } = await run('bash', ['-euo', 'pipefail', '-c', script]);
    const [list, orderId, capture, refund] = output.trimEnd().split('\n');
    assert.equal(JSON.parse(list!).pagination.total, 8);
    assert.match(orderId!, /^ord_\w+$/);
    assert.equal(JSON.parse(capture!).status, 'paid');
    assert.equal(JSON.parse(capture!).payment.card_last4, '4242');
    assert.deepEqual([JSON.parse(refund!).order_id, JSON.parse(refund!).amount, JSON.parse(refund!).status], [orderId, 100, 'succeeded']);

    // Sign in as the admin by hand: open the printed address, copy the code, paste the printed curl.
    const password = /^Its admin user is demo@till\.local, password (\S+) \(shown only now\)\.$/m.exec(stdout)![1]!;
    const authorizationUrl = /^ {3}(http:\/\/\S+\/oauth\/authorize\?\S+)$/m.exec(stdout)![1]!;
    const state = new URL(authorizationUrl).searchParams.get('state');
    assert.match(stdout, new RegExp(`sent on to http://127\\.0\\.0\\.1:8765/callback\\?code=\\.\\.\\.&state=${state}&iss=`));
    const browser = await submitSignIn(new URL(authorizationUrl), 'demo@till.local', password);
    assert.equal(browser.location?.searchParams.get('state'), state);
    const code = browser.location!.searchParams.get('code')!;
    const url = /^export TILL_URL=(\S+)$/m.exec(stdout)![1]!;
    const exchange = stdout.slice(stdout.indexOf('CODE=paste-the-code-here'), stdout.indexOf('Its access_token'));
    const pasted = `export TILL_URL=${url}\n${exchange.replace('CODE=paste-the-code-here', `CODE=${code}`)}`;
    const tokens = JSON.parse((await run('bash', ['-euo', 'pipefail', '-c', pasted])).stdout);
    assert.equal(tokens.token_type, 'Bearer');
    assert.match(tokens.refresh_token, /^rt_/);
    assert.equal((await new Api(url, tokens.access_token).get('/v1/orders')).status, 200);
  });
});
