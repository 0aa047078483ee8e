/**
 * Environment variables, parsed and checked once at start-up.
 *
 * Every variable the service reads is listed here and in the README's configuration table;
 * nothing else in `src/` reads `process.env`.
 */
import { availableParallelism } from 'node:os';
import ipaddr from 'ipaddr.js';

/** Production processors Till can be configured with (`PAYMENT_PROCESSOR`). */
export type ProductionProcessorName = 'none' | 'stripe';

export interface Config {
  /**
   * `NODE_ENV=production`: the process serves real merchants, so settings that only a development
   * machine may leave out (PUBLIC_URL, the signing-key encryption key...) are required.
   */
  production: boolean;
  /** `sqlite:<path>`, `file:<path>` or a plain file path (SQLite), or `postgres://...` / `postgresql://...` (PostgreSQL). */
  databaseUrl: string;
  /** PostgreSQL only: the schema to use (set as `search_path`). */
  databaseSchema: string | undefined;
  /** PostgreSQL only: connections per server process (and as many again to the read replicas, with DATABASE_READ_URL). */
  databasePoolSize: number;
  /**
   * PostgreSQL only: the read replicas (`postgres://...`, e.g. HAProxy's port in front of Patroni's
   * replicas), for the reads that tolerate a moment's lag: lists and reports. Unset: every read on DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  /** With DATABASE_READ_URL: the most, in milliseconds, a replica may be behind the primary to serve a read. */
  databaseReadMaxLagMs: number;
  host: string;
  port: number;
  logLevel: string;
  /**
   * The public address of the service: the token issuer (`iss`) and the base of the OAuth endpoints.
   * Unset: the address the server listens on. Set it when several processes serve one database, so
   * that they all issue and accept the same `iss`.
   */
  publicUrl: string | undefined;
  /**
   * The proxies (load balancers) whose `X-Forwarded-For`, `X-Forwarded-Proto` and
   * `X-Forwarded-Host` are believed: addresses and CIDR ranges, given to Fastify's `trustProxy`.
   * Unset: none, and every limit counts the peer's own address.
   */
  trustProxy: string[] | undefined;
  /** Payment processor used for production card captures; `none` refuses them with 503. */
  paymentProcessor: ProductionProcessorName;
  /** `STRIPE_SECRET_KEY`: Stripe key for production captures and refunds; required with `PAYMENT_PROCESSOR=stripe`. */
  stripeSecretKey: string | undefined;
  /** `STRIPE_SANDBOX_SECRET_KEY`: a Stripe test key (`sk_test_`); sandbox captures then go to Stripe's test mode instead of the simulator. */
  stripeSandboxSecretKey: string | undefined;
  /** `STRIPE_API_BASE`: another address for Stripe's API (a local test server); unset: Stripe itself. */
  stripeApiBase: string | undefined;
  /**
   * `STRIPE_WEBHOOK_SECRET`: the signing secrets (`whsec_...`, separated by commas) of the Stripe
   * endpoints that send to `POST /v1/processors/stripe/events`: live mode's and test mode's, or an old
   * and a new one while a secret is rolled. Unset: that route answers 404.
   */
  stripeWebhookSecrets: string[];
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
  /** A sign-in ends this many days after it started, however often it is refreshed. */
  sessionMaxAgeDays: number;
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
  /** PostgreSQL `statement_timeout`; on SQLite, how long a request waits for the write lock (and the connection). In milliseconds. */
  databaseStatementTimeoutMs: number;
  /** PostgreSQL: how long opening a connection may take before the database counts as unreachable. */
  databaseConnectTimeoutMs: number;
  /** `till serve`: how long to wait at start-up for a database that does not answer yet (0: fail at once). */
  databaseWaitSeconds: number;
  /** On SIGTERM/SIGINT, requests in flight get this long to finish before the process exits with 1. */
  shutdownTimeoutMs: number;
  /** Whether this process delivers webhooks (WEBHOOK_DISPATCH=on|off). */
  webhookDispatch: boolean;
  /** Delays in seconds before each delivery attempt, the first included. */
  webhookRetryScheduleSeconds: number[];
  webhookTimeoutMs: number;
  /** Allow deliveries to loopback and private addresses (development and tests only). */
  webhookAllowPrivateNetworks: boolean;
  /**
   * With private addresses allowed, also allow link-local and cloud-metadata ones (169.254.0.0/16,
   * fe80::/10, fd00:ec2::254, 100.100.100.200): WEBHOOK_ALLOW_LINK_LOCAL, false unless set.
   */
  webhookAllowLinkLocal: boolean;
  /** How often an idle dispatcher looks for deliveries due. */
  webhookPollIntervalMs: number;
  /** PostgreSQL, `till serve`: connections of the webhook dispatcher's own, beside the requests' DATABASE_POOL_SIZE. */
  webhookDatabasePoolSize: number;
  /** Server processes `till serve` runs on one port (node:cluster); 1 runs the server in the process itself. */
  workers: number;
  /** `till serve`: how far above its live size the old generation may grow between full collections (src/heap-growth.ts); 0: V8's own factor. */
  heapGrowingPercent: number;
  /**
   * The AES-256-GCM key (32 bytes) the private signing keys are encrypted with in the database.
   * Unset (outside production only): they are stored in clear, with a warning at start-up.
   */
  signingKeyEncryptionKey: Buffer | undefined;
  /** The key they were encrypted with before, while `till signing-key rotate` moves them to the new one. */
  signingKeyEncryptionKeyPrevious: Buffer | undefined;
  /** Bearer token `GET /metrics` requires. */
  metricsToken: string | undefined;
  /** A separate listener serving only `/metrics` (and not the main port): its address and port. */
  metricsHost: string;
  metricsPort: number | undefined;
  /** `/metrics` open to anyone on the main port: set by `till demo --serve` only, never by a variable. */
  metricsPublic: boolean;
  /**
   * The mail server (`smtp://` or `smtps://`, user and password in the URL) that sends sign-up,
   * password-reset and other account mail. Unset: every message is written to the log and the
   * outbox instead (`till mail list`), which is for development only.
   */
  smtpUrl: string | undefined;
  /** The sender of Till's mail (`From`). */
  mailFrom: string;
}

/** Stripe's default for live mode: 100 requests per second for each key. */
export const RATE_LIMIT_DEFAULTS = { max: 100, windowMs: 1000 } as const;

export class ConfigError extends Error {}

/**
 * A DATABASE_URL Till cannot use. Apart from other configuration errors because a command must not
 * run at all on it (a mistyped scheme would otherwise open a SQLite file named after the URL), and
 * the command line exits with status 2 for it.
 */
export class DatabaseUrlError extends ConfigError {}

type Env = Record<string, string | undefined>;

/**
 * Reads and checks the configuration. Throws `ConfigError` with a message naming the bad variable.
 * `requireProductionSettings: false` is for commands that neither issue tokens nor sign with the
 * keys (`till migrate`): they run under NODE_ENV=production without PUBLIC_URL or
 * SIGNING_KEY_ENCRYPTION_KEY, whose values they would not use.
 */
export function loadConfig(env: Env = process.env, options: { requireProductionSettings?: boolean } = {}): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const config: Config = {
    production: env.NODE_ENV === 'production',
    databaseUrl: databaseUrl(env),
    databaseSchema: nonEmpty(env.DATABASE_SCHEMA),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseReadUrl: databaseReadUrl(env),
    databaseReadMaxLagMs: integer(env, 'DATABASE_READ_MAX_LAG_MS', 10_000, 0, 600_000),
    host,
    port,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    publicUrl: publicUrl(env),
    trustProxy: trustProxy(env),
    paymentProcessor: oneOf(env, 'PAYMENT_PROCESSOR', ['none', 'stripe'], 'none'),
    ...stripeSettings(env),
    migrateOnStart: oneOf(env, 'MIGRATE_ON_START', ['true', 'false'], 'true') === 'true',
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', RATE_LIMIT_DEFAULTS.max, 0, 1_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', RATE_LIMIT_DEFAULTS.windowMs, 1, 86_400_000),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 86_400),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 300, 365 * 86_400),
    refreshReuseGraceSeconds: integer(env, 'REFRESH_REUSE_GRACE_SECONDS', 10, 0, 300),
    sessionMaxAgeDays: integer(env, 'SESSION_MAX_AGE_DAYS', 90, 1, 3650),
    signInLimitPerAddress: integer(env, 'SIGN_IN_LIMIT_PER_ADDRESS', 30, 0, 1_000_000),
    signInLimitPerAccount: integer(env, 'SIGN_IN_LIMIT_PER_ACCOUNT', 10, 0, 1_000_000),
    signUpEnabled: oneOf(env, 'SIGN_UP_ENABLED', ['true', 'false'], 'true') === 'true',
    redisUrl: redisUrl(env),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'till:',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 0, 3_600_000),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 1, 3_600_000),
    databaseConnectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5_000, 100, 600_000),
    databaseWaitSeconds: integer(env, 'DATABASE_WAIT_SECONDS', 0, 0, 86_400),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1, 3_600_000),
    webhookDispatch: oneOf(env, 'WEBHOOK_DISPATCH', ['on', 'off'], 'on') === 'on',
    webhookRetryScheduleSeconds: retrySchedule(env),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookAllowPrivateNetworks: oneOf(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', ['true', 'false'], 'false') === 'true',
    webhookAllowLinkLocal: oneOf(env, 'WEBHOOK_ALLOW_LINK_LOCAL', ['true', 'false'], 'false') === 'true',
    webhookPollIntervalMs: integer(env, 'WEBHOOK_POLL_INTERVAL_MS', 1_000, 10, 60_000),
    webhookDatabasePoolSize: integer(env, 'WEBHOOK_DATABASE_POOL_SIZE', 4, 1, 100),
    workers: env.WORKERS === 'auto' ? availableParallelism() : integer(env, 'WORKERS', 1, 1, 256),
    heapGrowingPercent: integer(env, 'HEAP_GROWING_PERCENT', 50, 0, 400),
    signingKeyEncryptionKey: encryptionKey('SIGNING_KEY_ENCRYPTION_KEY', nonEmpty(env.SIGNING_KEY_ENCRYPTION_KEY)),
    signingKeyEncryptionKeyPrevious: encryptionKey('SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS', nonEmpty(env.SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS)),
    metricsToken: metricsToken(env),
    metricsHost: nonEmpty(env.METRICS_HOST) ?? '127.0.0.1',
    metricsPort: nonEmpty(env.METRICS_PORT) === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 0, 65535),
    metricsPublic: false,
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env),
  };
  if (config.production && options.requireProductionSettings !== false) requireProductionSettings(config);
  return config;
}

/**
 * What a server of real merchants must not run without (the README's Production checklist): one
 * error naming every missing variable.
 */
function requireProductionSettings(config: Config): void {
  const missing = [
    ...(config.publicUrl === undefined ? ['PUBLIC_URL (the address clients use, e.g. https://till.example.com; without it the issuer of tokens follows the listening address)'] : []),
    ...(config.signingKeyEncryptionKey === undefined
      ? ['SIGNING_KEY_ENCRYPTION_KEY (32 random bytes in base64, from `openssl rand -base64 32`; without it the private signing keys would be stored in clear)']
      : []),
  ];
  if (missing.length > 0) throw new ConfigError(`NODE_ENV=production requires ${missing.join(' and ')}; see the README's Production checklist`);
}

/**
 * A 32-byte key written as 64 hexadecimal characters or in base64 (standard or URL-safe, padded or
 * not). The message never repeats the value, which is a secret.
 */
export function encryptionKey(name: string, raw: string | undefined): Buffer | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^[0-9A-Fa-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text, 'base64');
    if (key.length === 32) return key;
  }
  throw new ConfigError(
    `${name} must be 32 random bytes written in base64 (openssl rand -base64 32) or as 64 hexadecimal characters (openssl rand -hex 32); the value given has ${text.length} characters`,
  );
}

function metricsToken(env: Env): string | undefined {
  const raw = nonEmpty(env.METRICS_TOKEN);
  if (raw !== undefined && !/^[\x21-\x7e]{16,}$/.test(raw)) {
    throw new ConfigError(`METRICS_TOKEN must be at least 16 printable characters without spaces (openssl rand -hex 32); the value given has ${raw.length} characters`);
  }
  return raw;
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
  return withoutTrailingSlashes(raw);
}

/** `text` without the slashes it ends with. A loop, as `/\/+$/` tries every slash of a run and is quadratic. */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

const DATABASE_URL_FORMS = 'sqlite:PATH, file:PATH or a plain file path (SQLite), or postgres:// or postgresql:// (PostgreSQL)';

function databaseUrl(env: Env): string {
  const raw = nonEmpty(env.DATABASE_URL) ?? 'sqlite:./data/till.db';
  databaseDialectOf(raw, 'DATABASE_URL');
  return raw;
}

/** DATABASE_READ_URL: a PostgreSQL URL, beside a PostgreSQL DATABASE_URL (SQLite has no replicas). */
function databaseReadUrl(env: Env): string | undefined {
  const raw = nonEmpty(env.DATABASE_READ_URL);
  if (raw === undefined) return undefined;
  if (databaseDialectOf(raw, 'DATABASE_READ_URL') !== 'postgres') {
    throw new DatabaseUrlError('DATABASE_READ_URL must be a postgres:// or postgresql:// URL (the read replicas of a PostgreSQL DATABASE_URL)');
  }
  if (databaseDialectOf(databaseUrl(env)) !== 'postgres') {
    throw new DatabaseUrlError('DATABASE_READ_URL is for PostgreSQL read replicas: DATABASE_URL must then be a PostgreSQL URL too');
  }
  return raw;
}

/**
 * Which database a URL names, checked: `sqlite:PATH`, `file:PATH` or a plain path (a Windows drive
 * letter such as `C:\data\till.db` counts as a path) is SQLite; `postgres://` or `postgresql://`
 * is PostgreSQL. Any other scheme (`postgress://`, `mysql://`) or a PostgreSQL URL that does not
 * parse throws `DatabaseUrlError`, so that a typo never turns into a SQLite file named after it.
 * The message never repeats the URL, which may hold a password.
 *
 * @example
 *   databaseDialectOf('postgres://till@db/till'); // 'postgres'
 *   databaseDialectOf('./data/till.db');          // 'sqlite'
 */
export function databaseDialectOf(url: string, variable = 'DATABASE_URL'): 'sqlite' | 'postgres' {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme.length === 1 || scheme === 'sqlite' || scheme === 'file') return 'sqlite';
  if (scheme === 'postgres' || scheme === 'postgresql') {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!url.slice(scheme.length + 1).startsWith('//') || parsed === undefined) {
      throw new DatabaseUrlError(`${variable} is not a valid PostgreSQL URL; write it as ${scheme}://user:password@host:5432/database`);
    }
    return 'postgres';
  }
  const seen = url.slice(scheme.length + 1).startsWith('//') ? `${scheme}://` : `${scheme}:`;
  throw new DatabaseUrlError(`${variable} has the scheme "${seen}", which Till does not accept; use ${DATABASE_URL_FORMS}`);
}

/**
 * `TRUST_PROXY`: addresses and CIDR ranges, separated by commas (`10.0.0.0/8, 192.0.2.7`), or the
 * names proxy-addr knows (`loopback`, `linklocal`, `uniquelocal`). Never "everyone": a client that
 * reached the server directly could then pick its own address by sending `X-Forwarded-For`.
 */
function trustProxy(env: Env): string[] | undefined {
  const raw = nonEmpty(env.TRUST_PROXY);
  if (raw === undefined) return undefined;
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !PROXY_NAMES.has(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be the load balancers' addresses or CIDR ranges separated by commas, such as 10.0.0.0/8,192.0.2.7 (or loopback, linklocal, uniquelocal), got "${bad}" in "${raw}"`,
    );
  }
  return entries;
}

const PROXY_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 address in dotted decimal or an IPv6 address, with or without a prefix length. */
function isAddressOrRange(entry: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry) || ipaddr.IPv6.isValidCIDR(entry);
}

function stripeSettings(env: Env): Pick<Config, 'stripeSecretKey' | 'stripeSandboxSecretKey' | 'stripeApiBase' | 'stripeWebhookSecrets'> {
  const secret = nonEmpty(env.STRIPE_SECRET_KEY);
  if (secret !== undefined && !/^(sk_live_|sk_test_|rk_live_|rk_test_)[A-Za-z0-9_]+$/.test(secret)) {
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_live_..., rk_test_...)');
  }
  if (env.PAYMENT_PROCESSOR === 'stripe' && secret === undefined) {
    throw new ConfigError('STRIPE_SECRET_KEY is required when PAYMENT_PROCESSOR=stripe');
  }
  const sandbox = nonEmpty(env.STRIPE_SANDBOX_SECRET_KEY);
  if (sandbox !== undefined && !/^(sk_test_|rk_test_)[A-Za-z0-9_]+$/.test(sandbox)) {
    throw new ConfigError('STRIPE_SANDBOX_SECRET_KEY must be a Stripe test-mode key (sk_test_... or rk_test_...), so that sandbox captures never move real money');
  }
  const base = nonEmpty(env.STRIPE_API_BASE);
  if (base !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(base);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
      throw new ConfigError(`STRIPE_API_BASE must be an http(s) address without a path, such as http://127.0.0.1:12111, got "${base}"`);
    }
  }
  const webhookSecrets = (nonEmpty(env.STRIPE_WEBHOOK_SECRET) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const badSecret = webhookSecrets.find((s) => !/^whsec_[A-Za-z0-9+/=_]+$/.test(s));
  if (badSecret !== undefined) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be the signing secrets of Stripe webhook endpoints (whsec_...), separated by commas');
  }
  return { stripeSecretKey: secret, stripeSandboxSecretKey: sandbox, stripeApiBase: base, stripeWebhookSecrets: webhookSecrets };
}

/** Default: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

function retrySchedule(env: Env): number[] {
  const raw = nonEmpty(env.WEBHOOK_RETRY_SCHEDULE);
  if (raw === undefined) return DEFAULT_WEBHOOK_RETRY_SCHEDULE;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > 20 || parts.some((p) => !/^\d+$/.test(p) || Number(p) > 7 * 86_400)) {
    throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE must be 1 to 20 delays in seconds (each at most 604800), separated by commas, got "${raw}"`);
  }
  return parts.map(Number);
}

function redisUrl(env: Env): string | undefined {
  const raw = nonEmpty(env.REDIS_URL);
  if (raw !== undefined && !/^rediss?:\/\/./i.test(raw)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// address, got "${raw}"`);
  return raw;
}

function smtpUrl(env: Env): string | undefined {
  const raw = nonEmpty(env.SMTP_URL);
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@mail.example.com:465, got "${redactPassword(raw)}"`);
  }
  return raw;
}

/** The sender: an address, or a name and an address (`Till <no-reply@example.com>`). */
function mailFrom(env: Env): string {
  const raw = nonEmpty(env.MAIL_FROM);
  if (raw === undefined) return 'Till <no-reply@localhost>';
  if (raw.length > 254 || !/^([^<>\r\n]{1,100} <[^\s<>@]{1,64}@[^\s<>@]{1,189}>|[^\s<>@]{1,64}@[^\s<>@]{1,189})$/.test(raw)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, or a name and an address such as "Till <no-reply@example.com>", got "${raw}"`);
  }
  return raw;
}

/** A URL fit for a message: its password, if any, replaced. */
function redactPassword(raw: string): string {
  return raw.replace(/^([a-z]+:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
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
