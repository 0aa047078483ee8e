/**
 * `Db.read`, the short way of Get Order and List Orders: it never sees what a transaction of this
 * process has written and not committed (on SQLite that transaction shares the one connection, so
 * the read waits for it), and it sees what has been committed.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { prepared } from '../../src/db/prepared.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';

describeEachBackend('Db.read', (backend) => {
  let database: TestDatabase;
  let db: Db;
  const at = '2026-11-24T10:00:00.000Z';
  before(async () => {
    database = await createTestDatabase(backend);
    db = await openDatabase({ url: database.url, schema: database.schema });
    await migrateToLatest(db);
    await db.kysely.insertInto('merchants').values({ id: 'mer_read', name: 'Before', email: 'read@example.com', currency: 'USD', tax_rate_bps: 0, created_at: at, updated_at: at }).execute();
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  const name = async () => {
    const rows = await db.read<{ name: string }>(prepared(db.dialect, 'select name from merchants where id = ?'), ['mer_read']);
    return rows[0]?.name;
  };

  test('a read made while a transaction of this process has written is never given that uncommitted write', async () => {
    assert.equal(await name(), 'Before');
    let reading: Promise<string | undefined> | undefined;
    const rolledBack = db
      .transaction(async (trx) => {
        await trx.updateTable('merchants').set({ name: 'Uncommitted' }).where('id', '=', 'mer_read').execute();
        reading = name();
        // The transaction stays open across a few turns of the event loop before it fails.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    assert.equal(await rolledBack, 'rolled back on purpose');
    assert.equal(await reading, 'Before');
  });

  test('a read after a commit sees it, and one during a committing transaction sees either side, never a part', async () => {
    let during: Promise<string | undefined> | undefined;
    await db.transaction(async (trx) => {
      await trx.updateTable('merchants').set({ name: 'Committed' }).where('id', '=', 'mer_read').execute();
      during = name();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    assert.ok(['Before', 'Committed'].includes((await during)!), `read ${await during}`);
    assert.equal(await name(), 'Committed');
  });
});
