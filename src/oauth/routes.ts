/**
 * The authorization server: OAuth 2.0 authorization code flow with PKCE (S256 only) for public
 * clients, served by the API process (and splittable later: it shares nothing with the API but the
 * database).
 *
 * - `GET /oauth/authorize` shows the sign-in form; `POST /oauth/authorize` checks the password and
 *   redirects to the app with `code`, `state` and `iss` (RFC 9207). With `prompt=create` (OpenID
 *   Connect "Initiating User Registration") they show and take the sign-up form instead, which
 *   mails a link: `GET /oauth/sign-up` asks to confirm and `POST /oauth/sign-up` creates the
 *   merchant and its admin, who is then signed in the same way. A user whose password is temporary
 *   is asked for their own before any code is issued.
 * - `GET/POST /oauth/forgot-password` mail a reset link; `GET/POST /oauth/reset-password` set the
 *   new password with it (or with the token of a temporary-password sign-in).
 * - `POST /oauth/token` exchanges a code or a refresh token (RFC 6749, form-encoded).
 * - `POST /oauth/revoke` ends the sign-in a token belongs to (RFC 7009).
 * - `/.well-known/oauth-authorization-server` (RFC 8414) and `/.well-known/jwks.json`.
 *
 * Each group of pages has a file of its own (`authorize.ts`, `sign-up.ts`, `password-reset.ts`,
 * `token.ts`, `revoke.ts`); what they share is in `oauth-flow.ts`.
 *
 * Errors follow RFC 6749: a request that cannot be trusted to redirect (unknown client, unregistered
 * redirect URI) is answered with a page; other authorization errors go back to the app in the
 * redirect; token endpoint errors are `{"error", "error_description"}`.
 */
import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { OAuthError } from '../errors.js';
import { errorPage } from './sign-in-page.js';
import {
  HIDE,
  OPEN,
  sendPage,
  type OAuthContext,
  type OAuthOptions,
  FORM_BODY_LIMIT,
  unreadRequest,
} from './oauth-flow.js';
import { authorizeRoutes } from './authorize.js';
import { passwordResetRoutes } from './password-reset.js';
import { revokeRoutes } from './revoke.js';
import { signUpRoutes } from './sign-up.js';
import { tokenRoutes } from './token.js';

export type { OAuthOptions } from './oauth-flow.js';

export async function oauthRoutes(app: FastifyInstance, options: OAuthOptions): Promise<void> {
  const { sessions } = options.services;
  const ctx: OAuthContext = { ...options, issuer: sessions.issuer };
  // RFC 6749 takes form-encoded parameters only: the API's JSON parser is not inherited here, so a
  // JSON body (malformed, deep, with `__proto__` or decimals) is refused before anything reads it.
  app.removeAllContentTypeParsers();
  await app.register(formBody, { bodyLimit: FORM_BODY_LIMIT });

  // Anything thrown here (an unreadable form, say) is answered the OAuth way, not with the API envelope.
  // A request refused before a handler ran is 400 `invalid_request` (RFC 6749, section 5.2) with a
  // fixed description, and is not logged: a parser's message quotes the body, which holds passwords
  // and tokens. Only a failure on our side is logged, as the API's error handler does.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const known = error instanceof OAuthError ? error : unreadRequest(error);
    if (known === undefined) request.log.error({ err: error }, 'request failed');
    const answer = known ?? new OAuthError('server_error', 'Something went wrong on our side.');
    reply.headers(answer.headers);
    // The sign-in form's address answers a browser: with a page.
    if (request.routeOptions.url === '/oauth/authorize') {
      return sendPage(reply.header('Request-Id', request.id), answer.status, errorPage('Sign-in failed', known?.description ?? 'Something went wrong on our side. Try again in a moment.'));
    }
    reply.code(answer.status).header('Request-Id', request.id).header('Cache-Control', 'no-store').send({ error: answer.error, error_description: answer.description });
  });

  app.get('/.well-known/oauth-authorization-server', { schema: HIDE, config: OPEN }, async (_request, reply) => {
    const base = ctx.issuer();
    reply.header('Cache-Control', 'public, max-age=300');
    return {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      ...(ctx.signUpEnabled ? { prompt_values_supported: ['create'] } : {}),
      service_documentation: `${base}/docs`,
    };
  });

  app.get('/.well-known/jwks.json', { schema: HIDE, config: OPEN }, async (_request, reply) => {
    // Short: a verifier learns of a new key within a minute (and at once by refetching on an unknown kid).
    reply.header('Cache-Control', 'public, max-age=60');
    return sessions.keys.jwks();
  });

  authorizeRoutes(app, ctx);
  signUpRoutes(app, ctx);
  passwordResetRoutes(app, ctx);
  tokenRoutes(app, ctx);
  revokeRoutes(app, ctx);
}
