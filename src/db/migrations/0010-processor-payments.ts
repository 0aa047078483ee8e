import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Card payments through an outside processor (Stripe).
 *
 * - `orders` gains the processor that took the payment, its payment id and the card's brand.
 * - `refunds` gains the processor's refund id.
 * - `processor_calls`: one row per call Till makes to a processor that moves money, written and
 *   committed before the call and settled after it. A row still `pending` is a call whose answer
 *   Till never recorded (the process died, the network failed): it is settled by sending the same
 *   call again with the same idempotency key, which the processor answers with its first result.
 */
export const processorPayments = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('orders').addColumn('payment_processor', 'text').execute();
    await db.schema.alterTable('orders').addColumn('processor_payment_id', 'text').execute();
    await db.schema.alterTable('orders').addColumn('card_brand', 'text').execute();
    await db.schema.alterTable('refunds').addColumn('processor_refund_id', 'text').execute();
    await db.schema
      .createTable('processor_calls')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('order_id', key, (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('processor', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', key, (c) => c.notNull().unique())
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('status', key, (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('processor_calls_pk', ['merchant_id', 'id'])
      .execute();
    await db.schema.createIndex('processor_calls_by_order').on('processor_calls').columns(['merchant_id', 'order_id', 'status']).execute();
    await db.schema.createIndex('processor_calls_pending').on('processor_calls').columns(['status', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('processor_calls').execute();
    await db.schema.alterTable('refunds').dropColumn('processor_refund_id').execute();
    await db.schema.alterTable('orders').dropColumn('card_brand').execute();
    await db.schema.alterTable('orders').dropColumn('processor_payment_id').execute();
    await db.schema.alterTable('orders').dropColumn('payment_processor').execute();
  },
});
