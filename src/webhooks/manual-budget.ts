/**
 * The budget of resends and tests: the deliveries they may queue per merchant and environment in a
 * minute, beside the requests' rate limit.
 */
import type { Tenant } from '../auth/principal.js';
import { countManualDeliveriesSince } from '../db/webhooks/delivery-log.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';

/**
 * Deliveries that resends and tests may queue per merchant and environment in a minute (a resend to
 * every endpoint counts each): they have a budget of their own, beside the requests' rate limit, so
 * that they cannot flood the dispatchers.
 */
export const MANUAL_DELIVERIES_PER_MINUTE = 60;

/** Refuses (429) a resend or test that would queue `count` deliveries past the tenant's budget of the last minute. */
export async function checkManualBudget(trx: DbTransaction, tenant: Tenant, now: Date, count: number): Promise<void> {
  const queued = await countManualDeliveriesSince(trx, tenant, new Date(now.getTime() - 60_000).toISOString());
  if (queued + count > MANUAL_DELIVERIES_PER_MINUTE) {
    throw new ApiError(
      'rate_limited',
      `Resends and tests may queue ${MANUAL_DELIVERIES_PER_MINUTE} deliveries a minute per merchant and environment; this one would go past that. Retry in a minute.`,
    );
  }
}
