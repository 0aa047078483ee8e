/**
 * `GET /v1/account`: who am I. Any valid credential may ask, whatever its permissions; an app uses
 * it to learn the merchant's currency, the environment it acts on and what it may show the user.
 *
 * The user's own security: their sign-ins (list, sign one out) and their password. User access
 * tokens only, of any role: an API key has no sign-ins and no password.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isThrottled, throttledHeaders } from '../auth/sign-in-limits.js';
import { ApiError } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { changePassword } from './change-password.js';
import { endSession } from './end-session.js';
import { getAccount } from './get-account.js';
import { listSessions } from './list-sessions.js';
import { Account, ChangePasswordBody, ListSessionsQuery, PasswordChanged, Session, SessionIdParams, SessionList } from './schemas.js';

/** No operation here needs a permission; only the user-token routes can answer 403 (to an API key). */
const ERRORS = AUTH_ERRORS.filter((code) => code !== 'insufficient_permissions');
const tags = ['Account'];
const userOnly = { credentials: ['user'] } as const;

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/account', {
    schema: {
      tags,
      operationId: 'getAccount',
      summary: 'Retrieve the account',
      description:
        'The merchant the credential acts for (`id`, `name`, `currency`, `tax_rate_bps`, `prices_include_tax`), the `environment` it acts on, its `permissions`, ' +
        'and, for a user access token, the `user` (`id`, `email`, `role`); `user` is null for an API key. ' +
        'Any valid credential may call it: no permission is needed.',
      response: { 200: Account, ...errorResponses(...ERRORS) },
    },
    handler: (request) => getAccount(request.services, request.principal),
  });

  app.get('/v1/account/sessions', {
    config: userOnly,
    schema: {
      tags,
      operationId: 'listSessions',
      summary: 'List your sign-ins',
      description:
        "The signed-in user's open sign-ins, newest first, paginated like every list: each app or browser they signed in on, with its client, " +
        'a `device` summary of its `user_agent`, the `ip_address` of its last token request, when it started, when it last got tokens (`last_used_at`: ' +
        'a refresh, not each request) and the latest it can end (`expires_at`). The sign-in making the request has `current: true`. ' +
        'Ended and expired sign-ins are not listed. Any role; an API key has no sign-ins (403).',
      querystring: ListSessionsQuery,
      response: { 200: SessionList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listSessions(request.services, request.principal, request.query),
  });

  app.delete('/v1/account/sessions/:id', {
    config: userOnly,
    schema: {
      tags,
      operationId: 'deleteSession',
      summary: 'Sign out a sign-in',
      description:
        'Ends one of your sign-ins (a lost phone, a browser you no longer use) and answers it with `ended_at` set. Its refresh token and access tokens ' +
        'answer 401 `credential_revoked` from their next request, on every server process. Ending the current sign-in signs you out. ' +
        "Another user's sign-in, an ended one or an unknown id answers 404.",
      params: SessionIdParams,
      response: { 200: Session, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => endSession(request.services, request.principal, request.params.id),
  });

  app.post('/v1/account/password', {
    config: { ...userOnly, idempotent: false, secretFields: ['current_password', 'new_password'] },
    schema: {
      tags,
      operationId: 'changePassword',
      summary: 'Change your password',
      description:
        'Checks `current_password`, then sets `new_password` (at least 10 characters, not the current one; only its Argon2id hash is kept) and ends ' +
        'every other sign-in of the user: their tokens answer 401 `credential_revoked` from the next request. The sign-in making the change goes on. ' +
        'Every open password-reset link of the user is spent too: a link mailed before the change no longer works. ' +
        'A wrong `current_password` is 400 `incorrect_password` and changes nothing; it counts as a failed sign-in, so after too many (10 per 15 minutes) ' +
        'the account waits (429 with `Retry-After`), as on the sign-in page. Ignores `Idempotency-Key`: a retry of a change that succeeded ' +
        'answers `incorrect_password`, since the password it names is no longer the current one.',
      body: ChangePasswordBody,
      response: { 200: PasswordChanged, ...errorResponses(...AUTH_ERRORS, 'parameter_missing', 'incorrect_password') },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await changePassword(request.services, request.principal, { ...request.body, address: clientAddress(request) });
      if (isThrottled(result)) {
        reply.headers(throttledHeaders(result));
        throw new ApiError('rate_limited', `Too many wrong passwords for this account; retry in ${result.retryAfterSeconds} seconds.`);
      }
      return result;
    },
  });
};
