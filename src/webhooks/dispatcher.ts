/**
 * The webhook dispatcher: claims due deliveries from the outbox with a lease, sends each, records
 * the attempt and schedules the next one.
 *
 * - At least once: a delivery leaves `pending` only after an attempt is recorded. A process that dies
 *   mid-attempt leaves its lease, which runs out after the attempt's timeout plus LEASE_MARGIN_MS; then
 *   any dispatcher (this one after a restart, or another process) claims the delivery again.
 * - Never twice at once: a claim is one atomic statement (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so
 *   two dispatchers never hold the same delivery.
 * - Order: per endpoint, one delivery is in flight at a time and the oldest due goes first, so first
 *   attempts follow creation order; a retry waits for its back-off while later events go ahead.
 * - Fair: one merchant cannot hold up another's deliveries. Claims go round the tenants (merchant and
 *   environment) with due deliveries, the one served longest ago first, one delivery each per round;
 *   a tenant has at most TENANT_IN_FLIGHT deliveries out at once (counted across every dispatcher, by
 *   live leases); an endpoint sends at most CHAIN_LIMIT deliveries in a row before its slot goes back
 *   to the round. An endpoint whose last SLOW_AFTER_TIMEOUTS attempts got no answer in time goes by
 *   the slow lane: slots of their own (`slowConcurrency`), so hanging receivers never take the normal
 *   lane's; its first answer in time brings it back.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.js';
import { toEvent, type EventColumns } from '../events/event-view.js';
import { customerIdOnly } from '../orders/customer-fields.js';
import { newId } from '../ids.js';
import type { Clock } from '../time.js';
import type { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import { EndpointSecrets } from './webhook-secrets.js';
import { signatureHeader, WebhookSender, type AttemptResult } from './send-webhook.js';
import { foldsWebhookStatements, leaseNextPostgres, recordAttemptPostgres, type Lease, type LeasedRows, type WebhookAttemptValues } from '../db/webhook-writes.js';
import { sql, type Kysely, type Selectable } from 'kysely';

type Delivery = Selectable<WebhookDeliveriesTable>;
type Endpoint = Selectable<WebhookEndpointsTable>;

/**
 * A leased delivery with what its attempt reads, read in the transaction that leased it: the attempt
 * then sends at once, without waiting again for the database connection behind the requests of this
 * process (on PostgreSQL the pool's queue, on SQLite the connection's): at the busy start of a bench
 * run, seconds each for reads of a millisecond. `endpoint` and `body` are undefined when they are gone.
 */
interface Leased {
  delivery: Delivery;
  endpoint: Endpoint | undefined;
  body: string | undefined;
}

export interface DispatcherOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  retryScheduleSeconds: readonly number[];
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** WEBHOOK_ALLOW_LINK_LOCAL: link-local and cloud-metadata addresses, closed even with private networks open unless set. */
  allowLinkLocal?: boolean;
  pollIntervalMs: number;
  /** Opens endpoint secrets stored encrypted (SIGNING_KEY_ENCRYPTION_KEY); without it, secrets are read as stored. */
  cipher?: SigningKeyCipher;
  /** Deliveries in flight at once in this process, in the normal lane (default 16). */
  concurrency?: number;
  /** Deliveries in flight at once in this process, in the slow lane (default 4). */
  slowConcurrency?: number;
  /** Called after each attempt (metrics). */
  onAttempt?: (outcome: 'succeeded' | 'retrying' | 'failed') => void;
}

/** Beyond the attempt's timeout, how long a lease lasts: room for recording the attempt. */
export const LEASE_MARGIN_MS = 5_000;
/** An endpoint failing every attempt for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;

export type Lane = 'normal' | 'slow';
/** Attempts in a row without an answer in time (`timeout`, `connect_timeout`) that put an endpoint in the slow lane. */
export const SLOW_AFTER_TIMEOUTS = 2;
/** Deliveries of one tenant (merchant and environment) out at once in each lane, across every dispatcher. */
export const TENANT_IN_FLIGHT: Readonly<Record<Lane, number>> = { normal: 4, slow: 2 };
/** Deliveries of one endpoint sent one after another in a slot before the slot goes back to the round. */
export const CHAIN_LIMIT = 16;

/** A tenant with due deliveries in a lane, and how many of its deliveries of that lane are out. */
interface DueTenant {
  merchantId: string;
  environment: Delivery['environment'];
  lane: Lane;
  inFlight: number;
}

const tenantKey = (t: Pick<DueTenant, 'merchantId' | 'environment'>) => `${t.merchantId}/${t.environment}`;
const timedOut = (error: string | null) => error === 'timeout' || error === 'connect_timeout';

export class WebhookDispatcher {
  private readonly owner = randomUUID();
  private readonly sender: WebhookSender;
  private readonly secrets: EndpointSecrets;
  private readonly inFlight = new Map<string, { done: Promise<void>; abort: AbortController; lane: Lane }>();
  /** The round: when each tenant was last served (a counter), so that the one served longest ago goes first. */
  private readonly served = new Map<string, number>();
  private turn = 0;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  /** Set by `nudge` (and by each finished attempt): look again before waiting for the poll. */
  private nudged = false;

  constructor(private readonly options: DispatcherOptions) {
    this.sender = new WebhookSender(options.timeoutMs, options.allowPrivateNetworks, options.allowLinkLocal ?? false);
    this.secrets = new EndpointSecrets(options.cipher);
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** Stops claiming; attempts in flight are aborted and their leases released, so another process sends them at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    for (const { abort } of this.inFlight.values()) abort.abort();
    await this.running;
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
    this.sender.close();
  }

  /**
   * Looks for due deliveries now rather than at the next poll: called after a change of this process
   * has committed (it may have queued deliveries), so that they leave within milliseconds, not up to
   * WEBHOOK_POLL_INTERVAL_MS later. A nudge during a pass is remembered: another pass follows it at
   * once (that pass may have looked before the change committed).
   */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Claims and sends what is due until nothing is; resolves when a pass finds nothing to claim. */
  async drain(): Promise<void> {
    while (!this.stopping && (await this.fill()) > 0) {
      await Promise.race([...this.inFlight.values()].map((f) => f.done));
    }
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.nudged = false;
      try {
        await this.fill();
      } catch (error) {
        this.options.log.error({ err: error }, 'webhook dispatcher could not claim deliveries');
      }
      // A nudge or a stop that came during the pass called the wake of the wait before: no waiting now.
      if (this.nudged || this.stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
        // A finished attempt may free its endpoint's next event: look again at once.
        for (const f of this.inFlight.values()) void f.done.then(this.wake);
      });
    }
  }

  /** Free slots of each lane in this process. */
  private freeSlots(): Record<Lane, number> {
    const free: Record<Lane, number> = { normal: this.options.concurrency ?? 16, slow: this.options.slowConcurrency ?? 4 };
    for (const { lane } of this.inFlight.values()) free[lane] -= 1;
    return free;
  }

  /**
   * Claims due deliveries while slots are free and starts sending them, in rounds: each round takes
   * one delivery of each tenant with due deliveries (the tenant served longest ago first) whose lane
   * has a free slot and who has fewer than TENANT_IN_FLIGHT out. Returns how many it claimed.
   */
  private async fill(): Promise<number> {
    let claimed = 0;
    while (!this.stopping) {
      const free = this.freeSlots();
      if (free.normal <= 0 && free.slow <= 0) break;
      const now = this.options.clock.now();
      const tenants = (await this.dueTenants(now)).filter((t) => free[t.lane] > 0 && t.inFlight < TENANT_IN_FLIGHT[t.lane]);
      tenants.sort((a, b) => (this.served.get(tenantKey(a)) ?? 0) - (this.served.get(tenantKey(b)) ?? 0));
      let round = 0;
      for (const tenant of tenants) {
        if (this.stopping || free[tenant.lane] <= 0) continue;
        const leased = await this.claim(tenant);
        if (leased === undefined) continue;
        if (this.served.size > 10_000) this.served.clear();
        this.served.set(tenantKey(tenant), ++this.turn);
        free[tenant.lane] -= 1;
        round += 1;
        this.launch(leased, tenant.lane);
      }
      claimed += round;
      if (round === 0) break;
    }
    return claimed;
  }

  private launch(leased: Leased, lane: Lane): void {
    const { delivery } = leased;
    const abort = new AbortController();
    const done = this.deliver(leased, abort.signal, lane).catch((error: unknown) => {
      this.options.log.error({ err: error, delivery_id: delivery.id }, 'webhook delivery could not be recorded; it is retried when its lease runs out');
    });
    // A finished attempt may free its endpoint's next event: look again at once, even if it ends during a pass.
    const finished = done.finally(() => {
      this.inFlight.delete(delivery.id);
      if (!this.stopping) this.nudge();
    });
    this.inFlight.set(delivery.id, { done: finished, abort, lane });
  }

  /**
   * The tenants with deliveries due now, per lane, with how many of their deliveries of that lane are
   * under a live lease (of any dispatcher). Every tenant's, so it reads across merchants.
   */
  private async dueTenants(now: Date): Promise<DueTenant[]> {
    const nowIso = now.toISOString();
    const slow = sql.raw(`case when e.timeouts >= ${SLOW_AFTER_TIMEOUTS} then 1 else 0 end`);
    const { rows } = await sql<{ merchant_id: string; environment: Delivery['environment']; slow: number | string; in_flight: number | string; due: number | string }>`
      select d.merchant_id, d.environment, ${slow} as slow,
             sum(case when d.lease_until > ${nowIso} then 1 else 0 end) as in_flight,
             sum(case when d.lease_until is null or d.lease_until <= ${nowIso} then 1 else 0 end) as due
        from webhook_deliveries d
        join webhook_endpoints e on e.merchant_id = d.merchant_id and e.id = d.endpoint_id
       where d.status = 'pending' and d.next_attempt_at <= ${nowIso}
       group by d.merchant_id, d.environment, ${slow}`.execute(this.options.db.kysely);
    return rows
      .filter((r) => Number(r.due) > 0)
      .map((r) => ({ merchantId: r.merchant_id, environment: r.environment, lane: Number(r.slow) === 1 ? 'slow' : 'normal', inFlight: Number(r.in_flight) }));
  }

  /**
   * Leases the tenant's next due delivery in its lane, at most one per endpoint at a time, each
   * endpoint's in creation order. Two claimers could both pass the "no other live lease" check on
   * their snapshots (and on PostgreSQL `SKIP LOCKED` would hand the second the endpoint's next event
   * while the first is still out): so a claimer first takes the endpoint (its row locked, skipping
   * endpoints another claimer holds), then looks in a statement of its own, whose snapshot sees every
   * lease committed before.
   */
  private async claim(tenant: DueTenant): Promise<Leased | undefined> {
    const { db } = this.options;
    const now = this.options.clock.now();
    // An endpoint whose lease was committed after the first statement's snapshot yields nothing: look again, afresh.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claimed = await db.transaction(async (trx) => {
        const endpoint = await trx
          .skipLocked(
            this.due(trx, now)
              .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
              .where('d.merchant_id', '=', tenant.merchantId)
              .where('d.environment', '=', tenant.environment)
              .where('e.timeouts', tenant.lane === 'slow' ? '>=' : '<', SLOW_AFTER_TIMEOUTS)
              .clearSelect()
              .select('d.endpoint_id'),
            'e',
          )
          .executeTakeFirst();
        if (endpoint === undefined) return null;
        if (foldsWebhookStatements(db)) return leasedFrom(await leaseNextPostgres(trx, this.lease(now), endpoint.endpoint_id));
        const delivery = await this.leaseNext(trx, now, endpoint.endpoint_id);
        return delivery && this.leased(trx, delivery);
      });
      if (claimed !== undefined) return claimed ?? undefined;
    }
    return undefined;
  }

  /** The first due delivery whose endpoint has none out. */
  private due(db: Kysely<Database>, now: Date) {
    const nowIso = now.toISOString();
    return db
      .selectFrom('webhook_deliveries as d')
      .select('d.id')
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', nowIso)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as o')
              .select('o.id')
              .whereRef('o.endpoint_id', '=', 'd.endpoint_id')
              .where('o.status', '=', 'pending')
              .where('o.lease_until', '>', nowIso),
          ),
        ),
      )
      .orderBy('d.next_attempt_at')
      .orderBy('d.created_at')
      .orderBy('d.id')
      .limit(1);
  }

  /** A lease taken at `now` by this dispatcher. */
  private lease(now: Date): Lease {
    return { owner: this.owner, until: new Date(now.getTime() + this.options.timeoutMs + LEASE_MARGIN_MS).toISOString(), now: now.toISOString() };
  }

  private async leaseNext(db: Kysely<Database>, now: Date, endpointId: string): Promise<Delivery | undefined> {
    const lease = this.lease(now);
    return db
      .updateTable('webhook_deliveries')
      .set({ lease_until: lease.until, lease_owner: lease.owner, updated_at: lease.now })
      .where('id', '=', this.due(db, now).where('d.endpoint_id', '=', endpointId))
      .returningAll()
      .executeTakeFirst();
  }

  /** What the attempt of a delivery leased in `trx` reads, read there; `endpoint` is the endpoint's row if the caller has it. */
  private async leased(trx: Kysely<Database>, delivery: Delivery, endpoint?: Endpoint): Promise<Leased> {
    return {
      delivery,
      endpoint:
        endpoint ??
        (await trx
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('merchant_id', '=', delivery.merchant_id)
          .where('id', '=', delivery.endpoint_id)
          .executeTakeFirst()),
      body: delivery.payload ?? (await eventBody(trx, delivery)),
    };
  }

  /**
   * Sends a leased delivery, then the endpoint's next due one, leased in the transaction that
   * recorded the attempt (see `record`), and so on while the endpoint has due deliveries: one
   * transaction per attempt instead of a claim and a record. Stopping hands a chained lease back.
   */
  private async deliver(first: Leased, signal: AbortSignal, lane: Lane): Promise<void> {
    let leased: Leased | undefined = first;
    for (let sent = 1; leased !== undefined; sent += 1) {
      if (signal.aborted || this.stopping) {
        await this.settle(leased.delivery, { status: 'pending', next_attempt_at: leased.delivery.next_attempt_at });
        return;
      }
      leased = await this.attempt(leased, signal, { lane, last: sent >= CHAIN_LIMIT });
    }
  }

  /** One attempt of a leased delivery; answers the endpoint's next delivery if the record leased it. */
  private async attempt({ delivery, endpoint, body }: Leased, signal: AbortSignal, slot: { lane: Lane; last: boolean }): Promise<Leased | undefined> {
    const { clock } = this.options;
    if (endpoint === undefined || endpoint.status !== 'enabled' || endpoint.deleted_at !== null) {
      this.sender.forget(delivery.endpoint_id);
      await this.settle(delivery, { status: 'failed', next_attempt_at: delivery.next_attempt_at });
      return undefined;
    }
    if (body === undefined) {
      await this.settle(delivery, { status: 'failed', next_attempt_at: delivery.next_attempt_at });
      return undefined;
    }
    const sentAt = clock.now();
    // A secret that cannot be decrypted (the wrong SIGNING_KEY_ENCRYPTION_KEY) throws: the delivery
    // stays pending and is tried again once its lease runs out, so nothing is sent unsigned or lost.
    const secrets = await this.secrets.live(endpoint, sentAt);
    const headers = {
      'webhook-id': delivery.event_id,
      'webhook-timestamp': Math.floor(sentAt.getTime() / 1000).toString(),
      'webhook-signature': signatureHeader(secrets, delivery.event_id, sentAt, body),
    };
    const result = await this.sender.send(endpoint.id, endpoint.url, headers, body, signal);
    if (result.error === 'aborted') {
      // Shutting down: give the delivery back untouched, so that another process sends it now.
      await this.settle(delivery, { status: 'pending', next_attempt_at: delivery.next_attempt_at });
      return undefined;
    }
    // The slot sends the endpoint's next delivery only while the endpoint stays in the slot's lane, and not past CHAIN_LIMIT.
    const timeouts = timedOut(result.error) ? Number(endpoint.timeouts) + 1 : 0;
    const staysInLane = (timeouts >= SLOW_AFTER_TIMEOUTS ? 'slow' : 'normal') === slot.lane;
    return this.record(delivery, endpoint.url, result, endpoint.failing_since, timeouts, staysInLane && !slot.last);
  }

  /** Ends this dispatcher's hold on the delivery, if it still has it. */
  private async settle(delivery: Delivery, change: { status: Delivery['status']; next_attempt_at: string }): Promise<void> {
    await this.options.db.kysely
      .updateTable('webhook_deliveries')
      .set({ ...change, lease_until: null, lease_owner: null, updated_at: this.options.clock.now().toISOString() })
      .where('merchant_id', '=', delivery.merchant_id)
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', this.owner)
      .execute();
  }

  /**
   * Records an attempt: the attempt, the delivery's new state and the endpoint's, in one transaction,
   * which then leases the endpoint's next due delivery (unless the endpoint was just disabled or this
   * process is stopping). The endpoint's row, updated first-hand here, is held until the commit, so
   * claimers skip the endpoint meanwhile (see `claim`), and the lease's statement sees every lease
   * committed before: still one delivery of the endpoint out at a time, in creation order. On
   * PostgreSQL all of it is one statement, one round trip (`recordAttemptPostgres`, which says why its
   * single snapshot keeps that promise).
   */
  private async record(
    delivery: Delivery,
    url: string,
    result: AttemptResult,
    failingSince: string | null,
    timeouts: number,
    chain: boolean,
  ): Promise<Leased | undefined> {
    const { db, clock, retryScheduleSeconds, log } = this.options;
    const now = clock.now();
    const nowIso = now.toISOString();
    const attempt = delivery.attempts + 1;
    const succeeded = result.error === null;
    const gone = result.status === 410;
    const delay = retryScheduleSeconds[attempt];
    const nextRetryAt = succeeded || gone || delay === undefined ? null : new Date(now.getTime() + withJitter(delay) * 1000).toISOString();
    const failingTooLong = !succeeded && failingSince !== null && now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_FAILING_MS;
    const outcome = succeeded ? 'succeeded' : nextRetryAt === null || failingTooLong ? 'failed' : 'retrying';
    const logLine = { delivery_id: delivery.id, event_id: delivery.event_id, endpoint_id: delivery.endpoint_id, attempt, status: result.status, error: result.error, ms: result.durationMs };
    if (result.error === 'blocked_address') log.warn({ ...logLine, url }, 'webhook refused: the endpoint resolves to a private or reserved address');
    else if (succeeded) log.info(logLine, 'webhook delivered');
    else log.info({ ...logLine, next_retry_at: nextRetryAt }, 'webhook attempt failed');

    const attemptRow: WebhookAttemptValues = {
      id: newId('wha'),
      merchant_id: delivery.merchant_id,
      environment: delivery.environment,
      endpoint_id: delivery.endpoint_id,
      delivery_id: delivery.id,
      event_id: delivery.event_id,
      event_type: delivery.event_type,
      attempt,
      outcome: succeeded ? 'succeeded' : 'failed',
      response_status: result.status,
      response_body: result.body,
      duration_ms: result.durationMs,
      error: result.error,
      next_retry_at: outcome === 'retrying' ? nextRetryAt : null,
      created_at: nowIso,
    };
    const deliveryChange: Pick<Delivery, 'status' | 'attempts' | 'next_attempt_at'> = {
      status: outcome === 'retrying' ? 'pending' : outcome,
      attempts: attempt,
      next_attempt_at: nextRetryAt ?? delivery.next_attempt_at,
    };
    const disables = gone || failingTooLong;
    const endpointChange: { failing_since: string | null; timeouts: number; status?: 'disabled'; updated_at?: string } = succeeded
      ? { failing_since: null, timeouts }
      : disables
        ? { status: 'disabled', failing_since: failingSince ?? nowIso, timeouts, updated_at: nowIso }
        : { failing_since: failingSince ?? nowIso, timeouts };
    const leaseNext = chain && !disables && !this.stopping;
    if (disables) this.sender.forget(delivery.endpoint_id);

    let next: Leased | undefined;
    if (foldsWebhookStatements(db)) {
      const recorded = await recordAttemptPostgres(db.kysely, this.lease(now), {
        attempt: attemptRow,
        delivery: { status: deliveryChange.status, attempts: attempt, nextAttemptAt: deliveryChange.next_attempt_at },
        endpoint: { failingSince: endpointChange.failing_since, status: endpointChange.status ?? null, updatedAt: endpointChange.updated_at ?? null, timeouts },
        leaseNext,
      });
      next = leasedFrom(recorded.next, recorded.endpoint);
    } else {
      next = await db.transaction(async (trx) => {
        await trx.insertInto('webhook_attempts').values(attemptRow).execute();
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...deliveryChange, lease_until: null, lease_owner: null, updated_at: nowIso })
          .where('merchant_id', '=', delivery.merchant_id)
          .where('id', '=', delivery.id)
          .execute();
        const endpoint = await trx
          .updateTable('webhook_endpoints')
          .set(endpointChange)
          .where('merchant_id', '=', delivery.merchant_id)
          .where('id', '=', delivery.endpoint_id)
          .returningAll()
          .executeTakeFirst();
        if (!leaseNext) return undefined;
        const leased = await this.leaseNext(trx, clock.now(), delivery.endpoint_id);
        return leased && this.leased(trx, leased, endpoint);
      });
    }
    if (gone || failingTooLong) log.warn({ endpoint_id: delivery.endpoint_id, reason: gone ? '410 Gone' : 'failing for 5 days' }, 'webhook endpoint disabled');
    this.options.onAttempt?.(outcome);
    return next;
  }
}

/** A delivery leased by a PostgreSQL statement, with its endpoint (or `endpoint`, the row the statement updated) and body. */
function leasedFrom(rows: LeasedRows | undefined, endpoint?: Endpoint): Leased | undefined {
  if (rows === undefined) return undefined;
  return {
    delivery: rows.delivery,
    endpoint: endpoint ?? rows.endpoint,
    body: rows.delivery.payload ?? (rows.event === undefined ? undefined : eventJson(rows.event, rows.delivery)),
  };
}

/** The body of the delivery's stored event, as `GET /v1/events/:id` shows it; undefined if the event is gone. */
async function eventBody(db: Kysely<Database>, delivery: Delivery): Promise<string | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['id', 'type', 'data', 'created_at'])
    .where('merchant_id', '=', delivery.merchant_id)
    .where('id', '=', delivery.event_id)
    .executeTakeFirst();
  return row === undefined ? undefined : eventJson(row, delivery);
}

/** The event as `GET /v1/events/:id` shows it to the endpoint's credential: an order's customer as its id only when it cannot read customers. */
function eventJson(row: EventColumns, delivery: Pick<Delivery, 'hide_customer'>): string {
  const event = toEvent(row);
  if (Number(delivery.hide_customer) === 1) event.data.object = customerIdOnly(event.data.object as never);
  return JSON.stringify(event);
}

/** A delay with up to 10% added at random, so that retries of many deliveries do not arrive together. */
function withJitter(seconds: number): number {
  return seconds === 0 ? 0 : seconds * (1 + Math.random() * 0.1);
}
