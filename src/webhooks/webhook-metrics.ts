/**
 * Webhook figures at `/metrics`: attempts by outcome, how long the oldest pending delivery has been
 * waiting (a growing age means the dispatchers are not keeping up, or none is running), and per
 * tenant (merchant and environment) the deliveries pending and how long the oldest due one has been
 * due: one tenant's queue growing while the others' stay short is one merchant flooding its own.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import { oldestPendingDelivery, pendingByTenant, type PendingFigures } from '../db/webhooks/metrics.js';
import type { Clock } from '../time.js';

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/** How long a scrape waits for the oldest pending delivery's age. */
const SCRAPE_QUERY_MS = 500;
/** The per-tenant figures name this many tenants at most, those with the most pending deliveries. */
export const TENANTS_SHOWN = 100;

/** Answers `query`, or 'late' when it fails or takes longer than SCRAPE_QUERY_MS: the last value then stands. */
async function inTime<T>(query: Promise<T>): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([query, new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SCRAPE_QUERY_MS)))]).catch(() => 'late' as const);
  clearTimeout(timer);
  return result;
}

/** Registers the figures; answers the function the dispatcher calls after each attempt. */
export function webhookMetrics(registry: Registry, db: Db, clock: Clock): (outcome: AttemptOutcome) => void {
  const attempts = new Counter({
    name: 'till_webhook_attempts_total',
    help: 'Webhook delivery attempts made by this process, by outcome: succeeded, retrying (failed, another attempt is scheduled) or failed (no attempt left, or the endpoint was disabled).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['succeeded', 'retrying', 'failed'] as const) attempts.inc({ outcome }, 0);
  new Gauge({
    name: 'till_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook delivery still pending (due or waiting for a retry), 0 when none is.',
    registers: [registry],
    async collect() {
      // A scrape must answer even while the database does not (the database figures tell that
      // story): the last value stands when the query fails or takes longer than a moment.
      const row = await inTime(oldestPendingDelivery(db));
      if (row === 'late') return;
      const oldest = row == null ? undefined : Date.parse(String(row));
      this.set(oldest === undefined ? 0 : Math.max(0, (clock.now().getTime() - oldest) / 1000));
    },
  });
  // One query serves both per-tenant figures of a scrape (prom-client collects them at once).
  let figures: Promise<PendingFigures[] | 'late'> | undefined;
  const tenantFigures = () => {
    figures ??= inTime(pendingByTenant(db, clock.now().toISOString(), TENANTS_SHOWN)).finally(() => (figures = undefined));
    return figures;
  };
  new Gauge({
    name: 'till_webhook_queue_depth',
    help: `Webhook deliveries pending (due or waiting for a retry) per merchant and environment, for the ${TENANTS_SHOWN} with the most.`,
    labelNames: ['merchant_id', 'environment'] as const,
    registers: [registry],
    async collect() {
      const rows = await tenantFigures();
      if (rows === 'late') return;
      this.reset();
      for (const row of rows) this.set({ merchant_id: row.merchant_id, environment: row.environment }, Number(row.depth));
    },
  });
  new Gauge({
    name: 'till_webhook_oldest_due_seconds',
    help: `How long the oldest webhook delivery due now has been due, per merchant and environment (0 when none is due), for the ${TENANTS_SHOWN} with the most pending.`,
    labelNames: ['merchant_id', 'environment'] as const,
    registers: [registry],
    async collect() {
      const rows = await tenantFigures();
      if (rows === 'late') return;
      this.reset();
      const now = clock.now().getTime();
      for (const row of rows) {
        const due = row.oldest_due == null ? undefined : Date.parse(String(row.oldest_due));
        this.set({ merchant_id: row.merchant_id, environment: row.environment }, due === undefined ? 0 : Math.max(0, (now - due) / 1000));
      }
    },
  });
  return (outcome) => attempts.inc({ outcome });
}
