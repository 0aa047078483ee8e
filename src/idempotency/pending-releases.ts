/**
 * Idempotency keys a failed request could not let go of, because the database was failing when it
 * answered (a failover, a restart): each is tried again every second until it is released or its
 * lease has passed (then the next request with the key takes it over anyway). Without this, a
 * client retrying a request that failed while the primary was being replaced would be told 409
 * `idempotency_key_in_use` for the whole lease (a minute) after the database was back.
 *
 * @example
 *   const pending = new PendingReleases(db, log);
 *   pending.add(tenant, key, lockedAt); // after releaseKey failed
 *   pending.close();                    // when the server closes
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Tenant } from '../auth/principal.js';
import type { ReadHandle } from '../db/handle.js';
import { IDEMPOTENCY_LEASE_MS, releaseKey } from './claim-key.js';

/** How often the keys still held are tried again. */
const RETRY_EVERY_MS = 1_000;

interface Held {
  tenant: Tenant;
  key: string;
  lockedAt: string;
}

export class PendingReleases {
  readonly #held = new Map<string, Held>();
  #timer: NodeJS.Timeout | undefined;
  #trying = false;

  constructor(
    private readonly db: ReadHandle,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keys waiting to be released. */
  get size(): number {
    return this.#held.size;
  }

  /** A hold of `key` taken at `lockedAt`, to release. Each hold is its own: a retry that failed too does not replace its first try's. */
  add(tenant: Tenant, key: string, lockedAt: string): void {
    this.#held.set(`${tenant.merchantId} ${tenant.environment} ${key} ${lockedAt}`, { tenant, key, lockedAt });
    this.#timer ??= setInterval(() => void this.#retry(), RETRY_EVERY_MS).unref();
  }

  async #retry(): Promise<void> {
    if (this.#trying) return;
    this.#trying = true;
    try {
      for (const [id, held] of this.#held) {
        if (Date.parse(held.lockedAt) <= this.now() - IDEMPOTENCY_LEASE_MS) {
          this.#held.delete(id);
          continue;
        }
        try {
          await releaseKey(this.db, held.tenant, held.key, held.lockedAt);
          this.#held.delete(id);
          this.log.info({ key: held.key }, 'idempotency key released after the database came back');
        } catch {
          // Still failing: the next round tries again, and the rest of this round would fail the same way.
          break;
        }
      }
    } finally {
      this.#trying = false;
      if (this.#held.size === 0) this.close();
    }
  }

  close(): void {
    this.#held.clear();
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
