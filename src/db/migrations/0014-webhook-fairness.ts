import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Webhooks shared fairly, with each endpoint's rights and secrets:
 *
 * - `webhook_endpoints.created_by` and `created_with`: the credential (`key_...`, `usr_...`) that last
 *   set the endpoint's event types, and the permissions it held then (JSON). Deliveries carry only what
 *   that credential may read now (`events/readable-events.ts`). Endpoints made before have neither and
 *   keep receiving what they subscribed to.
 * - `webhook_endpoints.timeouts`: attempts in a row that got no answer in time; from SLOW_AFTER_TIMEOUTS
 *   on, the endpoint's deliveries go by the slow lane (`webhooks/dispatcher.ts`).
 * - Two more retiring secrets, each with its expiry: a rotation keeps up to three earlier secrets signing.
 * - `webhook_deliveries.origin` (`event`, `resend`, `test`): resends and tests have a budget of their own;
 *   `webhook_deliveries.hide_customer`: an order event sent with its customer reduced to the id.
 */
export const webhookFairness = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('webhook_endpoints').addColumn('created_by', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('created_with', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('timeouts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    for (const n of [2, 3]) {
      await db.schema.alterTable('webhook_endpoints').addColumn(`previous_secret_${n}`, 'text').execute();
      await db.schema.alterTable('webhook_endpoints').addColumn(`previous_secret_${n}_expires_at`, 'text').execute();
    }
    await db.schema.alterTable('webhook_deliveries').addColumn('origin', 'text', (c) => c.notNull().defaultTo('event')).execute();
    // 0 or 1 on both databases.
    await db.schema.alterTable('webhook_deliveries').addColumn('hide_customer', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // The per-merchant figures and claims: a tenant's pending deliveries.
    await db.schema.createIndex('webhook_deliveries_by_tenant').on('webhook_deliveries').columns(['status', 'merchant_id', 'environment', 'next_attempt_at']).execute();
    // The budget of resends and tests.
    await db.schema.createIndex('webhook_deliveries_manual').on('webhook_deliveries').columns(['merchant_id', 'environment', 'origin', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('webhook_deliveries_manual').execute();
    await db.schema.dropIndex('webhook_deliveries_by_tenant').execute();
    for (const column of ['hide_customer', 'origin']) await db.schema.alterTable('webhook_deliveries').dropColumn(column).execute();
    for (const column of ['created_by', 'created_with', 'timeouts', 'previous_secret_2', 'previous_secret_2_expires_at', 'previous_secret_3', 'previous_secret_3_expires_at']) {
      await db.schema.alterTable('webhook_endpoints').dropColumn(column).execute();
    }
  },
});
