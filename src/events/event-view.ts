/**
 * Shapes a stored event as the API shows it: `{id, type, created_at, data: {object}}`.
 */
import type { EventFields } from '../db/outbox/events.js';
import type { Event } from './schemas.js';

/** A stored event's columns the API shows (the outbox store's `EventFields`). */
export type EventColumns = EventFields;

export function toEvent(row: EventColumns): Event {
  return {
    id: row.id,
    type: row.type as Event['type'],
    created_at: row.created_at,
    data: { object: JSON.parse(row.data) as Event['data']['object'] },
  };
}
