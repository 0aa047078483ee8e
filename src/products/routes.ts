import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { copyFromSandbox } from './copy-from-sandbox.js';
import { createProduct } from './create-product.js';
import { getProduct } from './get-product.js';
import { listProducts } from './list-products.js';
import { CatalogueCopy, CopyFromSandboxBody, CreateProductBody, ListProductsQuery, Product, ProductIdParams, ProductList, UpdateProductBody } from './schemas.js';
import { updateProduct } from './update-product.js';

const tags = ['Products'];

export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/products', {
    config: { scope: 'products:read' },
    schema: {
      tags,
      operationId: 'listProducts',
      summary: 'List products',
      description: 'Newest first. `q` finds products by name prefix, SKU or barcode; `active` and `category` filter.',
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
        "The product is priced in the merchant's currency. Leave `inventory` out (or null) to sell it without tracking stock. " +
        'A `sku` or `barcode` that another product of the merchant and environment already has is 400 `parameter_invalid` with `param` naming the field (`sku` or `barcode`); products of another environment or merchant may share it. ' +
        "`modifier_groups` offers options with it (Size, Milk...), each with a price delta added to an order line's unit price.",
      body: CreateProductBody,
      response: { 201: Product, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createProduct(request.services, request.principal, request.body);
    },
  });

  app.post('/v1/products/copy_from_sandbox', {
    config: { scope: 'products:write' },
    schema: {
      tags,
      operationId: 'copyProductsFromSandbox',
      summary: 'Copy the sandbox catalogue to production',
      description: [
        "Copies every product of the merchant's sandbox into production, in one transaction, with a `product.created` event for each copy. Called with a production credential (a sandbox one is 400 `production_required`).",
        'Each copy has a new id and every field of its sandbox product (name, price, currency, active, and the rest) except `inventory`: a product whose stock is tracked starts at 0 unless `include_stock` is `true`; one whose stock is not tracked stays untracked.',
        'Running it again copies only sandbox products added since: a product already copied is counted in `skipped` and its production copy is left as it is, even if the sandbox product has changed since (edit the production product instead). A sandbox product whose copy would repeat the value of a field that must be unique among production products is skipped as already there, too. Two calls at the same time make one copy of each product.',
      ].join('\n\n'),
      body: CopyFromSandboxBody,
      response: { 200: CatalogueCopy, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'production_required') },
    },
    handler: (request) => copyFromSandbox(request.services, request.principal, request.body ?? {}),
  });

  app.patch('/v1/products/:id', {
    config: { scope: 'products:write' },
    schema: {
      tags,
      operationId: 'updateProduct',
      summary: 'Update a product',
      description:
        'Changes name, price, stock count, active flag, SKU, barcode or category. Existing orders keep the name and price they were created with. ' +
        'A `sku` or `barcode` that another product of the merchant and environment already has is 400 `parameter_invalid` with `param` naming the field.' +
        ' `modifier_groups` replaces the list (send ids back to keep them); existing orders keep their modifiers too.',
      params: ProductIdParams,
      body: UpdateProductBody,
      response: { 200: Product, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => updateProduct(request.services, request.principal, request.params.id, request.body),
  });
};
