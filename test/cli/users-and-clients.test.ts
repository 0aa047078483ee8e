import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { decodeProtectedHeader } from 'jose';
import { createMerchant as createMerchantRecord } from '../../src/merchants/create-merchant.js';
import { describeEachBackend } from '../helpers/backends.js';
import { runTill, runTillJson, startTillServer, tillEnv, type RunningTill } from '../helpers/cli.js';
import { signIn } from '../helpers/oauth.js';
import { Api, startTestServer, type TestServer } from '../helpers/server.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

const ID = (prefix: string) => new RegExp(`^${prefix}_[0-9A-Za-z]{16,}$`);
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const PASSWORD = 'correct horse battery';

describeEachBackend('till user, oauth-client and signing-key', (backend) => {
  // An API server on the test database, and the command line run against that same database.
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  let served: RunningTill | undefined;
  beforeEach(async () => {
    server = await startTestServer(backend);
    env = tillEnv(server.database);
  });
  afterEach(async () => {
    if (served !== undefined) assert.equal(await served.stop(), 0, 'till serve shuts down cleanly');
    served = undefined;
    await server.close();
  });

  async function newMerchant(): Promise<string> {
    const { merchant } = await createMerchantRecord(server.db, server.clock, { name: 'Corner Shop', email: `owner-${Date.now()}@example.com`, password: PASSWORD });
    return merchant.id;
  }

  /** Runs a command that must fail: exit code 1, nothing on stdout, one line on stderr matching `message`. */
  async function refused(args: string[], message: RegExp, input = ''): Promise<void> {
    const result = await runTill(args, env, input);
    assert.equal(result.code, 1, `till ${args.join(' ')}: ${result.stdout}${result.stderr}`);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^error: [^\n]+\n$/, `one line: ${result.stderr}`);
    assert.match(result.stderr, message);
  }

  test('user create makes a user who signs in with the role asked for', STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    const result = await runTill(['user', 'create', '--merchant', merchantId, '--email', 'Cashier@Example.com', '--password', PASSWORD, '--role', 'cashier', '--json'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    const created = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(created), ['id', 'email', 'role', 'merchant_id']);
    assert.match(created.id, ID('usr'));
    assert.deepEqual([created.email, created.role, created.merchant_id], ['cashier@example.com', 'cashier', merchantId]);

    const { api, tokens } = await signIn(server, { email: 'cashier@example.com', password: PASSWORD });
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    assert.deepEqual([claims.sub, claims.merchant_id, claims.role], [created.id, merchantId, 'cashier']);
    assert.equal((await api.get('/v1/orders')).status, 200);
    assert.equal((await api.post('/v1/products', { name: 'Tea', price: 300 })).status, 403, 'a cashier cannot change the catalogue');
  });

  test('user create reads the password from standard input with --password-stdin and prints one line', STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    const result = await runTill(['user', 'create', '--merchant', merchantId, '--email', 'manager@example.com', '--password-stdin', '--role', 'manager'], env, 'a secret from a pipe\r\nignored\n');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`^Created manager usr_\\w+ of ${merchantId}; they sign in to apps as manager@example\\.com\\.\\n$`));
    const { api } = await signIn(server, { email: 'manager@example.com', password: 'a secret from a pipe' });
    assert.equal((await api.post('/v1/products', { name: 'Tea', price: 300 })).status, 201);
  });

  test('user create refuses bad input with one line and exit code 1', STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    const create = (email: string, ...rest: string[]) => ['user', 'create', '--merchant', merchantId, '--email', email, ...rest];
    await runTillJson(create('taken@example.com', '--password', PASSWORD, '--role', 'admin'), env);

    await refused(['user', 'create', '--merchant', 'mer_unknown', '--email', 'a@example.com', '--password', PASSWORD, '--role', 'admin'], /no merchant with id "mer_unknown"/);
    await refused(create('Taken@Example.com', '--password', PASSWORD, '--role', 'cashier'), /a user with the e-mail taken@example\.com already exists/);
    await refused(create('short@example.com', '--password', 'short', '--role', 'cashier'), /the password must have at least 10 characters/);
    await refused(create('not-an-email', '--password', PASSWORD, '--role', 'cashier'), /"not-an-email" is not an e-mail address/);
    await refused(create('boss@example.com', '--password', PASSWORD, '--role', 'boss'), /'--role <role>' argument 'boss' is invalid\. Allowed choices are admin, manager, cashier\./);
    await refused(create('norole@example.com', '--password', PASSWORD), /required option '--role <role>' not specified/);
    await refused(create('nopass@example.com', '--role', 'cashier'), /a password is needed: give it on standard input with --password-stdin/);
    await refused(create('both@example.com', '--password', PASSWORD, '--password-stdin', '--role', 'cashier'), /--password is not taken: on the command line a password shows in the process list/, `${PASSWORD}\n`);
    await refused(create('empty@example.com', '--password-stdin', '--role', 'cashier'), /--password-stdin: standard input is empty/, '\n');
    await refused(['user', 'create', '--email', 'a@example.com', '--password', PASSWORD, '--role', 'admin'], /required option '--merchant <id>' not specified/);

    const users = await server.db.kysely.selectFrom('users').select('email').execute();
    assert.deepEqual(users.map((u) => u.email).filter((email) => !email.startsWith('owner-')), ['taken@example.com'], 'no refused user was written');
  });

  test("user remove ends the user's sign-ins at once: their access token and refresh token answer 401", STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    const user = await runTillJson(['user', 'create', '--merchant', merchantId, '--email', 'leaver@example.com', '--password', PASSWORD, '--role', 'admin'], env);
    const { api, refreshToken } = await signIn(server, { email: 'leaver@example.com', password: PASSWORD });
    assert.equal((await api.get('/v1/orders')).status, 200);

    const removed = await runTillJson(['user', 'remove', user.id], env);
    assert.deepEqual(Object.keys(removed), ['id', 'email', 'merchant_id', 'removed_at']);
    assert.deepEqual([removed.id, removed.email, removed.merchant_id], [user.id, 'leaver@example.com', merchantId]);
    assert.match(removed.removed_at, ISO_TIME);

    const after = await api.get('/v1/orders');
    assert.equal(after.status, 401);
    assert.equal(after.body.error.code, 'credential_revoked');
    const refreshed = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: refreshToken });
    assert.equal(refreshed.status, 401);
    assert.equal(refreshed.body.error.code, 'credential_revoked');
    await assert.rejects(signIn(server, { email: 'leaver@example.com', password: PASSWORD }), /sign-in did not redirect \(401\)/, 'a removed user cannot sign in again');

    const again = await runTill(['user', 'remove', user.id], env);
    assert.equal(again.code, 0, 'removing twice is not an error');
    assert.equal(again.stdout, `User ${user.id} (leaver@example.com) of ${merchantId} is removed since ${removed.removed_at}: they cannot sign in, and their tokens answer 401.\n`);
    await refused(['user', 'remove', 'usr_unknown'], /no user with id "usr_unknown"/);
    await refused(['user', 'remove'], /missing required argument 'user-id'/);
  });

  test("user set-password: the new password signs in, the old one no longer does, and the user's sign-ins end at once", STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    const user = await runTillJson(['user', 'create', '--merchant', merchantId, '--email', 'forgetful@example.com', '--password', PASSWORD, '--role', 'manager'], env);
    const { api, refreshToken } = await signIn(server, { email: 'forgetful@example.com', password: PASSWORD });
    assert.equal((await api.get('/v1/orders')).status, 200);

    const result = await runTill(['user', 'set-password', user.id, '--password-stdin'], env, 'a brand new password\n');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `The password of ${user.id} (forgetful@example.com) of ${merchantId} is set; their sign-ins have ended, and they sign in again with the new password.\n`);
    assert.doesNotMatch(result.stdout, /brand new|argon2/);

    assert.equal((await api.get('/v1/orders')).status, 401, 'the old access token is refused');
    assert.equal((await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: refreshToken })).status, 401, 'the old refresh token too');
    await assert.rejects(signIn(server, { email: 'forgetful@example.com', password: PASSWORD }), /sign-in did not redirect \(401\)/, 'the old password no longer works');
    const fresh = await signIn(server, { email: 'forgetful@example.com', password: 'a brand new password' });
    assert.equal((await fresh.api.get('/v1/orders')).status, 200);

    const json = await runTillJson(['user', 'set-password', user.id, '--password', 'yet another password'], env);
    assert.deepEqual(json, { id: user.id, email: 'forgetful@example.com', merchant_id: merchantId });
    await signIn(server, { email: 'forgetful@example.com', password: 'yet another password' });

    await refused(['user', 'set-password', user.id, '--password', 'short'], /at least 10 characters/);
    await refused(['user', 'set-password', 'usr_unknown', '--password', 'long enough password'], /no user with id "usr_unknown"/);
    await refused(['user', 'set-password', user.id], /a password is needed/);
    await runTillJson(['user', 'remove', user.id], env);
    await refused(['user', 'set-password', user.id, '--password', 'long enough password'], /was removed on .* and can no longer sign in/);
  });

  test('user list and oauth-client list: a table by default, one line of JSON with --json, never a hash', STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    const otherId = await newMerchant();
    const ann = await runTillJson(['user', 'create', '--merchant', merchantId, '--email', 'ann@example.com', '--password', PASSWORD, '--role', 'cashier'], env);
    const bob = await runTillJson(['user', 'create', '--merchant', merchantId, '--email', 'bob-with-a-long-address@example.com', '--password', PASSWORD, '--role', 'manager'], env);
    await runTillJson(['user', 'remove', bob.id], env);
    await runTillJson(['user', 'create', '--merchant', otherId, '--email', 'other@example.com', '--password', PASSWORD, '--role', 'admin'], env);

    const listed = await runTill(['user', 'list', '--merchant', merchantId, '--json'], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.stdout.split('\n').length, 2, 'one line');
    const { data } = JSON.parse(listed.stdout);
    assert.deepEqual(data.map((u: any) => [u.email, u.role, u.removed_at === null]), [
      [`owner-${data[0].email.slice(6)}`, 'admin', true],
      ['ann@example.com', 'cashier', true],
      ['bob-with-a-long-address@example.com', 'manager', false],
    ]);
    assert.deepEqual(Object.keys(data[1]), ['id', 'merchant_id', 'email', 'role', 'created_at', 'removed_at']);
    assert.equal(data[1].id, ann.id);
    assert.ok(data.every((u: any) => u.merchant_id === merchantId));
    assert.equal((await runTillJson(['user', 'list'], env)).data.length, 5, 'every merchant without --merchant');

    const table = await runTill(['user', 'list', '--merchant', merchantId], env);
    assert.equal(table.code, 0, table.stderr);
    const lines = table.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^ID +MERCHANT +E-MAIL +ROLE +STATUS +CREATED$/);
    const column = lines[0]!.indexOf('ROLE');
    assert.ok(lines.slice(1).every((line) => /^(admin|cashier|manager) /.test(line.slice(column))), `aligned:\n${table.stdout}`);
    assert.match(lines[3]!, /removed \d{4}-/);
    const everything = table.stdout + listed.stdout + JSON.stringify(await runTillJson(['user', 'list'], env));
    assert.doesNotMatch(everything, /argon2|password/i);
    await refused(['user', 'list', '--merchant', 'mer_unknown'], /no merchant with id "mer_unknown"/);

    // The dashboard's own client is registered by a migration.
    const client = await runTillJson(['oauth-client', 'create', '--name', 'Register app', '--redirect-uri', 'http://127.0.0.1/callback', '--redirect-uri', 'com.example.till:/oauth/callback'], env);
    const clients = await runTillJson(['oauth-client', 'list'], env);
    assert.deepEqual(clients.data.map((c: any) => [c.client_id, c.name, c.redirect_uris]), [
      ['cli_dashboard', 'Till dashboard', ['/dashboard/callback']],
      [client.client_id, 'Register app', ['http://127.0.0.1/callback', 'com.example.till:/oauth/callback']],
    ]);
    const clientTable = (await runTill(['oauth-client', 'list'], env)).stdout.trimEnd().split('\n');
    assert.equal(clientTable.length, 3);
    assert.match(clientTable[0]!, /^CLIENT ID +NAME +CREATED +REDIRECT URIS$/);
    assert.match(clientTable[2]!, new RegExp(`^${client.client_id} +Register app +\\S+ +http://127\\.0\\.0\\.1/callback com\\.example\\.till:/oauth/callback$`));
  });

  test('oauth-client create registers a public client whose loopback redirect URI matches any port', STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    await runTillJson(['user', 'create', '--merchant', merchantId, '--email', 'app-user@example.com', '--password', PASSWORD, '--role', 'cashier'], env);
    const created = await runTillJson(['oauth-client', 'create', '--name', 'Register app', '--redirect-uri', 'http://127.0.0.1/callback', '--redirect-uri', 'com.example.till:/oauth/callback'], env);
    assert.deepEqual(Object.keys(created), ['client_id', 'name', 'redirect_uris']);
    assert.match(created.client_id, ID('cli'));
    assert.deepEqual([created.name, created.redirect_uris], ['Register app', ['http://127.0.0.1/callback', 'com.example.till:/oauth/callback']]);
    const row = await server.db.kysely.selectFrom('oauth_clients').selectAll().where('id', '=', created.client_id).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.redirect_uris), created.redirect_uris);

    // As a native app does: a port of its own on the loopback address, then the private-use scheme.
    const onPort = await signIn(server, { email: 'app-user@example.com', password: PASSWORD }, { clientId: created.client_id, redirectUri: 'http://127.0.0.1:51004/callback' });
    assert.equal((await onPort.api.get('/v1/orders')).status, 200);
    const mobile = await signIn(server, { email: 'app-user@example.com', password: PASSWORD }, { clientId: created.client_id, redirectUri: 'com.example.till:/oauth/callback' });
    assert.equal((await mobile.api.get('/v1/orders')).status, 200);

    const text = await runTill(['oauth-client', 'create', '--name', 'Till Register', '--redirect-uri', 'http://127.0.0.1/cb', '--redirect-uri', 'https://app.example.com/cb'], env);
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^Registered Till Register as OAuth client cli_\w+: a public client \(no secret\)/);
    assert.equal(lines[2], '  http://127.0.0.1/cb  (loopback: any port matches, such as http://127.0.0.1:51004/cb)');
    assert.equal(lines[3], '  https://app.example.com/cb');
  });

  test('oauth-client create refuses a redirect URI an app must not use, naming it', STARTS_PROCESSES, async () => {
    const create = (...uris: string[]) => ['oauth-client', 'create', '--name', 'App', ...uris.flatMap((uri) => ['--redirect-uri', uri])];
    await refused(create('/callback'), /^error: --redirect-uri "\/callback" is not an absolute URI\n$/);
    await refused(create('https://app.example.com/cb#done'), /"https:\/\/app\.example\.com\/cb#done" has a fragment/);
    await refused(create('https://app.example.com/cb', 'http://app.example.com/cb'), /"http:\/\/app\.example\.com\/cb" uses plain http on a host other than a loopback address/);
    await refused(create('javascript:alert(1)'), /"javascript:alert\(1\)" uses the javascript: scheme/);
    await refused(['oauth-client', 'create', '--name', 'App'], /required option '--redirect-uri <uri>' not specified/);
    await refused(['oauth-client', 'create', '--name', '  ', '--redirect-uri', 'https://app.example.com/cb'], /the client name must not be empty/);
    const clients = await server.db.kysely.selectFrom('oauth_clients').select('id').execute();
    assert.deepEqual(clients, [{ id: 'cli_dashboard' }], 'nothing was registered beside the built-in dashboard client');
  });

  test('signing-key rotate: the new key signs, the old one stays published and its tokens keep working', STARTS_PROCESSES, async () => {
    const merchantId = await newMerchant();
    await runTillJson(['user', 'create', '--merchant', merchantId, '--email', 'signer@example.com', '--password', PASSWORD, '--role', 'admin'], env);
    const before = await signIn(server, { email: 'signer@example.com', password: PASSWORD });
    const oldKid = decodeProtectedHeader(before.accessToken).kid!;

    const rotated = await runTillJson(['signing-key', 'rotate'], env);
    assert.deepEqual(Object.keys(rotated), ['kid', 'retired', 'rewrapped', 'webhook_secrets_rewrapped', 'encrypted']);
    assert.deepEqual([rotated.rewrapped, rotated.encrypted], [0, false], 'without SIGNING_KEY_ENCRYPTION_KEY, nothing to encrypt');
    assert.match(rotated.kid, ID('sig'));
    assert.deepEqual(rotated.retired, [oldKid]);
    const keys = await server.db.kysely.selectFrom('signing_keys').select(['id', 'retired_at']).orderBy('created_at').orderBy('id').execute();
    assert.deepEqual(keys.map((k) => k.id).sort(), [oldKid, rotated.kid].sort());
    assert.equal(keys.find((k) => k.id === rotated.kid)!.retired_at, null);
    assert.match(keys.find((k) => k.id === oldKid)!.retired_at!, ISO_TIME);

    // A server process started after the rotation, answering as the same issuer.
    let url: string;
    ({ server: served, url } = await startTillServer(tillEnv(server.database, { PUBLIC_URL: server.url })));
    const jwks = await fetch(`${url}/.well-known/jwks.json`).then((r) => r.json() as Promise<{ keys: Array<{ kid: string; alg: string; d?: string }> }>);
    assert.deepEqual(jwks.keys.map((k) => k.kid), [rotated.kid, oldKid], 'the new key first, the retired one still published');
    assert.ok(jwks.keys.every((k) => k.alg === 'ES256' && k.d === undefined), 'public keys only');
    assert.equal((await new Api(url, before.accessToken).get('/v1/orders')).status, 200, 'a token of the retired key still works');

    const refreshed = await new Api(url, undefined).post('/v1/auth/refresh', { refresh_token: before.refreshToken });
    assert.equal(refreshed.status, 200);
    assert.equal(decodeProtectedHeader(refreshed.body.access_token).kid, rotated.kid, 'the new key signs');

    // The server that was running all along learns of the new key from the first token that names it
    // (it reads the keys again for an unknown kid at most once a second).
    // (on its clock, which the test moves rather than waiting a second).
    server.clock.advance(1_100);
    assert.equal((await new Api(server.url, refreshed.body.access_token).get('/v1/orders')).status, 200);
    const running = await fetch(`${server.url}/.well-known/jwks.json`).then((r) => r.json() as Promise<{ keys: Array<{ kid: string }> }>);
    assert.deepEqual(running.keys.map((k) => k.kid), [rotated.kid, oldKid]);

    const text = await runTill(['signing-key', 'rotate'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^New signing key sig_\w+: running servers sign with it within a minute/);
    assert.match(text.stdout, new RegExp(`^Retired ${rotated.kid}: it stays published at /\\.well-known/jwks\\.json, .* until those expire \\(the access-token lifetime, 1 hour, plus 2 minutes\\)\\.$`, 'm'));
  });
});
