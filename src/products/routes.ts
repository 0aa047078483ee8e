import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { createProduct } from './create-product.js';
import { getProduct } from './get-product.js';
import { listProducts } from './list-products.js';
import { CreateProductBody, ListProductsQuery, Product, ProductIdParams, ProductList, UpdateProductBody } from './schemas.js';
import { updateProduct } from './update-product.js';

const tags = ['Products'];

export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/products', {
    config: { scope: 'products:read' },
    schema: {
      tags,
      operationId: 'listProducts',
      summary: 'List products',
      querystring: ListProductsQuery,
      response: { 200: ProductList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listProducts(request.services, request.principal, request.query),
  });

  app.get('/v1/products/:id', {
    config: { scope: 'products:read' },
    schema: {
      tags,
      operationId: 'getProduct',
      summary: 'Get a product',
      params: ProductIdParams,
      response: { 200: Product, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => getProduct(request.services, request.principal, request.params.id),
  });

  app.post('/v1/products', {
    config: { scope: 'products:write' },
    schema: {
      tags,
      operationId: 'createProduct',
      summary: 'Create a product',
      description:
        "The product is priced in the merchant's currency. Leave `inventory` out (or null) to sell it without tracking stock. `modifier_groups` offers options with it (Size, Milk...), each with a price delta added to an order line's unit price.",
      body: CreateProductBody,
      response: { 201: Product, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createProduct(request.services, request.principal, request.body);
    },
  });

  app.patch('/v1/products/:id', {
    config: { scope: 'products:write' },
    schema: {
      tags,
      operationId: 'updateProduct',
      summary: 'Update a product',
      description:
        'Changes name, price, stock count, active flag or modifier groups (`modifier_groups` replaces the list; send ids back to keep them). Existing orders keep the names and prices they were created with, modifiers included.',
      params: ProductIdParams,
      body: UpdateProductBody,
      response: { 200: Product, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => updateProduct(request.services, request.principal, request.params.id, request.body),
  });
};
