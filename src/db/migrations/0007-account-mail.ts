import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Account mail: the outbox of every message Till sends (read by `till mail list`), sign-ups waiting
 * for their e-mail to be verified, one-time password tokens (reset by e-mail, first sign-in with a
 * temporary password), and the flag that makes a password temporary. Tokens are kept only as
 * SHA-256 hashes.
 */
export const accountMail = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('merchant_id', key)
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('transport', 'text', (c) => c.notNull())
      .addColumn('links', 'text', (c) => c.notNull())
      .addColumn('sent_at', key, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mail_outbox_sent_at').on('mail_outbox').columns(['sent_at', 'id']).execute();

    await db.schema
      .createTable('sign_up_requests')
      .addColumn('token_hash', key, (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('business_name', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('authorize_request', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('expires_at', key, (c) => c.notNull())
      .addColumn('used_at', key)
      .execute();
    await db.schema.createIndex('sign_up_requests_expires').on('sign_up_requests').columns(['expires_at']).execute();

    await db.schema
      .createTable('password_tokens')
      .addColumn('token_hash', key, (c) => c.primaryKey())
      .addColumn('user_id', key, (c) => c.notNull().references('users.id'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('authorize_request', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('expires_at', key, (c) => c.notNull())
      .addColumn('used_at', key)
      .execute();
    await db.schema.createIndex('password_tokens_user').on('password_tokens').columns(['user_id']).execute();
    await db.schema.createIndex('password_tokens_expires').on('password_tokens').columns(['expires_at']).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['password_tokens', 'sign_up_requests', 'mail_outbox']) await db.schema.dropTable(table).execute();
    await db.schema.alterTable('users').dropColumn('must_change_password').execute();
  },
});
