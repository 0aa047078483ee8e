/**
 * The events endpoints: what happened to the tenant's orders and refunds, newest first.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { eventShown } from '../orders/customer-fields.js';
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';
import { Event, EventIdParams, EventList, ListEventsQuery } from './schemas.js';

const tags = ['Events'];

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/events', {
    config: { scope: 'orders:read' },
    schema: {
      tags,
      operationId: 'listEvents',
      summary: 'List events',
      description:
        "Events of the credential's merchant and environment, newest first (`created_at`, then `id`, descending). Each is recorded in the same transaction as the change it describes, so an event exists exactly when its change does. Only the events the credential may read are listed: those of orders and refunds with `orders:read`, of products with `products:read`, of customers with `customers:read`, and of API keys with `api_keys:write` (a user who manages keys; never an API key).",
      querystring: ListEventsQuery,
      response: { 200: EventList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: async (request) => {
      const list = await request.services.lagTolerant(request.principal.id, (services) => listEvents(services, request.principal, request.query));
      return { ...list, data: list.data.map((event) => eventShown(event, request.principal.permissions)) };
    },
  });

  app.get('/v1/events/:id', {
    config: { scope: 'orders:read' },
    schema: {
      tags,
      operationId: 'getEvent',
      summary: 'Get an event',
      description: "One event. Another merchant's or environment's event is 404, exactly like a missing one. An event the credential may not read (see List events) is 403 `insufficient_permissions`, naming the permission it needs.",
      params: EventIdParams,
      response: { 200: Event, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: async (request) => eventShown(await getEvent(request.services, request.principal, request.params.id), request.principal.permissions),
  });
};
