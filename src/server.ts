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
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let url: string;
  try {
    if (config.migrateOnStart) await migrateToLatest(db);
    app = await buildApp({ config, db });
    url = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // A server that could not start (port taken, migration failed) leaves no connection behind.
    await app?.close();
    await db.close();
    throw error;
  }
  const server = app;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await server.close();
      await db.close();
    })());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.log.info({ signal }, 'shutting down');
      stop().then(
        () => process.exit(0),
        (err) => {
          server.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return { url, stop };
}
