/**
 * Get Event: one event of the tenant; another tenant's event is 404, exactly like a missing one.
 */
import type { Principal } from '../auth/principal.js';
import { findEvent, otherEnvironmentOfEvent } from '../db/outbox/events.js';
import { ApiError, notFound } from '../errors.js';
import type { Services } from '../services.js';
import { toEvent } from './event-view.js';
import { EVENT_READ_SCOPE, readableEventTypes } from './readable-events.js';
import type { Event } from './schemas.js';

export async function getEvent({ db }: Services, principal: Principal, eventId: string): Promise<Event> {
  const tenant = principal;
  const row = await findEvent(db, tenant, eventId);
  if (row === undefined) throw notFound('event', eventId, 'id', await otherEnvironmentOfEvent(db, tenant, eventId));
  const event = toEvent(row);
  if (!readableEventTypes(principal.permissions).includes(event.type)) {
    throw new ApiError('insufficient_permissions', `Events of type ${event.type} are read with the "${EVENT_READ_SCOPE[event.type]}" permission, which this credential lacks.`);
  }
  return event;
}
