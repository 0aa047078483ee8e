import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Offline register sales (issue 30): a sale the register recorded while the network was down, synced
 * later, is accepted even when its products ran short meanwhile.
 *
 * - `products_inventory_not_negative` (0001) goes: an offline sale takes its units in full and may
 *   leave tracked stock below zero (announced by `inventory.shortfall`). Every other order still never
 *   does: Create Order's conditional update (`inventory >= quantity`, `db/orders/create-order.ts`) is
 *   their guard. PostgreSQL drops the constraint; SQLite cannot drop a CHECK, so `products` is rebuilt
 *   without it, the documented way (a new table, the rows copied, the old table dropped, the new one
 *   renamed, every index of `products` made again: 0001, 0019 and 0020's), in one transaction.
 * - `orders.recorded_at`: when the register recorded the sale, by the device's clock; null for other orders.
 * - `orders.register_receipt_number`: the number on the receipt the register printed (`R1-000042`);
 *   unique per merchant and environment where set (`orders_register_receipt_number`, a partial
 *   index), which makes a sync create each sale once however late it comes, and lets List Orders'
 *   `q` find the sale by it.
 * - `orders.sync_differences`: JSON array of what changed between the register's sale and the
 *   server's (price, active product, stock, total); `[]` for every other order.
 *
 * Going down puts the constraint back, and so first sets stock below zero to 0 (the count the
 * constraint allows): the shortfalls are lost, their events stay.
 */
export const offlineSales = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    if (dialect === 'postgres') {
      await sql`alter table products drop constraint products_inventory_not_negative`.execute(db);
    } else {
      await inOneTransaction(db, (trx) => rebuildSqliteProducts(trx, false));
    }
    await db.schema.alterTable('orders').addColumn('recorded_at', key).execute();
    await db.schema.alterTable('orders').addColumn('register_receipt_number', key).execute();
    await db.schema.alterTable('orders').addColumn('sync_differences', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema
      .createIndex('orders_register_receipt_number')
      .unique()
      .on('orders')
      .columns(['merchant_id', 'environment', 'register_receipt_number'])
      .where(sql.ref('register_receipt_number'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_register_receipt_number').execute();
    for (const column of ['sync_differences', 'register_receipt_number', 'recorded_at']) await db.schema.alterTable('orders').dropColumn(column).execute();
    await sql`update products set inventory = 0 where inventory < 0`.execute(db);
    if (dialect === 'postgres') {
      await sql`alter table products add constraint products_inventory_not_negative check (${NOT_NEGATIVE})`.execute(db);
    } else {
      await inOneTransaction(db, (trx) => rebuildSqliteProducts(trx, true));
    }
  },
});

/** The condition of `products_inventory_not_negative`, as 0001 wrote it. */
const NOT_NEGATIVE = sql`inventory is null or inventory >= 0`;

/** `products`' columns in their order: 0001's, then 0019's, 0020's and 0023's. */
const PRODUCT_COLUMNS = [
  'merchant_id', 'environment', 'id', 'name', 'price', 'currency', 'inventory', 'active', 'created_at', 'updated_at',
  'sku', 'barcode', 'category', 'copied_from_product_id', 'modifier_groups',
];

/** Runs `work` in a transaction of its own, unless `db` is one already (Kysely's migrator runs SQLite's migrations outside any). */
async function inOneTransaction(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<void>): Promise<void> {
  if (db.isTransaction) return work(db);
  await db.transaction().execute(work);
}

/**
 * Makes SQLite's `products` again, with the CHECK on inventory (`withCheck`) or without it: the same
 * columns, types, defaults, primary key and indexes, and every row. No foreign key, trigger or view
 * refers to `products`, so nothing else needs making again.
 */
async function rebuildSqliteProducts(db: Kysely<any>, withCheck: boolean): Promise<void> {
  let table = db.schema
    .createTable('products_rebuilt')
    // 0001
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('inventory', 'bigint')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // 0019
    .addColumn('sku', 'text')
    .addColumn('barcode', 'text')
    .addColumn('category', 'text')
    // 0020
    .addColumn('copied_from_product_id', 'text')
    // 0023
    .addColumn('modifier_groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('products_pk', ['merchant_id', 'id']);
  if (withCheck) table = table.addCheckConstraint('products_inventory_not_negative', NOT_NEGATIVE);
  await table.execute();
  const columns = sql.join(PRODUCT_COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into products_rebuilt (${columns}) select ${columns} from products`.execute(db);
  await db.schema.dropTable('products').execute();
  await db.schema.alterTable('products_rebuilt').renameTo('products').execute();

  // 0001
  await db.schema.createIndex('products_list').on('products').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();
  // 0019
  for (const column of ['sku', 'barcode']) {
    await db.schema
      .createIndex(`products_${column}`)
      .unique()
      .on('products')
      .columns(['merchant_id', 'environment', column])
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
  await sql`create index products_by_name on products (merchant_id, environment, lower(name))`.execute(db);
  await db.schema.createIndex('products_by_category').on('products').columns(['merchant_id', 'environment', 'category', 'created_at', 'id']).execute();
  // 0020
  await db.schema
    .createIndex('products_copied_from')
    .unique()
    .on('products')
    .columns(['merchant_id', 'environment', 'copied_from_product_id'])
    .where(sql.ref('copied_from_product_id'), 'is not', null)
    .execute();
}
