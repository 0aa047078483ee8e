/**
 * Starts the server: reads the configuration, opens and migrates the database, listens, and shuts
 * down gracefully on SIGTERM or SIGINT (stop accepting, finish requests in flight, close the
 * database), within SHUTDOWN_TIMEOUT_MS: past it the process exits with 1 rather than hang a deploy.
 */
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';

export async function startServer(config: Config = loadConfig()): Promise<{ url: string; stop: () => Promise<void> }> {
  const open = (statementTimeoutMs: number | undefined) =>
    openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: config.databasePoolSize, statementTimeoutMs });
  if (config.migrateOnStart) {
    // Migrations run without the statement timeout of requests: one may take long on a large database.
    const migrations = await open(undefined);
    try {
      await migrateToLatest(migrations);
    } finally {
      await migrations.close();
    }
  }
  const db = await open(config.databaseStatementTimeoutMs);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let url: string;
  try {
    app = await buildApp({ config, db });
    url = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // A server that could not start (port taken) leaves no connection behind.
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
      server.log.info({ signal, timeout_ms: config.shutdownTimeoutMs }, 'shutting down');
      const deadline = setTimeout(() => {
        server.log.error({ timeout_ms: config.shutdownTimeoutMs }, 'shutdown timed out: requests were still running; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      stop().then(
        () => {
          clearTimeout(deadline);
          server.log.info('shut down');
          process.exit(0);
        },
        (err) => {
          server.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return { url, stop };
}
