import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Catalogue fields and search (issue 29).
 *
 * - `products.sku`, `products.barcode`, `products.category` (text, null when not given) and
 *   `customers.phone`, `customers.note`.
 * - `products_sku` and `products_barcode`: unique per merchant and environment where not null (partial
 *   indexes), the last guard behind Create and Update Product's check; also the ranges List Products'
 *   `q` reads for an exact SKU or barcode.
 * - `products_by_name`: the lower-cased name, compared byte by byte, for `q`'s name prefix (as
 *   `customers_by_name` of 0018); `products_by_category` for the `category` filter, in list order.
 * - `customers_by_phone`: the stored phone (separators removed), compared byte by byte, for `q`'s
 *   phone prefix.
 */
export const catalogueFields = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    for (const column of ['sku', 'barcode', 'category']) await db.schema.alterTable('products').addColumn(column, 'text').execute();
    for (const column of ['phone', 'note']) await db.schema.alterTable('customers').addColumn(column, 'text').execute();
    for (const column of ['sku', 'barcode']) {
      await db.schema
        .createIndex(`products_${column}`)
        .unique()
        .on('products')
        .columns(['merchant_id', 'environment', column])
        .where(sql.ref(column), 'is not', null)
        .execute();
    }
    const lowered = dialect === 'postgres' ? sql`(lower(name) collate "C")` : sql`lower(name)`;
    await sql`create index products_by_name on products (merchant_id, environment, ${lowered})`.execute(db);
    await db.schema.createIndex('products_by_category').on('products').columns(['merchant_id', 'environment', 'category', 'created_at', 'id']).execute();
    // Compared byte by byte on PostgreSQL too, where a language's collation could skip the `+`.
    const phone = dialect === 'postgres' ? sql`(phone collate "C")` : sql`phone`;
    await sql`create index customers_by_phone on customers (merchant_id, environment, ${phone})`.execute(db);
  },
  async down(db: Kysely<any>) {
    for (const index of ['customers_by_phone', 'products_by_category', 'products_by_name', 'products_barcode', 'products_sku']) {
      await db.schema.dropIndex(index).execute();
    }
    for (const column of ['note', 'phone']) await db.schema.alterTable('customers').dropColumn(column).execute();
    for (const column of ['category', 'barcode', 'sku']) await db.schema.alterTable('products').dropColumn(column).execute();
  },
});
