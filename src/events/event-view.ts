/**
 * Shapes a stored event as the API shows it: `{id, type, created_at, data: {object}}`.
 */
import type { EventRow } from '../db/schema.js';
import type { Event } from './schemas.js';

export const EVENT_COLUMNS = ['id', 'type', 'data', 'created_at'] as const;
export type EventColumns = Pick<EventRow, (typeof EVENT_COLUMNS)[number]>;

export function toEvent(row: EventColumns): Event {
  return {
    id: row.id,
    type: row.type as Event['type'],
    created_at: row.created_at,
    data: { object: JSON.parse(row.data) as Event['data']['object'] },
  };
}
