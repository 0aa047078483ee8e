/**
 * `till products copy-from-sandbox`: copies the sandbox catalogue into production once (a second run
 * copies nothing), with `--include-stock` as the API's `include_stock`; an unknown merchant is one
 * line and exit code 1.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';
import { runTill, runTillJson, startTillServer, tillEnv, type RunningTill } from '../helpers/cli.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { Api } from '../helpers/server.js';

describeEachBackend('till products copy-from-sandbox', (backend) => {
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

  test('copies once, says what it did, and refuses an unknown merchant in one line', STARTS_PROCESSES, async () => {
    const created = await runTillJson(['merchant', 'create', '--name', 'Corner Shop', '--email', 'owner@example.com', '--password', 'correct horse battery'], env);
    const id = created.merchant.id as string;
    const sandboxKey = (await runTillJson(['api-key', 'create', '--merchant', id, '--environment', 'sandbox'], env)).key as string;
    const productionKey = (await runTillJson(['api-key', 'create', '--merchant', id, '--environment', 'production'], env)).key as string;
    let url: string;
    ({ server, url } = await startTillServer(env));
    const sandbox = new Api(url, sandboxKey);
    const production = new Api(url, productionKey);
    assert.equal((await sandbox.post('/v1/products', { name: 'Tart', price: 360, inventory: 4 })).status, 201);
    assert.equal((await sandbox.post('/v1/products', { name: 'Bread', price: 280 })).status, 201);

    const json = await runTillJson(['products', 'copy-from-sandbox', '--merchant', id, '--include-stock'], env);
    assert.deepEqual([json.created, json.skipped], [2, 0]);
    assert.deepEqual(json.products.map((p: any) => [p.name, p.inventory]).sort(), [['Bread', null], ['Tart', 4]]);

    const again = await runTill(['products', 'copy-from-sandbox', '--merchant', id], env);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout, `Copied 0 sandbox products of ${id} into production; 2 already there.\n`);
    const listed = (await production.get('/v1/products')).body;
    assert.equal(listed.pagination.total, 2, 'one copy of each');

    const unknown = await runTill(['products', 'copy-from-sandbox', '--merchant', 'mer_nobody'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no merchant with id "mer_nobody"/);
    assert.equal(unknown.stderr.trim().split('\n').length, 1);
  });
});
