/**
 * `GET /v1/account`: who am I. Any valid credential may ask, whatever its permissions; an app uses
 * it to learn the merchant's currency, the environment it acts on and what it may show the user.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { getAccount } from './get-account.js';
import { Account } from './schemas.js';

/** No operation here needs a permission, so none can answer 403. */
const ERRORS = AUTH_ERRORS.filter((code) => code !== 'insufficient_permissions');

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/account', {
    schema: {
      tags: ['Account'],
      operationId: 'getAccount',
      summary: 'Retrieve the account',
      description:
        'The merchant the credential acts for (`id`, `name`, `currency`, `tax_rate_bps`), the `environment` it acts on, its `permissions`, ' +
        'and, for a user access token, the `user` (`id`, `email`, `role`); `user` is null for an API key. ' +
        'Any valid credential may call it: no permission is needed.',
      response: { 200: Account, ...errorResponses(...ERRORS) },
    },
    handler: (request) => getAccount(request.services.db.kysely, request.principal),
  });
};
