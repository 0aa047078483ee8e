/**
 * List Events: the tenant's events, newest first, optionally of some types only; only the types the
 * credential may read (see `readableEventTypes`).
 */
import type { Principal } from '../auth/principal.js';
import { eventPage } from '../db/outbox/events.js';
import { type Pagination, pagination as pageInfo } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toEvent } from './event-view.js';
import { readableEventTypes } from './readable-events.js';
import type { Event, ListEventsQuery } from './schemas.js';

export async function listEvents({ db }: Services, principal: Principal, query: ListEventsQuery): Promise<{ data: Event[]; pagination: Pagination }> {
  const readable: readonly string[] = readableEventTypes(principal.permissions);
  const types = query.type === undefined ? readable : query.type.split(',').filter((type) => readable.includes(type));
  if (types.length === 0) return { data: [], pagination: pageInfo(0, query.page ?? 1, query.per_page ?? 20) };
  const { rows, pagination } = await eventPage(db, principal, types, query);
  return { data: rows.map(toEvent), pagination };
}
