/**
 * Migration 0017: API keys that held every permission a key could hold keep full access (they gain
 * `merchant:read` and `merchant:write`); narrower keys gain nothing; going down takes them away again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import { createApiKey } from '../../src/auth/api-keys.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { merchantSettings } from '../../src/db/migrations/0017-merchant-settings.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { systemClock } from '../../src/time.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';

const BEFORE = ['orders:read', 'orders:write', 'products:read', 'products:write', 'customers:read', 'customers:write', 'webhooks:read', 'webhooks:write'] as const;

describeEachBackend('migration 0017-merchant-settings', (backend) => {
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

  test('full-access keys gain the merchant permissions, narrower keys do not, and down takes them away', async () => {
    const { merchant } = await createMerchant(db, systemClock, { name: 'Old Shop', email: 'old-shop@example.com', password: 'a long enough password' });
    const full = await createApiKey(db, systemClock, { merchantId: merchant.id, environment: 'production', name: 'full', permissions: [...BEFORE] });
    const narrow = await createApiKey(db, systemClock, { merchantId: merchant.id, environment: 'sandbox', name: 'narrow', permissions: ['orders:read'] });
    const raw = db.kysely as unknown as Kysely<any>;
    const permissionsOf = async (id: string) => JSON.parse((await raw.selectFrom('api_keys').select('permissions').where('id', '=', id).executeTakeFirstOrThrow()).permissions) as string[];

    await merchantSettings().down!(raw);
    assert.deepEqual(await permissionsOf(full.id), [...BEFORE]);
    await merchantSettings().up(raw);
    assert.deepEqual(await permissionsOf(full.id), [...BEFORE, 'merchant:read', 'merchant:write']);
    assert.deepEqual(await permissionsOf(narrow.id), ['orders:read']);
    const row = await raw.selectFrom('merchants').select(['prices_include_tax', 'address', 'tax_id', 'receipt_footer']).where('id', '=', merchant.id).executeTakeFirstOrThrow();
    assert.deepEqual({ ...row, prices_include_tax: Number(row.prices_include_tax) }, { prices_include_tax: 0, address: null, tax_id: null, receipt_footer: null });
  });
});
