/**
 * Rate limits on `/v1`: a budget of requests per window for each credential, answered with 429
 * `rate_limited`, `Retry-After` and the IETF draft `RateLimit-*` headers once spent.
 *
 * A request is counted under the credential it proves, by the credential's id (`api_key:key_...`,
 * `user:usr_...`), so that only a credential that passed its check has a budget of its own. A
 * request without a bearer token, and one whose token is refused (unknown, expired, revoked, of no
 * known shape), counts against its client address instead: made-up tokens cannot each open a fresh
 * budget, and a flood of them from one address is answered 429 like any other flood, while valid
 * credentials, from that address or any other, keep their own budgets.
 *
 * The limiter runs as an app-wide `onRequest` hook registered before authentication, so that a
 * request over budget is refused before its body is read or its route runs; it checks the bearer
 * token itself (`checkBearer`, which the authentication hook then reuses rather than checking it
 * twice). (@fastify/rate-limit's own `global` mode would not do: it adds route-level hooks, and
 * Fastify runs those after every app-wide one, authentication included.)
 */
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { clientAddress } from './client-address.js';
import type { SharedCounters } from '../redis.js';
import { systemClock, type Clock } from '../time.js';
import { WindowStore } from './window-store.js';

export interface RateLimitOptions {
  /** Requests per window per key; 0 turns limiting off (no hook, no headers). */
  max: number;
  /** Length of the window, in milliseconds. */
  windowMs: number;
  /**
   * Where the counters live; default one in-memory store per process. A shared store (Redis, the
   * database) makes the budget common to every server process.
   */
  store?: FastifyRateLimitStoreCtor;
  /** Count in Redis (under `<prefix>rate:`), in memory while Redis cannot be reached. */
  redis?: SharedCounters;
  /** The clock of the in-memory windows (Redis keeps its own time); default the system's. */
  clock?: Clock;
  /**
   * The id of the credential a request proves (`api_key:key_...`), or undefined when it sends none
   * or one that is refused: then it counts against its client address.
   */
  identify(request: FastifyRequest): Promise<string | undefined>;
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
interface PluginStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
}
// The plugin's Redis store (an atomic Lua INCR + PEXPIRE).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key: string) => PluginStore;

/** The plugin's Redis store, falling back to this process's memory for each request Redis fails. */
export function redisStoreWithFallback(redis: SharedCounters, clock: Clock = systemClock): FastifyRateLimitStoreCtor {
  return class RedisWithFallback implements PluginStore {
    private readonly shared: PluginStore;
    private readonly local: PluginStore;
    constructor() {
      // The windows are fixed: neither extended while exceeded nor grown by backoff.
      this.shared = new RedisStore(false, false, redis.client, `${redis.prefix}rate:`);
      this.local = new WindowStore(() => clock.now().getTime());
    }
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (error, result) => {
          if (error === null) return callback(null, result);
          redis.failed(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    child(): FastifyRateLimitStore {
      return this as unknown as FastifyRateLimitStore;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** This process's own store, as the plugin builds it (with no arguments of ours). */
function inMemoryStore(clock: Clock): FastifyRateLimitStoreCtor {
  return class InMemory extends WindowStore {
    constructor() {
      super(() => clock.now().getTime());
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Routes under `/v1` that are not limited: operational, like `/healthz` and `/docs` (outside `/v1`). */
const UNLIMITED_ROUTES = new Set(['/v1/openapi.json']);

/** True for the requests the limiter counts: every `/v1` path, including unknown ones. */
export function isRateLimited(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  if (path !== '/v1' && !path.startsWith('/v1/')) return false;
  return request.routeOptions.url === undefined || !UNLIMITED_ROUTES.has(request.routeOptions.url);
}

/**
 * The key a request is counted under: its credential's id once the credential is proven, else its
 * client address (an IPv6 address by its /64 network, see `clientAddress`). Never the token itself,
 * nor anything derived from an unchecked token.
 *
 * @example await rateLimitKey(request, identify) // 'credential:api_key:key_...' or 'address:203.0.113.7'
 */
export async function rateLimitKey(request: FastifyRequest, identify: RateLimitOptions['identify']): Promise<string> {
  const credential = await identify(request);
  return credential === undefined ? `address:${clientAddress(request)}` : `credential:${credential}`;
}

/** Not encapsulated (fastify-plugin), so its hook sees every route of the app. */
export const rateLimitPlugin = fp(
  async function rateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
    if (options.max === 0) return;
    await app.register(rateLimit, {
      // No route-level hooks: the one hook below decides which requests count (see above).
      global: false,
      max: options.max,
      timeWindow: options.windowMs,
      store: options.store ?? (options.redis !== undefined ? redisStoreWithFallback(options.redis, options.clock) : inMemoryStore(options.clock ?? systemClock)),
      keyGenerator: (request) => rateLimitKey(request, options.identify),
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          'rate_limited',
          `Too many requests: the limit is ${context.max} per ${describeWindow(options.windowMs)} for each credential (for each address, for requests without a valid one). Retry in ${context.after}.`,
        ),
    });
    const limit = app.rateLimit();
    app.addHook('onRequest', async function limitRate(request, reply) {
      if (isRateLimited(request)) await limit.call(app, request, reply);
    });
  },
  { name: 'till-rate-limit' },
);

/** A window as text: `second`, `60 seconds`, `300 ms`. */
export function describeWindow(ms: number): string {
  if (ms === 1000) return 'second';
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`;
}
