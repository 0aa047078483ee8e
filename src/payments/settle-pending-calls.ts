/**
 * Settles the processor calls left pending by a process that died between sending a call and
 * committing its result: each is sent again with its idempotency key, so the processor answers with
 * what it did the first time, and Till records that (the order paid, the refund written) exactly once.
 * Runs when the server starts listening and every minute after.
 */
import { settlePendingCall } from '../orders/send-call.js';
import type { Services } from '../services.js';
import { allPendingCalls } from '../db/payments/processor-calls.js';

/** Calls pending for less than this are most likely still in flight in a live process. */
const IN_FLIGHT_MS = 60_000;

export async function settleAllPendingCalls(services: Services, options: { includeRecent: boolean }): Promise<number> {
  const calls = await allPendingCalls(services.db, 100);
  const cutoff = new Date(services.clock.now().getTime() - IN_FLIGHT_MS).toISOString();
  let settled = 0;
  const failures: unknown[] = [];
  for (const call of calls) {
    if (!options.includeRecent && call.created_at > cutoff) continue;
    const tenant = { merchantId: call.merchant_id, environment: call.environment };
    const processor = services.processorFor(call.environment);
    if (processor === undefined || processor.name !== call.processor) continue;
    // One call the processor cannot answer now stays pending for the next run; the others go on.
    try {
      await settlePendingCall(services, processor, tenant, call);
      settled += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} pending processor calls could not be settled yet`);
  return settled;
}
