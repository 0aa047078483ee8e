/**
 * Starts the server: reads the configuration, opens and migrates the database, listens, and shuts
 * down gracefully on SIGTERM or SIGINT (stop accepting, finish requests in flight, close the database).
 */
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';

export async function startServer(config: Config = loadConfig()): Promise<{ url: string; stop: () => Promise<void> }> {
  const db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: config.databasePoolSize });
  if (config.migrateOnStart) await migrateToLatest(db);
  const app = await buildApp({ config, db });
  const url = await app.listen({ host: config.host, port: config.port });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      await db.close();
    })());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      stop().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return { url, stop };
}
