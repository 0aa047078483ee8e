import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Stripe's own events (`POST /v1/processors/stripe/events`).
 *
 * - `stripe_events`: the id of each Stripe event Till has applied, written in the transaction that
 *   applies it, so an event Stripe sends again (it retries until it gets a 2xx, for up to three days)
 *   changes nothing the second time.
 * - `orders.dispute`: the dispute the card's holder opened with their bank (JSON; null without one),
 *   as Stripe's `charge.dispute.created` told it.
 */
export const stripeEvents = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('stripe_events')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('order_id', key, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('stripe_events_pk', ['merchant_id', 'id'])
      .execute();
    await db.schema.alterTable('orders').addColumn('dispute', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('dispute').execute();
    await db.schema.dropTable('stripe_events').execute();
  },
});
