/**
 * `POST /v1/auth/refresh`: the API's own way to rotate a refresh token, with a JSON body and the
 * API's error envelope (the OAuth token endpoint does the same with a form and OAuth errors).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { throttledHeaders } from '../auth/sign-in-limits.js';
import { ENVIRONMENTS } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import { errorResponses } from '../http/schemas.js';
import { refreshSession } from './refresh-session.js';

export const RefreshBody = Type.Object(
  {
    refresh_token: Type.String({ minLength: 1, maxLength: 512, description: 'The refresh token (`rt_...`) of the last token response.' }),
    client_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          "The app's `client_id` (`cli_...`), as `/oauth/token` takes it. A refresh token issued to another app is then refused (401 `invalid_credentials`), as `/oauth/token` refuses it. Apps should send it.",
      }),
    ),
    environment: Type.Optional(
      Type.Enum(ENVIRONMENTS, {
        description:
          'The data set the new tokens act on: `sandbox` or `production`. The sign-in continues in it from now on. Default: the environment the sign-in is in.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TokenResponse = Type.Object(
  {
    access_token: Type.String({ description: 'A JWT (ES256) to send as `Authorization: Bearer <access_token>`.' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'Seconds until the access token expires.' }),
    refresh_token: Type.String({ description: 'The refresh token to use next time; the one sent is no longer valid.' }),
  },
  { $id: 'TokenResponse', additionalProperties: false },
);

export const refreshRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/v1/auth/refresh', {
    config: { public: true },
    schema: {
      tags: ['Authentication'],
      operationId: 'refreshToken',
      summary: 'Refresh an access token',
      description:
        'Exchanges a refresh token for a new access token and a new refresh token. Each refresh token works once: the one sent stops working. ' +
        'Two requests with one token get one success and one 401 `refresh_token_used`. A token used again more than the grace period (10 s) ' +
        'after its exchange is taken as stolen: the whole sign-in ends, its access tokens included (401 `credential_revoked`). ' +
        'Sends no credential; ignores `Idempotency-Key`.\n\n' +
        'Switching environments: send `environment` (`sandbox` or `production`) to get tokens for that data set. The refresh token rotates exactly as above, ' +
        'and the sign-in moves to the environment asked for: later refreshes stay there, and its access tokens for the other environment answer 401 ' +
        '`credential_revoked` while it is there. A user who may sign in may use either environment, as at sign-in.\n\n' +
        'A sign-in lasts at most `SESSION_MAX_AGE_DAYS` (90 by default) from the moment the user signed in, however often it is refreshed: ' +
        'past it, a refresh answers 401 `credential_revoked` and the user signs in again. Each refresh records the sign-in\'s last use, ' +
        'with the `User-Agent` and address of the request, as `GET /v1/account/sessions` shows them.',
      body: RefreshBody,
      response: {
        200: TokenResponse,
        ...errorResponses('parameter_missing', 'parameter_unknown', 'parameter_invalid', 'invalid_credentials', 'token_expired', 'credential_revoked', 'refresh_token_used'),
      },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await refreshSession(request.services, { address: clientAddress(request), userAgent: request.headers['user-agent'] }, request.body);
      if (!result.ok) {
        reply.headers(throttledHeaders(result.throttled));
        throw new ApiError(
          'rate_limited',
          `Too many token requests ${result.perSignIn ? 'for this sign-in' : 'from this address'}; retry in ${result.throttled.retryAfterSeconds} seconds.`,
        );
      }
      return result.tokens;
    },
  });
};
