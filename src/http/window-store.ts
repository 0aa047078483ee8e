/**
 * The in-process store of the `/v1` rate limit: one fixed window per key, kept until it has ended.
 *
 * @fastify/rate-limit's own in-memory store is an LRU of 5,000 entries: 5,000 other keys (made-up
 * tokens, or addresses) push a live window out, and the credential it belonged to starts again with
 * a whole budget. Here a window is dropped only once it has ended. Ended windows are swept once per
 * window length, so memory holds the keys seen during about one window (two at most), and only
 * keys that reach the store: valid credentials by their id, and client addresses.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

interface Window {
  count: number;
  endsAt: number;
}

export class WindowStore {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one request under `key` and answers how many its window holds and the milliseconds left.
   *
   * @example store.incr('credential:api_key:key_1', (error, result) => result.current, 1000, 100)
   */
  incr(key: string, callback: StoreCallback, timeWindow: number, _max?: number): void {
    const now = this.now();
    if (now >= this.nextSweepAt) {
      this.sweep(now);
      this.nextSweepAt = now + timeWindow;
    }
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.endsAt - now });
  }

  /** How many windows are held (live, or ended since the last sweep). */
  get size(): number {
    return this.windows.size;
  }

  child(): FastifyRateLimitStore {
    return this as unknown as FastifyRateLimitStore;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
