/**
 * Migrations, applied in order by Kysely's migrator on SQLite and PostgreSQL alike. They are listed
 * in code (not read from a folder) so that the compiled server and the test runner load the same set.
 */
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { initial } from './migrations/0001-initial.js';

const MIGRATIONS = {
  '0001-initial': initial,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
