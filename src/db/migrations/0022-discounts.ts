import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Discounts and discount codes (issue 29; the rules are in `orders/money.ts`).
 *
 * - `orders.discounts`: JSON array of the order-level discounts applied (`AppliedDiscount`), `[]`
 *   without any; `orders.discount_total`: all money off the order, 0 without any.
 * - `line_items.discount`: JSON of the line's own discount (`AppliedDiscount`), null without one;
 *   `line_items.discount_amount`: money off the line from all discounts, 0 without any.
 * - `discount_codes`: a merchant's saved codes per environment. `code` is stored upper-cased and is
 *   unique per merchant and environment (`discount_codes_code`), so codes match ignoring case.
 *   `times_redeemed` never passes `max_redemptions` (a CHECK; Create Order increments it with a
 *   conditional update).
 */
export const discounts = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('orders').addColumn('discounts', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('orders').addColumn('discount_total', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('line_items').addColumn('discount', 'text').execute();
    await db.schema.alterTable('line_items').addColumn('discount_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('discount_codes')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('code', key, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('percentage_bps', 'integer')
      .addColumn('amount', 'bigint')
      .addColumn('reason', 'text')
      .addColumn('max_redemptions', 'bigint')
      .addColumn('times_redeemed', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('discount_codes_pk', ['merchant_id', 'id'])
      .addCheckConstraint('discount_codes_redemptions', sql`times_redeemed >= 0 and (max_redemptions is null or times_redeemed <= max_redemptions)`)
      .execute();
    await db.schema.createIndex('discount_codes_code').unique().on('discount_codes').columns(['merchant_id', 'environment', 'code']).execute();
    await db.schema.createIndex('discount_codes_list').on('discount_codes').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('discount_codes').execute();
    await db.schema.alterTable('line_items').dropColumn('discount_amount').execute();
    await db.schema.alterTable('line_items').dropColumn('discount').execute();
    await db.schema.alterTable('orders').dropColumn('discount_total').execute();
    await db.schema.alterTable('orders').dropColumn('discounts').execute();
  },
});
