/**
 * The merchant's settings: Get Merchant and Update Merchant. They take `merchant:read` and
 * `merchant:write`, which only admin users are given, and API keys that hold every permission.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { getMerchant } from './get-merchant.js';
import { Merchant, UpdateMerchantBody } from './schemas.js';
import { updateMerchant } from './update-merchant.js';

const tags = ['Merchant'];

const WHO =
  'Admin users and full-access API keys only: it takes the `merchant:read` (reading) or `merchant:write` (changing) permission, which the admin role grants ' +
  'and managers and cashiers lack. An API key created without a `permissions` list holds every permission, these included, and is what "full-access" means here; ' +
  'keys that held every permission before these two existed were given them. A narrower key gets 403 `insufficient_permissions`. ' +
  'The settings are the merchant\'s, shared by the sandbox and production environments.';

export const merchantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/merchant', {
    config: { scope: 'merchant:read' },
    schema: {
      tags,
      operationId: 'getMerchant',
      summary: "Get the merchant's settings",
      description: WHO,
      response: { 200: Merchant, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => getMerchant(request.services, request.principal),
  });

  app.patch('/v1/merchant', {
    config: { scope: 'merchant:write' },
    schema: {
      tags,
      operationId: 'updateMerchant',
      summary: "Update the merchant's settings",
      description:
        `${WHO} Only the fields sent change. A change applies to orders created after it; an order keeps the currency, tax and totals it was created with. ` +
        '`currency` is refused with 400 `currency_locked` once the merchant has an order in either environment. ' +
        'With `prices_include_tax` true, line prices include tax: `tax = round_half_up(total * tax_rate_bps / (10000 + tax_rate_bps))` and `subtotal = total - tax`, so `total` is exactly the sum of the lines. ' +
        'A change records one `merchant.updated` event in each environment; a body that changes nothing records none.',
      body: UpdateMerchantBody,
      response: { 200: Merchant, ...errorResponses(...AUTH_ERRORS, 'currency_locked') },
    },
    handler: (request) => updateMerchant(request.services, request.principal, request.body),
  });
};
