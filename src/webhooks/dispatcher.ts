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
import { claimDelivery, dueTenants, recordAttempt, releaseDelivery, type Lease, type LeasedRows } from '../db/webhooks/dispatch.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../db/webhooks/rows.js';
import { toEvent, type EventColumns } from '../events/event-view.js';
import { customerIdOnly } from '../orders/customer-fields.js';
import { newId } from '../ids.js';
import type { Clock } from '../time.js';
import type { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import { EndpointSecrets } from './webhook-secrets.js';
import { signatureHeader, WebhookSender, type AttemptResult } from './send-webhook.js';

type Delivery = WebhookDeliveryRow;
type Endpoint = WebhookEndpointRow;

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
    const rows = await dueTenants(this.options.db, now.toISOString(), SLOW_AFTER_TIMEOUTS);
    return rows.map((r) => ({ merchantId: r.merchantId, environment: r.environment, lane: r.slow ? 'slow' : 'normal', inFlight: r.inFlight }));
  }

  /**
   * Leases the tenant's next due delivery in its lane, at most one per endpoint at a time, each
   * endpoint's in creation order (`claimDelivery` says how claimers keep out of each other's way).
   */
  private async claim(tenant: DueTenant): Promise<Leased | undefined> {
    const lease = this.lease(this.options.clock.now());
    const lane = { slow: tenant.lane === 'slow', slowAfterTimeouts: SLOW_AFTER_TIMEOUTS };
    // An endpoint whose lease was committed after the first statement's snapshot yields nothing: look again, afresh.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claimed = await claimDelivery(this.options.db, tenant, lane, lease);
      if (claimed === 'none_due') return undefined;
      if (claimed !== 'missed') return leasedFrom(claimed);
    }
    return undefined;
  }

  /** A lease taken at `now` by this dispatcher. */
  private lease(now: Date): Lease {
    return { owner: this.owner, until: new Date(now.getTime() + this.options.timeoutMs + LEASE_MARGIN_MS).toISOString(), now: now.toISOString() };
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
    await releaseDelivery(this.options.db, delivery, this.owner, change, this.options.clock.now().toISOString());
  }

  /**
   * Records an attempt: the attempt, the delivery's new state and the endpoint's, in one transaction,
   * which then leases the endpoint's next due delivery (unless the endpoint was just disabled or this
   * process is stopping), still one delivery of the endpoint out at a time, in creation order
   * (`recordAttempt` says how).
   */
  private async record(
    delivery: Delivery,
    url: string,
    result: AttemptResult,
    failingSince: string | null,
    timeouts: number,
    chain: boolean,
  ): Promise<Leased | undefined> {
    const { clock, retryScheduleSeconds, log } = this.options;
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

    const attemptRow: WebhookAttemptRow = {
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
    const disables = gone || failingTooLong;
    const leaseNext = chain && !disables && !this.stopping;
    if (disables) this.sender.forget(delivery.endpoint_id);

    const next = await recordAttempt(
      this.options.db,
      {
        attempt: attemptRow,
        delivery: { status: outcome === 'retrying' ? 'pending' : outcome, attempts: attempt, nextAttemptAt: nextRetryAt ?? delivery.next_attempt_at },
        endpoint: succeeded
          ? { failingSince: null, status: null, updatedAt: null, timeouts }
          : { failingSince: failingSince ?? nowIso, status: disables ? 'disabled' : null, updatedAt: disables ? nowIso : null, timeouts },
        leaseNext,
      },
      // PostgreSQL's one statement takes the next lease at the record's time; SQLite's transaction once it holds the write lock.
      () => this.lease(clock.now()),
    );
    if (gone || failingTooLong) log.warn({ endpoint_id: delivery.endpoint_id, reason: gone ? '410 Gone' : 'failing for 5 days' }, 'webhook endpoint disabled');
    this.options.onAttempt?.(outcome);
    return next && leasedFrom(next);
  }
}

/** A leased delivery with its endpoint and the body to send: its own (a `ping`), else its stored event's, undefined if the event is gone. */
function leasedFrom(rows: LeasedRows): Leased {
  return {
    delivery: rows.delivery,
    endpoint: rows.endpoint,
    body: rows.delivery.payload ?? (rows.event === undefined ? undefined : eventJson(rows.event, rows.delivery)),
  };
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
