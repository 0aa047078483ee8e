/**
 * Events and their webhook deliveries as the hot write paths (Create Order, Refund) write them:
 * the rows `recordEvent` and `enqueueDeliveries` write, by statements made once. The tenant's
 * enabled endpoints are read by a subquery of a statement the path runs anyway (`ENDPOINTS`), and on
 * PostgreSQL the events and deliveries are written by CTEs of the path's last statement
 * (`POSTGRES_EVENTS`), so they cost no round trip of their own. Like `recordEvent`, this writes in
 * the caller's transaction: an event exists exactly when its change does.
 */
import type { EventObjects, EventType } from '../events/record-event.js';
import { newId } from '../ids.js';
import { subscribes } from '../webhooks/enqueue-deliveries.js';
import type { DialectName } from './connection.js';
import { preparedOnce, runPrepared } from './prepared.js';
import { noteDeliveriesQueued, type DbTransaction } from './transaction.js';
import type { Tenant } from './scoped.js';
import { DELIVERY_COLUMNS } from './webhook-writes.js';

/** An event to write: `data` is the object it is about, as JSON text. */
export interface NewEvent {
  id: string;
  type: EventType;
  data: string;
}

/** An enabled webhook endpoint of the tenant, and the events it listens to (JSON). */
export interface Endpoint {
  id: string;
  enabled_events: string;
}

/** @example const event = newEvent('order.created', view); */
export function newEvent<T extends EventType>(type: T, object: EventObjects[T]): NewEvent {
  return { id: newId('evt'), type, data: JSON.stringify(object) };
}

/**
 * A scalar subquery: the tenant's enabled endpoints, in id order, as JSON text (`parseEndpoints`).
 * Parameters: merchant id, environment.
 */
export const ENDPOINTS: Record<DialectName, string> = {
  sqlite: `(select json_group_array(json_object('id', id, 'enabled_events', enabled_events) order by id)
    from webhook_endpoints where merchant_id = ? and environment = ? and status = 'enabled' and deleted_at is null)`,
  postgres: `(select coalesce(json_agg(json_build_object('id', id, 'enabled_events', enabled_events) order by id)::text, '[]')
    from webhook_endpoints where merchant_id = ? and environment = ? and status = 'enabled' and deleted_at is null)`,
};

export function parseEndpoints(text: string): Endpoint[] {
  return JSON.parse(text) as Endpoint[];
}

/** A delivery row's columns, in the order of the inserts' values below. */
const DELIVERY_COLUMN_LIST = DELIVERY_COLUMNS.join(', ');

/**
 * CTEs (named `events_written` and `deliveries_written`) writing the events and their deliveries;
 * parameters from `postgresEventParameters`, in this order.
 */
export const POSTGRES_EVENTS = `events_written as (
    insert into events (merchant_id, environment, id, type, data, created_at)
    select ?, ?, e.id, e.type, e.data, ? from unnest(?::text[], ?::text[], ?::text[]) as e (id, type, data)),
  deliveries_written as (
    insert into webhook_deliveries (${DELIVERY_COLUMN_LIST})
    select d.id, ?, ?, d.endpoint_id, d.event_id, d.event_type, null, 'pending', 0, ?, null, null, ?, ?
      from unnest(?::text[], ?::text[], ?::text[], ?::text[]) as d (id, endpoint_id, event_id, event_type))`;

interface Delivery {
  id: string;
  endpointId: string;
  event: NewEvent;
}

/**
 * A delivery for each event and each endpoint subscribed to it, as `enqueueDeliveries` queues them;
 * noted on `trx` when there is any, so that the dispatcher looks for them once it commits.
 */
function deliveriesOf(trx: DbTransaction, events: readonly NewEvent[], endpoints: readonly Endpoint[]): Delivery[] {
  const deliveries: Delivery[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (subscribes(endpoint.enabled_events, event.type)) deliveries.push({ id: newId('whd'), endpointId: endpoint.id, event });
    }
  }
  if (deliveries.length > 0) noteDeliveriesQueued(trx);
  return deliveries;
}

/** The parameters of `POSTGRES_EVENTS`, for the statement `trx` runs it in. */
export function postgresEventParameters(trx: DbTransaction, tenant: Tenant, events: readonly NewEvent[], endpoints: readonly Endpoint[], now: string): unknown[] {
  const { merchantId, environment } = tenant;
  const deliveries = deliveriesOf(trx, events, endpoints);
  return [
    merchantId,
    environment,
    now,
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => e.data),
    merchantId,
    environment,
    now,
    now,
    now,
    deliveries.map((d) => d.id),
    deliveries.map((d) => d.endpointId),
    deliveries.map((d) => d.event.id),
    deliveries.map((d) => d.event.type),
  ];
}

/** Writes the events and their deliveries with one statement per row (SQLite, where a statement costs microseconds). */
export async function insertEvents(trx: DbTransaction, tenant: Tenant, events: readonly NewEvent[], endpoints: readonly Endpoint[], now: string): Promise<void> {
  const { merchantId, environment } = tenant;
  const { dialect } = trx;
  const event = preparedOnce(dialect, 'events insert', () => 'insert into events (merchant_id, environment, id, type, data, created_at) values (?, ?, ?, ?, ?, ?)');
  for (const { id, type, data } of events) await runPrepared(trx, event, [merchantId, environment, id, type, data, now]);
  const deliveries = deliveriesOf(trx, events, endpoints);
  if (deliveries.length === 0) return;
  const delivery = preparedOnce(
    dialect,
    'deliveries insert',
    () => `insert into webhook_deliveries (${DELIVERY_COLUMN_LIST}) values (?, ?, ?, ?, ?, ?, null, 'pending', 0, ?, null, null, ?, ?)`,
  );
  for (const d of deliveries) await runPrepared(trx, delivery, [d.id, merchantId, environment, d.endpointId, d.event.id, d.event.type, now, now, now]);
}
