/**
 * List Events: the tenant's events, newest first, optionally of some types only; only the types the
 * credential may read (see `readableEventTypes`).
 */
import { pageOf, type Pagination, pagination as pageInfo } from '../db/paginate.js';
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';
import { EVENT_COLUMNS, toEvent, type EventColumns } from './event-view.js';
import { readableEventTypes } from './readable-events.js';
import type { Event, ListEventsQuery } from './schemas.js';
import { selectScoped } from '../db/scoped.js';

export async function listEvents({ db }: Services, principal: Principal, query: ListEventsQuery): Promise<{ data: Event[]; pagination: Pagination }> {
  const readable: readonly string[] = readableEventTypes(principal.permissions);
  const types = query.type === undefined ? readable : query.type.split(',').filter((type) => readable.includes(type));
  if (types.length === 0) return { data: [], pagination: pageInfo(0, query.page ?? 1, query.per_page ?? 20) };
  const filtered = selectScoped(db.kysely, 'events', principal).where('type', 'in', types);
  const { rows, pagination } = await pageOf<EventColumns>(filtered, EVENT_COLUMNS, query);
  return { data: rows.map(toEvent), pagination };
}
