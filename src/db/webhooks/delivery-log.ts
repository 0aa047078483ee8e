/**
 * The reads behind the delivery log and manual sends: an endpoint's attempts, the deliveries that
 * resends and tests queued lately (their budget). The event a resend sends again is the outbox
 * store's (`db/outbox/events.ts`).
 */
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import { selectScoped, type Tenant } from '../scoped.js';
import { ATTEMPT_VIEW_COLUMNS, type WebhookAttemptRow, type WebhookAttemptView } from './rows.js';

/** A page of the endpoint's attempts, newest first; only those of `outcome` when it is given. */
export async function pageOfAttempts(
  handle: ReadHandle,
  tenant: Tenant,
  endpointId: string,
  outcome: WebhookAttemptRow['outcome'] | undefined,
  request: PageRequest,
): Promise<{ rows: WebhookAttemptView[]; pagination: Pagination }> {
  let filtered = selectScoped(kyselyOf(handle), 'webhook_attempts', tenant).where('endpoint_id', '=', endpointId);
  if (outcome !== undefined) filtered = filtered.where('outcome', '=', outcome);
  return pageOf<WebhookAttemptView>(filtered, ATTEMPT_VIEW_COLUMNS, request);
}

/** How many deliveries resends and tests of the tenant queued after `since`. */
export async function countManualDeliveriesSince(handle: ReadHandle, tenant: Tenant, since: string): Promise<number> {
  const { queued } = await selectScoped(kyselyOf(handle), 'webhook_deliveries', tenant)
    .where('origin', 'in', ['resend', 'test'])
    .where('created_at', '>', since)
    .select((eb) => eb.fn.countAll<number | string>().as('queued'))
    .executeTakeFirstOrThrow();
  return Number(queued);
}
