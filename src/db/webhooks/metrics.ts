/**
 * The reads behind the webhook figures of `/metrics`: they read across every merchant's deliveries.
 */
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';

/** When the oldest delivery still pending was created, or null when none is (every merchant's). */
export async function oldestPendingDelivery(handle: ReadHandle): Promise<string | null> {
  const row = await kyselyOf(handle)
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.oldest ?? null;
}

/** A tenant's pending deliveries: how many, and since when the oldest due one (by `now`) has been due. */
export interface PendingFigures {
  merchant_id: string;
  environment: string;
  depth: number | string;
  oldest_due: string | null;
}

/** The pending deliveries of the `limit` tenants with the most, most first. */
export async function pendingByTenant(handle: ReadHandle, now: string, limit: number): Promise<PendingFigures[]> {
  return kyselyOf(handle)
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      'merchant_id',
      'environment',
      eb.fn.countAll<number | string>().as('depth'),
      eb.fn.min(eb.case().when('next_attempt_at', '<=', now).then(eb.ref('next_attempt_at')).end()).as('oldest_due'),
    ])
    .where('status', '=', 'pending')
    .groupBy(['merchant_id', 'environment'])
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(limit)
    .execute() as Promise<PendingFigures[]>;
}
