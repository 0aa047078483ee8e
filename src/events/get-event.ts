/**
 * Get Event: one event of the tenant; another tenant's event is 404, exactly like a missing one.
 */
import type { Tenant } from '../auth/principal.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { EVENT_COLUMNS, toEvent } from './event-view.js';
import type { Event } from './schemas.js';
import { selectScoped } from '../db/scoped.js';

export async function getEvent({ db }: Services, tenant: Tenant, eventId: string): Promise<Event> {
  const row = await selectScoped(db.kysely, 'events', tenant)
    .select(EVENT_COLUMNS)
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('event', eventId, 'id');
  return toEvent(row);
}
