/**
 * Every background job of the server, in one list (`JOBS`): what it does, how often, and which
 * process runs it.
 *
 * - `deployment`: one process of the deployment runs it. Purges, settling and reconciling go over
 *   every merchant's rows, so a second process would only do the same work again on the same rows.
 *   A single `till serve` runs them; with WORKERS=N, one worker does (the first forked, or the one
 *   that replaced it: see `workers.ts`).
 * - `process`: every process runs its own. The webhook dispatcher: each process with
 *   WEBHOOK_DISPATCH=on runs one, and `till worker` runs only it. Deliveries are claimed row by row,
 *   so dispatchers share the queue safely, and each process nudges its own as soon as one of its
 *   requests has committed deliveries, which no other process learns of before its next poll.
 *
 * The database's own upkeep stays with it: SQLite's checkpoint thread runs beside each database
 * opened on a file (`db/sqlite.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { purgeExpiredPasswordTokens } from '../auth/password-tokens.js';
import { purgeExpiredGrants } from '../auth/sessions.js';
import { purgeExpiredSignUps } from '../auth/sign-ups.js';
import type { Config } from '../config.js';
import { repeatWhileOpen } from '../http/repeat.js';
import { purgeExpiredKeys } from '../idempotency/claim-key.js';
import { purgeOldMail } from '../mail/mailer.js';
import { reconcileStripePayments, RECONCILE_AFTER_MS } from '../payments/reconcile-stripe-payments.js';
import { settleAllPendingCalls } from '../payments/settle-pending-calls.js';
import type { StripeLookups } from '../payments/stripe-lookup.js';
import type { Services } from '../services.js';
import { dispatchWebhooks } from './dispatcher.js';

/** Expired grants, links, idempotency keys and old mail are purged this often. */
const PURGE_EVERY_MS = 10 * 60 * 1000;
/** Processor calls left pending are looked for this often. */
const SETTLE_EVERY_MS = 60_000;

/** What a job runs with. */
export interface JobContext {
  config: Config;
  services: Services;
  lookups: StripeLookups;
}

interface Job {
  /** What the log calls it. */
  name: string;
  runs: 'deployment' | 'process';
  /** How often it runs. */
  everyMs(config: Config): number;
  /** Starts it on the server `app`, to run every `everyMs` until the server closes. */
  start(app: FastifyInstance, context: JobContext, everyMs: number): void | Promise<void>;
}

/** A job of the deployment that runs `run` every `everyMs`; a failure is logged with `failure`, and it runs again next time. */
function repeated(name: string, everyMs: number, failure: string, run: (context: JobContext, app: FastifyInstance) => Promise<unknown>): Job {
  return {
    name,
    runs: 'deployment',
    everyMs: () => everyMs,
    start: (app, context, every) => repeatWhileOpen(app, every, failure, () => run(context, app)),
  };
}

export const JOBS: readonly Job[] = [
  {
    // Sends the webhook deliveries that are due (WEBHOOK_DISPATCH=on); it polls by itself, every WEBHOOK_POLL_INTERVAL_MS.
    name: 'webhook dispatcher',
    runs: 'process',
    everyMs: (config) => config.webhookPollIntervalMs,
    start: (app, { config, services }) => (config.webhookDispatch ? dispatchWebhooks(app, config, services) : undefined),
  },
  repeated('purge expired grants', PURGE_EVERY_MS, 'purging expired refresh tokens and codes failed', ({ services: { db, clock } }) => purgeExpiredGrants(db, clock.now())),
  repeated('purge expired links and old mail', PURGE_EVERY_MS, 'purging expired sign-up and password links and old mail failed', async ({ services: { db, clock } }) => {
    await purgeExpiredSignUps(db, clock.now());
    await purgeExpiredPasswordTokens(db, clock.now());
    await purgeOldMail(db, clock.now());
  }),
  repeated('purge expired idempotency keys', PURGE_EVERY_MS, 'purging expired idempotency keys failed', ({ services: { db, clock } }) => purgeExpiredKeys(db, clock.now())),
  {
    // Calls to the processor whose result a dead process never recorded: settled at start (a restart
    // follows the crash), then every minute for those a live process left behind.
    name: 'settle pending processor calls',
    runs: 'deployment',
    everyMs: () => SETTLE_EVERY_MS,
    start: (app, { services }, every) => {
      app.addHook('onListen', async () => {
        settleAllPendingCalls(services, { includeRecent: true }).catch((err) => app.log.warn({ err }, 'settling pending processor calls failed'));
      });
      repeatWhileOpen(app, every, 'settling pending processor calls failed', () => settleAllPendingCalls(services, { includeRecent: false }));
    },
  },
  // Captures still pending when Stripe sent no event: settled by what Stripe holds for their orders.
  repeated('reconcile pending Stripe captures', RECONCILE_AFTER_MS, 'reconciling pending Stripe captures failed', ({ services, lookups }, app) =>
    reconcileStripePayments(services, lookups, (fields, message) => app.log.warn(fields, message)),
  ),
];

/**
 * Starts this process's jobs: those of every process, and, when `deploymentJobs`, those one process
 * of the deployment runs. They stop when the server closes. Each deployment job started is logged at
 * debug level, which tells which worker of a WORKERS=N server runs them.
 */
export async function startJobs(app: FastifyInstance, context: JobContext, deploymentJobs: boolean): Promise<void> {
  for (const job of JOBS) {
    if (job.runs === 'deployment' && !deploymentJobs) continue;
    await job.start(app, context, job.everyMs(context.config));
    if (job.runs === 'deployment') app.log.debug({ job: job.name }, 'deployment job started');
  }
}
