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
  /** The public address of the service, used as the token issuer and in the OpenAPI document. */
  publicUrl: string;
  /** Payment processor used for production card captures; `none` refuses them with 503. */
  paymentProcessor: ProductionProcessorName;
  /** Run migrations when the server starts. */
  migrateOnStart: boolean;
  /** Requests per window per credential (or per address without one) on `/v1`; 0 turns limiting off. */
  rateLimitMax: number;
  /** Length of the rate-limit window, in milliseconds. */
  rateLimitWindowMs: number;
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
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    paymentProcessor: oneOf(env, 'PAYMENT_PROCESSOR', ['none'], 'none'),
    migrateOnStart: oneOf(env, 'MIGRATE_ON_START', ['true', 'false'], 'true') === 'true',
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', RATE_LIMIT_DEFAULTS.max, 0, 1_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', RATE_LIMIT_DEFAULTS.windowMs, 1, 86_400_000),
  };
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
