/**
 * The webhook endpoints API: where a merchant's events are pushed, and the log of each attempt.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { EventIdParams } from '../events/schemas.js';
import {
  CreateWebhookEndpointBody,
  DeletedWebhookEndpoint,
  ListDeliveriesQuery,
  ResendEventBody,
  ResendResult,
  RotateSecretBody,
  UpdateWebhookEndpointBody,
  WebhookAttemptList,
  WebhookEndpoint,
  WebhookEndpointIdParams,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from './schemas.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { listWebhookAttempts } from './list-webhook-attempts.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { resendEvent } from './resend-event.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { sendTestEvent } from './send-test-event.js';
import { updateWebhookEndpoint } from './update-webhook-endpoint.js';
import { PaginationQuery } from '../http/schemas.js';
import Type from 'typebox';

const tags = ['Webhooks'];

/** Endpoint secrets are stored with `services.cipher` (encrypted with SIGNING_KEY_ENCRYPTION_KEY when it is set). */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ production: boolean }> = async (app, { production }) => {
  app.post('/v1/webhook_endpoints', {
    // The answer holds the secret in clear; recording it for Idempotency-Key replays would store it.
    config: { scope: 'webhooks:write', idempotent: false },
    schema: {
      tags,
      operationId: 'createWebhookEndpoint',
      summary: 'Create a webhook endpoint',
      description:
        "Events of the credential's merchant and environment of the types in `enabled_events` are POSTed to `url`, signed as the Standard Webhooks specification says. The answer carries the signing `secret`: it is shown here and on rotation only.\n\n" +
        'An endpoint receives only the event types its credential may read through `/v1/events` (orders and refunds with `orders:read`, products with `products:read`, customers with `customers:read`, API keys with `api_keys:write`): an explicit type it cannot read is 403 `insufficient_permissions`, and `*` means every type it may read. Each delivery is checked again against what the credential may read at that moment. A merchant has at most 16 endpoints per environment (400 `webhook_endpoint_limit_reached`).\n\n' +
        'Ignores `Idempotency-Key`: replaying the answer would mean storing the secret, so sending the request twice makes two endpoints. ' +
        'If a creation times out, list the endpoints and delete any you did not receive.',
      body: CreateWebhookEndpointBody,
      response: { 201: WebhookEndpointWithSecret, ...errorResponses(...AUTH_ERRORS, 'parameter_missing', 'parameter_invalid', 'webhook_endpoint_limit_reached') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createWebhookEndpoint(request.services, request.principal, request.body, production);
    },
  });

  app.get('/v1/webhook_endpoints', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'listWebhookEndpoints',
      summary: 'List webhook endpoints',
      description: 'Newest first. Secrets are never listed.',
      querystring: Type.Object({ ...PaginationQuery }, { additionalProperties: false }),
      response: { 200: WebhookEndpointList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listWebhookEndpoints(request.services, request.principal, request.query),
  });

  app.get('/v1/webhook_endpoints/:id', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'getWebhookEndpoint',
      summary: 'Get a webhook endpoint',
      description: "Another merchant's or environment's endpoint is 404, exactly like a missing one.",
      params: WebhookEndpointIdParams,
      response: { 200: WebhookEndpoint, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => getWebhookEndpoint(request.services, request.principal, request.params.id),
  });

  app.patch('/v1/webhook_endpoints/:id', {
    config: { scope: 'webhooks:write' },
    schema: {
      tags,
      operationId: 'updateWebhookEndpoint',
      summary: 'Update a webhook endpoint',
      description:
        'Changes `url`, `enabled_events`, `description`, `metadata` or `status` (`enabled` or `disabled`). A disabled endpoint receives nothing until enabled again. A change of `url` or `enabled_events`, or enabling it, binds the endpoint to the credential making it: its event types must be ones that credential may read (403 `insufficient_permissions` otherwise), and from then on deliveries follow its permissions.',
      params: WebhookEndpointIdParams,
      body: UpdateWebhookEndpointBody,
      response: { 200: WebhookEndpoint, ...errorResponses(...AUTH_ERRORS, 'resource_not_found', 'parameter_invalid') },
    },
    handler: (request) => updateWebhookEndpoint(request.services, request.principal, request.params.id, request.body, production),
  });

  app.delete('/v1/webhook_endpoints/:id', {
    config: { scope: 'webhooks:write' },
    schema: {
      tags,
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint',
      description: 'The endpoint receives nothing more; deliveries still waiting for it are dropped.',
      params: WebhookEndpointIdParams,
      response: { 200: DeletedWebhookEndpoint, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => deleteWebhookEndpoint(request.services, request.principal, request.params.id),
  });

  app.post('/v1/webhook_endpoints/:id/rotate_secret', {
    // The answer holds the new secret in clear: never recorded for a replay.
    config: { scope: 'webhooks:write', idempotent: false },
    schema: {
      tags,
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate the signing secret',
      description:
        'Makes a new secret and answers it. Until `expires_in_seconds` (default 86400) have passed, the secret it replaces keeps signing: deliveries carry one `v1,` signature per live secret in `webhook-signature`, separated by spaces, so a receiver can switch without refusing any. ' +
        'Up to three earlier secrets sign at once, each until its own expiry; a fourth rotation while three are live retires the one closest to its expiry. `expires_in_seconds: 0` retires the current secret and every earlier one at once (a secret that leaked).\n\n' +
        'Ignores `Idempotency-Key`: replaying the answer would mean storing the secret. A rotation that times out may have happened: rotate again; the secret you still use keeps signing until its expiry.',
      params: WebhookEndpointIdParams,
      body: RotateSecretBody,
      response: { 200: WebhookEndpointWithSecret, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => rotateWebhookSecret(request.services, request.principal, request.params.id, request.body),
  });

  app.get('/v1/webhook_endpoints/:id/deliveries', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'listWebhookDeliveries',
      summary: "List an endpoint's delivery attempts",
      description:
        'Every attempt, newest first: the event, the attempt number, what the receiver answered (status, the first 1 KB of the body), how long it took, why it failed, and when the next attempt is due.',
      params: WebhookEndpointIdParams,
      querystring: ListDeliveriesQuery,
      response: { 200: WebhookAttemptList, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => listWebhookAttempts(request.services, request.principal, request.params.id, request.query),
  });

  app.post('/v1/webhook_endpoints/:id/test', {
    config: { scope: 'webhooks:write' },
    schema: {
      tags,
      operationId: 'testWebhookEndpoint',
      summary: 'Send a test event',
      description:
        'Sends a `ping` event (`data.object` is `{"endpoint_id"}`) to the endpoint now, signed like any other. Tests and resends may queue 60 deliveries a minute per merchant and environment together; past that, 429 `rate_limited`.',
      params: WebhookEndpointIdParams,
      response: { 200: ResendResult, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found', 'rate_limited') },
    },
    handler: (request) => sendTestEvent(request.services, request.principal, request.params.id),
  });

  app.post('/v1/events/:id/resend', {
    config: { scope: 'webhooks:write' },
    schema: {
      tags,
      operationId: 'resendEvent',
      summary: 'Send an event again',
      description:
        'Queues the event now, with the same `webhook-id`, for `endpoint_id`, or for every enabled endpoint subscribed to its type, each only if its credential may read the event type now (`endpoint_ids` lists those it was queued for). Tests and resends may queue 60 deliveries a minute per merchant and environment together; past that, 429 `rate_limited`.',
      params: EventIdParams,
      body: ResendEventBody,
      response: { 200: ResendResult, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found', 'rate_limited') },
    },
    handler: (request) => resendEvent(request.services, request.principal, request.params.id, request.body.endpoint_id),
  });
};
