import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Copying the sandbox catalogue to production (issue 29, `POST /v1/products/copy_from_sandbox`).
 *
 * - `products.copied_from_product_id`: on a production product made by a copy, the id of the sandbox
 *   product it was copied from; null on every other product.
 * - `products_copied_from`: unique per merchant, environment and source, where the column is set. A
 *   source already copied is never copied again: a second copy, or one running at the same time,
 *   meets this index (`insert ... on conflict do nothing`, `db/catalog/products.ts`) and counts the
 *   source as skipped.
 */
export const catalogueCopy = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    // The same type as `products.id`, so that the two compare byte by byte on PostgreSQL too.
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('products').addColumn('copied_from_product_id', key).execute();
    await db.schema
      .createIndex('products_copied_from')
      .unique()
      .on('products')
      .columns(['merchant_id', 'environment', 'copied_from_product_id'])
      .where(sql.ref('copied_from_product_id'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('products_copied_from').execute();
    await db.schema.alterTable('products').dropColumn('copied_from_product_id').execute();
  },
});
