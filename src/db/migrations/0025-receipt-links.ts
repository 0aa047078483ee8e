import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Receipt links (issue 31): the unguessable addresses of hosted receipt pages (`GET /r/<token>`).
 *
 * - `receipt_links`: one row per link made (`POST /v1/orders/{id}/receipt_links`, or for a mailed
 *   receipt), naming the order it shows. `token_hash` is the SHA-256 (hex) of the link's token; the
 *   token itself is never stored. `created_by` is the user who made it, null for an API key.
 * - `receipt_links_token`: the page finds its link by the hash alone, before it knows the merchant,
 *   so this index does not start with `merchant_id` (as `refresh_tokens` and `password_tokens` are
 *   found by their hash). `receipt_links_by_order` serves the links of one order.
 */
export const receiptLinks = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('receipt_links')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('order_id', key, (c) => c.notNull())
      .addColumn('token_hash', key, (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addPrimaryKeyConstraint('receipt_links_pk', ['merchant_id', 'id'])
      .execute();
    await db.schema.createIndex('receipt_links_token').unique().on('receipt_links').column('token_hash').execute();
    await db.schema.createIndex('receipt_links_by_order').on('receipt_links').columns(['merchant_id', 'environment', 'order_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('receipt_links').execute();
  },
});
