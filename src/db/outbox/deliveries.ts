/**
 * The webhook deliveries' row and its one column list. The outbox creates these rows (an event's
 * deliveries, in the event's transaction); the webhooks store leases, attempts and ends them.
 */
import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable } from '../schema.js';

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Columns named one by one: a statement selecting every column is not prepared (`postgres.ts`). */
export const DELIVERY_COLUMNS = [
  'id',
  'merchant_id',
  'environment',
  'endpoint_id',
  'event_id',
  'event_type',
  'payload',
  'origin',
  'hide_customer',
  'status',
  'attempts',
  'next_attempt_at',
  'lease_until',
  'lease_owner',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof WebhookDeliveryRow)[];
