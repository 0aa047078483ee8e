/**
 * Who a request acts for, wired once: the signing keys and the sign-ins they sign (`sessions`), the
 * sign-in limits, the API key and access token authenticators with their credential caches, the rate
 * limit keyed by the credential a request proves, the authentication hook, and the authorization
 * server's pages and endpoints (`/oauth/*`, the dashboard's session).
 */
import type { FastifyInstance } from 'fastify';
import { accessTokenAuthenticator } from './access-tokens.js';
import { apiKeyAuthenticator } from './api-keys.js';
import { CredentialCache } from './credential-cache.js';
import type { SessionSettings } from './sessions.js';
import { SignInLimits } from './sign-in-limits.js';
import { SigningKeyCipher } from './signing-key-cipher.js';
import { startKeyRing } from './signing-keys.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { dashboardSessionRoutes } from '../dashboard/session-routes.js';
import { authenticationHook, checkBearer } from '../http/authenticate.js';
import { rateLimitPlugin } from '../http/rate-limit.js';
import { Site } from '../http/site.js';
import { Mailer } from '../mail/mailer.js';
import { oauthRoutes } from '../oauth/routes.js';
import type { SharedCounters } from '../redis.js';
import type { Clock } from '../time.js';

export interface Authentication {
  sessions: SessionSettings;
  signInLimits: SignInLimits;
  /** SIGNING_KEY_ENCRYPTION_KEY's cipher, which also seals webhook endpoint secrets. */
  cipher: SigningKeyCipher;
}

export async function registerAuthentication(
  app: FastifyInstance,
  { config, db, clock, redis }: { config: Config; db: Db; clock: Clock; redis: SharedCounters | undefined },
): Promise<Authentication> {
  // The issuer of access tokens: PUBLIC_URL, or else the address the server listens on once it does.
  const site = new Site(config);
  app.addHook('onListen', async function learnAddress() {
    const address = this.server.address();
    if (typeof address === 'object' && address !== null) site.listening(address.port);
  });
  // Fails the start when a stored private key cannot be read with SIGNING_KEY_ENCRYPTION_KEY.
  const cipher = new SigningKeyCipher(config.signingKeyEncryptionKey, config.signingKeyEncryptionKeyPrevious);
  const keys = await startKeyRing(db, clock, config.accessTokenTtlSeconds, cipher, app.log);
  const sessions: SessionSettings = {
    db,
    keys,
    clock,
    issuer: () => site.url,
    ttlSeconds: config.accessTokenTtlSeconds,
    // Tokens of the Till before `aud` was set are accepted until they expire; every later one has it.
    audienceRequiredSince: Math.floor(clock.now().getTime() / 1000),
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    sessionMaxAgeSeconds: config.sessionMaxAgeDays * 86_400,
    transaction: (work) => db.transaction(work),
  };
  const mailer = new Mailer({ db, clock, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  app.addHook('onClose', () => mailer.drain());
  if (config.production && config.smtpUrl === undefined) {
    app.log.warn('SMTP_URL is not set: sign-up and password-reset mail is written to the log and the outbox (till mail list) instead of being sent, so nobody can verify a sign-up or reset a password by mail');
  }
  const signInLimits = new SignInLimits({ perAddress: config.signInLimitPerAddress, perAccount: config.signInLimitPerAccount, redis, clock });

  // Checked credentials are remembered; any process's revocation, removal, role change or sign-out
  // makes every process forget them before its next request (credential-cache.ts).
  const credentialChanges = db.watchCredentials((state, error) => {
    if (state === 'down') app.log.warn({ err: error }, 'credential change listener down: every request checks its credential in the database until it reconnects');
    else app.log.debug('credential change listener listening');
  });
  app.addHook('onClose', () => credentialChanges.close());
  const authenticators = [
    apiKeyAuthenticator(db, clock, new CredentialCache({ changes: credentialChanges })),
    accessTokenAuthenticator(db, sessions, new CredentialCache({ changes: credentialChanges })),
  ];
  // Counted before authentication refuses anything, keyed by the credential the request proves.
  await app.register(rateLimitPlugin, {
    max: config.rateLimitMax,
    windowMs: config.rateLimitWindowMs,
    clock,
    ...(redis === undefined ? {} : { redis }),
    identify: async (request) => {
      const result = await checkBearer(request, authenticators);
      return result?.ok === true ? `${result.principal.kind}:${result.principal.id}` : undefined;
    },
  });
  app.addHook('onRequest', authenticationHook(authenticators));
  await app.register(dashboardSessionRoutes, { sessions, limits: signInLimits, publicHttps: config.publicUrl?.startsWith('https:') === true });
  await app.register(oauthRoutes, { db, originOf: (request) => site.originOf(request), signUpEnabled: config.signUpEnabled, sessions, keys, limits: signInLimits, mailer });

  return { sessions, signInLimits, cipher };
}
