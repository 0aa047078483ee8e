/**
 * Events are written in the same transaction as the change they describe, so an event exists
 * exactly when its change does.
 */
import type { Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';

export type EventType = 'order.created' | 'order.paid' | 'order.canceled' | 'order.refunded' | 'refund.created';

export async function recordEvent(
  trx: Kysely<Database>,
  tenant: Tenant,
  type: EventType,
  data: unknown,
  createdAt: string,
): Promise<void> {
  await trx
    .insertInto('events')
    .values({
      merchant_id: tenant.merchantId,
      environment: tenant.environment,
      id: newId('evt'),
      type,
      data: JSON.stringify(data),
      created_at: createdAt,
    })
    .execute();
}
