/**
 * Every background job of the server, in one list: what it does, how often, and which process runs it.
 *
 * - Once per deployment (`DEPLOYMENT_JOBS`, and the settling at start): purges, settling and
 *   reconciling work on every merchant's rows, so a second process running them would only repeat
 *   the work and race the first for the same rows. A single `till serve` runs them; with WORKERS=N,
 *   one worker does (the first forked, or the one that replaced it: see `workers.ts`).
 * - In each process (the webhook dispatcher, `dispatcher.ts`): every process with WEBHOOK_DISPATCH=on
 *   runs one, and `till worker` runs only it. Deliveries are claimed row by row, so dispatchers share
 *   the queue safely, and each process nudges its own as soon as one of its requests has committed
 *   deliveries, which no other process learns of before its next poll (WEBHOOK_POLL_INTERVAL_MS).
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

/** What a job runs with. */
interface JobContext {
  services: Services;
  lookups: StripeLookups;
  log: FastifyInstance['log'];
}

/** A job run every `everyMs` while the server is open; a failure is logged with `failure` and the job runs again next time. */
interface Job {
  everyMs: number;
  failure: string;
  run(context: JobContext): Promise<unknown>;
}

/** The jobs one process of the deployment runs. */
export const DEPLOYMENT_JOBS: readonly Job[] = [
  {
    everyMs: PURGE_EVERY_MS,
    failure: 'purging expired refresh tokens and codes failed',
    run: ({ services: { db, clock } }) => purgeExpiredGrants(db.kysely, clock.now()),
  },
  {
    everyMs: PURGE_EVERY_MS,
    failure: 'purging expired sign-up and password links and old mail failed',
    run: async ({ services: { db, clock } }) => {
      await purgeExpiredSignUps(db.kysely, clock.now());
      await purgeExpiredPasswordTokens(db.kysely, clock.now());
      await purgeOldMail(db.kysely, clock.now());
    },
  },
  {
    everyMs: PURGE_EVERY_MS,
    failure: 'purging expired idempotency keys failed',
    run: ({ services: { db, clock } }) => purgeExpiredKeys(db.kysely, clock.now()),
  },
  {
    // Calls to the processor whose result a process left behind (it died, or it is slow).
    everyMs: 60_000,
    failure: 'settling pending processor calls failed',
    run: ({ services }) => settleAllPendingCalls(services, { includeRecent: false }),
  },
  {
    // Captures still pending when Stripe sent no event: settled by what Stripe holds for their orders.
    everyMs: RECONCILE_AFTER_MS,
    failure: 'reconciling pending Stripe captures failed',
    run: ({ services, lookups, log }) => reconcileStripePayments(services, lookups, (fields, message) => log.warn(fields, message)),
  },
];

export interface JobOptions {
  config: Config;
  lookups: StripeLookups;
  /** Whether this process runs the jobs of the deployment (see above); the webhook dispatcher runs in any. */
  deploymentJobs: boolean;
}

/** Starts this process's jobs, which stop when the server closes. */
export async function startJobs(app: FastifyInstance, services: Services, { config, lookups, deploymentJobs }: JobOptions): Promise<void> {
  if (config.webhookDispatch) await dispatchWebhooks(app, config, services);
  if (!deploymentJobs) return;
  // Calls to the processor whose result a dead process never recorded: settled at start (a restart
  // follows the crash), then every minute (above) for those a live process left behind.
  app.addHook('onListen', async () => {
    settleAllPendingCalls(services, { includeRecent: true }).catch((err) => app.log.warn({ err }, 'settling pending processor calls failed'));
  });
  const context: JobContext = { services, lookups, log: app.log };
  for (const job of DEPLOYMENT_JOBS) repeatWhileOpen(app, job.everyMs, job.failure, () => job.run(context));
}
