/**
 * Brute-force limits on the sign-in form and the token endpoints, with rate-limiter-flexible. Each
 * is shaped so that an attacker cannot aim it at someone else:
 *
 * - per client address (`clientAddress`: an IPv6 client by its /64): every request to those
 *   endpoints counts, `perAddress` a minute. A refresh with a live refresh token counts too but is
 *   never refused for it: it has a budget of its own, `perAddress` a minute per sign-in, so that
 *   users who share an address (a shop's network, a balancer not named in TRUST_PROXY) stay
 *   signed in whatever the others on it do.
 * - per account and address: failed sign-ins for one e-mail from one address. The first
 *   `perAccount` are free; after that each attempt from that address waits a delay that doubles
 *   with every further failure, from 2 minutes up to 15, and the count is forgotten after 24 hours
 *   or at the first success. The same account from another address is not held back, so an
 *   attacker's guesses cannot lock the owner out.
 * - per account, from all addresses together: a ceiling of 10 times `perAccount` failures an hour,
 *   a brake on guessing spread over many addresses. Past it, an address that has already failed for
 *   the account waits until the hour is over; an address that has not (the owner's, typically) may
 *   still try.
 *
 * Refused token requests (an unknown, spent or expired code or refresh token) count only against
 * their address, never against the user they name: presenting a dead refresh token is something
 * anyone who once held it can do.
 *
 * The counters live in Redis when one is given (every process then shares them), each limiter
 * falling back to this process's memory while Redis cannot be reached; otherwise in memory. Counters
 * in memory keep time by the server's `Clock` (Redis keeps its own).
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedCounters } from '../redis.js';
import { systemClock, type Clock } from '../time.js';

export const ADDRESS_WINDOW_SECONDS = 60;
/** The wait after the first failure past the free ones; each further failure doubles it. */
export const FIRST_DELAY_SECONDS = 2 * 60;
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures of an account from one address are forgotten this long after the first one. */
export const FAILURES_KEPT_SECONDS = 24 * 60 * 60;
/** The per-account ceiling, from all addresses together: this many times `perAccount` an hour. */
export const ACCOUNT_CEILING_FACTOR = 10;
export const ACCOUNT_CEILING_WINDOW_SECONDS = 60 * 60;
/** Counters that only count (the limiter's budget is never the point). */
const UNCAPPED = Number.MAX_SAFE_INTEGER;

export interface SignInLimitSettings {
  /** Requests per minute per client address to the sign-in and token endpoints (and refreshes per sign-in); 0 turns it off. */
  perAddress: number;
  /** Failed sign-ins per account and address before the delays start; 0 turns the account limits off. */
  perAccount: number;
  /** Count in Redis, shared by every process. */
  redis?: SharedCounters | undefined;
  /** The first delay, FIRST_DELAY_SECONDS unless a test wants a shorter one. */
  firstDelaySeconds?: number;
  /** The time of the counters kept in memory; default the system's. */
  clock?: Clock;
}

/** Refused: wait this many seconds; `limit` is the budget that was spent. */
export interface Throttled {
  retryAfterSeconds: number;
  limit: number;
}

/** `Retry-After` and the IETF draft `RateLimit-*` headers of a refused request, as on `/v1`. */
export function throttledHeaders(throttled: Throttled): Record<string, string> {
  const seconds = String(throttled.retryAfterSeconds);
  return { 'Retry-After': seconds, 'RateLimit-Limit': String(throttled.limit), 'RateLimit-Remaining': '0', 'RateLimit-Reset': seconds };
}

export class SignInLimits {
  private readonly byAddress: RateLimiterAbstract | undefined;
  private readonly bySignIn: RateLimiterAbstract | undefined;
  private readonly failures: RateLimiterAbstract | undefined;
  private readonly waits: RateLimiterAbstract | undefined;
  private readonly accountFailures: RateLimiterAbstract | undefined;
  private readonly firstDelaySeconds: number;

  constructor(readonly settings: SignInLimitSettings) {
    this.firstDelaySeconds = settings.firstDelaySeconds ?? FIRST_DELAY_SECONDS;
    const clock = settings.clock ?? systemClock;
    if (settings.perAddress > 0) {
      this.byAddress = limiter(settings.redis, clock, 'auth-address', settings.perAddress, ADDRESS_WINDOW_SECONDS);
      this.bySignIn = limiter(settings.redis, clock, 'auth-sign-in', settings.perAddress, ADDRESS_WINDOW_SECONDS);
    }
    if (settings.perAccount > 0) {
      this.failures = limiter(settings.redis, clock, 'auth-failures', UNCAPPED, FAILURES_KEPT_SECONDS);
      this.waits = limiter(settings.redis, clock, 'auth-wait', 1, MAX_DELAY_SECONDS);
      this.accountFailures = limiter(settings.redis, clock, 'auth-account', UNCAPPED, ACCOUNT_CEILING_WINDOW_SECONDS);
    }
  }

  /** Counts a request from `address`; refused once the address has spent its budget. */
  async request(address: string): Promise<Throttled | undefined> {
    if (this.byAddress === undefined) return undefined;
    try {
      await this.byAddress.consume(address);
      return undefined;
    } catch (rejection) {
      return throttled(rejection, this.settings.perAddress);
    }
  }

  /**
   * A request to a token endpoint. One that carries a live refresh token (`signInId`, its sign-in)
   * is counted against `address` but never refused for it: it is refused only once its sign-in has
   * refreshed `perAddress` times this minute. Any other counts against `address` like every request.
   */
  async tokenRequest(address: string, signInId: string | undefined): Promise<Throttled | undefined> {
    if (signInId === undefined) return this.request(address);
    if (this.byAddress === undefined || this.bySignIn === undefined) return undefined;
    await this.byAddress.penalty(address);
    try {
      await this.bySignIn.consume(signInId);
      return undefined;
    } catch (rejection) {
      return throttled(rejection, this.settings.perAddress);
    }
  }

  /** Refused while `account` must wait at `address`; checked before the password is. */
  async signInWait(account: string, address: string): Promise<Throttled | undefined> {
    if (this.failures === undefined || this.waits === undefined || this.accountFailures === undefined) return undefined;
    const pair = pairKey(account, address);
    const wait = await this.waits.get(pair);
    if (wait !== null && wait.consumedPoints > 1 && wait.msBeforeNext > 0) return waitFor(wait.msBeforeNext, this.settings.perAccount);
    const ceiling = this.settings.perAccount * ACCOUNT_CEILING_FACTOR;
    const all = await this.accountFailures.get(account);
    if (all === null || all.consumedPoints < ceiling) return undefined;
    const here = await this.failures.get(pair);
    return here === null || here.consumedPoints === 0 ? undefined : waitFor(all.msBeforeNext, ceiling);
  }

  /** A wrong password (or unknown e-mail) for `account` from `address`. */
  async failed(account: string, address: string): Promise<void> {
    if (this.failures === undefined || this.waits === undefined || this.accountFailures === undefined) return;
    const pair = pairKey(account, address);
    const count = (await this.failures.penalty(pair)).consumedPoints;
    await this.accountFailures.penalty(account);
    if (count >= this.settings.perAccount) await this.waits.block(pair, delaySeconds(count - this.settings.perAccount, this.firstDelaySeconds));
  }

  /** Signed in: the failures of this account from this address are forgotten. */
  async succeeded(account: string, address: string): Promise<void> {
    if (this.failures === undefined || this.waits === undefined) return;
    const pair = pairKey(account, address);
    await this.failures.delete(pair);
    await this.waits.delete(pair);
  }
}

/**
 * The wait after the failure `beyond` failures past the free ones: `first`, doubling each time, at
 * most MAX_DELAY_SECONDS.
 *
 * @example delaySeconds(0, 120) // 120; delaySeconds(2, 120) // 480; delaySeconds(9, 120) // 900
 */
export function delaySeconds(beyond: number, first: number = FIRST_DELAY_SECONDS): number {
  return Math.min(MAX_DELAY_SECONDS, first * 2 ** Math.min(beyond, 30));
}

/** True for the answer of a request or grant that a limit refused. */
export function isThrottled(outcome: object): outcome is Throttled {
  return 'retryAfterSeconds' in outcome;
}

/** A limiter in Redis (falling back to memory on each failed command), or in memory. */
function limiter(redis: SharedCounters | undefined, clock: Clock, name: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new ClockedRateLimiterMemory({ keyPrefix: name, points, duration }, clock);
  if (redis === undefined) return memory;
  const insurance = new Proxy(memory, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'constructor') return value;
      // Each call reaching the insurance limiter is one Redis failed: say so (once per outage).
      return (...args: unknown[]) => {
        redis.failed(new Error(`Redis command failed; ${name} counted in memory`));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.prefix}${name}`,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
}

/**
 * rate-limiter-flexible's in-memory limiter with its counters kept by `clock` (its own store reads
 * `Date.now` and deletes a counter with a timer when it ends): the limiter's methods are unchanged,
 * only the store under them.
 */
class ClockedRateLimiterMemory extends RateLimiterMemory {
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], clock: Clock) {
    super(options);
    (this as unknown as { _memoryStorage: ClockedMemoryStorage })._memoryStorage = new ClockedMemoryStorage(() => clock.now().getTime());
  }
}

/** Ended counters are dropped once this much time has passed since the last sweep. */
const SWEEP_EVERY_MS = 60_000;

/** The interface of rate-limiter-flexible's MemoryStorage; a counter that has ended counts as absent. */
class ClockedMemoryStorage {
  private readonly counters = new Map<string, { value: number; expiresAt: number | null }>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number) {}

  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const counter = this.live(key);
    if (counter === undefined) return this.set(key, value, durationSec);
    counter.value += value;
    return new RateLimiterRes(0, counter.expiresAt === null ? -1 : counter.expiresAt - this.now(), counter.value, false);
  }

  set(key: string, value: number, durationSec: number): RateLimiterRes {
    const now = this.now();
    if (now >= this.nextSweepAt) {
      for (const [k, c] of this.counters) if (c.expiresAt !== null && c.expiresAt <= now) this.counters.delete(k);
      this.nextSweepAt = now + SWEEP_EVERY_MS;
    }
    const durationMs = durationSec * 1000;
    const counter = { value: Math.trunc(value), expiresAt: durationMs > 0 ? now + durationMs : null };
    this.counters.set(key, counter);
    return new RateLimiterRes(0, durationMs === 0 ? -1 : durationMs, counter.value, true);
  }

  get(key: string): RateLimiterRes | null {
    const counter = this.live(key);
    if (counter === undefined) return null;
    return new RateLimiterRes(0, counter.expiresAt === null ? -1 : counter.expiresAt - this.now(), counter.value, false);
  }

  delete(key: string): boolean {
    return this.counters.delete(key);
  }

  private live(key: string): { value: number; expiresAt: number | null } | undefined {
    const counter = this.counters.get(key);
    if (counter === undefined) return undefined;
    if (counter.expiresAt !== null && counter.expiresAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }
}

function pairKey(account: string, address: string): string {
  return `${account}@@${address}`;
}

function waitFor(ms: number, limit: number): Throttled {
  return { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)), limit };
}

/** The account key of the sign-in form's per-account limit: the e-mail, as every place that checks a password counts it. */
export function emailAccount(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

function throttled(rejection: unknown, limit: number): Throttled {
  if (rejection instanceof RateLimiterRes) return waitFor(rejection.msBeforeNext, limit);
  throw rejection;
}
