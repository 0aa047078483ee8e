/**
 * The database and each of its transactions tell a unique constraint's refusal from any other error,
 * as the database at hand reports it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';

describeEachBackend('unique violations', (backend) => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await createTestDatabase(backend);
    db = await openDatabase({ url: database.url, schema: database.schema });
    await migrateToLatest(db);
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  const merchant = (id: string) => ({ id, name: 'Shop', email: `${id}@example.com`, currency: 'USD', tax_rate_bps: 0, created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z' });
  const user = (id: string) => ({ id, merchant_id: 'mer_1', email: 'taken@example.com', password_hash: 'x', role: 'admin' as const, created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', removed_at: null });

  test('a row with a unique value taken is a unique violation, in a transaction and outside one', async () => {
    await db.kysely.insertInto('merchants').values(merchant('mer_1')).execute();
    await db.kysely.insertInto('users').values(user('usr_1')).execute();
    const outside = await db.kysely.insertInto('users').values(user('usr_2')).execute().catch((error: unknown) => error);
    assert.equal(db.isUniqueViolation(outside), true);
    const inside = await db
      .transaction(async (trx) => {
        const error = await trx.insertInto('users').values(user('usr_3')).execute().catch((caught: unknown) => caught);
        assert.equal(trx.isUniqueViolation(error), true);
        throw error;
      })
      .catch((error: unknown) => error);
    assert.equal(db.isUniqueViolation(inside), true);
  });

  test('other errors are not', async () => {
    const notNull = await db.kysely.insertInto('merchants').values({ ...merchant('mer_other'), name: null as never }).execute().catch((error: unknown) => error);
    assert.ok(notNull instanceof Error);
    assert.equal(db.isUniqueViolation(notNull), false);
    assert.equal(db.isUniqueViolation(new Error('boom')), false);
    assert.equal(db.isUniqueViolation(undefined), false);
    await db.transaction(async (trx) => assert.equal(trx.isUniqueViolation(notNull), false));
  });
});
