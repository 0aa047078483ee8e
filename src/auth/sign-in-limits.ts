/**
 * Brute-force limits on the sign-in form and the token endpoints, with rate-limiter-flexible:
 *
 * - per client address: every request to those endpoints counts (`perAddress` per minute);
 * - per account: every failed sign-in for an e-mail, and every refused token request naming a
 *   user, counts (`perAccount` per 15 minutes). A success clears the account's count, so a user
 *   who mistyped twice is not held back later; an attacker guessing one user's password is held
 *   back whatever addresses they come from.
 *
 * The counters live in Redis when one is given (every process then shares them), each limiter
 * falling back to this process's memory while Redis cannot be reached; otherwise in memory.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedCounters } from '../http/redis.js';

export const ADDRESS_WINDOW_SECONDS = 60;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;

export interface SignInLimitSettings {
  /** Requests per minute per client address to the sign-in and token endpoints; 0 turns it off. */
  perAddress: number;
  /** Failures per 15 minutes per account; 0 turns it off. */
  perAccount: number;
  /** Count in Redis, shared by every process. */
  redis?: SharedCounters | undefined;
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
  private readonly byAccount: RateLimiterAbstract | undefined;

  constructor(readonly settings: SignInLimitSettings) {
    if (settings.perAddress > 0) this.byAddress = limiter(settings.redis, 'auth-address', settings.perAddress, ADDRESS_WINDOW_SECONDS);
    if (settings.perAccount > 0) this.byAccount = limiter(settings.redis, 'auth-account', settings.perAccount, ACCOUNT_WINDOW_SECONDS);
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

  /** Refused while the account has failed too often; checked before the password is. */
  async accountBlocked(account: string): Promise<Throttled | undefined> {
    if (this.byAccount === undefined) return undefined;
    const state = await this.byAccount.get(account);
    if (state === null || state.consumedPoints < this.settings.perAccount) return undefined;
    return { retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)), limit: this.settings.perAccount };
  }

  async failed(account: string): Promise<void> {
    if (this.byAccount === undefined) return;
    await this.byAccount.penalty(account);
  }

  async succeeded(account: string): Promise<void> {
    if (this.byAccount === undefined) return;
    await this.byAccount.delete(account);
  }

  /**
   * Runs a token grant (code exchange, refresh) under the per-account limit of the user its code or
   * token names: refused while that account is blocked, and a refusal naming a user counts against it.
   */
  async grantFor<R extends { ok: boolean; userId?: string }>(userId: string | undefined, grant: () => Promise<R>): Promise<R | Throttled> {
    const blocked = userId === undefined ? undefined : await this.accountBlocked(userAccount(userId));
    if (blocked !== undefined) return blocked;
    const result = await grant();
    if (!result.ok && result.userId !== undefined) await this.failed(userAccount(result.userId));
    return result;
  }
}

/** True for the answer of a request or grant that a limit refused. */
export function isThrottled(outcome: object): outcome is Throttled {
  return 'retryAfterSeconds' in outcome;
}

/** A limiter in Redis (falling back to memory on each failed command), or in memory. */
function limiter(redis: SharedCounters | undefined, name: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
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

function userAccount(userId: string): string {
  return `user:${userId}`;
}

function throttled(rejection: unknown, limit: number): Throttled {
  if (rejection instanceof RateLimiterRes) return { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), limit };
  throw rejection;
}
