/**
 * Environment variables, parsed and checked once at start-up.
 *
 * Every variable the service reads is listed here and in the README's configuration table;
 * nothing else in `src/` reads `process.env`.
 */
import type { ProductionProcessorName } from './payments/processor.js';

export interface Config {
  /** `sqlite:<path>` / a bare file path (SQLite) or `postgres://...` (PostgreSQL). */
  databaseUrl: string;
  /** PostgreSQL only: the schema to use (set as `search_path`). */
  databaseSchema: string | undefined;
  /** PostgreSQL only: connections per server process. */
  databasePoolSize: number;
  host: string;
  port: number;
  logLevel: string;
  /**
   * The public address of the service: the token issuer (`iss`) and the base of the OAuth endpoints.
   * Unset: the address the server listens on. Set it when several processes serve one database, so
   * that they all issue and accept the same `iss`.
   */
  publicUrl: string | undefined;
  /** Payment processor used for production card captures; `none` refuses them with 503. */
  paymentProcessor: ProductionProcessorName;
  /** Run migrations when the server starts. */
  migrateOnStart: boolean;
  /** Requests per window per credential (or per address without one) on `/v1`; 0 turns limiting off. */
  rateLimitMax: number;
  /** Length of the rate-limit window, in milliseconds. */
  rateLimitWindowMs: number;
  /** Lifetime of user access tokens (JWT), in seconds. */
  accessTokenTtlSeconds: number;
  /** Lifetime of each refresh token, in seconds. */
  refreshTokenTtlSeconds: number;
  /** A rotated refresh token presented again within this many seconds is refused without ending the sign-in. */
  refreshReuseGraceSeconds: number;
  /** Requests per minute per client address to the sign-in form and the token endpoints; 0 turns it off. */
  signInLimitPerAddress: number;
  /** Failed sign-ins (or refused token requests) per 15 minutes per account; 0 turns it off. */
  signInLimitPerAccount: number;
  /** Whether anyone may create a merchant through the sign-up form (`/oauth/authorize?prompt=create`). */
  signUpEnabled: boolean;
  /**
   * Redis holding the rate-limit and sign-in-limit counters, shared by every process that names it.
   * Unset: each process counts in its own memory.
   */
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so that several deployments can share one Redis. */
  redisPrefix: string;
  /** Largest request body accepted, in bytes (413 past it). */
  bodyLimitBytes: number;
  /** A request not fully received and answered within this many milliseconds is cut off; 0: no limit. */
  requestTimeoutMs: number;
  /** PostgreSQL `statement_timeout` and SQLite busy timeout, in milliseconds. */
  databaseStatementTimeoutMs: number;
  /** On SIGTERM/SIGINT, requests in flight get this long to finish before the process exits with 1. */
  shutdownTimeoutMs: number;
}

/** Stripe's default for live mode: 100 requests per second for each key. */
export const RATE_LIMIT_DEFAULTS = { max: 100, windowMs: 1000 } as const;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads and checks the configuration. Throws `ConfigError` with a message naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  return {
    databaseUrl: nonEmpty(env.DATABASE_URL) ?? 'sqlite:./data/till.db',
    databaseSchema: nonEmpty(env.DATABASE_SCHEMA),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    host,
    port,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    publicUrl: publicUrl(env),
    paymentProcessor: oneOf(env, 'PAYMENT_PROCESSOR', ['none'], 'none'),
    migrateOnStart: oneOf(env, 'MIGRATE_ON_START', ['true', 'false'], 'true') === 'true',
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', RATE_LIMIT_DEFAULTS.max, 0, 1_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', RATE_LIMIT_DEFAULTS.windowMs, 1, 86_400_000),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 86_400),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 300, 365 * 86_400),
    refreshReuseGraceSeconds: integer(env, 'REFRESH_REUSE_GRACE_SECONDS', 10, 0, 300),
    signInLimitPerAddress: integer(env, 'SIGN_IN_LIMIT_PER_ADDRESS', 30, 0, 1_000_000),
    signInLimitPerAccount: integer(env, 'SIGN_IN_LIMIT_PER_ACCOUNT', 10, 0, 1_000_000),
    signUpEnabled: oneOf(env, 'SIGN_UP_ENABLED', ['true', 'false'], 'true') === 'true',
    redisUrl: redisUrl(env),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'till:',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 0, 3_600_000),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 1, 3_600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1, 3_600_000),
  };
}

/** The address a client reaches the service at: PUBLIC_URL, or else where it listens. */
export function serviceUrl(config: Pick<Config, 'publicUrl' | 'host'>, port: number): string {
  if (config.publicUrl !== undefined) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

function publicUrl(env: Env): string | undefined {
  const raw = nonEmpty(env.PUBLIC_URL);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) address such as https://till.example.com, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address without a query or fragment, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function redisUrl(env: Env): string | undefined {
  const raw = nonEmpty(env.REDIS_URL);
  if (raw !== undefined && !/^rediss?:\/\/./i.test(raw)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// address, got "${raw}"`);
  return raw;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}
