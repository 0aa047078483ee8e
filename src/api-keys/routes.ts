/**
 * `/v1/api_keys`: a signed-in user lists, creates and revokes the merchant's API keys. Keys are
 * merchant-level records, so these operations see the keys of both environments, whatever the
 * environment of the user's token.
 *
 * Only a user access token with `api_keys:write` gets in: an API key can never mint or list keys,
 * so a leaked key cannot make itself a successor that outlives its revocation.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';
import { ApiKey, ApiKeyIdParams, ApiKeyList, CreateApiKeyBody, CreatedApiKey, ListApiKeysQuery, RevokeApiKeyBody } from './schemas.js';

const tags = ['API keys'];
const config = { scope: 'api_keys:write', credentials: ['user'] } as const;

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/api_keys', {
    config,
    schema: {
      tags,
      operationId: 'listApiKeys',
      summary: 'List API keys',
      description:
        "The merchant's API keys of both environments (or of the one `environment` names), newest first, revoked keys included. " +
        'Shows each key\'s `last4`, never the key or its hash.',
      querystring: ListApiKeysQuery,
      response: { 200: ApiKeyList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listApiKeys(request.services, request.principal, request.query),
  });

  app.post('/v1/api_keys', {
    // The answer holds the key in plain text; recording it for Idempotency-Key replays would store it.
    config: { ...config, idempotent: false },
    schema: {
      tags,
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description:
        'Creates a key for either environment (whatever the environment of the access token) with the permissions asked for, all of them by default. ' +
        'The answer (201, `Cache-Control: no-store`) is the only time the key itself (`key`) is shown: only its hash is kept, so a lost key cannot be shown again; create another and revoke the lost one. ' +
        'The key works at once.\n\n' +
        'Ignores `Idempotency-Key`: replaying the answer would mean storing the key, so sending the request twice creates two keys. ' +
        'If a creation times out, list the keys and revoke any you did not receive.',
      body: CreateApiKeyBody,
      response: { 201: CreatedApiKey, ...errorResponses(...AUTH_ERRORS, 'parameter_missing') },
    },
    handler: async (request, reply) => {
      const created = await createApiKey(request.services, request.principal, request.body);
      reply.code(201).header('Cache-Control', 'no-store');
      return created;
    },
  });

  app.post('/v1/api_keys/:id/revoke', {
    config,
    schema: {
      tags,
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description:
        'Requests with the key answer 401 `credential_revoked` from now on; this cannot be undone. ' +
        'Revoking a revoked key answers 200 with the record as it is (`revoked_at` unchanged). ' +
        "Another merchant's key answers 404, like an unknown one.",
      params: ApiKeyIdParams,
      body: RevokeApiKeyBody,
      response: { 200: ApiKey, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found') },
    },
    handler: (request) => revokeApiKey(request.services, request.principal, request.params.id),
  });
};
