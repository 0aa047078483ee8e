/**
 * The one Services container of a process, built once: the database and the clock, the card
 * processors, the signing keys and the sign-ins they sign, the sign-in limits, the cipher, the mailer
 * and the merchants' settings. The server builds it at start (`buildServices`); a command that runs
 * operations outside a server builds its own (`commandServices`).
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { SessionSettings } from '../auth/sessions.js';
import { SignInLimits } from '../auth/sign-in-limits.js';
import { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import { KeyRing, startKeyRing } from '../auth/signing-keys.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { LagTolerantReads } from '../db/read-replica.js';
import { Site } from '../http/site.js';
import { Mailer } from '../mail/mailer.js';
import { processorsFor, type ProcessorFor } from '../payments/processor.js';
import { stripeProcessor } from '../payments/stripe-processor.js';
import type { SharedCounters } from '../redis.js';
import { baseServices, type Services } from '../services.js';
import type { Clock } from '../time.js';

/** SIGNING_KEY_ENCRYPTION_KEY's cipher: built once per process, and handed to whatever seals or opens with it. */
export function signingKeyCipher(config: Config): SigningKeyCipher {
  return new SigningKeyCipher(config.signingKeyEncryptionKey, config.signingKeyEncryptionKeyPrevious);
}

/** The card processors of each environment, as the configuration names them. */
export function configuredProcessors(config: Config): ProcessorFor {
  return processorsFor({
    production: config.paymentProcessor,
    stripe: (key) => stripeProcessor(key, { apiBase: config.stripeApiBase }),
    stripeSecretKey: config.stripeSecretKey,
    stripeSandboxSecretKey: config.stripeSandboxSecretKey,
  });
}

export interface ServerServicesOptions {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The counters shared by every process (REDIS_URL); in memory without it. */
  redis: SharedCounters | undefined;
  /** Where clients reach this server: the issuer of access tokens. */
  site: Site;
  /** Where the reads that tolerate a moment's lag go: the read replicas, or the primary. */
  reads: LagTolerantReads;
}

/**
 * The services of a server that starts. Fails the start when a stored private key cannot be read
 * with SIGNING_KEY_ENCRYPTION_KEY.
 */
export async function buildServices({ config, db, clock, log, redis, site, reads }: ServerServicesOptions): Promise<Services> {
  const cipher = signingKeyCipher(config);
  const keys = await startKeyRing(db, clock, config.accessTokenTtlSeconds, cipher, log);
  const mailer = new Mailer({ db, clock, log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  if (config.production && config.smtpUrl === undefined) {
    log.warn('SMTP_URL is not set: sign-up and password-reset mail is written to the log and the outbox (till mail list) instead of being sent, so nobody can verify a sign-up or reset a password by mail');
  }
  const signInLimits = new SignInLimits({ perAddress: config.signInLimitPerAddress, perAccount: config.signInLimitPerAccount, redis, clock });
  return baseServices(db, clock, configuredProcessors(config), {
    sessions: sessionSettings(config, db, clock, keys, () => site.url),
    signInLimits,
    cipher,
    mailer,
  }, reads);
}

/**
 * The services of a command that runs operations outside a server (the demo's orders, `till events
 * resend`): its signing keys are read when a token is first signed, its limits are counted in its
 * memory, its mail is logged as the server's, and its processors are the ones given (none by default).
 */
export function commandServices(config: Config, db: Db, clock: Clock, processorFor: ProcessorFor = processorsFor({ production: 'none' })): Services {
  const cipher = signingKeyCipher(config);
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const site = new Site(config);
  return baseServices(db, clock, processorFor, {
    sessions: sessionSettings(config, db, clock, new KeyRing(db, clock, config.accessTokenTtlSeconds, cipher), () => site.url),
    signInLimits: new SignInLimits({ perAddress: config.signInLimitPerAddress, perAccount: config.signInLimitPerAccount, clock }),
    cipher,
    mailer: new Mailer({ db, clock, log, smtpUrl: config.smtpUrl, from: config.mailFrom }),
  });
}

function sessionSettings(config: Config, db: Db, clock: Clock, keys: KeyRing, issuer: () => string): SessionSettings {
  return {
    db,
    keys,
    clock,
    issuer,
    ttlSeconds: config.accessTokenTtlSeconds,
    // Tokens of the Till before `aud` was set are accepted until they expire; every later one has it.
    audienceRequiredSince: Math.floor(clock.now().getTime() / 1000),
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    sessionMaxAgeSeconds: config.sessionMaxAgeDays * 86_400,
    transaction: (work) => db.transaction(work),
  };
}
