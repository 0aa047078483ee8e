/**
 * Brute-force limits on the sign-in form and the token endpoints, with rate-limiter-flexible:
 *
 * - per client address: every request to those endpoints counts (`perAddress` per minute);
 * - per account: every failed sign-in for an e-mail, and every refused token request naming a
 *   user, counts (`perAccount` per 15 minutes). A success clears the account's count, so a user
 *   who mistyped twice is not held back later; an attacker guessing one user's password is held
 *   back whatever addresses they come from.
 *
 * The counters live in this process's memory; the limiter's interface is the same for a shared
 * store (Redis), which only changes the class built here.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export const ADDRESS_WINDOW_SECONDS = 60;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;

export interface SignInLimitSettings {
  /** Requests per minute per client address to the sign-in and token endpoints; 0 turns it off. */
  perAddress: number;
  /** Failures per 15 minutes per account; 0 turns it off. */
  perAccount: number;
}

/** Refused: wait this many seconds. */
export interface Throttled {
  retryAfterSeconds: number;
}

export class SignInLimits {
  private readonly byAddress: RateLimiterMemory | undefined;
  private readonly byAccount: RateLimiterMemory | undefined;

  constructor(readonly settings: SignInLimitSettings) {
    if (settings.perAddress > 0) this.byAddress = new RateLimiterMemory({ keyPrefix: 'auth-address', points: settings.perAddress, duration: ADDRESS_WINDOW_SECONDS });
    if (settings.perAccount > 0) this.byAccount = new RateLimiterMemory({ keyPrefix: 'auth-account', points: settings.perAccount, duration: ACCOUNT_WINDOW_SECONDS });
  }

  /** Counts a request from `address`; refused once the address has spent its budget. */
  async request(address: string): Promise<Throttled | undefined> {
    if (this.byAddress === undefined) return undefined;
    try {
      await this.byAddress.consume(address);
      return undefined;
    } catch (rejection) {
      return throttled(rejection);
    }
  }

  /** Refused while the account has failed too often; checked before the password is. */
  async accountBlocked(account: string): Promise<Throttled | undefined> {
    if (this.byAccount === undefined) return undefined;
    const state = await this.byAccount.get(account);
    if (state === null || state.consumedPoints < this.settings.perAccount) return undefined;
    return { retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
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

function userAccount(userId: string): string {
  return `user:${userId}`;
}

function throttled(rejection: unknown): Throttled {
  if (rejection instanceof RateLimiterRes) return { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  throw rejection;
}
