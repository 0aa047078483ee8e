import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What a person needs to recognise a sign-in in their list: when it was last used (a refresh, not
 * every request, so that reading the list costs no write per API call), and the user agent and
 * client address of that use. Sign-ins made before this migration were last used, as far as
 * anyone knows, when they started.
 */
export const sessionDetails = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('auth_sessions').addColumn('last_used_at', 'text').execute();
    await db.schema.alterTable('auth_sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('auth_sessions').addColumn('ip_address', 'text').execute();
    await sql`update auth_sessions set last_used_at = created_at`.execute(db);
    // The account's list: a user's open sign-ins, newest first.
    await db.schema.createIndex('auth_sessions_user_open').on('auth_sessions').columns(['merchant_id', 'user_id', 'revoked_at', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('auth_sessions_user_open').execute();
    for (const column of ['ip_address', 'user_agent', 'last_used_at']) await db.schema.alterTable('auth_sessions').dropColumn(column).execute();
  },
});
