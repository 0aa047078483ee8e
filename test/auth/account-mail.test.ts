/**
 * Account mail through a real SMTP server (smtp-server on a free port, SMTP_URL pointing at it): the
 * verified sign-up, the password reset, and temporary passwords chosen anew at first sign-in. Every
 * test runs on both databases.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import * as client from 'openid-client';
import { describeEachBackend } from '../helpers/backends.js';
import { startSmtpServer, waitForOutbox, type TestSmtpServer } from '../helpers/mail.js';
import { authorizationRequest, formFields, signIn, submitLinkForm, submitSignIn, type AuthorizationRequest } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { randomBase62 } from '../../src/ids.js';
import { purgeExpiredPasswordTokens } from '../../src/auth/password-tokens.js';
import { purgeExpiredSignUps } from '../../src/auth/sign-ups.js';
import { purgeOldMail } from '../../src/mail/mailer.js';

const newEmail = () => `new-${randomBase62(10).toLowerCase()}@example.com`;

/** Fills in and submits the sign-up form of an authorization request. */
async function submitSignUp(request: AuthorizationRequest, fields: Record<string, string>) {
  const url = new URL(request.url);
  url.searchParams.set('prompt', 'create');
  const html = await (await fetch(url)).text();
  const response = await fetch(new URL('authorize', request.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...formFields(html), business_name: 'Harbour Books', currency: 'USD', password: 'a-good-password', ...fields }),
  });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

/** Opens "Forgot password?" from the sign-in page of a request and submits the e-mail. */
async function forgotPassword(request: AuthorizationRequest, email: string) {
  const signInHtml = await (await fetch(request.url)).text();
  const href = signInHtml.match(/<a href="(forgot-password\?[^"]+)">Forgot password\?<\/a>/)?.[1]?.replaceAll('&amp;', '&');
  assert.ok(href !== undefined, 'the sign-in page links to "Forgot password?"');
  const formUrl = new URL(href, request.url);
  const form = await fetch(formUrl);
  assert.equal(form.status, 200);
  const formHtml = await form.text();
  assert.match(formHtml, /<label for="email">E-mail<\/label>/);
  const response = await fetch(new URL('forgot-password', formUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...formFields(formHtml), email }),
  });
  return { status: response.status, html: await response.text() };
}

function alertOf(html: string): string | undefined {
  return html.match(/role="alert">([^<]+)</)?.[1];
}

describeEachBackend('Account mail through SMTP', (backend) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(backend, { SMTP_URL: smtp.url, MAIL_FROM: 'Till <no-reply@till.test>' });
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  test('sign-up: the SMTP server receives the verification link; it confirms before creating, works once, and the outbox keeps no link', async () => {
    const request = await authorizationRequest(server, { environment: 'sandbox' });
    const email = newEmail();
    const form = await submitSignUp(request, { email });
    assert.equal(form.status, 200);
    assert.match(form.html, /Check your inbox/);
    const mail = await smtp.waitFor(email, /Confirm your e-mail/);
    assert.equal(mail.from, 'no-reply@till.test');
    assert.match(mail.text, /Harbour Books/);
    assert.match(mail.text, /within 24 hours/);
    assert.equal(mail.links.length, 1);
    const link = new URL(mail.links[0]!);
    assert.equal(link.origin, server.url, 'links are built from the service URL');
    assert.equal(link.pathname, '/oauth/sign-up');
    assert.equal(await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined, 'no user before the link is followed');
    const stored = await server.db.kysely.selectFrom('sign_up_requests').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, link.searchParams.get('token'), 'only a hash of the token is stored');
    assert.doesNotMatch(stored.password_hash, /a-good-password/);
    // Recorded once the mail server took it, without its secret link.
    const outbox = await waitForOutbox(server, email, /Confirm your e-mail/);
    assert.equal(outbox.transport, 'smtp');
    assert.deepEqual(outbox.links, [], 'a message sent by SMTP is recorded without its secret link');

    // Opening the link (as a mail scanner would) changes nothing: twice is fine.
    assert.equal((await fetch(link)).status, 200);
    const confirmed = await submitLinkForm(link.href);
    assert.match(confirmed.pageHtml, /Confirm your Till account/);
    assert.equal(confirmed.status, 303, confirmed.html.slice(0, 300));
    const tokens = await client.authorizationCodeGrant(request.config, confirmed.location!, { pkceCodeVerifier: request.verifier, expectedState: request.state });
    const account = await new Api(server.url, tokens.access_token).get('/v1/account');
    assert.equal(account.body.name, 'Harbour Books');
    assert.equal(account.body.user.email, email);

    const again = await submitLinkForm(link.href);
    assert.equal(again.status, 400);
    assert.match(alertOf(again.html) ?? '', /already used/);
    const merchants = await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    assert.equal(merchants.length, 1);
  });

  test('sign-up: the form answers the same for a known address, whose owner gets "already exists" by mail and no link', async () => {
    const owner = await createTestMerchant(server);
    const fresh = newEmail();
    const request = await authorizationRequest(server);
    const known = await submitSignUp(request, { email: owner.email });
    const unknown = await submitSignUp(request, { email: fresh });
    assert.equal(known.status, unknown.status);
    assert.equal(known.html.replaceAll(owner.email, 'ADDRESS'), unknown.html.replaceAll(fresh, 'ADDRESS'));
    const mail = await smtp.waitFor(owner.email, /already have a Till account/);
    assert.match(mail.text, /already exists/);
    assert.deepEqual(mail.links, []);
    await smtp.waitFor(fresh, /Confirm your e-mail/);
    assert.equal(await server.db.kysely.selectFrom('sign_up_requests').select('email').where('email', '=', owner.email).executeTakeFirst(), undefined);
  });

  test('sign-up: a sign-up someone else left unverified never blocks the owner of the address', async () => {
    const email = newEmail();
    assert.equal((await submitSignUp(await authorizationRequest(server), { email, business_name: 'Squatter' })).status, 200);
    const squatterMail = await smtp.waitFor(email, /Confirm your e-mail/);
    // The owner signs up with the same address and confirms first.
    const request = await authorizationRequest(server);
    assert.equal((await submitSignUp(request, { email, business_name: 'Real Shop' })).status, 200);
    const ownerMail = (await smtp.waitForAll(email, /Confirm your e-mail/, 2))[1]!;
    assert.match(ownerMail.text, /Real Shop/);
    assert.notEqual(ownerMail.links[0], squatterMail.links[0]);
    const confirmed = await submitLinkForm(ownerMail.links[0]!);
    assert.equal(confirmed.status, 303, confirmed.html.slice(0, 300));
    const tokens = await client.authorizationCodeGrant(request.config, confirmed.location!, { pkceCodeVerifier: request.verifier, expectedState: request.state });
    assert.equal((await new Api(server.url, tokens.access_token).get('/v1/account')).body.name, 'Real Shop');
    // The other link now meets an account that exists, and creates nothing.
    const late = await submitLinkForm(squatterMail.links[0]!);
    assert.equal(late.status, 409);
    assert.match(alertOf(late.html) ?? '', /already exists/);
    assert.equal((await server.db.kysely.selectFrom('merchants').select('id').where('name', '=', 'Squatter').execute()).length, 0);
  });

  test('sign-up: the link expires after 24 hours', async () => {
    const email = newEmail();
    await submitSignUp(await authorizationRequest(server), { email });
    const mail = await smtp.waitFor(email, /Confirm your e-mail/);
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const page = await fetch(mail.links[0]!);
      assert.equal(page.status, 400);
      assert.match(alertOf(await page.text()) ?? '', /expired/);
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      const posted = await fetch(new URL('/oauth/sign-up', server.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
      assert.equal(posted.status, 400);
      assert.equal(await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    } finally {
      server.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  test('reset: the same answer for any address, a link by mail to a known one, a new password that ends every sign-in, and a link that works once', async () => {
    const owner = await createTestMerchant(server);
    const before = await signIn(server, { email: owner.email, password: owner.password });
    const request = await authorizationRequest(server);
    const unknownEmail = newEmail();
    const known = await forgotPassword(request, owner.email);
    const unknown = await forgotPassword(request, unknownEmail);
    assert.equal(known.status, 200);
    assert.equal(known.html.replaceAll(owner.email, 'ADDRESS'), unknown.html.replaceAll(unknownEmail, 'ADDRESS'));
    assert.match(known.html, /Check your inbox/);
    const mail = await smtp.waitFor(owner.email, /Reset your Till password/);
    assert.match(mail.text, /within 1 hour/);
    // A later request's mail: the work of the one for the unknown address (after its answer) came first.
    const witness = await createTestMerchant(server);
    await forgotPassword(request, witness.email);
    await smtp.waitFor(witness.email, /Reset your Till password/);
    assert.equal(smtp.received.filter((m) => m.to.includes(unknownEmail)).length, 0, 'an unknown address gets no mail');
    const link = mail.links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    const stored = await server.db.kysely.selectFrom('password_tokens').select('token_hash').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, token, 'only a hash of the token is stored');

    const mismatch = await submitLinkForm(link, { password: 'a new password', password_confirmation: 'another password' });
    assert.equal(mismatch.status, 400);
    assert.match(alertOf(mismatch.html) ?? '', /not the same/);
    const short = await submitLinkForm(link, { password: 'short', password_confirmation: 'short' });
    assert.equal(short.status, 400);
    assert.match(alertOf(short.html) ?? '', /at least 10 characters/);
    assert.equal((await before.api.get('/v1/account')).status, 200, 'refused attempts change nothing');

    const done = await submitLinkForm(link, { password: 'my new password', password_confirmation: 'my new password' });
    assert.equal(done.status, 200, done.html.slice(0, 300));
    assert.match(done.html, /<h1>Sign in to Till<\/h1>/, 'back to the sign-in of the app that asked');
    assert.match(done.html, /Your password is changed/);
    assert.equal(formFields(done.html).state, request.state);

    assert.equal((await before.api.get('/v1/account')).status, 401, 'the access token of the earlier sign-in is refused');
    const refreshed = await fetch(`${server.url}/v1/auth/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: before.refreshToken }) });
    assert.equal(refreshed.status, 401, 'so is its refresh token');
    const session = await server.db.kysely.selectFrom('auth_sessions').select('revoked_reason').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    assert.equal(session.revoked_reason, 'password_reset');

    assert.equal((await submitSignIn((await authorizationRequest(server)).url, owner.email, owner.password)).status, 401, 'the old password no longer works');
    const after = await signIn(server, { email: owner.email, password: 'my new password' });
    assert.equal((await after.api.get('/v1/account')).status, 200);

    const reused = await submitLinkForm(link, { password: 'yet another one', password_confirmation: 'yet another one' });
    assert.equal(reused.status, 400);
    assert.match(alertOf(reused.html) ?? '', /already used/);
  });

  test('reset: the link expires after 1 hour; a removed user gets no mail', async () => {
    const owner = await createTestMerchant(server);
    await forgotPassword(await authorizationRequest(server), owner.email);
    const mail = await smtp.waitFor(owner.email, /Reset your Till password/);
    server.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const expired = await submitLinkForm(mail.links[0]!, { password: 'my new password', password_confirmation: 'my new password' });
      assert.equal(expired.status, 400);
      assert.match(alertOf(expired.html) ?? '', /expired/);
    } finally {
      server.clock.advance(-(60 * 60 * 1000 + 1000));
    }
    assert.ok((await signIn(server, { email: owner.email, password: owner.password })).accessToken, 'the password is unchanged');

    const cashier = await createTestMerchant(server);
    await server.db.kysely.updateTable('users').set({ removed_at: new Date().toISOString() }).where('id', '=', cashier.userId).execute();
    const answer = await forgotPassword(await authorizationRequest(server), cashier.email);
    assert.equal(answer.status, 200);
    // A later request's mail: the work of the one for the removed user (after its answer) came first.
    const witness = await createTestMerchant(server);
    await forgotPassword(await authorizationRequest(server), witness.email);
    await smtp.waitFor(witness.email, /Reset your Till password/);
    assert.equal(smtp.received.filter((m) => m.to.includes(cashier.email)).length, 0);
  });

  test('reset: the mailed link starts with the service URL, whatever Host header the request came with', async () => {
    const owner = await createTestMerchant(server);
    const url = new URL('/oauth/forgot-password', server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.end(new URLSearchParams({ email: owner.email }).toString());
    });
    assert.equal(status, 200);
    const mail = await smtp.waitFor(owner.email, /Reset your Till password/);
    assert.equal(new URL(mail.links[0]!).origin, server.url);
    assert.doesNotMatch(mail.text, /evil\.example/);
  });

  test('reset: an e-mail longer than 254 characters or not an address is refused on the form', async () => {
    const request = await authorizationRequest(server);
    const long = await forgotPassword(request, `${'a'.repeat(250)}@example.com`);
    assert.equal(long.status, 400);
    assert.match(alertOf(long.html) ?? '', /at most 254 characters/);
    const bad = await forgotPassword(request, 'not-an-email');
    assert.equal(bad.status, 400);
    assert.match(alertOf(bad.html) ?? '', /not an e-mail address/);
  });

  test('a user added by an admin through the Team API must choose their own password at first sign-in, before any code is issued', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signIn(server, { email: shop.email, password: shop.password });
    const email = newEmail();
    const added = await admin.api.post('/v1/users', { email, role: 'cashier', password: 'given by the admin' });
    assert.equal(added.status, 201, JSON.stringify(added.body));

    const request = await authorizationRequest(server);
    const first = await submitSignIn(request.url, email, 'given by the admin');
    assert.equal(first.status, 200, 'no redirect, so no code, yet');
    assert.equal(first.location, undefined);
    assert.match(first.html, /<h1>Choose a new password<\/h1>/);
    assert.match(first.html, /chosen by someone else/);
    const action = new URL('reset-password', request.url);
    const post = (fields: Record<string, string>) =>
      fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...formFields(first.html), ...fields }) });
    const mismatch = await post({ password: 'my own password', password_confirmation: 'my own passwort' });
    assert.equal(mismatch.status, 400);
    const chosen = await post({ password: 'my own password', password_confirmation: 'my own password' });
    assert.equal(chosen.status, 303, await chosen.text());
    const location = new URL(chosen.headers.get('location')!);
    assert.equal(location.searchParams.get('state'), request.state);
    const tokens = await client.authorizationCodeGrant(request.config, location, { pkceCodeVerifier: request.verifier, expectedState: request.state });
    const account = await new Api(server.url, tokens.access_token).get('/v1/account');
    assert.equal(account.body.user.email, email);
    assert.equal(account.body.user.role, 'cashier');

    assert.equal((await submitSignIn((await authorizationRequest(server)).url, email, 'given by the admin')).status, 401, "the admin's password no longer works");
    const next = await submitSignIn((await authorizationRequest(server)).url, email, 'my own password');
    assert.equal(next.status, 303, 'the next sign-in goes straight through');
  });

  test('expired links are deleted a day after they expire, and the outbox after 30 days; newer rows stay', async () => {
    const email = newEmail();
    await submitSignUp(await authorizationRequest(server), { email });
    await smtp.waitFor(email, /Confirm your e-mail/);
    const owner = await createTestMerchant(server);
    await forgotPassword(await authorizationRequest(server), owner.email);
    await waitForOutbox(server, email, /Confirm your e-mail/);
    await waitForOutbox(server, owner.email, /Reset your Till password/);
    const count = async () => ({
      signUps: (await server.db.kysely.selectFrom('sign_up_requests').select('email').where('email', '=', email).execute()).length,
      tokens: (await server.db.kysely.selectFrom('password_tokens').select('user_id').where('user_id', '=', owner.userId).execute()).length,
      mail: (await server.db.kysely.selectFrom('mail_outbox').select('id').where('recipient', 'in', [email, owner.email]).execute()).length,
    });
    const now = server.clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    const purge = async (at: number) => {
      await purgeExpiredSignUps(server.db, new Date(at));
      await purgeExpiredPasswordTokens(server.db, new Date(at));
      await purgeOldMail(server.db, new Date(at));
    };
    await purge(now + day);
    assert.deepEqual(await count(), { signUps: 1, tokens: 1, mail: 2 }, 'links that expired less than a day ago are kept');
    await purge(now + 2 * day + 1000);
    assert.deepEqual(await count(), { signUps: 0, tokens: 0, mail: 2 });
    await purge(now + 31 * day);
    assert.deepEqual(await count(), { signUps: 0, tokens: 0, mail: 0 });
  });

  test('a link submitted several times at once does its work once: one merchant, one password change', async () => {
    const email = newEmail();
    await submitSignUp(await authorizationRequest(server), { email });
    const signUpToken = new URL((await smtp.waitFor(email, /Confirm your e-mail/)).links[0]!).searchParams.get('token')!;
    const post = (path: string, fields: Record<string, string>) =>
      fetch(new URL(path, server.url), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) }).then(async (r) => {
        await r.text();
        return r.status;
      });
    const signUps = await Promise.all(Array.from({ length: 6 }, () => post('/oauth/sign-up', { token: signUpToken })));
    assert.deepEqual(signUps.filter((status) => status === 303).length, 1, JSON.stringify(signUps));
    assert.ok(signUps.every((status) => status === 303 || status === 400), JSON.stringify(signUps));
    assert.equal((await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).length, 1);

    const owner = await createTestMerchant(server);
    await forgotPassword(await authorizationRequest(server), owner.email);
    const resetToken = new URL((await smtp.waitFor(owner.email, /Reset your Till password/)).links[0]!).searchParams.get('token')!;
    const passwords = Array.from({ length: 6 }, (_, i) => `new password number ${i}`);
    const resets = await Promise.all(passwords.map((password) => post('/oauth/reset-password', { token: resetToken, password, password_confirmation: password })));
    assert.equal(resets.filter((status) => status === 200).length, 1, JSON.stringify(resets));
    assert.ok(resets.every((status) => status === 200 || status === 400), JSON.stringify(resets));
    // Exactly the password of the one that succeeded works.
    const working = [];
    for (const password of passwords) if ((await submitSignIn((await authorizationRequest(server)).url, owner.email, password)).status === 303) working.push(password);
    assert.equal(working.length, 1);
  });
});
