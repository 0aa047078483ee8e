import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { runTill, runTillJson, tillEnv } from '../helpers/cli.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

/** Every migration file of the tree, by name, in order: what a fresh database must run. */
const ALL_MIGRATIONS = readdirSync(new URL('../../src/db/migrations/', import.meta.url))
  .filter((name) => /^\d{4}-[a-z0-9-]+\.ts$/.test(name))
  .map((name) => name.replace(/\.ts$/, ''))
  .sort();

describeEachBackend('till migrate', (backend) => {
  test('runs the migrations of a fresh database once', STARTS_PROCESSES, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    const env = tillEnv(database);
    assert.deepEqual(await runTillJson(['migrate'], env), { migrations: ALL_MIGRATIONS });
    assert.deepEqual(await runTillJson(['migrate'], env), { migrations: [] });
    const text = await runTill(['migrate'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /is up to date; no migration to run\.$/m);
  });

  test('runs under NODE_ENV=production without PUBLIC_URL or SIGNING_KEY_ENCRYPTION_KEY, which migrating does not use', async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    const env = tillEnv(database, { NODE_ENV: 'production' });
    const migrated = await runTill(['migrate', '--json'], env);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.deepEqual(JSON.parse(migrated.stdout), { migrations: ALL_MIGRATIONS });
    // A server still refuses to start so: it issues tokens and keeps the keys that sign them.
    const served = await runTill(['serve'], env);
    assert.equal(served.code, 1);
    assert.match(served.stderr, /^error: NODE_ENV=production requires PUBLIC_URL .* and SIGNING_KEY_ENCRYPTION_KEY /);
  });

  if (backend === 'postgres') {
    test('migrates a second schema of a database that already holds one', STARTS_PROCESSES, async (t) => {
      const first = await createTestDatabase(backend);
      const second = await createTestDatabase(backend);
      t.after(() => Promise.all([first.drop(), second.drop()]));
      assert.deepEqual(await runTillJson(['migrate'], tillEnv(first)), { migrations: ALL_MIGRATIONS });
      assert.deepEqual(await runTillJson(['migrate'], tillEnv(second)), { migrations: ALL_MIGRATIONS });
      const created = await runTillJson(['merchant', 'create', '--name', 'Two', '--email', 'two@example.com', '--password', 'long enough secret'], tillEnv(second));
      assert.match(created.merchant.id, /^mer_/);
    });
  }
});
