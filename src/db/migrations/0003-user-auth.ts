import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * User authentication: OAuth clients, the keys access tokens are signed with, sign-in sessions with
 * their chain of refresh tokens, and authorization codes. Secrets (refresh tokens, codes) are kept
 * only as SHA-256 hashes.
 */
export const userAuth = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('oauth_clients')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('algorithm', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('retired_at', key)
      .execute();

    await db.schema
      .createTable('auth_sessions')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('merchant_id', key, (c) => c.notNull().references('merchants.id'))
      .addColumn('user_id', key, (c) => c.notNull().references('users.id'))
      .addColumn('client_id', key, (c) => c.notNull().references('oauth_clients.id'))
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('revoked_at', key)
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('auth_sessions_user').on('auth_sessions').columns(['user_id']).execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', key, (c) => c.primaryKey())
      .addColumn('session_id', key, (c) => c.notNull().references('auth_sessions.id'))
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('expires_at', key, (c) => c.notNull())
      .addColumn('rotated_at', key)
      .execute();
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').columns(['session_id']).execute();

    await db.schema
      .createTable('authorization_codes')
      .addColumn('code_hash', key, (c) => c.primaryKey())
      .addColumn('client_id', key, (c) => c.notNull().references('oauth_clients.id'))
      .addColumn('user_id', key, (c) => c.notNull().references('users.id'))
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('expires_at', key, (c) => c.notNull())
      .addColumn('used_at', key)
      .addColumn('session_id', key)
      .execute();
    await db.schema.createIndex('authorization_codes_expires').on('authorization_codes').columns(['expires_at']).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['authorization_codes', 'refresh_tokens', 'auth_sessions', 'signing_keys', 'oauth_clients']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
