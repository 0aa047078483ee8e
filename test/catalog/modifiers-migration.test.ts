/**
 * Migration 0023: products made before it have no modifier groups (`[]`), and going down and up
 * again leaves the products readable.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { findProduct } from '../../src/db/catalog/products.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { modifiers } from '../../src/db/migrations/0023-modifiers.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { toProduct } from '../../src/products/product-view.js';
import { systemClock } from '../../src/time.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';

describeEachBackend('migration 0023-modifiers', (backend) => {
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

  test('a product made before it has modifier_groups [], and line items modifiers []', async () => {
    const { merchant } = await createMerchant(db, systemClock, { name: 'Old Shop', email: 'old-shop@example.com', password: 'a long enough password' });
    const raw = db.kysely as unknown as Kysely<any>;
    await modifiers().down!(raw);
    const now = new Date().toISOString();
    await raw
      .insertInto('products')
      .values({ merchant_id: merchant.id, environment: 'sandbox', id: 'prod_old', name: 'Old', price: 100, currency: 'USD', inventory: null, active: 1, created_at: now, updated_at: now })
      .execute();
    await modifiers().up(raw);
    const product = await findProduct(db, { merchantId: merchant.id, environment: 'sandbox' }, 'prod_old');
    assert.deepEqual(toProduct(product!).modifier_groups, []);
    const column = await raw.selectFrom('line_items').select('modifiers').limit(1).execute();
    assert.deepEqual(column, [], 'the line items column is there');
  });
});
