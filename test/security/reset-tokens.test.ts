/**
 * One-time password tokens (a mailed reset link, a temporary password's token) do not outlive the
 * events that lock a user out: a password change, an admin's sign-out-everywhere, a removal. And
 * "Forgot password?" mails one account a bounded number of links, whoever asks and from wherever.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createPasswordToken, RESET_LINK_REUSE_SECONDS, RESET_LINKS_PER_HOUR, startPasswordReset } from '../../src/auth/password-tokens.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn, signInAs } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

/** Whether the reset page takes the token (200, the new-password form) or refuses it (400). */
async function resetPageStatus(server: TestServer, token: string): Promise<number> {
  const response = await fetch(`${server.url}/oauth/reset-password?token=${token}`);
  await response.text();
  return response.status;
}

describeEachBackend('open reset links are spent when a user is locked out', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('a password change spends every open reset and temporary token of the user', async () => {
    const merchant = await createTestMerchant(server);
    const reset = await createPasswordToken(server.db, server.clock, { userId: merchant.userId, purpose: 'reset' });
    const temporary = await createPasswordToken(server.db, server.clock, { userId: merchant.userId, purpose: 'temporary' });
    assert.equal(await resetPageStatus(server, reset), 200, 'the link works before the change');
    const signedIn = await signIn(server, { email: merchant.email, password: merchant.password });
    const changed = await signedIn.api.post('/v1/account/password', { current_password: merchant.password, new_password: 'a fresh password of mine' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(await resetPageStatus(server, reset), 400, 'the old reset link is refused after the change');
    assert.equal(await resetPageStatus(server, temporary), 400);
  });

  test("an admin's sign-out-everywhere spends the user's open reset links", async () => {
    const merchant = await createTestMerchant(server);
    const admin = await signIn(server, { email: merchant.email, password: merchant.password });
    const cashier = await signInAs(server, merchant, 'cashier');
    const reset = await createPasswordToken(server.db, server.clock, { userId: cashier.userId, purpose: 'reset' });
    assert.equal(await resetPageStatus(server, reset), 200);
    const signedOut = await admin.api.post(`/v1/users/${cashier.userId}/sign_out`);
    assert.equal(signedOut.status, 200, JSON.stringify(signedOut.body));
    assert.equal(await resetPageStatus(server, reset), 400);
  });

  test("a user's removal spends their open reset links (and the row says so, not only the removal)", async () => {
    const merchant = await createTestMerchant(server);
    const admin = await signIn(server, { email: merchant.email, password: merchant.password });
    const manager = await signInAs(server, merchant, 'manager');
    const reset = await createPasswordToken(server.db, server.clock, { userId: manager.userId, purpose: 'reset' });
    assert.equal(await resetPageStatus(server, reset), 200);
    const removed = await admin.api.request('DELETE', `/v1/users/${manager.userId}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(await resetPageStatus(server, reset), 400);
    const open = await server.db.kysely.selectFrom('password_tokens').select('token_hash').where('user_id', '=', manager.userId).where('used_at', 'is', null).execute();
    assert.deepEqual(open, [], 'no token of a removed user is left open');
  });

  test("ending one sign-in (signing out on one device) leaves the user's reset link alone", async () => {
    const merchant = await createTestMerchant(server);
    const signedIn = await signIn(server, { email: merchant.email, password: merchant.password });
    const reset = await createPasswordToken(server.db, server.clock, { userId: merchant.userId, purpose: 'reset' });
    const sessions = await signedIn.api.get('/v1/account/sessions');
    const current = (sessions.body.data as Array<{ id: string; current: boolean }>).find((s) => s.current)!;
    assert.equal((await signedIn.api.request('DELETE', `/v1/account/sessions/${current.id}`)).status, 200);
    assert.equal(await resetPageStatus(server, reset), 200);
  });
});

describeEachBackend('"Forgot password?" is limited per account', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  const ask = (email: string) => startPasswordReset(server.db, server.clock, { email });

  test(`a link still on its way is reused, and one account gets at most ${RESET_LINKS_PER_HOUR} links an hour, by the injected clock`, async () => {
    const merchant = await createTestMerchant(server);
    const first = await ask(merchant.email);
    assert.ok(first !== undefined, 'the first request mints a link');
    for (let i = 0; i < 5; i++) assert.equal(await ask(merchant.email.toUpperCase()), undefined, 'asking again at once mints nothing: the first link is on its way');
    assert.equal(await resetPageStatus(server, first.token), 200, 'and it still works');

    server.clock.advance(RESET_LINK_REUSE_SECONDS * 1000 + 1000);
    assert.ok((await ask(merchant.email)) !== undefined, 'later, a new link');
    server.clock.advance(RESET_LINK_REUSE_SECONDS * 1000 + 1000);
    assert.ok((await ask(merchant.email)) !== undefined);
    server.clock.advance(RESET_LINK_REUSE_SECONDS * 1000 + 1000);
    assert.equal(await ask(merchant.email), undefined, `a ${RESET_LINKS_PER_HOUR + 1}th link within the hour is refused`);

    server.clock.advance(60 * 60 * 1000);
    assert.ok((await ask(merchant.email)) !== undefined, 'an hour later the account gets a link again');
  });

  test('requests at once mint one link', async () => {
    const merchant = await createTestMerchant(server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(merchant.email)));
    assert.equal(answers.filter((a) => a !== undefined).length, 1);
  });

  test('a used link does not hold the next one back', async () => {
    const merchant = await createTestMerchant(server);
    const first = await ask(merchant.email);
    const set = await fetch(`${server.url}/oauth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: first!.token, password: 'my new password here', password_confirmation: 'my new password here' }),
    });
    await set.text();
    assert.ok(set.status < 400, `the reset went through (${set.status})`);
    assert.ok((await ask(merchant.email)) !== undefined);
  });
});
