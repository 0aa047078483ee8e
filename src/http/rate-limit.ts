/**
 * Rate limits on `/v1`: a budget of requests per window for each credential, answered with 429
 * `rate_limited`, `Retry-After` and the IETF draft `RateLimit-*` headers once spent.
 *
 * The limiter runs as an app-wide `onRequest` hook registered before authentication, so that it
 * counts requests before their credential is checked or their body read: a flood of bad
 * credentials gets 429 like any other. (@fastify/rate-limit's own `global` mode would not do:
 * it adds route-level hooks, and Fastify runs those after every app-wide one, authentication
 * included.)
 */
import { createRequire } from 'node:module';
import rateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { sha256Hex } from '../ids.js';
import { BEARER } from './authenticate.js';
import type { SharedCounters } from './redis.js';

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
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
interface PluginStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
}
// The plugin's own stores: the Redis one (an atomic Lua INCR + PEXPIRE) and the in-memory one.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key: string) => PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => PluginStore;

/** The plugin's Redis store, falling back to its in-memory store for each request Redis fails. */
export function redisStoreWithFallback(redis: SharedCounters): FastifyRateLimitStoreCtor {
  return class RedisWithFallback implements PluginStore {
    private readonly shared: PluginStore;
    private readonly local: PluginStore;
    constructor() {
      // The windows are fixed: neither extended while exceeded nor grown by backoff.
      this.shared = new RedisStore(false, false, redis.client, `${redis.prefix}rate:`);
      this.local = new LocalStore(false, false);
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

/** Routes under `/v1` that are not limited: operational, like `/healthz` and `/docs` (outside `/v1`). */
const UNLIMITED_ROUTES = new Set(['/v1/openapi.json']);

/** True for the requests the limiter counts: every `/v1` path, including unknown ones. */
export function isRateLimited(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  if (path !== '/v1' && !path.startsWith('/v1/')) return false;
  return request.routeOptions.url === undefined || !UNLIMITED_ROUTES.has(request.routeOptions.url);
}

/**
 * The key a request is counted under: the SHA-256 of its bearer token, so that the token itself is
 * never kept in memory or written to a store; the client address when no bearer token is sent (an
 * IPv6 address by its /64 network, which one client can hold whole, as the plugin's default does).
 *
 * @example rateLimitKey(request) // 'credential:9f86d0...' or 'address:203.0.113.7'
 */
export function rateLimitKey(request: FastifyRequest): string {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) return `address:${normalizeIP(request.ip)}`;
  return `credential:${sha256Hex(token)}`;
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
      ...(options.store !== undefined ? { store: options.store } : options.redis !== undefined ? { store: redisStoreWithFallback(options.redis) } : {}),
      keyGenerator: rateLimitKey,
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          'rate_limited',
          `Too many requests: the limit is ${context.max} per ${describeWindow(options.windowMs)} for each credential (for each address without one). Retry in ${context.after}.`,
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
