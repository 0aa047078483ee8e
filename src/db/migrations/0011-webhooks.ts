import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Webhook endpoints, the outbox of deliveries (one row per event and subscribed endpoint, written in
 * the event's transaction) and the log of each HTTP attempt.
 */
export const webhooks = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('enabled_events', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_expires_at', 'text')
      .addColumn('failing_since', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .addPrimaryKeyConstraint('webhook_endpoints_pk', ['merchant_id', 'id'])
      .execute();
    await db.schema.createIndex('webhook_endpoints_list').on('webhook_endpoints').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('endpoint_id', key, (c) => c.notNull())
      .addColumn('event_id', key, (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text')
      .addColumn('status', key, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', key, (c) => c.notNull())
      .addColumn('lease_until', key)
      .addColumn('lease_owner', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The dispatcher's question: which pending deliveries are due, oldest first.
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at', 'created_at', 'id']).execute();
    await db.schema.createIndex('webhook_deliveries_by_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'status', 'lease_until']).execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('endpoint_id', key, (c) => c.notNull())
      .addColumn('delivery_id', key, (c) => c.notNull())
      .addColumn('event_id', key, (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('next_retry_at', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_attempts_log').on('webhook_attempts').columns(['merchant_id', 'environment', 'endpoint_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints']) await db.schema.dropTable(table).execute();
  },
});
