/**
 * Migration 0026 on a database with products and orders: the CHECK on inventory goes (PostgreSQL
 * drops it; SQLite rebuilds `products`) with every column, index and row kept; orders gain their
 * offline-sale columns, the receipt number unique per tenant; going down puts the CHECK back (stock
 * below zero set to 0) and up again keeps everything.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { offlineSales } from '../../src/db/migrations/0026-offline-sales.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { systemClock } from '../../src/time.js';
import { createTestDatabase, describeEachBackend, type BackendName, type TestDatabase } from '../helpers/backends.js';

/** The columns, indexes and CHECK constraints of `products`, as the database describes them. */
async function productsSchema(raw: Kysely<any>, backend: BackendName) {
  if (backend === 'sqlite') {
    const { rows: columns } = await sql`select name, type, "notnull", dflt_value, pk from pragma_table_info('products') order by cid`.execute(raw);
    const { rows: indexes } = await sql`select name, sql from sqlite_master where type = 'index' and tbl_name = 'products' order by name`.execute(raw);
    const { rows: table } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'products'`.execute(raw);
    return { columns, indexes, checks: table[0]!.sql.match(/constraint "?\w+"? check/gi) ?? [] };
  }
  const { rows: columns } = await sql`select column_name, data_type, is_nullable, column_default, collation_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'products' order by ordinal_position`.execute(raw);
  const { rows: indexes } = await sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'products' order by indexname`.execute(raw);
  const { rows: checks } = await sql`select conname from pg_constraint where conrelid = 'products'::regclass and contype = 'c' order by conname`.execute(raw);
  return { columns, indexes, checks };
}

/** Every column of the merchant's products, numbers as numbers (PostgreSQL's bigint included). */
async function productRows(raw: Kysely<any>, merchantId: string): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = await raw.selectFrom('products').selectAll().where('merchant_id', '=', merchantId).orderBy('id').execute();
  return rows.map((row) => ({ ...row, price: Number(row.price), inventory: row.inventory === null ? null : Number(row.inventory) }));
}

describeEachBackend('migration 0026-offline-sales', (backend) => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await createTestDatabase(backend);
    db = await openDatabase({ url: database.url, schema: database.schema });
    await migrateUpTo(db, '0024-cash-drawers');
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  test('drops the CHECK on inventory keeping every column, index and row; receipt numbers unique per tenant; down and up again', async () => {
    const { merchant } = await createMerchant(db, systemClock, { name: 'Old Shop', email: 'old-shop-0026@example.com', password: 'a long enough password' });
    const raw = db.kysely as unknown as Kysely<any>;
    const now = new Date().toISOString();
    const product = (id: string, fields: Record<string, unknown>) => ({
      merchant_id: merchant.id,
      environment: 'production',
      id,
      name: id,
      price: 100,
      currency: 'USD',
      inventory: 5,
      active: 1,
      created_at: now,
      updated_at: now,
      // Every column given: SQLite has no DEFAULT in a VALUES list, so rows of one insert name the same columns.
      sku: null,
      barcode: null,
      category: null,
      copied_from_product_id: null,
      modifier_groups: '[]',
      ...fields,
    });
    await raw
      .insertInto('products')
      .values([
        product('prod_a', { name: 'Espresso', sku: 'ESP', barcode: '4006381333931', category: 'Coffee', copied_from_product_id: 'prod_sandbox_a', modifier_groups: '[{"id":"mgrp_1"}]' }),
        product('prod_b', { name: 'Tea "Earl Grey"', price: 99_999_999, inventory: null, active: 0 }),
        product('prod_c', { environment: 'sandbox', sku: 'ESP', inventory: 0 }),
      ])
      .execute();
    const order = (id: string, number: number) => ({
      merchant_id: merchant.id,
      environment: 'production',
      id,
      number,
      status: 'pending',
      customer_id: null,
      currency: 'USD',
      subtotal: 100,
      tax: 0,
      total: 100,
      refunded_amount: 0,
      items_count: 1,
      payment_method: 'cash',
      metadata: '{}',
      created_at: now,
      updated_at: now,
    });
    await raw.insertInto('orders').values([order('ord_old_1', 1001), order('ord_old_2', 1002)]).execute();
    const before = await productsSchema(raw, backend);
    const rowsBefore = await productRows(raw, merchant.id);
    assert.equal(before.checks.length, 1, 'the CHECK is there before');
    await assert.rejects(raw.updateTable('products').set({ inventory: -1 }).where('id', '=', 'prod_a').execute(), 'stock below zero is refused before');

    await migrateToLatest(db);

    const after = await productsSchema(raw, backend);
    assert.deepEqual(after.columns, before.columns);
    assert.deepEqual(after.indexes, before.indexes);
    assert.deepEqual(after.checks, []);
    assert.deepEqual(await productRows(raw, merchant.id), rowsBefore);
    // The indexes still do their work: a SKU is unique per tenant, and the name index serves a search.
    await assert.rejects(raw.insertInto('products').values(product('prod_d', { sku: 'ESP' })).execute(), 'a second ESP in production is refused');
    await raw.insertInto('products').values(product('prod_d', { environment: 'sandbox', sku: 'ESP2' })).execute();
    await raw.updateTable('products').set({ inventory: -3 }).where('merchant_id', '=', merchant.id).where('id', '=', 'prod_a').execute();

    const orders = await raw.selectFrom('orders').select(['id', 'recorded_at', 'register_receipt_number', 'sync_differences']).where('merchant_id', '=', merchant.id).orderBy('id').execute();
    assert.deepEqual(orders, [
      { id: 'ord_old_1', recorded_at: null, register_receipt_number: null, sync_differences: '[]' },
      { id: 'ord_old_2', recorded_at: null, register_receipt_number: null, sync_differences: '[]' },
    ]);
    const receipt = (id: string, environment: string) => raw.updateTable('orders').set({ register_receipt_number: 'R1-1' }).where('merchant_id', '=', merchant.id).where('id', '=', id).where('environment', '=', environment).execute();
    await receipt('ord_old_1', 'production');
    await assert.rejects(receipt('ord_old_2', 'production'), 'a receipt number is unique per merchant and environment');
    await raw.insertInto('orders').values({ ...order('ord_sandbox', 1001), environment: 'sandbox', register_receipt_number: 'R1-1' }).execute();

    // Down: the CHECK is back, stock below zero is 0, the orders' columns are gone.
    await offlineSales(backend).down!(raw);
    const down = await productsSchema(raw, backend);
    assert.deepEqual(down.columns, before.columns);
    assert.deepEqual(down.indexes, before.indexes);
    assert.equal(down.checks.length, 1);
    const rowsDown = await productRows(raw, merchant.id);
    assert.deepEqual(rowsDown.find((row) => row.id === 'prod_a'), { ...rowsBefore.find((row) => row.id === 'prod_a'), inventory: 0 });
    assert.equal(rowsDown.length, 4);
    await assert.rejects(raw.updateTable('products').set({ inventory: -1 }).where('id', '=', 'prod_b').execute(), 'stock below zero is refused again');
    await assert.rejects(raw.selectFrom('orders').select('register_receipt_number').execute(), 'the column is gone');

    // Up again.
    await offlineSales(backend).up(raw);
    assert.deepEqual(await productsSchema(raw, backend), after);
    assert.deepEqual(await productRows(raw, merchant.id), rowsDown);
  });
});
