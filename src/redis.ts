/**
 * The Redis connection that holds the rate-limit counters when `REDIS_URL` is set, so that every
 * server process counts against one budget.
 *
 * Redis is a help, not a dependency: a command never waits for a connection (no offline queue, a
 * short command timeout), and while Redis cannot be reached each limiter counts in this process's
 * memory instead, as it does without `REDIS_URL`, and a warning is logged. Requests are never
 * refused or held because Redis is down.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Longest wait for one Redis command before the limiter counts in memory instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface SharedCounters {
  client: Redis;
  /** Prefix of every key (`REDIS_PREFIX`). */
  prefix: string;
  /** Called by a limiter whose Redis command failed; logs once per outage. */
  failed(error: unknown): void;
  /**
   * Resolves once the connection is ready, or after `timeoutMs` whatever happens (the limiters then
   * count in memory until it is). Commands are not queued while connecting, so a server that took
   * requests before this would count its first ones in memory, apart from the other processes.
   */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): SharedCounters {
  // Loaded only when REDIS_URL is set: about 6 MB of heap a server without it does not carry.
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every 2 s: counting resumes in Redis as soon as it is back.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
  let down = false;
  const failed = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn(
      { err: { message: (error as Error)?.message ?? String(error) } },
      'Redis is unreachable: rate limits are counted by each process in its own memory until it is back',
    );
  };
  client.on('error', failed);
  client.on('ready', () => {
    if (down) log.info('Redis is reachable again: rate limits are shared again');
    down = false;
  });
  return {
    client,
    prefix,
    failed,
    ready: async (timeoutMs) => {
      if (client.status === 'ready') return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => client.once('ready', () => resolve())),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
    close: async () => {
      client.removeAllListeners('error');
      client.on('error', () => {});
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
