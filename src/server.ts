/**
 * Starts the server: reads the configuration, opens and migrates the database, listens, and shuts
 * down gracefully on SIGTERM or SIGINT (stop accepting, finish requests in flight, close the
 * database), within SHUTDOWN_TIMEOUT_MS: past it the process exits with 1 rather than hang a deploy.
 */
import { buildApp } from './app/build-app.js';
import { loadConfig, type Config } from './config.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type Db } from './db/connection.js';
import { describeDatabase, messageOf } from './db/describe.js';
import { migrateToLatest } from './db/migrate.js';

/** While waiting for the database at start-up, one line this often. */
const WAITING_LINE_EVERY_MS = 5_000;

/**
 * `deploymentJobs`: whether this process runs the background jobs that run once per deployment
 * (`app/jobs.ts`); with WORKERS=N, only one worker does.
 */
export async function startServer(config: Config = loadConfig(), { deploymentJobs = true }: { deploymentJobs?: boolean } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const open = (statementTimeoutMs: number | undefined) =>
    openDatabase({
      url: config.databaseUrl,
      schema: config.databaseSchema,
      poolSize: config.databasePoolSize,
      statementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    });
  await waitForDatabase(config, () => open(config.databaseStatementTimeoutMs));
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
    app = await buildApp({ config, db, deploymentJobs });
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

/**
 * Returns once the database answers. An unreachable or silent database fails the start within
 * DATABASE_CONNECT_TIMEOUT_MS; with DATABASE_WAIT_SECONDS it is tried again every second for that
 * long, with one line on standard error every few seconds, as an orchestrator starting Till beside
 * its database wants.
 */
async function waitForDatabase(config: Config, open: () => Promise<Db>): Promise<void> {
  const until = Date.now() + config.databaseWaitSeconds * 1000;
  let saidAt = 0;
  for (;;) {
    try {
      const db = await open();
      try {
        await db.ping();
      } finally {
        await db.close();
      }
      return;
    } catch (error) {
      const left = until - Date.now();
      if (left <= 0) throw error;
      if (Date.now() - saidAt >= WAITING_LINE_EVERY_MS) {
        saidAt = Date.now();
        process.stderr.write(`waiting for the database ${describeDatabase(config.databaseUrl)} (${Math.ceil(left / 1000)} s left): ${messageOf(error)}\n`);
      }
      await sleep(Math.min(1_000, left));
    }
  }
}
