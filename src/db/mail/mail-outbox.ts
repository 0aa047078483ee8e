/**
 * The statements on `mail_outbox`: a message's record, the newest ones for `till mail list`, the
 * claim of a message's links (shown once) and the purge. The new token those links then carry is
 * written by the identity store (`renewOutboxToken` in `db/identity/password-tokens.ts`).
 */
import type { Insertable, Selectable } from 'kysely';
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';
import type { MailOutboxTable } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

export type OutboxRow = Selectable<MailOutboxTable>;

export async function insertOutboxMessage(handle: ReadHandle, row: Insertable<MailOutboxTable>): Promise<void> {
  await kyselyOf(handle).insertInto('mail_outbox').values(row).execute();
}

/** The ids of the newest `limit` messages, newest first. */
export async function newestOutboxIds(handle: ReadHandle, limit: number): Promise<string[]> {
  const rows = await kyselyOf(handle).selectFrom('mail_outbox').select('id').orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}

export async function findOutboxMessage(handle: ReadHandle, id: string): Promise<Omit<OutboxRow, 'id'> | undefined> {
  return kyselyOf(handle)
    .selectFrom('mail_outbox')
    .select(['merchant_id', 'recipient', 'subject', 'links', 'transport', 'token_table', 'token_hash', 'shown_at', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Marks the message's links shown at `now` and forgets them and their token, if the message still
 * holds the token `tokenHash` (no other `till mail list` took them first); true when it did.
 */
export async function claimOutboxLinks(trx: DbTransaction, id: string, tokenHash: string, now: string): Promise<boolean> {
  const claimed = await trx.updateTable('mail_outbox').set({ token_hash: null, token_table: null, links: '[]', shown_at: now }).where('id', '=', id).where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Deletes the messages sent before `before`; answers how many. */
export async function deleteMailSentBefore(handle: ReadHandle, before: string): Promise<number> {
  const result = await kyselyOf(handle).deleteFrom('mail_outbox').where('sent_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
