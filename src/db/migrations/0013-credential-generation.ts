import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * What tells every server process that a credential it remembers may have changed (see
 * `db/credential-changes.ts`): triggers on the rows a credential check reads, fired in the
 * transaction that changes them, so that no code path (an HTTP route, the CLI, a future one) can
 * revoke a key, remove a user, change a role or end a sign-in without saying so.
 *
 * - SQLite: one integer row, `credential_generation`, bumped by the triggers; each request reads it
 *   (one indexed row) and drops what it remembers when it moved.
 * - PostgreSQL: the triggers call `pg_notify('till_credentials', <schema>)`, delivered at commit to
 *   each process's listening connection. (PostgreSQL folds the same notice sent twice in one
 *   transaction into one.)
 *
 * What is watched: an API key's revocation, permissions, environment, hash or merchant; a user's
 * role, removal or merchant; a sign-in's end, data set, user, merchant or start; and any deletion of
 * those rows. `last_used_at` and the other bookkeeping columns fire nothing.
 */
const WATCHED: ReadonlyArray<{ table: string; columns: readonly string[] }> = [
  { table: 'api_keys', columns: ['revoked_at', 'permissions', 'environment', 'key_hash', 'merchant_id'] },
  { table: 'users', columns: ['role', 'removed_at', 'merchant_id'] },
  { table: 'auth_sessions', columns: ['revoked_at', 'environment', 'user_id', 'merchant_id', 'created_at'] },
];

const changed = (columns: readonly string[]) => columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
const changedPg = (columns: readonly string[]) => columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');

export const credentialGeneration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      await sql`create table credential_generation (id integer primary key check (id = 1), generation integer not null)`.execute(db);
      await sql`insert into credential_generation (id, generation) values (1, 0)`.execute(db);
      const bump = 'update credential_generation set generation = generation + 1 where id = 1;';
      for (const { table, columns } of WATCHED) {
        await sql
          .raw(`create trigger ${table}_credential_update after update of ${columns.join(', ')} on ${table} when ${changed(columns)} begin ${bump} end`)
          .execute(db);
        await sql.raw(`create trigger ${table}_credential_delete after delete on ${table} begin ${bump} end`).execute(db);
      }
      return;
    }
    await sql`
      create function till_credentials_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('till_credentials', current_schema());
        return null;
      end
      $$`.execute(db);
    for (const { table, columns } of WATCHED) {
      await sql
        .raw(
          `create trigger ${table}_credential_update after update of ${columns.join(', ')} on ${table} for each row when (${changedPg(columns)}) execute function till_credentials_changed()`,
        )
        .execute(db);
      await sql.raw(`create trigger ${table}_credential_delete after delete on ${table} for each statement execute function till_credentials_changed()`).execute(db);
    }
  },
  async down(db: Kysely<any>) {
    for (const { table } of WATCHED) {
      for (const kind of ['update', 'delete']) {
        await sql.raw(dialect === 'sqlite' ? `drop trigger ${table}_credential_${kind}` : `drop trigger ${table}_credential_${kind} on ${table}`).execute(db);
      }
    }
    if (dialect === 'sqlite') await sql`drop table credential_generation`.execute(db);
    else await sql`drop function till_credentials_changed()`.execute(db);
  },
});
