import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The outbox keeps no usable link. A message written to the log instead of being sent (no
 * SMTP_URL) keeps its links with the one-time token left out (`{token}`), and which token row it
 * was: `token_table` and `token_hash`, the SHA-256 the token row holds too. `till mail list` shows
 * the link once: it gives the token row a new token, prints the link with it, and sets `shown_at`.
 * The links older rows kept in clear are blanked.
 */
export const resetTokens = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('mail_outbox').addColumn('token_table', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('token_hash', key).execute();
    await db.schema.alterTable('mail_outbox').addColumn('shown_at', key).execute();
    await db.updateTable('mail_outbox').set({ links: '[]' }).where('links', '!=', '[]').execute();
  },
  async down(db: Kysely<any>) {
    for (const column of ['shown_at', 'token_hash', 'token_table']) await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  },
});
