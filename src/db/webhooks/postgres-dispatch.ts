/**
 * The webhook dispatcher's statements on PostgreSQL, where each statement is a round trip: recording
 * an attempt and leasing the endpoint's next delivery is one statement (it was `BEGIN`, five
 * statements and `COMMIT`), and a claim's lease reads the endpoint's row and the event's body on the
 * way (a lock, this, and the transaction's `BEGIN`/`COMMIT`: four round trips where there were six).
 * SQLite runs in the process, where a statement costs microseconds, and keeps the Kysely statements
 * of `dispatch.ts`, which picks between the two.
 *
 * Every data-modifying part of a statement runs on the snapshot the statement began with. The record's
 * lease of the next delivery may then miss a lease another process committed meanwhile; it cannot, as
 * long as the attempt's own lease is still live (checked in the statement, `held`): while it is, no
 * claimer leases another delivery of the endpoint. A record whose lease has run out leases nothing,
 * and the endpoint's next delivery waits for a claim.
 */
import type { Kysely } from 'kysely';
import { preparedOnce, runPrepared } from '../prepared.js';
import type { Database } from '../schema.js';
import { DELIVERY_COLUMNS, ENDPOINT_COLUMNS, type WebhookDeliveryRow, type WebhookEndpointRow } from './rows.js';
import type { AttemptRecord, Lease, LeasedRows } from './dispatch.js';

type Delivery = WebhookDeliveryRow;
type Endpoint = WebhookEndpointRow;

const aliased = (table: string, prefix: string, columns: readonly string[]) => columns.map((c) => `${table}.${c} as ${prefix}${c}`).join(', ');

type Row = Record<string, unknown>;

function pick<T>(row: Row, prefix: string, columns: readonly string[]): T | undefined {
  if (row[`${prefix}id`] === null || row[`${prefix}id`] === undefined) return undefined;
  return Object.fromEntries(columns.map((c) => [c, row[`${prefix}${c}`]])) as T;
}

function leasedOf(row: Row): LeasedRows | undefined {
  const delivery = pick<Delivery>(row, 'd_', DELIVERY_COLUMNS);
  if (delivery === undefined) return undefined;
  return {
    delivery,
    endpoint: pick<Endpoint>(row, 'e_', ENDPOINT_COLUMNS),
    event:
      row.ev_type === null || row.ev_type === undefined
        ? undefined
        : { id: delivery.event_id, type: row.ev_type as string, data: row.ev_data as string, created_at: row.ev_created_at as string },
  };
}

/**
 * The endpoint's first due delivery with no other of the endpoint under a live lease at `now`, not
 * `except`; and that row's own guard, checked again on its latest version if another transaction
 * changed it meanwhile.
 */
const NEXT_DUE = `update webhook_deliveries set lease_until = ?, lease_owner = ?, updated_at = ?
   where id = (
         select d.id from webhook_deliveries d
          where d.endpoint_id = ? and d.status = 'pending' and d.next_attempt_at <= ?
            and (d.lease_until is null or d.lease_until <= ?) and d.id <> ?
            and not exists (
                select 1 from webhook_deliveries o
                 where o.endpoint_id = d.endpoint_id and o.status = 'pending' and o.lease_until > ? and o.id <> ?)
          order by d.next_attempt_at, d.created_at, d.id
          limit 1)
     and status = 'pending' and (lease_until is null or lease_until <= ?)`;

const EVENT_OF_NEXT = `left join events ev on ev.merchant_id = n.merchant_id and ev.id = n.event_id`;
const EVENT_COLUMNS = `ev.type as ev_type, ev.data as ev_data, ev.created_at as ev_created_at`;

const LEASE = `with n as (
  ${NEXT_DUE}
  returning ${DELIVERY_COLUMNS.join(', ')})
select ${aliased('n', 'd_', DELIVERY_COLUMNS)}, ${aliased('e', 'e_', ENDPOINT_COLUMNS)}, ${EVENT_COLUMNS}
  from n
  left join webhook_endpoints e on e.merchant_id = n.merchant_id and e.id = n.endpoint_id
  ${EVENT_OF_NEXT}`;

const nextDueParameters = (lease: Lease, endpointId: string, except: string) => [
  lease.until,
  lease.owner,
  lease.now,
  endpointId,
  lease.now,
  lease.now,
  except,
  lease.now,
  except,
  lease.now,
];

/**
 * Leases the endpoint's next due delivery, reading its endpoint and event: in a claim's transaction,
 * which holds the endpoint's row locked, so this statement (with a snapshot taken after the lock)
 * sees every lease committed before.
 */
export async function leaseNextFolded(trx: Kysely<Database>, lease: Lease, endpointId: string): Promise<LeasedRows | undefined> {
  const statement = preparedOnce('postgres', 'webhook lease', () => LEASE);
  const [row] = await runPrepared<Row>(trx, statement, nextDueParameters(lease, endpointId, ''));
  return row === undefined ? undefined : leasedOf(row);
}

const RECORD = `with held as (
  select 1 from webhook_deliveries where merchant_id = ? and id = ? and lease_owner = ? and lease_until > ?
), attempt as (
  insert into webhook_attempts (id, merchant_id, environment, endpoint_id, delivery_id, event_id, event_type, attempt, outcome,
                                response_status, response_body, duration_ms, error, next_retry_at, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
), recorded as (
  update webhook_deliveries set status = ?, attempts = ?, next_attempt_at = ?, lease_until = null, lease_owner = null, updated_at = ?
   where merchant_id = ? and id = ?
), e as (
  update webhook_endpoints set failing_since = ?, status = coalesce(?, status), updated_at = coalesce(?, updated_at), timeouts = ?
   where merchant_id = ? and id = ?
  returning ${ENDPOINT_COLUMNS.join(', ')}
), n as (
  ${NEXT_DUE}
     and ?::boolean and exists (select 1 from held)
  returning ${DELIVERY_COLUMNS.join(', ')})
select ${aliased('e', 'e_', ENDPOINT_COLUMNS)}, ${aliased('n', 'd_', DELIVERY_COLUMNS)}, ${EVENT_COLUMNS}
  from (select 1) as one
  left join e on true
  left join n on true
  ${EVENT_OF_NEXT}`;

/**
 * Records an attempt (the attempt's row, the delivery's new state, the endpoint's) and leases the
 * endpoint's next due delivery, in one statement and so one transaction. Answers the next delivery
 * leased, with the endpoint's row as updated and what its attempt reads.
 */
export async function recordAttemptFolded(
  db: Kysely<Database>,
  lease: Lease,
  record: AttemptRecord,
): Promise<LeasedRows | undefined> {
  const { attempt, delivery, endpoint } = record;
  const statement = preparedOnce('postgres', 'webhook record', () => RECORD);
  const [row] = await runPrepared<Row>(db, statement, [
    attempt.merchant_id,
    attempt.delivery_id,
    lease.owner,
    lease.now,
    attempt.id,
    attempt.merchant_id,
    attempt.environment,
    attempt.endpoint_id,
    attempt.delivery_id,
    attempt.event_id,
    attempt.event_type,
    attempt.attempt,
    attempt.outcome,
    attempt.response_status,
    attempt.response_body,
    attempt.duration_ms,
    attempt.error,
    attempt.next_retry_at,
    attempt.created_at,
    delivery.status,
    delivery.attempts,
    delivery.nextAttemptAt,
    lease.now,
    attempt.merchant_id,
    attempt.delivery_id,
    endpoint.failingSince,
    endpoint.status,
    endpoint.updatedAt,
    endpoint.timeouts,
    attempt.merchant_id,
    attempt.endpoint_id,
    ...nextDueParameters(lease, attempt.endpoint_id, attempt.delivery_id),
    record.leaseNext,
  ]);
  return leasedOf(row!);
}
