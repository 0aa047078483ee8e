/**
 * The outbox: the one writer of events and their webhook deliveries, in the caller's transaction, so
 * that an event exists, and is delivered, exactly when its change does.
 *
 * Which endpoints receive an event, and whether its customer goes out as the id only, is decided
 * above `db/` (`webhooks/enqueue-deliveries.ts`) and handed here as the deliveries to write; this
 * store reads the tenant's enabled endpoints with their credentials and writes the rows.
 *
 * The hot write paths (Create Order, Refund, an order's transitions) read the endpoints by a subquery
 * of a statement they run anyway (`ENDPOINTS`), and on PostgreSQL write the events and deliveries by
 * CTEs of their last statement (`POSTGRES_OUTBOX`), so these cost no round trip of their own.
 */
import type { DialectName } from '../connection.js';
import { kyselyOf } from '../handle.js';
import { preparedOnce, runPrepared } from '../prepared.js';
import type { WebhookDeliveryOrigin } from '../schema.js';
import type { Tenant } from '../scoped.js';
import { noteDeliveriesQueued, type DbTransaction } from '../transaction.js';
import { DELIVERY_COLUMNS } from './deliveries.js';

/** An event to write: `data` is the object it is about, as JSON text. */
export interface NewEvent {
  id: string;
  type: string;
  data: string;
}

/** An endpoint's binding (who made it, with which credential) and that credential as it stands: what a delivery's check reads. */
export interface EndpointCredentialRow {
  created_by: string | null;
  created_with: string | null;
  key_permissions: string | null;
  key_revoked_at: string | null;
  user_role: string | null;
  user_removed_at: string | null;
}

/** An enabled webhook endpoint of the tenant, the events it listens to (JSON), and its credential as it stands. */
export interface OutboxEndpoint extends EndpointCredentialRow {
  id: string;
  enabled_events: string;
}

/** A delivery to queue: of `eventId` to `endpointId`, decided above `db/`. */
export interface NewDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The body to send instead of the stored event's (a `ping`). */
  payload?: string | undefined;
  /** 1 when the event goes out with its customer as the id only. */
  hideCustomer: number;
}

/** What a write path hands the outbox: its events and their deliveries. */
export interface Outbox {
  events: readonly NewEvent[];
  deliveries: readonly NewDelivery[];
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

export function parseEndpoints(text: string): OutboxEndpoint[] {
  return JSON.parse(text) as OutboxEndpoint[];
}

/**
 * The tenant's enabled endpoints with their credentials as they stand now, in id order, or of them
 * only those of `endpointIds` (resend, test).
 */
export async function enabledEndpoints(trx: DbTransaction, tenant: Tenant, endpointIds?: readonly string[]): Promise<OutboxEndpoint[]> {
  let query = kyselyOf(trx)
    .selectFrom('webhook_endpoints as e')
    .leftJoin('api_keys as k', (join) => join.onRef('k.merchant_id', '=', 'e.merchant_id').onRef('k.id', '=', 'e.created_by'))
    .leftJoin('users as u', (join) => join.onRef('u.merchant_id', '=', 'e.merchant_id').onRef('u.id', '=', 'e.created_by'))
    .select([
      'e.id',
      'e.enabled_events',
      'e.created_by',
      'e.created_with',
      'k.permissions as key_permissions',
      'k.revoked_at as key_revoked_at',
      'u.role as user_role',
      'u.removed_at as user_removed_at',
    ])
    .where('e.merchant_id', '=', tenant.merchantId)
    .where('e.environment', '=', tenant.environment)
    .where('e.status', '=', 'enabled')
    .where('e.deleted_at', 'is', null);
  if (endpointIds !== undefined) query = query.where('e.id', 'in', endpointIds);
  return query.orderBy('e.id').execute();
}

/** A delivery row's columns, in the order of the inserts' values below. */
const DELIVERY_COLUMN_LIST = DELIVERY_COLUMNS.join(', ');

/**
 * CTEs (named `events_written` and `deliveries_written`) writing the events and their deliveries;
 * parameters from `postgresOutboxParameters`, in this order.
 */
export const POSTGRES_OUTBOX = `events_written as (
    insert into events (merchant_id, environment, id, type, data, created_at)
    select ?, ?, e.id, e.type, e.data, ? from unnest(?::text[], ?::text[], ?::text[]) as e (id, type, data)),
  deliveries_written as (
    insert into webhook_deliveries (${DELIVERY_COLUMN_LIST})
    select d.id, ?, ?, d.endpoint_id, d.event_id, d.event_type, null, 'event', d.hide_customer, 'pending', 0, ?, null, null, ?, ?
      from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::int[]) as d (id, endpoint_id, event_id, event_type, hide_customer))`;

/**
 * The parameters of `POSTGRES_OUTBOX`, for the statement `trx` runs it in; notes the deliveries on
 * `trx`, so that the dispatcher looks for them once it commits.
 */
export function postgresOutboxParameters(trx: DbTransaction, tenant: Tenant, { events, deliveries }: Outbox, now: string): unknown[] {
  const { merchantId, environment } = tenant;
  if (deliveries.length > 0) noteDeliveriesQueued(trx);
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
    deliveries.map((d) => d.eventId),
    deliveries.map((d) => d.eventType),
    deliveries.map((d) => d.hideCustomer),
  ];
}

/**
 * Writes the events and their event deliveries: one statement on PostgreSQL, one per row on SQLite
 * (where a statement costs microseconds).
 */
export async function writeOutbox(trx: DbTransaction, tenant: Tenant, outbox: Outbox, now: string): Promise<void> {
  const { dialect } = trx;
  if (dialect === 'postgres') {
    await runPrepared(trx, preparedOnce(dialect, 'outbox write', () => `with ${POSTGRES_OUTBOX} select 1`), postgresOutboxParameters(trx, tenant, outbox, now));
    return;
  }
  await writeOutboxRows(trx, tenant, outbox, now);
}

/** Writes the events and their deliveries with one statement per row (SQLite). */
export async function writeOutboxRows(trx: DbTransaction, tenant: Tenant, { events, deliveries }: Outbox, now: string): Promise<void> {
  const { merchantId, environment } = tenant;
  const { dialect } = trx;
  const event = preparedOnce(dialect, 'events insert', () => 'insert into events (merchant_id, environment, id, type, data, created_at) values (?, ?, ?, ?, ?, ?)');
  for (const { id, type, data } of events) await runPrepared(trx, event, [merchantId, environment, id, type, data, now]);
  if (deliveries.length === 0) return;
  noteDeliveriesQueued(trx);
  const delivery = preparedOnce(
    dialect,
    'deliveries insert',
    () => `insert into webhook_deliveries (${DELIVERY_COLUMN_LIST}) values (?, ?, ?, ?, ?, ?, null, 'event', ?, 'pending', 0, ?, null, null, ?, ?)`,
  );
  for (const d of deliveries) await runPrepared(trx, delivery, [d.id, merchantId, environment, d.endpointId, d.eventId, d.eventType, d.hideCustomer, now, now, now]);
}

/**
 * Queues deliveries of an event written earlier (resend) or of none (a test `ping`, whose body is the
 * delivery's `payload`), marked with their `origin`; one statement.
 */
export async function queueDeliveries(
  trx: DbTransaction,
  tenant: Tenant,
  deliveries: readonly NewDelivery[],
  origin: WebhookDeliveryOrigin,
  now: string,
): Promise<void> {
  if (deliveries.length === 0) return;
  noteDeliveriesQueued(trx);
  await kyselyOf(trx)
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((delivery) => ({
        id: delivery.id,
        merchant_id: tenant.merchantId,
        environment: tenant.environment,
        endpoint_id: delivery.endpointId,
        event_id: delivery.eventId,
        event_type: delivery.eventType,
        payload: delivery.payload ?? null,
        origin,
        hide_customer: delivery.hideCustomer,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        lease_owner: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
