/**
 * The Stripe events applied (`stripe_events`), by id, so that an event Stripe sends again is applied
 * once (`payments/apply-stripe-event.ts`). Every statement on the table.
 */
import { kyselyOf } from '../handle.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** Whether the tenant has applied the Stripe event `eventId`. */
export async function stripeEventApplied(trx: DbTransaction, tenant: Tenant, eventId: string): Promise<boolean> {
  const seen = await kyselyOf(trx)
    .selectFrom('stripe_events')
    .select('id')
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', eventId)
    .executeTakeFirst();
  return seen !== undefined;
}

/** Records that the Stripe event was applied to the order, in the transaction that applied it. */
export async function recordStripeEvent(trx: DbTransaction, tenant: Tenant, event: { id: string; type: string; orderId: string }, now: string): Promise<void> {
  await kyselyOf(trx)
    .insertInto('stripe_events')
    .values({ merchant_id: tenant.merchantId, environment: tenant.environment, id: event.id, type: event.type, order_id: event.orderId, created_at: now })
    .execute();
}
