import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { SCOPES } from '../../src/auth/permissions.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';
import { runTill, runTillJson, startTillServer, tillEnv, type RunningTill } from '../helpers/cli.js';
import { Api } from '../helpers/server.js';

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

  test('merchant create prints the merchant and its admin user, with typed ids', async () => {
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

  test('merchant create reads the password from standard input with --password-stdin', async () => {
    const result = await runTill(['merchant', 'create', '--name', 'Corner Shop', '--email', 'stdin@example.com', '--password-stdin'], env, 'a long enough secret\n');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Created merchant mer_\w+ \(Corner Shop, USD, tax 0 bps\)\.$/m);
    assert.match(result.stdout, /signs in as stdin@example\.com/);
  });

  test('a key made by api-key create works over HTTP, with the permissions asked for', async () => {
    const merchantId = await createMerchant();
    const sandbox = await runTillJson(['api-key', 'create', '--merchant', merchantId, '--environment', 'sandbox'], env);
    assert.deepEqual(Object.keys(sandbox), ['id', 'key', 'environment', 'permissions']);
    assert.match(sandbox.id, ID('key'));
    assert.match(sandbox.key, /^sk_test_[0-9A-Za-z]{32,}$/);
    assert.equal(sandbox.environment, 'sandbox');
    assert.deepEqual(sandbox.permissions, [...SCOPES]);

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

  test('a key revoked with api-key revoke answers 401 at once', async () => {
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
