/**
 * Migrations, applied in order by Kysely's migrator on SQLite and PostgreSQL alike. They are listed
 * in code (not read from a folder) so that the compiled server and the test runner load the same set.
 */
import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Db, DialectName } from './connection.js';
import { initial } from './migrations/0001-initial.js';

function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
  };
}

/** Applies every migration not yet applied; returns the names of those it ran. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely as Kysely<any>, provider: { getMigrations: async () => migrations(db.dialect) } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
