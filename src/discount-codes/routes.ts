/**
 * The discount codes endpoints. Codes belong to the catalogue: they are read with `products:read`
 * and changed with `products:write` (the scope list of the spec is closed; see docs/api.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { createDiscountCode } from './create-discount-code.js';
import { getDiscountCode } from './get-discount-code.js';
import { listDiscountCodes } from './list-discount-codes.js';
import { CreateDiscountCodeBody, DiscountCode, DiscountCodeIdParams, DiscountCodeList, ListDiscountCodesQuery, UpdateDiscountCodeBody } from './schemas.js';
import { updateDiscountCode } from './update-discount-code.js';

const tags = ['Discount codes'];

export const discountCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/discount_codes', {
    config: { scope: 'products:read' },
    schema: {
      tags,
      operationId: 'listDiscountCodes',
      summary: 'List discount codes',
      querystring: ListDiscountCodesQuery,
      response: { 200: DiscountCodeList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listDiscountCodes(request.services, request.principal, request.query),
  });

  app.get('/v1/discount_codes/:id', {
    config: { scope: 'products:read' },
    schema: {
      tags,
      operationId: 'getDiscountCode',
      summary: 'Get a discount code',
      params: DiscountCodeIdParams,
      response: { 200: DiscountCode, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => getDiscountCode(request.services, request.principal, request.params.id),
  });

  app.post('/v1/discount_codes', {
    config: { scope: 'products:write' },
    schema: {
      tags,
      operationId: 'createDiscountCode',
      summary: 'Create a discount code',
      description:
        'A saved discount that Create Order\'s `discount_code` redeems: `{type: "percentage", percentage_bps}` or `{type: "amount", amount}`, with an optional `reason`, `max_redemptions` and `expires_at`. The code is stored upper-cased and must be new to the merchant and environment, ignoring case.',
      body: CreateDiscountCodeBody,
      response: { 201: DiscountCode, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createDiscountCode(request.services, request.principal, request.body);
    },
  });

  app.patch('/v1/discount_codes/:id', {
    config: { scope: 'products:write' },
    schema: {
      tags,
      operationId: 'updateDiscountCode',
      summary: 'Update a discount code',
      description: 'Changes the code\'s text, reason, `max_redemptions` (not below `times_redeemed`), `expires_at` or `active`. Orders already made keep their discount.',
      params: DiscountCodeIdParams,
      body: UpdateDiscountCodeBody,
      response: { 200: DiscountCode, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => updateDiscountCode(request.services, request.principal, request.params.id, request.body),
  });
};
