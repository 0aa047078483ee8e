import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Idempotency keys: one row per (merchant, environment, key), holding the request's fingerprint
 * while it runs and its response once it is answered, for 24 hours.
 */
export const idempotencyKeys = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('key', key, (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('locked_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['merchant_id', 'environment', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').columns(['created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
});
