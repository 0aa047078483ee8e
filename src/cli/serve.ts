/**
 * `till serve`: the HTTP server, until SIGTERM or SIGINT.
 */
import type { Command } from 'commander';
import { loadConfig, type Config } from '../config.js';
import { limitHeapGrowth } from '../heap-growth.js';
import { isWorkerProcess, runPrimary, runsDeploymentJobs } from '../workers.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';
import { describeDatabase, messageOf, withDatabase } from './with-database.js';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the API server (HOST, PORT, DATABASE_URL...; migrations run first unless MIGRATE_ON_START=false)')
    .option('--json', 'print {"url": ...} instead of text')
    .action(async (options: OutputOptions) => {
      const config = loadConfig();
      const workers = isWorkerProcess() ? 1 : config.workers;
      const { url } = workers > 1 ? await startWorkers(config) : await startOrExplain(config);
      // A worker of WORKERS=N: the primary says where they listen, once.
      if (isWorkerProcess()) return;
      const processes = workers > 1 ? ` in ${workers} worker processes` : '';
      printResult(options, { url, workers }, () => `Till is listening on ${url}${processes} (database ${describeDatabase(config.databaseUrl)}). Stop it with Ctrl+C.`);
    });
}

/** WORKERS=N: migrates once here, then forks the N servers, which share the port. */
async function startWorkers(config: Config): Promise<{ url: string }> {
  if (config.migrateOnStart) await withDatabase(config, async () => undefined);
  try {
    return await runPrimary(config);
  } catch (error) {
    throw new CliError(`cannot start ${config.workers} workers on ${config.host}:${config.port} (database ${describeDatabase(config.databaseUrl)}): ${messageOf(error)}`);
  }
}

/** Starts the server; a port in use or an unreachable database is the operator's to fix, so one line. */
export async function startOrExplain(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  // Before the server is built, in each process that serves (the workers of WORKERS=N, not their primary).
  limitHeapGrowth(config.heapGrowingPercent);
  try {
    // Loaded on use: the HTTP stack takes longer to load than the other commands take to run.
    const { startServer } = await import('../server.js');
    return await startServer(config, { deploymentJobs: runsDeploymentJobs() });
  } catch (error) {
    throw new CliError(`cannot start the server on ${config.host}:${config.port} (database ${describeDatabase(config.databaseUrl)}): ${messageOf(error)}`);
  }
}
