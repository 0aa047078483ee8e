import type { Kysely, Migration } from 'kysely';

/**
 * Tips on capture (issue 29).
 *
 * - `orders.tip`: the tip taken with the payment, in the smallest currency unit; 0 until a capture
 *   with a tip. Once captured, `orders.total` is `subtotal + tax + tip`, so every existing order
 *   (tip 0) reads as before. The tip is not taxed: `tax` keeps what it was at creation.
 */
export const orderTips = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('tip', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('tip').execute();
  },
});
