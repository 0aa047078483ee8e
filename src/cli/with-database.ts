/**
 * Opens the configured database for one command, brings it to the latest migration, runs the command
 * and closes the database, whatever happens.
 */
import type { Config } from '../config.js';
import { dialectOf, openDatabase, sqlitePath, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { describeDatabase, messageOf } from '../db/describe.js';
import { CliError } from './cli-error.js';

/**
 * @example
 *   await withDatabase(config, async (db) => createApiKey(db, systemClock, input));
 */
export async function withDatabase<T>(config: Config, command: (db: Db, migrated: string[]) => Promise<T>): Promise<T> {
  // What a command writes to an in-memory database is gone when it exits, yet it would report success.
  if (dialectOf(config.databaseUrl) === 'sqlite' && sqlitePath(config.databaseUrl) === ':memory:') {
    throw new CliError(
      `DATABASE_URL "${config.databaseUrl}" is an in-memory SQLite database, which this command's changes would not outlive; name a file (sqlite:./data/till.db) or a PostgreSQL database`,
    );
  }
  const db = await openOrExplain(config);
  try {
    let migrated: string[];
    try {
      migrated = await migrateToLatest(db);
    } catch (error) {
      throw new CliError(`cannot bring the database ${describeDatabase(config.databaseUrl)} up to date: ${messageOf(error)}`);
    }
    return await command(db, migrated);
  } finally {
    await db.close();
  }
}

/** Opens the database and checks that it answers, so that a wrong URL is reported as such. */
async function openOrExplain(config: Config): Promise<Db> {
  let db: Db | undefined;
  try {
    db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 2, connectTimeoutMs: config.databaseConnectTimeoutMs });
    await db.ping();
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    throw new CliError(`cannot open the database ${describeDatabase(config.databaseUrl)}: ${messageOf(error)}`);
  }
}

export { describeDatabase, messageOf } from '../db/describe.js';
