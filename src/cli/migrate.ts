/**
 * `till migrate`: brings the database schema to the latest version. Run it once before starting
 * several server processes with MIGRATE_ON_START=false.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { printResult, type OutputOptions } from './output.js';
import { describeDatabase, withDatabase } from './with-database.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply the database migrations that have not run yet')
    .option('--json', 'print {"migrations": [...]} instead of text')
    .action(async (options: OutputOptions) => {
      // Migrating issues no token and signs nothing: the settings production requires of a server do not apply.
      const config = loadConfig(process.env, { requireProductionSettings: false });
      const migrated = await withDatabase(config, async (_db, ran) => ran);
      const where = describeDatabase(config.databaseUrl) + (config.databaseSchema === undefined ? '' : ` (schema ${config.databaseSchema})`);
      printResult(options, { migrations: migrated }, () =>
        migrated.length === 0 ? `${where} is up to date; no migration to run.` : `Applied to ${where}: ${migrated.join(', ')}.`,
      );
    });
}
