/**
 * `POST /oauth/revoke` (RFC 7009): ends the sign-in a refresh or access token belongs to.
 */
import type { FastifyInstance } from 'fastify';
import { verifyAccessToken } from '../auth/access-tokens.js';
import { revokeSession } from '../auth/revoke-session.js';
import { clientOfSession, sessionOfRefreshToken } from '../auth/sessions.js';
import { OAuthError } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import {
  formOf,
  HIDE,
  OPEN,
  parametersProblem,
  requireClient,
  requireParameter,
  throttle,
  type OAuthContext,
} from './oauth-flow.js';

export function revokeRoutes(app: FastifyInstance, ctx: OAuthContext): void {
  const { services } = ctx;
  const { db, sessions, signInLimits: limits } = services;
  app.post('/oauth/revoke', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const form = formOf(request);
    const unreadable = parametersProblem(form);
    if (unreadable !== undefined) throw new OAuthError('invalid_request', unreadable);
    reply.header('Cache-Control', 'no-store');
    throttle(await limits.request(clientAddress(request)));
    const client = await requireClient(db, form);
    const token = requireParameter(form, 'token');
    // RFC 7009: an unknown, expired or already revoked token is answered 200 all the same.
    if (token.startsWith('rt_')) {
      const owner = (await sessionOfRefreshToken(db, token))?.clientId;
      if (owner === undefined) return reply.code(200).send();
      if (owner !== client.id) throw new OAuthError('unauthorized_client', 'This token was issued to another client.');
      await revokeSession(services, { refreshToken: token });
      return reply.code(200).send();
    }
    const verified = await verifyAccessToken(sessions, token);
    if (!verified.ok) return reply.code(200).send();
    const owner = await clientOfSession(db, { merchantId: verified.claims.merchant_id, sessionId: verified.claims.sid });
    if (owner !== undefined && owner !== client.id) throw new OAuthError('unauthorized_client', 'This token was issued to another client.');
    await revokeSession(services, { merchantId: verified.claims.merchant_id, sessionId: verified.claims.sid });
    return reply.code(200).send();
  });
}
