import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the sales report (`GET /v1/reports/sales`): orders by payment time and refunds by
 * refund time, each within a merchant and environment, so a day's report reads only that day's rows.
 */
export const salesReport = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('orders_by_paid_at').on('orders').columns(['merchant_id', 'environment', 'paid_at']).execute();
    await db.schema.createIndex('refunds_by_created_at').on('refunds').columns(['merchant_id', 'environment', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('refunds_by_created_at').execute();
    await db.schema.dropIndex('orders_by_paid_at').execute();
  },
});
