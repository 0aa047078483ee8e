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
import { endpointRights, hidesCustomer, mayReceive, type EndpointCredential } from '../webhooks/endpoint-rights.js';
import type { DialectName } from './connection.js';
import { preparedOnce, runPrepared } from './prepared.js';
import { noteDeliveriesQueued, type DbTransaction } from './transaction.js';
import type { Tenant } from './scoped.js';
import { DELIVERY_COLUMNS } from './webhooks/rows.js';

/** An event to write: `data` is the object it is about, as JSON text. */
export interface NewEvent {
  id: string;
  type: EventType;
  data: string;
}

/** An enabled webhook endpoint of the tenant, the events it listens to (JSON), and its credential as it stands (`endpoint-rights.ts`). */
export interface Endpoint extends EndpointCredential {
  id: string;
  enabled_events: string;
}

/** @example const event = newEvent('order.created', view); */
export function newEvent<T extends EventType>(type: T, object: EventObjects[T]): NewEvent {
  return { id: newId('evt'), type, data: JSON.stringify(object) };
}

const ENDPOINT_FIELDS = (build: string) => `${build}('id', e.id, 'enabled_events', e.enabled_events, 'created_by', e.created_by, 'created_with', e.created_with,
      'key_permissions', k.permissions, 'key_revoked_at', k.revoked_at, 'user_role', u.role, 'user_removed_at', u.removed_at)`;
const ENDPOINTS_FROM = `from webhook_endpoints e
      left join api_keys k on k.merchant_id = e.merchant_id and k.id = e.created_by
      left join users u on u.merchant_id = e.merchant_id and u.id = e.created_by
     where e.merchant_id = ? and e.environment = ? and e.status = 'enabled' and e.deleted_at is null`;

/**
 * A scalar subquery: the tenant's enabled endpoints, in id order, with their credentials, as JSON
 * text (`parseEndpoints`). Parameters: merchant id, environment.
 */
export const ENDPOINTS: Record<DialectName, string> = {
  sqlite: `(select json_group_array(${ENDPOINT_FIELDS('json_object')} order by e.id)
    ${ENDPOINTS_FROM})`,
  postgres: `(select coalesce(json_agg(${ENDPOINT_FIELDS('json_build_object')} order by e.id)::text, '[]')
    ${ENDPOINTS_FROM})`,
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
    select d.id, ?, ?, d.endpoint_id, d.event_id, d.event_type, null, 'event', d.hide_customer, 'pending', 0, ?, null, null, ?, ?
      from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::int[]) as d (id, endpoint_id, event_id, event_type, hide_customer))`;

interface Delivery {
  id: string;
  endpointId: string;
  event: NewEvent;
  /** 1 when the event goes out with its customer as the id only. */
  hideCustomer: number;
}

/**
 * A delivery for each event and each endpoint subscribed to it, as `enqueueDeliveries` queues them;
 * noted on `trx` when there is any, so that the dispatcher looks for them once it commits.
 */
function deliveriesOf(trx: DbTransaction, events: readonly NewEvent[], endpoints: readonly Endpoint[]): Delivery[] {
  const deliveries: Delivery[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (!subscribes(endpoint.enabled_events, event.type)) continue;
      const rights = endpointRights(endpoint);
      if (!mayReceive(rights, event.type)) continue;
      deliveries.push({ id: newId('whd'), endpointId: endpoint.id, event, hideCustomer: hidesCustomer(rights, event.type) ? 1 : 0 });
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
    deliveries.map((d) => d.hideCustomer),
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
    () => `insert into webhook_deliveries (${DELIVERY_COLUMN_LIST}) values (?, ?, ?, ?, ?, ?, null, 'event', ?, 'pending', 0, ?, null, null, ?, ?)`,
  );
  for (const d of deliveries) await runPrepared(trx, delivery, [d.id, merchantId, environment, d.endpointId, d.event.id, d.event.type, d.hideCustomer, now, now, now]);
}
