/**
 * Sign-up through the authorization server (`prompt=create`): the form, a real form submit, the
 * redirect back to the app with a code, and the refusals. Every test runs on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as client from 'openid-client';
import { describeEachBackend } from '../helpers/backends.js';
import { waitForOutbox } from '../helpers/mail.js';
import { authorizationRequest, formFields, signIn, submitLinkForm, type AuthorizationRequest } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { randomBase62 } from '../../src/ids.js';

/** The sign-up page of an authorization request. */
async function signUpPage(request: AuthorizationRequest): Promise<{ status: number; html: string }> {
  const url = new URL(request.url);
  url.searchParams.set('prompt', 'create');
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

/** Fills in the sign-up form as a browser would (its hidden fields, plus these) and submits it. */
async function submitSignUp(request: AuthorizationRequest, fields: Record<string, string>) {
  const page = await signUpPage(request);
  assert.equal(page.status, 200, page.html.slice(0, 300));
  const response = await fetch(new URL('authorize', request.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...formFields(page.html), ...fields }),
  });
  const location = response.headers.get('location');
  return { status: response.status, location: location === null ? undefined : new URL(location), html: await response.text(), headers: response.headers };
}

const newEmail = () => `new-${randomBase62(10).toLowerCase()}@example.com`;

/** The value of an input of the page, by id (undefined if it has none). */
function inputValue(html: string, id: string): string | undefined {
  const tag = html.match(new RegExp(`<input id="${id}"[^>]*>`))?.[0];
  assert.ok(tag !== undefined, `#${id} on the page`);
  return tag.match(/ value="([^"]*)"/)?.[1];
}

function inputTag(html: string, id: string): string {
  return html.match(new RegExp(`<input id="${id}"[^>]*>`))![0];
}

describeEachBackend('Sign-up (prompt=create)', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('the metadata advertises prompt=create; the sign-in and sign-up forms link to each other, keeping the request', async () => {
    const metadata = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    assert.deepEqual(metadata.prompt_values_supported, ['create']);

    const request = await authorizationRequest(server, { environment: 'sandbox' });
    const page = await signUpPage(request);
    assert.equal(page.status, 200);
    assert.match(page.html, /<h1>Create your Till account<\/h1>/);
    for (const id of ['business_name', 'currency', 'email', 'password']) assert.match(page.html, new RegExp(`<label for="${id}">`), `a label for ${id}`);
    assert.equal(inputValue(page.html, 'currency'), 'USD', 'USD by default');
    const hidden = formFields(page.html);
    assert.equal(hidden.prompt, 'create');
    assert.equal(hidden.state, request.state);
    assert.equal(hidden.environment, 'sandbox');

    const signInLink = page.html.match(/<a href="(authorize\?[^"]+)">Sign in<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(signInLink !== undefined);
    const signInUrl = new URL(signInLink, request.url);
    assert.equal(signInUrl.searchParams.get('prompt'), null);
    for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'environment']) {
      assert.equal(signInUrl.searchParams.get(name), request.url.searchParams.get(name), name);
    }
    const signInPage = await (await fetch(signInUrl)).text();
    assert.match(signInPage, /<h1>Sign in to Till<\/h1>/);
    assert.equal(formFields(signInPage).prompt, undefined);
    const signUpLink = signInPage.match(/<a href="(authorize\?[^"]+)">Create an account<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(signUpLink !== undefined);
    assert.equal(new URL(signUpLink, request.url).searchParams.get('prompt'), 'create');
    assert.equal(new URL(signUpLink, request.url).searchParams.get('state'), request.state);
  });

  test('a sign-up creates the merchant and its admin once the mailed link is followed, and continues exactly as a sign-in: code, state, iss', async () => {
    const request = await authorizationRequest(server, { environment: 'sandbox' });
    const email = newEmail();
    const form = await submitSignUp(request, { business_name: '  Corner Café ', currency: 'eur', email: email.toUpperCase(), password: 'a-good-password' });
    assert.equal(form.status, 200, form.html.slice(0, 400));
    assert.match(form.html, /<h1>Check your inbox<\/h1>/);
    assert.equal(form.location, undefined);
    // Without SMTP_URL the message is in the outbox (and the log), with its link.
    const mail = await waitForOutbox(server, email, /Confirm your e-mail/);
    assert.equal(mail.transport, 'log');
    assert.equal(await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined, 'nothing exists before the link is followed');
    const submitted = await submitLinkForm(mail.links[0]!);
    assert.equal(submitted.status, 303, submitted.html.slice(0, 400));
    assert.equal(submitted.headers.get('cache-control'), 'no-store');
    assert.equal(submitted.location!.searchParams.get('state'), request.state);
    assert.equal(submitted.location!.searchParams.get('iss'), server.url);
    const tokens = await client.authorizationCodeGrant(request.config, submitted.location!, { pkceCodeVerifier: request.verifier, expectedState: request.state });
    const account = await new Api(server.url, tokens.access_token).get('/v1/account');
    assert.equal(account.status, 200);
    assert.equal(account.body.name, 'Corner Café');
    assert.equal(account.body.currency, 'EUR');
    assert.equal(account.body.tax_rate_bps, 0);
    assert.equal(account.body.environment, 'sandbox');
    assert.equal(account.body.user.email, email);
    assert.equal(account.body.user.role, 'admin');

    // The new admin signs in again with the password chosen.
    const again = await signIn(server, { email, password: 'a-good-password' });
    assert.equal((await again.api.get('/v1/account')).body.id, account.body.id);
  });

  test('refusals re-show the form with the message tied to the field, keeping what was typed but the password; nothing is created', async () => {
    const taken = await createTestMerchant(server);
    const cases: Array<[Record<string, string>, number, string, RegExp]> = [
      [{ password: 'short' }, 400, 'password', /at least 10 characters/],
      [{ currency: 'XYZ' }, 400, 'currency', /not an ISO 4217 currency code/],
      [{ currency: 'EURO' }, 400, 'currency', /not an ISO 4217 currency code/],
      [{ business_name: '   ' }, 400, 'business_name', /name of your business/],
      [{ email: 'not-an-email' }, 400, 'email', /not an e-mail address/],
    ];
    const before = await server.db.kysely.selectFrom('merchants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [change, status, field, message] of cases) {
      const request = await authorizationRequest(server);
      const fields = { business_name: 'Kept Shop', currency: 'GBP', email: newEmail(), password: 'a-good-password', ...change };
      const submitted = await submitSignUp(request, fields);
      assert.equal(submitted.status, status, `${JSON.stringify(change)}: ${submitted.html.slice(0, 300)}`);
      assert.equal(submitted.location, undefined);
      const alert = submitted.html.match(/<p class="error" id="sign-up-error" role="alert">([^<]+)<\/p>/)?.[1];
      assert.ok(alert !== undefined && message.test(alert), `${JSON.stringify(change)}: ${alert}`);
      const faulty = inputTag(submitted.html, field);
      assert.match(faulty, /aria-invalid="true"/, field);
      assert.match(faulty, /aria-describedby="sign-up-error[ "]/, field);
      assert.match(faulty, / autofocus/, field);
      for (const other of ['business_name', 'currency', 'email', 'password'].filter((id) => id !== field)) {
        assert.doesNotMatch(inputTag(submitted.html, other), /aria-invalid|sign-up-error/, `${other} is not blamed`);
      }
      assert.equal(inputValue(submitted.html, 'business_name'), fields.business_name.trim() === '' ? '' : 'Kept Shop');
      assert.equal(inputValue(submitted.html, 'email'), fields.email);
      assert.equal(inputValue(submitted.html, 'currency'), fields.currency.toUpperCase());
      assert.equal(inputValue(submitted.html, 'password'), undefined, 'the password is not sent back');
      assert.doesNotMatch(submitted.html, /a-good-password/);
      assert.equal(formFields(submitted.html).prompt, 'create', 'the form stays a sign-up form');
    }
    // A taken e-mail is no longer refused on the form (that would tell anyone which addresses have an
    // account): the form answers as for a new one, and the owner is told by mail (see sign-up-mail.test.ts).
    const request = await authorizationRequest(server);
    const submitted = await submitSignUp(request, { business_name: 'Kept Shop', currency: 'GBP', email: taken.email, password: 'a-good-password' });
    assert.equal(submitted.status, 200);
    assert.match(submitted.html, /Check your inbox/);
    await waitForOutbox(server, taken.email, /already have a Till account/);
    const afterCount = await server.db.kysely.selectFrom('merchants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n), 'no merchant was created');
  });

  test('a sign-up for an unregistered redirect URI gets the error page, not a redirect', async () => {
    const request = await authorizationRequest(server);
    const page = await signUpPage(request);
    const response = await fetch(new URL('authorize', request.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...formFields(page.html), redirect_uri: 'https://evil.example/cb', business_name: 'X', currency: 'USD', email: newEmail(), password: 'a-good-password' }),
    });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('location'), null);
  });
});

describeEachBackend('Sign-up limits and SIGN_UP_ENABLED=false', (backend) => {
  let limited: TestServer;
  let closed: TestServer;
  before(async () => {
    limited = await startTestServer(backend, { SIGN_IN_LIMIT_PER_ADDRESS: '3' });
    closed = await startTestServer(backend, { SIGN_UP_ENABLED: 'false' });
  });
  after(async () => {
    await limited.close();
    await closed.close();
  });

  test('sign-ups count against the per-address limit of the sign-in form', async () => {
    const request = await authorizationRequest(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await submitSignUp(request, { business_name: 'Shop', currency: 'USD', email: newEmail(), password: 'short' })).status);
    }
    assert.deepEqual(statuses, [400, 400, 400, 429]);
    const throttled = await submitSignUp(request, { business_name: 'Shop', currency: 'USD', email: newEmail(), password: 'a-good-password' });
    assert.equal(throttled.status, 429);
    assert.ok(Number(throttled.headers.get('retry-after')) >= 1);
    // The same headers as every other refused sign-in and token request.
    assert.equal(throttled.headers.get('ratelimit-limit'), '3');
    assert.equal(throttled.headers.get('ratelimit-remaining'), '0');
    assert.equal(throttled.headers.get('ratelimit-reset'), throttled.headers.get('retry-after'));
    assert.match(throttled.html, /role="alert">Too many attempts/);
  });

  test('turned off: no prompt_values_supported, prompt=create shows the sign-in form without a link, and the POST is refused', async () => {
    const metadata = (await (await fetch(`${closed.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    assert.equal(metadata.prompt_values_supported, undefined);
    const request = await authorizationRequest(closed);
    const page = await signUpPage(request);
    assert.equal(page.status, 200);
    assert.match(page.html, /<h1>Sign in to Till<\/h1>/);
    assert.doesNotMatch(page.html, /Create an account|business_name/);
    assert.equal(formFields(page.html).prompt, undefined);

    const email = newEmail();
    const response = await fetch(new URL('authorize', request.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...formFields(page.html), prompt: 'create', business_name: 'X', currency: 'USD', email, password: 'a-good-password' }),
    });
    assert.equal(response.status, 403);
    assert.equal(response.headers.get('location'), null);
    assert.match(await response.text(), /Sign-up is turned off/);
    assert.equal(await closed.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
  });
});
