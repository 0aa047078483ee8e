/**
 * `@till/client` for a signed-in user: the PKCE sign-in helpers, one refresh however many calls wait
 * on it (before expiry and on a 401 `token_expired`), and every operation of the OpenAPI document
 * called through the client's namespaces.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AuthenticationError, Till, type Tokens } from '../../packages/client/src/index.js';
import { openApiDocument } from '../../src/docs/api-markdown.js';
import { describeEachBackend } from '../helpers/backends.js';
import { REDIRECT_URI, registerClient, submitSignIn } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { envelope, startProxy, type Proxy } from './support.js';

describeEachBackend('@till/client sign-in', (backend) => {
  let server: TestServer;
  let proxy: Proxy;
  let clientId: string;
  before(async () => {
    server = await startTestServer(backend);
    proxy = await startProxy(server.url);
    clientId = (await registerClient(server)).id;
  });
  after(async () => {
    await proxy.close();
    await server.close();
  });

  /** Signs the merchant's owner in with the client's own helpers, as an app does. */
  async function signIn(shop: TestMerchant): Promise<Tokens> {
    const { verifier, challenge } = await Till.oauth.createPkce();
    assert.match(verifier, /^[A-Za-z0-9_-]{43}$/);
    const url = Till.oauth.authorizationUrl({ baseUrl: server.url, clientId, redirectUri: REDIRECT_URI, codeChallenge: challenge, state: 'st-1', environment: 'sandbox' });
    const submitted = await submitSignIn(new URL(url), shop.email, shop.password);
    assert.ok(submitted.location !== undefined, `the sign-in redirects (${submitted.status})`);
    return Till.oauth.exchangeCode({ baseUrl: server.url, clientId, redirectUri: REDIRECT_URI, codeVerifier: verifier, code: submitted.location.toString(), state: 'st-1' });
  }

  test('PKCE, the authorization URL and the code exchange sign a user in; a wrong verifier or state is refused', async () => {
    const shop = await createTestMerchant(server);
    const tokens = await signIn(shop);
    assert.match(tokens.refreshToken, /^rt_/);
    assert.ok(tokens.expiresAt > Date.now() + 60_000);
    const till = new Till({ baseUrl: server.url, tokens, clientId });
    assert.equal((await till.account.retrieve()).user?.email, shop.email);

    const { challenge } = await Till.oauth.createPkce();
    const url = Till.oauth.authorizationUrl({ baseUrl: server.url, clientId, redirectUri: REDIRECT_URI, codeChallenge: challenge, state: 'st-2' });
    const submitted = await submitSignIn(new URL(url), shop.email, shop.password);
    const redirect = submitted.location!.toString();
    const other = await Till.oauth.createPkce();
    await assert.rejects(
      Till.oauth.exchangeCode({ baseUrl: server.url, clientId, redirectUri: REDIRECT_URI, codeVerifier: other.verifier, code: redirect, state: 'st-3' }),
      (error: unknown) => error instanceof AuthenticationError && error.code === 'state_mismatch',
    );
    await assert.rejects(
      Till.oauth.exchangeCode({ baseUrl: server.url, clientId, redirectUri: REDIRECT_URI, codeVerifier: other.verifier, code: redirect, state: 'st-2' }),
      (error: unknown) => error instanceof AuthenticationError && error.code === 'invalid_grant' && error.status === 400,
    );
  });

  test('20 concurrent calls with an access token about to expire share one refresh, handed to onTokens', async () => {
    const shop = await createTestMerchant(server);
    const tokens = await signIn(shop);
    const stored: Tokens[] = [];
    const till = new Till({ baseUrl: proxy.url, tokens: { ...tokens, expiresAt: Date.now() + 5_000 }, clientId, onTokens: (t) => void stored.push(t) });
    const before = proxy.seenOn('POST', '/v1/auth/refresh').length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => till.orders.list()));
    assert.equal(answers.length, 20);
    assert.equal(proxy.seenOn('POST', '/v1/auth/refresh').length - before, 1, 'one refresh');
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0]!.refreshToken, tokens.refreshToken);
    assert.deepEqual(till.tokens, stored[0]);
    // The new pair works on, and the old refresh token was rotated out.
    assert.equal((await till.account.retrieve()).user?.email, shop.email);
  });

  test('calls answered 401 token_expired share one refresh and are sent again', async () => {
    const shop = await createTestMerchant(server);
    const tokens = await signIn(shop);
    const stored: Tokens[] = [];
    // The app believes the token is fresh; the server's clock says it expired.
    const till = new Till({ baseUrl: proxy.url, tokens: { ...tokens, expiresAt: Date.now() + 86_400_000 }, clientId, onTokens: (t) => void stored.push(t) });
    server.clock.advance(2 * 3600 * 1000);
    const before = proxy.seen.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => till.products.list()));
    assert.equal(answers.length, 10);
    const seen = proxy.seen.slice(before);
    assert.equal(seen.filter((s) => s.path === '/v1/auth/refresh').length, 1, 'one refresh');
    assert.equal(seen.filter((s) => s.path.startsWith('/v1/products')).length, 20, 'each call sent twice');
    assert.equal(stored.length, 1);
  });

  test('a refused refresh (the sign-in ended) is the error of the call', async () => {
    const shop = await createTestMerchant(server);
    const tokens = await signIn(shop);
    const till = new Till({ baseUrl: server.url, tokens: { ...tokens, expiresAt: 0 }, clientId });
    await new Till({ baseUrl: server.url, tokens, clientId }).auth.refresh({ refresh_token: tokens.refreshToken, client_id: clientId });
    server.clock.advance(60_000); // past the grace period: the reuse of a rotated token ends the sign-in
    await assert.rejects(till.orders.list(), (error: unknown) => error instanceof AuthenticationError && error.code === 'credential_revoked');
  });

  test('an accessToken source kept by the app: one refresh for calls refused token_expired; a token replaced in flight is tried; any other 401 goes to onRefused', async () => {
    const shop = await createTestMerchant(server);
    let tokens = await signIn(shop);
    let current: string | undefined = tokens.accessToken;
    let refreshes = 0;
    const refused: string[] = [];
    let swapAfterSending: string | undefined;
    const till = new Till({
      baseUrl: proxy.url,
      accessToken: {
        current: () => current,
        async refresh() {
          refreshes++;
          const response = await fetch(`${server.url}/v1/auth/refresh`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ refresh_token: tokens.refreshToken, client_id: clientId }),
          });
          assert.equal(response.status, 200);
          const answer = (await response.json()) as { access_token: string; refresh_token: string };
          tokens = { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresAt: 0 };
          current = tokens.accessToken;
        },
        onRefused: (error) => void refused.push(error.code),
      },
      // The app's own sign-in replacing the token while a call is out, when a test asks for it.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (swapAfterSending !== undefined) [current, swapAfterSending] = [swapAfterSending, undefined];
        return response;
      },
    });

    server.clock.advance(2 * 3600 * 1000);
    const expired = `Bearer ${current}`;
    let before = proxy.seen.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => till.products.list()));
    assert.equal(answers.length, 10);
    assert.equal(refreshes, 1, 'one refresh for ten refused calls');
    const sentWith = proxy.seen.slice(before).filter((s) => s.path.startsWith('/v1/products')).map((s) => s.headers.authorization);
    assert.equal(sentWith.filter((a) => a === expired).length, 10);
    assert.equal(sentWith.filter((a) => a === `Bearer ${current}`).length, 10, 'each call sent again with the new token');

    // Refused with a token that the app replaced meanwhile: sent again with the new one, not the app's concern.
    const second = await signIn(shop);
    swapAfterSending = second.accessToken;
    proxy.plans.push({ replace: { status: 401, body: envelope('authentication_error', 'credential_revoked') } });
    before = proxy.seen.length;
    assert.equal((await till.account.retrieve()).user?.email, shop.email);
    assert.deepEqual(
      proxy.seen.slice(before).map((s) => s.headers.authorization),
      [`Bearer ${tokens.accessToken}`, `Bearer ${second.accessToken}`],
    );
    assert.deepEqual(refused, []);

    // The sign-in ended elsewhere: the current token is refused, the app is told, and the call fails.
    const sessions = await till.account.listSessions();
    await till.account.deleteSession(sessions.data.find((s) => s.current)!.id);
    await assert.rejects(till.orders.list(), (error: unknown) => error instanceof AuthenticationError && error.code === 'credential_revoked');
    assert.deepEqual(refused, ['credential_revoked']);
    assert.equal(refreshes, 1);
  });

  test('every operation of the OpenAPI document is called through the client', async () => {
    const shop = await createTestMerchant(server);
    const tokens = await signIn(shop);
    const second = await signIn(shop);
    const till = new Till({ baseUrl: proxy.url, tokens, clientId });
    const start = proxy.seen.length;

    const product = await till.products.create({ name: 'Tea', price: 300, inventory: 20 });
    await till.products.update(product.id, { price: 350 });
    assert.equal((await till.products.retrieve(product.id)).price, 350);
    assert.equal((await till.products.list({ active: true })).data.length, 1);
    const code = await till.discountCodes.create({ code: 'tea-10', type: 'percentage', percentage_bps: 1000 });
    await till.discountCodes.update(code.id, { max_redemptions: 10 });
    assert.equal((await till.discountCodes.retrieve(code.id)).code, 'TEA-10');
    assert.equal((await till.discountCodes.list({ active: true })).data.length, 1);
    // Copy from Sandbox takes a production sign-in; this one is in the sandbox, so the API refuses it
    // (test/catalog/catalogue-copy.test.ts copies through it in production).
    await assert.rejects(till.products.copyFromSandbox({ include_stock: false }), (error: { code?: string }) => error.code === 'production_required');

    const customer = await till.customers.create({ name: 'Ada', email: 'ada@example.com' });
    await till.customers.update(customer.id, { name: 'Ada L.' });
    assert.equal((await till.customers.retrieve(customer.id)).name, 'Ada L.');
    assert.equal((await till.customers.list({ email: 'ada@example.com' })).pagination.total, 1);

    const endpoint = await till.webhookEndpoints.create({ url: 'https://example.com/hook', enabled_events: ['*'] });
    assert.match(endpoint.secret, /^whsec_/);
    await till.webhookEndpoints.update(endpoint.id, { description: 'Books' });
    assert.equal((await till.webhookEndpoints.retrieve(endpoint.id)).description, 'Books');
    assert.equal((await till.webhookEndpoints.list()).data.length, 1);
    await till.webhookEndpoints.rotateSecret(endpoint.id);
    await till.webhookEndpoints.test(endpoint.id);
    await till.webhookEndpoints.listDeliveries(endpoint.id);

    const order = await till.orders.create({ items: [{ product_id: product.id, quantity: 1 }], customer_id: customer.id });
    await till.orders.capture(order.id, { payment_token: 'tok_visa' });
    await till.orders.refund(order.id, { amount: 100 });
    const edited = await till.orders.update((await till.orders.create({ items: [{ product_id: product.id, quantity: 1 }] })).id, { notes: 'No sugar' });
    assert.equal(edited.notes, 'No sugar');
    const canceled = await till.orders.cancel(edited.id);
    assert.equal(canceled.status, 'canceled');
    assert.equal((await till.orders.retrieve(order.id)).status, 'partially_refunded');
    assert.equal((await till.orders.retrieveReceipt(order.id)).refunded_amount, 100);
    assert.match((await till.orders.createReceiptLink(order.id)).url, /\/r\/[0-9A-Za-z]{32}$/);
    assert.equal((await till.orders.sendReceiptEmail(order.id)).to, 'ada@example.com');
    assert.equal((await till.orders.list()).pagination.total, 2);
    const exported = await till.orders.export({ status: 'partially_refunded' }).withResponse();
    assert.match(exported.response.headers.get('content-disposition') ?? '', /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.deepEqual(exported.data.split('\r\n').map((line) => line.split(',')[0]), ['id', order.id, '']);

    const event = (await till.events.list({ type: 'order.created' })).data[0]!;
    assert.equal((await till.events.retrieve(event.id)).id, event.id);
    await till.events.resend(event.id, { endpoint_id: endpoint.id });
    await till.webhookEndpoints.delete(endpoint.id);

    // Today as the server's clock has it: earlier tests moved that clock hours ahead of the real one.
    const today = server.clock.now().toISOString().slice(0, 10);
    const report = await till.reports.sales({ from: today, to: today });
    assert.ok(report !== undefined);

    const drawer = await till.cashDrawers.open({ register: 'R1', opening_float: 10000 });
    await till.cashDrawers.createMovement(drawer.id, { type: 'paid_in', amount: 500, reason: 'Change from the bank' });
    assert.equal((await till.cashDrawers.retrieve(drawer.id)).paid_in, 500);
    assert.deepEqual((await till.cashDrawers.list({ register: 'R1', status: 'open' })).data.map((d) => d.id), [drawer.id]);
    assert.equal((await till.cashDrawers.close(drawer.id, { counted_cash: 10400 })).over_short, -100);
    const endOfDay = await till.reports.endOfDay({ date: today, time_zone: 'UTC' });
    assert.equal(endOfDay.registers.find((r) => r.register === 'R1')?.over_short, -100);
    assert.match(await till.reports.endOfDayCsv({ date: today }), /^register,currency,orders,[^\r]*\r\nR1,USD,/);

    await till.merchant.update({ receipt_footer: 'Thank you!' });
    assert.equal((await till.merchant.retrieve()).receipt_footer, 'Thank you!');

    const key = await till.apiKeys.create({ name: 'Register', environment: 'sandbox', permissions: ['orders:read'] });
    assert.match(key.key, /^sk_test_/);
    assert.ok((await till.apiKeys.list()).data.some((k) => k.id === key.id));
    await till.apiKeys.revoke(key.id);

    const cashier = await till.users.create({ email: `cashier-${Date.now()}@example.com`, password: 'a-long-password-1', role: 'cashier' });
    await till.users.update(cashier.id, { role: 'manager' });
    assert.ok((await till.users.list()).data.some((u) => u.id === cashier.id));
    await till.users.signOut(cashier.id);
    await till.users.delete(cashier.id);

    const rotated = await till.auth.refresh({ refresh_token: second.refreshToken, client_id: clientId });
    assert.match(rotated.refresh_token, /^rt_/);
    const sessions = await till.account.listSessions();
    const other = sessions.data.find((s) => !s.current && s.ended_at === null);
    assert.ok(other !== undefined, 'the second sign-in is listed');
    await till.account.deleteSession(other.id);
    assert.equal((await till.account.retrieve()).user?.email, shop.email);
    await till.account.changePassword({ current_password: shop.password, new_password: 'another-long-password-2' });

    // Each operation of the document was requested (and every call above returned, so each succeeded, but the one refused on purpose).
    const document = (await openApiDocument()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    // Stripe's events are sent by Stripe, signed with the endpoint's secret: no app calls that operation.
    const sentByStripe = new Set(['receiveStripeEvent']);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        operation.operationId === undefined || sentByStripe.has(operation.operationId) ? [] : [{ id: operation.operationId, method: method.toUpperCase(), pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`) }],
      ),
    );
    const called = new Set(proxy.seen.slice(start).flatMap((seen) => operations.filter((o) => o.method === seen.method && o.pattern.test(seen.path)).map((o) => o.id)));
    const missed = operations.filter((o) => !called.has(o.id)).map((o) => o.id);
    assert.deepEqual(missed, [], `operations the client did not call: ${missed.join(', ')}`);
    assert.ok(operations.length >= 39);
  });

});
