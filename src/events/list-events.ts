/**
 * List Events: the tenant's events, newest first, optionally of some types only.
 */
import type { Tenant } from '../auth/principal.js';
import { pageOf } from '../http/paginate.js';
import type { Pagination } from '../http/schemas.js';
import type { Services } from '../services.js';
import { EVENT_COLUMNS, toEvent, type EventColumns } from './event-view.js';
import type { Event, ListEventsQuery } from './schemas.js';
import { selectScoped } from '../db/scoped.js';

export async function listEvents({ db }: Services, tenant: Tenant, query: ListEventsQuery): Promise<{ data: Event[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'events', tenant);
  if (query.type !== undefined) filtered = filtered.where('type', 'in', query.type.split(','));
  const { rows, pagination } = await pageOf<EventColumns>(filtered, EVENT_COLUMNS, query);
  return { data: rows.map(toEvent), pagination };
}
