import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { createCustomer } from './create-customer.js';
import { getCustomer } from './get-customer.js';
import { listCustomers } from './list-customers.js';
import { CreateCustomerBody, ListCustomersQuery, Customer, CustomerIdParams, CustomerList, UpdateCustomerBody } from './schemas.js';
import { updateCustomer } from './update-customer.js';

const tags = ['Customers'];

export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/customers', {
    config: { scope: 'customers:read' },
    schema: {
      tags,
      operationId: 'listCustomers',
      summary: 'List customers',
      description: 'Newest first. `q` finds customers by name or e-mail prefix, or phone prefix; `email` filters on one address.',
      querystring: ListCustomersQuery,
      response: { 200: CustomerList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listCustomers(request.services, request.principal, request.query),
  });

  app.get('/v1/customers/:id', {
    config: { scope: 'customers:read' },
    schema: {
      tags,
      operationId: 'getCustomer',
      summary: 'Get a customer',
      params: CustomerIdParams,
      response: { 200: Customer, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => getCustomer(request.services, request.principal, request.params.id),
  });

  app.post('/v1/customers', {
    config: { scope: 'customers:write' },
    schema: {
      tags,
      operationId: 'createCustomer',
      summary: 'Create a customer',
      body: CreateCustomerBody,
      response: { 201: Customer, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createCustomer(request.services, request.principal, request.body);
    },
  });

  app.patch('/v1/customers/:id', {
    config: { scope: 'customers:write' },
    schema: {
      tags,
      operationId: 'updateCustomer',
      summary: 'Update a customer',
      params: CustomerIdParams,
      body: UpdateCustomerBody,
      response: { 200: Customer, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => updateCustomer(request.services, request.principal, request.params.id, request.body),
  });
};
