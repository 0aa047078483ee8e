import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { API_KEY_SCOPES } from '../../src/auth/permissions.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';
import { runTill, runTillJson, startTillServer, tillEnv, type RunningTill } from '../helpers/cli.js';
import { Api } from '../helpers/server.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

const ID = (prefix: string) => new RegExp(`^${prefix}_[0-9A-Za-z]{16,}$`);

describeEachBackend('till merchant and api-key', (backend) => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let server: RunningTill | undefined;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    env = tillEnv(database);
  });
  afterEach(async () => {
    if (server !== undefined) assert.equal(await server.stop(), 0, 'the server shuts down cleanly on SIGTERM');
    server = undefined;
    await database.drop();
  });

  async function createMerchant(email = 'Owner@Example.com'): Promise<string> {
    const created = await runTillJson(['merchant', 'create', '--name', 'Corner Shop', '--email', email, '--password', 'correct horse battery'], env);
    return created.merchant.id as string;
  }

  test('merchant create prints the merchant and its admin user, with typed ids', STARTS_PROCESSES, async () => {
    const result = await runTill(
      ['merchant', 'create', '--name', 'Corner Shop', '--email', 'Owner@Example.com', '--password', 'correct horse battery', '--currency', 'EUR', '--tax-rate-bps', '2000', '--json'],
      env,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    const created = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(created), ['merchant', 'user']);
    assert.deepEqual(Object.keys(created.merchant), ['id']);
    assert.deepEqual(Object.keys(created.user), ['id', 'email']);
    assert.match(created.merchant.id, ID('mer'));
    assert.match(created.user.id, ID('usr'));
    assert.equal(created.user.email, 'owner@example.com');
  });

  test('merchant create reads the password from standard input with --password-stdin', STARTS_PROCESSES, async () => {
    const result = await runTill(['merchant', 'create', '--name', 'Corner Shop', '--email', 'stdin@example.com', '--password-stdin'], env, 'a long enough secret\n');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Created merchant mer_\w+ \(Corner Shop, USD, tax 0 bps\)\.$/m);
    assert.match(result.stdout, /signs in as stdin@example\.com/);
  });

  test('merchant create takes a lowercase currency as the ISO 4217 code in capitals', STARTS_PROCESSES, async () => {
    const result = await runTill(['merchant', 'create', '--name', 'Corner Shop', '--email', 'lower@example.com', '--password', 'correct horse battery', '--currency', 'eur'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Created merchant mer_\w+ \(Corner Shop, EUR, tax 0 bps\)\.$/m);
    const { merchant } = await runTillJson(['merchant', 'create', '--name', 'Kiosk', '--email', 'kiosk@example.com', '--password', 'correct horse battery', '--currency', 'gbp'], env);
    const { key } = await runTillJson(['api-key', 'create', '--merchant', merchant.id, '--environment', 'sandbox'], env);
    let url: string;
    ({ server, url } = await startTillServer(env));
    const account = await new Api(url, key).get('/v1/account');
    assert.equal(account.status, 200);
    assert.equal(account.body.currency, 'GBP');
  });

  test('merchant list and api-key list: a table by default, one line of JSON with --json, never a key or its hash', STARTS_PROCESSES, async () => {
    assert.equal((await runTill(['merchant', 'list'], env)).stdout, 'No merchants yet: till merchant create --name ... --email ... --password-stdin\n');
    const first = await createMerchant('first@example.com');
    const { merchant: second } = await runTillJson(['merchant', 'create', '--name', 'Second Shop With A Long Name', '--email', 'second@example.com', '--password', 'correct horse battery', '--currency', 'jpy', '--tax-rate-bps', '1000'], env);
    const merchants = await runTill(['merchant', 'list', '--json'], env);
    assert.equal(merchants.code, 0, merchants.stderr);
    assert.equal(merchants.stdout.split('\n').length, 2, 'one line');
    assert.deepEqual(JSON.parse(merchants.stdout).data.map((m: any) => [m.id, m.name, m.email, m.currency, m.tax_rate_bps]), [
      [first, 'Corner Shop', 'first@example.com', 'USD', 0],
      [second.id, 'Second Shop With A Long Name', 'second@example.com', 'JPY', 1000],
    ]);
    const table = (await runTill(['merchant', 'list'], env)).stdout.trimEnd().split('\n');
    assert.equal(table.length, 3);
    assert.match(table[0]!, /^ID +NAME +E-MAIL +CURRENCY +TAX \(BPS\) +CREATED$/);
    assert.match(table[1]!, new RegExp(`^${first} +Corner Shop +first@example\\.com +USD +0 +\\d{4}-`));
    assert.equal(table[1]!.indexOf('USD'), table[0]!.indexOf('CURRENCY'), 'columns aligned');
    assert.equal(table[2]!.indexOf('JPY'), table[0]!.indexOf('CURRENCY'), 'columns aligned');

    const live = await runTillJson(['api-key', 'create', '--merchant', first, '--environment', 'production', '--permissions', 'orders:read', '--name', 'Till 1'], env);
    const revoked = await runTillJson(['api-key', 'create', '--merchant', first, '--environment', 'sandbox'], env);
    await runTillJson(['api-key', 'revoke', revoked.id], env);
    const theirs = await runTillJson(['api-key', 'create', '--merchant', second.id, '--environment', 'sandbox'], env);
    const keys = await runTill(['api-key', 'list', '--merchant', first, '--json'], env);
    assert.equal(keys.code, 0, keys.stderr);
    const listed = JSON.parse(keys.stdout).data;
    assert.deepEqual(listed.map((k: any) => [k.id, k.environment, k.name, k.permissions, k.revoked_at === null]), [
      [live.id, 'production', 'Till 1', ['orders:read'], true],
      [revoked.id, 'sandbox', 'cli', [...API_KEY_SCOPES], false],
    ]);
    assert.deepEqual(Object.keys(listed[0]), ['id', 'merchant_id', 'name', 'environment', 'permissions', 'last4', 'created_at', 'last_used_at', 'revoked_at']);
    assert.equal(listed[0].last4, live.key.slice(-4));
    assert.equal((await runTillJson(['api-key', 'list'], env)).data.length, 3, 'every merchant without --merchant');
    const keyTable = await runTill(['api-key', 'list'], env);
    assert.equal(keyTable.code, 0, keyTable.stderr);
    const keyLines = keyTable.stdout.trimEnd().split('\n');
    assert.match(keyLines[0]!, /^ID +MERCHANT +ENVIRONMENT +NAME +ENDS +STATUS +LAST USED +PERMISSIONS$/);
    assert.match(keyLines[2]!, new RegExp(`^${revoked.id} +${first} +sandbox +cli +${revoked.key.slice(-4)} +revoked \\d{4}-`));
    assert.match(keyLines[3]!, new RegExp(`^${theirs.id} +${second.id} +sandbox .* active +never +orders:read,`));
    for (const output of [keyTable.stdout, keys.stdout]) {
      for (const key of [live.key, revoked.key, theirs.key]) {
        assert.ok(!output.includes(key) && !output.includes(key.slice(8)), 'no key value');
      }
      assert.doesNotMatch(output, /[0-9a-f]{64}/, 'no hash');
    }
    const unknown = await runTill(['api-key', 'list', '--merchant', 'mer_unknown'], env);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, 'error: no merchant with id "mer_unknown"\n');
  });

  test('a key made by api-key create works over HTTP, with the permissions asked for', STARTS_PROCESSES, async () => {
    const merchantId = await createMerchant();
    const sandbox = await runTillJson(['api-key', 'create', '--merchant', merchantId, '--environment', 'sandbox'], env);
    assert.deepEqual(Object.keys(sandbox), ['id', 'key', 'environment', 'permissions']);
    assert.match(sandbox.id, ID('key'));
    assert.match(sandbox.key, /^sk_test_[0-9A-Za-z]{32,}$/);
    assert.equal(sandbox.environment, 'sandbox');
    assert.deepEqual(sandbox.permissions, [...API_KEY_SCOPES]);
    assert.ok(!sandbox.permissions.includes('api_keys:write'));

    const readOnly = await runTillJson(
      ['api-key', 'create', '--merchant', merchantId, '--environment', 'production', '--permissions', 'orders:read, products:read', '--name', 'reports'],
      env,
    );
    assert.match(readOnly.key, /^sk_live_[0-9A-Za-z]{32,}$/);
    assert.deepEqual(readOnly.permissions, ['orders:read', 'products:read']);

    let url: string;
    ({ server, url } = await startTillServer(env));
    const sandboxApi = new Api(url, sandbox.key);
    const product = await sandboxApi.post('/v1/products', { name: 'Tea', price: 300, inventory: 5 });
    assert.equal(product.status, 201);
    const order = await sandboxApi.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 2 }] });
    assert.equal(order.status, 201);
    assert.equal(order.body.total, 600);

    const reports = new Api(url, readOnly.key);
    const list = await reports.get('/v1/orders');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data, [], 'production sees none of the sandbox orders');
    const refused = await reports.post('/v1/products', { name: 'Tea', price: 300 });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'insufficient_permissions');
  });

  test('a key revoked with api-key revoke answers 401 at once', STARTS_PROCESSES, async () => {
    const merchantId = await createMerchant();
    const key = await runTillJson(['api-key', 'create', '--merchant', merchantId, '--environment', 'sandbox'], env);
    let url: string;
    ({ server, url } = await startTillServer(env));
    const api = new Api(url, key.key);
    assert.equal((await api.get('/v1/orders')).status, 200);

    const revoked = await runTillJson(['api-key', 'revoke', key.id], env);
    assert.equal(revoked.id, key.id);
    assert.match(revoked.revoked_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const after = await api.get('/v1/orders');
    assert.equal(after.status, 401);
    assert.equal(after.body.error.code, 'credential_revoked');

    const again = await runTill(['api-key', 'revoke', key.id], env);
    assert.equal(again.code, 0, 'revoking twice is not an error');
    assert.match(again.stdout, new RegExp(`${key.id} .*is revoked since ${revoked.revoked_at.replace(/\./g, '\\.')}`));
  });
});
