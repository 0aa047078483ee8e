/**
 * Who a request acts for, wired once: the API key and access token authenticators with their
 * credential caches, the rate limit keyed by the credential a request proves, the authentication
 * hook, and the authorization server's pages and endpoints (`/oauth/*`, the dashboard's session).
 * The sign-ins, the sign-in limits and the mailer they use come from the one Services container.
 */
import type { FastifyInstance } from 'fastify';
import { accessTokenAuthenticator } from '../auth/access-tokens.js';
import { apiKeyAuthenticator } from '../auth/api-keys.js';
import { CredentialCache } from '../auth/credential-cache.js';
import type { Config } from '../config.js';
import { dashboardSessionRoutes } from '../dashboard/session-routes.js';
import { authenticationHook, checkBearer } from '../auth/authenticate.js';
import { rateLimitPlugin } from '../http/rate-limit.js';
import type { Site } from '../http/site.js';
import { oauthRoutes } from '../oauth/routes.js';
import type { SharedCounters } from '../redis.js';
import type { Services } from '../services.js';

export async function registerAuthentication(
  app: FastifyInstance,
  { config, services, redis, site }: { config: Config; services: Services; redis: SharedCounters | undefined; site: Site },
): Promise<void> {
  const { db, clock, sessions, mailer } = services;
  app.addHook('onClose', () => mailer.drain());

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
  await app.register(dashboardSessionRoutes, { publicHttps: config.publicUrl?.startsWith('https:') === true });
  await app.register(oauthRoutes, { services, originOf: (request) => site.originOf(request), signUpEnabled: config.signUpEnabled });
}
