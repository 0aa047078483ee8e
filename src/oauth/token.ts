/**
 * `POST /oauth/token` (RFC 6749, form-encoded): exchanges an authorization code, or a refresh token,
 * for an access token and a new refresh token.
 */
import type { FastifyInstance } from 'fastify';
import { exchangeAuthorizationCode } from '../auth/exchange-authorization-code.js';
import { refreshTokens } from '../auth/refresh-tokens.js';
import { liveSignInOfRefreshToken } from '../auth/sessions.js';
import { OAuthError } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import {
  formOf,
  GRANT_REFUSALS,
  HIDE,
  OPEN,
  parametersProblem,
  requireClient,
  requireParameter,
  seenFrom,
  single,
  throttle,
  type OAuthContext,
} from './oauth-flow.js';

export function tokenRoutes(app: FastifyInstance, ctx: OAuthContext): void {
  const { services } = ctx;
  const { db, sessions, signInLimits: limits } = services;
  app.post('/oauth/token', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const form = formOf(request);
    const unreadable = parametersProblem(form);
    if (unreadable !== undefined) throw new OAuthError('invalid_request', unreadable);
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    // A refresh with a live refresh token is limited per sign-in, never refused for its address.
    const presented = single(form.grant_type) === 'refresh_token' ? single(form.refresh_token) : undefined;
    const live = presented === undefined ? undefined : await liveSignInOfRefreshToken(db, presented, sessions.clock.now());
    throttle(await limits.tokenRequest(clientAddress(request), live));
    const client = await requireClient(db, form);
    const grantType = requireParameter(form, 'grant_type');
    let result;
    if (grantType === 'authorization_code') {
      result = await exchangeAuthorizationCode(services, {
        code: requireParameter(form, 'code'),
        clientId: client.id,
        redirectUri: requireParameter(form, 'redirect_uri'),
        codeVerifier: requireParameter(form, 'code_verifier'),
        seenFrom: seenFrom(request),
      });
    } else if (grantType === 'refresh_token') {
      result = await refreshTokens(services, { refreshToken: requireParameter(form, 'refresh_token'), clientId: client.id, seenFrom: seenFrom(request) });
    } else {
      throw new OAuthError('unsupported_grant_type', 'grant_type must be "authorization_code" or "refresh_token".');
    }
    if (!result.ok) throw new OAuthError('invalid_grant', GRANT_REFUSALS[result.reason]);
    return result.tokens;
  });

}
