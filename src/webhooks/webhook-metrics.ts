/**
 * Webhook figures at `/metrics`: attempts by outcome, and how long the oldest pending delivery has
 * been waiting (a growing age means the dispatchers are not keeping up, or none is running).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import type { Clock } from '../time.js';

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/** How long a scrape waits for the oldest pending delivery's age. */
const SCRAPE_QUERY_MS = 500;

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
      let timer: NodeJS.Timeout | undefined;
      const query = db.kysely
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.min('created_at').as('oldest'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const row = await Promise.race([query, new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SCRAPE_QUERY_MS)))]).catch(() => 'late' as const);
      clearTimeout(timer);
      if (row === 'late') return;
      const oldest = row?.oldest == null ? undefined : Date.parse(String(row.oldest));
      this.set(oldest === undefined ? 0 : Math.max(0, (clock.now().getTime() - oldest) / 1000));
    },
  });
  return (outcome) => attempts.inc({ outcome });
}
