/**
 * `WORKERS=N` (or `auto`, one per core): `till serve` runs N server processes that share one port
 * through `node:cluster`. The primary process migrates the database once, forks the workers (each a
 * full server with its own database connections), replaces a worker that dies, and on SIGTERM or
 * SIGINT passes the signal to every worker and exits once they have all drained their requests.
 *
 * The primary serves no request and opens no connection of its own beyond the migration, so a
 * worker's crash never takes the port down: the others keep answering while it is replaced.
 *
 * One worker at a time runs the jobs that run once per deployment (`app/jobs.ts`): the first forked,
 * and, when it dies, the worker that replaces it.
 */
import cluster, { type Worker } from 'node:cluster';
import { serviceUrl, type Config } from './config.js';

/** A worker that dies this soon after it started counts as a failed start. */
const STARTUP_GRACE_MS = 10_000;
/** Failed starts in a row after which the primary gives up (the fault is not passing: a bad config, the port). */
const MAX_FAILED_STARTS = 5;

/** Set by the primary on each worker it forks: `on` for the one that runs the deployment's jobs. */
const DEPLOYMENT_JOBS_ENV = 'TILL_DEPLOYMENT_JOBS';

export const isWorkerProcess = (): boolean => cluster.isWorker;

/** Whether this process runs the jobs that run once per deployment: a server of its own, or the worker the primary chose. */
export const runsDeploymentJobs = (): boolean => !cluster.isWorker || process.env[DEPLOYMENT_JOBS_ENV] === 'on';

/** One log line in the server's JSON format (pino's levels: 30 info, 40 warn, 50 error). */
function log(level: 30 | 40 | 50, msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`);
}

/**
 * Runs the primary: forks `config.workers` workers of the current command and resolves with the
 * address once every one of them is listening. Rejects if the workers cannot start.
 */
export function runPrimary(config: Config): Promise<{ url: string }> {
  // The workers accept connections themselves, from the one listening socket. In Node's default
  // round-robin mode the primary accepts and hands each connection to a worker in turn, and a
  // connection handed to a worker at the moment it dies is never answered: seen in the test that
  // kills a worker under load (the client hung until its own timeout). Here a dead worker simply
  // stops accepting, and the others take the queue.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const count = config.workers;
  const listening = new Set<number>();
  const startedAt = new Map<number, number>();
  let failedStarts = 0;
  let stopping = false;
  let jobsWorker: number | undefined;

  const fork = (): Worker => {
    // The primary has migrated already; each worker only serves.
    const runsJobs = jobsWorker === undefined;
    const worker = cluster.fork({ MIGRATE_ON_START: 'false', [DEPLOYMENT_JOBS_ENV]: runsJobs ? 'on' : 'off' });
    if (runsJobs) jobsWorker = worker.id;
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  return new Promise((resolve, reject) => {
    cluster.on('listening', (worker, address) => {
      listening.add(worker.id);
      failedStarts = 0;
      // The address the workers listen on, as one server prints it; not PUBLIC_URL, which may be a proxy's.
      if (listening.size === count) resolve({ url: serviceUrl({ host: config.host, publicUrl: undefined }, address.port) });
    });
    cluster.on('exit', (worker, code, signal) => {
      listening.delete(worker.id);
      if (worker.id === jobsWorker) jobsWorker = undefined;
      if (stopping) return;
      const quick = Date.now() - (startedAt.get(worker.id) ?? 0) < STARTUP_GRACE_MS;
      failedStarts = quick ? failedStarts + 1 : 0;
      if (failedStarts >= MAX_FAILED_STARTS) {
        log(50, 'workers keep exiting as they start; giving up', { code, signal });
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        reject(new Error(`${MAX_FAILED_STARTS} workers in a row exited within ${STARTUP_GRACE_MS / 1000} s of starting (last exit code ${code})`));
        return;
      }
      log(40, 'a worker exited; starting another', { worker_pid: worker.process.pid, code, signal });
      fork();
    });

    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        stopping = true;
        log(30, 'shutting down the workers', { signal });
        const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
        let failed = false;
        let left = workers.length;
        if (left === 0) process.exit(0);
        // A worker gets SHUTDOWN_TIMEOUT_MS to drain; past that (and a moment more) it is killed.
        const deadline = setTimeout(() => {
          log(50, 'workers did not stop in time; killing them');
          for (const worker of workers) worker.process.kill('SIGKILL');
          process.exit(1);
        }, config.shutdownTimeoutMs + 2_000);
        for (const worker of workers) {
          worker.once('exit', (code, signal) => {
            // Killed by the signal itself: a worker still starting, which had not yet taken a request.
            failed ||= code !== 0 && !(code === null && signal === 'SIGTERM');
            if (--left === 0) {
              clearTimeout(deadline);
              log(30, 'shut down');
              process.exit(failed ? 1 : 0);
            }
          });
          worker.process.kill('SIGTERM');
        }
      });
    }

    for (let i = 0; i < count; i++) fork();
  });
}
