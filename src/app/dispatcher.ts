/**
 * The webhook dispatcher: the one factory, used by the server (`till serve`, WEBHOOK_DISPATCH=on)
 * and by `till worker`, which runs only it. Each is handed the process's one cipher, which opens the
 * endpoints' secrets.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { committedDeliveries } from '../db/transaction.js';
import type { Services } from '../services.js';
import type { Clock } from '../time.js';
import { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { webhookMetrics, type AttemptOutcome } from '../webhooks/webhook-metrics.js';

/** A webhook dispatcher on `db`, as the configuration sets it up. */
export function webhookDispatcher(
  config: Config,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  cipher: SigningKeyCipher,
  onAttempt?: (outcome: AttemptOutcome) => void,
): WebhookDispatcher {
  return new WebhookDispatcher({
    ...(onAttempt === undefined ? {} : { onAttempt }),
    db,
    clock,
    log,
    retryScheduleSeconds: config.webhookRetryScheduleSeconds,
    timeoutMs: config.webhookTimeoutMs,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
    allowLinkLocal: config.webhookAllowLinkLocal,
    pollIntervalMs: config.webhookPollIntervalMs,
    cipher,
  });
}

/**
 * Runs a dispatcher in this server process while it is open: started once it is ready, nudged when
 * an answered request has committed deliveries, stopped before the database closes.
 */
export async function dispatchWebhooks(app: FastifyInstance, config: Config, { db, clock, cipher }: Services): Promise<void> {
  // On PostgreSQL the dispatcher has connections of its own: its statements never queue behind the
  // requests waiting for the pool (hundreds of them in a burst, or while a server warms up).
  const dispatchDb = await db.withOwnConnections(config.webhookDatabasePoolSize);
  const dispatcher = webhookDispatcher(config, dispatchDb, clock, app.log, cipher, webhookMetrics(app.metricsRegistry, db, clock));
  app.addHook('onReady', async () => dispatcher.start());
  // A write's transaction has committed once its answer is sent: the deliveries it queued can go now.
  // The dispatcher looks only when a transaction of this process has committed deliveries since it
  // was last told to (a pass is a transaction of its own, which most writes queue nothing for).
  // (Deliveries queued by other processes wait for the next poll, WEBHOOK_POLL_INTERVAL_MS.)
  let nudgedAt = committedDeliveries();
  app.addHook('onResponse', (_request, _reply, done) => {
    const committed = committedDeliveries();
    if (committed !== nudgedAt) {
      nudgedAt = committed;
      dispatcher.nudge();
    }
    done();
  });
  // Before the database closes: attempts in flight are aborted and handed back.
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    if (dispatchDb !== db) await dispatchDb.close();
  });
}
