/**
 * The webhook dispatcher's statements on the outbox (`webhook_deliveries`), its endpoints and their
 * attempts: which tenants have deliveries due, the claim of one with a lease, the record of an
 * attempt (which leases the endpoint's next delivery), and the release of a lease. They read across
 * merchants: the dispatcher serves every tenant.
 *
 * The two databases take different roads to the same rows: PostgreSQL folds a lease's reads, and an
 * attempt's record with the next lease, into one statement each (`postgres-dispatch.ts`: each
 * statement there is a round trip); SQLite, in the process, runs them as Kysely statements in one
 * transaction. The rules the dispatcher keeps (one delivery of an endpoint out at a time, in
 * creation order; see `webhooks/dispatcher.ts`) hold on both.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../connection.js';
import type { Database, Environment, EventRow } from '../schema.js';
import { eventOfDelivery } from '../outbox/events.js';
import type { DbTransaction } from '../transaction.js';
import { leaseNextFolded, recordAttemptFolded } from './postgres-dispatch.js';
import { ENDPOINT_COLUMNS, DELIVERY_COLUMNS, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEndpointRow } from './rows.js';

export interface Lease {
  /** The lease's holder and end, and the time the delivery must be due by. */
  owner: string;
  until: string;
  now: string;
}

/** A leased delivery with its endpoint's row and its stored event (undefined when gone, or a `ping` that has none). */
export interface LeasedRows {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow | undefined;
  event: Pick<EventRow, 'id' | 'type' | 'data' | 'created_at'> | undefined;
}

/** The endpoints of a lane: those with at least `slowAfterTimeouts` attempts in a row unanswered in time (`slow`), or the others. */
export interface LaneFilter {
  slow: boolean;
  slowAfterTimeouts: number;
}

/** A tenant with deliveries due in a lane, and how many of its deliveries of that lane are under a live lease. */
export interface DueTenantRow {
  merchantId: string;
  environment: Environment;
  slow: boolean;
  inFlight: number;
}

/**
 * The tenants with deliveries due at `now`, per lane, with how many of their deliveries of that lane
 * are under a live lease (of any dispatcher).
 */
export async function dueTenants(db: Db, now: string, slowAfterTimeouts: number): Promise<DueTenantRow[]> {
  const slow = sql.raw(`case when e.timeouts >= ${Number(slowAfterTimeouts)} then 1 else 0 end`);
  const { rows } = await sql<{ merchant_id: string; environment: Environment; slow: number | string; in_flight: number | string; due: number | string }>`
    select d.merchant_id, d.environment, ${slow} as slow,
           sum(case when d.lease_until > ${now} then 1 else 0 end) as in_flight,
           sum(case when d.lease_until is null or d.lease_until <= ${now} then 1 else 0 end) as due
      from webhook_deliveries d
      join webhook_endpoints e on e.merchant_id = d.merchant_id and e.id = d.endpoint_id
     where d.status = 'pending' and d.next_attempt_at <= ${now}
     group by d.merchant_id, d.environment, ${slow}`.execute(db.kysely);
  return rows
    .filter((r) => Number(r.due) > 0)
    .map((r) => ({ merchantId: r.merchant_id, environment: r.environment, slow: Number(r.slow) === 1, inFlight: Number(r.in_flight) }));
}

/**
 * Leases the tenant's next due delivery in the lane, at most one per endpoint at a time, each
 * endpoint's in creation order, and reads what its attempt needs in the same transaction. Two
 * claimers could both pass the "no other live lease" check on their snapshots (and on PostgreSQL
 * `SKIP LOCKED` would hand the second the endpoint's next event while the first is still out): so a
 * claim first takes the endpoint (its row locked, skipping endpoints another claimer holds), then
 * looks in a statement of its own, whose snapshot sees every lease committed before.
 *
 * Answers `none_due` when the tenant has no endpoint with a delivery to claim, and `missed` when the
 * endpoint taken had none left (a lease committed after the first statement's snapshot): look again.
 */
export async function claimDelivery(
  db: Db,
  tenant: { merchantId: string; environment: Environment },
  lane: LaneFilter,
  lease: Lease,
): Promise<LeasedRows | 'none_due' | 'missed'> {
  return db.transaction(async (trx) => {
    const endpoint = await trx
      .skipLocked(
        due(trx, lease.now)
          .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
          .where('d.merchant_id', '=', tenant.merchantId)
          .where('d.environment', '=', tenant.environment)
          .where('e.timeouts', lane.slow ? '>=' : '<', lane.slowAfterTimeouts)
          .clearSelect()
          .select('d.endpoint_id'),
        'e',
      )
      .executeTakeFirst();
    if (endpoint === undefined) return 'none_due';
    if (db.dialect === 'postgres') return (await leaseNextFolded(trx, lease, endpoint.endpoint_id)) ?? 'missed';
    const delivery = await leaseNext(trx, lease, endpoint.endpoint_id);
    return delivery === undefined ? 'missed' : leasedRows(trx, delivery);
  });
}

/** The attempt's row, and what it changes of its delivery and its endpoint. */
export interface AttemptRecord {
  attempt: WebhookAttemptRow;
  delivery: { status: WebhookDeliveryRow['status']; attempts: number; nextAttemptAt: string };
  /** `status` and `updatedAt` are left as they are when null. */
  endpoint: { failingSince: string | null; status: WebhookEndpointRow['status'] | null; updatedAt: string | null; timeouts: number };
  /** Lease the endpoint's next delivery (false when the endpoint was just disabled, or the dispatcher is stopping). */
  leaseNext: boolean;
}

/**
 * Records an attempt: the attempt, the delivery's new state (its lease released) and the endpoint's,
 * in one transaction, which then leases the endpoint's next due delivery if `record.leaseNext`. The
 * endpoint's row, updated first-hand here, is held until the commit, so claimers skip the endpoint
 * meanwhile (see `claimDelivery`), and the lease's statement sees every lease committed before:
 * still one delivery of the endpoint out at a time, in creation order. On PostgreSQL all of it is one
 * statement, one round trip, which leases only while the attempt's own lease is held
 * (`postgres-dispatch.ts` says why its single snapshot needs that).
 *
 * `lease` stamps the lease of the next delivery when it is taken: PostgreSQL's statement takes it at
 * once; SQLite's once its transaction holds the write lock. Answers that delivery with the endpoint's
 * row as updated and what the attempt reads.
 */
export async function recordAttempt(db: Db, record: AttemptRecord, lease: () => Lease): Promise<LeasedRows | undefined> {
  if (db.dialect === 'postgres') return recordAttemptFolded(db.kysely, lease(), record);
  const { attempt, delivery, endpoint } = record;
  // The attempt's row is made at the record's time: the delivery is updated as of then.
  return db.transaction(async (trx) => {
    await trx.insertInto('webhook_attempts').values(attempt).execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: delivery.status, attempts: delivery.attempts, next_attempt_at: delivery.nextAttemptAt, lease_until: null, lease_owner: null, updated_at: attempt.created_at })
      .where('merchant_id', '=', attempt.merchant_id)
      .where('id', '=', attempt.delivery_id)
      .execute();
    const updated = await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(endpoint.status === null ? {} : { status: endpoint.status }),
        failing_since: endpoint.failingSince,
        timeouts: endpoint.timeouts,
        ...(endpoint.updatedAt === null ? {} : { updated_at: endpoint.updatedAt }),
      })
      .where('merchant_id', '=', attempt.merchant_id)
      .where('id', '=', attempt.endpoint_id)
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirst();
    if (!record.leaseNext) return undefined;
    const next = await leaseNext(trx, lease(), attempt.endpoint_id);
    return next && leasedRows(trx, next, updated);
  });
}

/** Ends the hold of `owner` on the delivery, if it still has it, setting its status and when it is next due. */
export async function releaseDelivery(
  db: Db,
  delivery: Pick<WebhookDeliveryRow, 'merchant_id' | 'id'>,
  owner: string,
  change: { status: WebhookDeliveryRow['status']; next_attempt_at: string },
  now: string,
): Promise<void> {
  await db.kysely
    .updateTable('webhook_deliveries')
    .set({ ...change, lease_until: null, lease_owner: null, updated_at: now })
    .where('merchant_id', '=', delivery.merchant_id)
    .where('id', '=', delivery.id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** The first delivery due at `now` whose endpoint has none out. */
function due(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as o')
            .select('o.id')
            .whereRef('o.endpoint_id', '=', 'd.endpoint_id')
            .where('o.status', '=', 'pending')
            .where('o.lease_until', '>', now),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(1);
}

/** Leases the endpoint's first due delivery (SQLite's statement; PostgreSQL's is `leaseNextFolded`). */
async function leaseNext(db: Kysely<Database>, lease: Lease, endpointId: string): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_until: lease.until, lease_owner: lease.owner, updated_at: lease.now })
    .where('id', '=', due(db, lease.now).where('d.endpoint_id', '=', endpointId))
    .returning(DELIVERY_COLUMNS)
    .executeTakeFirst();
}

/** What the attempt of a delivery leased in `trx` reads, read there; `endpoint` is the endpoint's row if the caller has it. */
async function leasedRows(trx: DbTransaction, delivery: WebhookDeliveryRow, endpoint?: WebhookEndpointRow): Promise<LeasedRows> {
  return {
    delivery,
    endpoint:
      endpoint ??
      (await trx
        .selectFrom('webhook_endpoints')
        .select(ENDPOINT_COLUMNS)
        .where('merchant_id', '=', delivery.merchant_id)
        .where('id', '=', delivery.endpoint_id)
        .executeTakeFirst()),
    // A `ping` carries its body; an event's is its stored event.
    event: delivery.payload === null ? await eventOfDelivery(trx, delivery.merchant_id, delivery.event_id) : undefined,
  };
}
