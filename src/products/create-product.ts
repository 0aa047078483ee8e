/**
 * Create Product: a product priced in the merchant's currency, recorded with `product.created` in
 * one transaction. Prices only affect new orders; line items keep the price of the moment they were
 * created. Its `sku` and `barcode`, when given, are each unique among the tenant's products.
 * created. Its modifier groups (`modifier-groups.ts`) get their ids here.
 */
import type { Tenant } from '../auth/principal.js';
import { insertProduct } from '../db/catalog/products.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { refuseTakenCodes, withUniqueCodes } from './product-codes.js';
import { resolveModifierGroups } from './modifier-groups.js';
import { toProduct } from './product-view.js';
import type { CreateProductBody, Product } from './schemas.js';

export async function createProduct(services: Services, tenant: Tenant, input: CreateProductBody): Promise<Product> {
  const { clock, settings, transaction } = services;
  const { currency } = await settings(tenant.merchantId);
  const now = isoNow(clock);
  const row = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: newId('prod'),
    name: input.name,
    price: input.price,
    currency,
    inventory: input.inventory ?? null,
    active: input.active === false ? 0 : 1,
    sku: input.sku ?? null,
    barcode: input.barcode ?? null,
    category: input.category ?? null,
    created_at: now,
    updated_at: now,
    copied_from_product_id: null,
    modifier_groups: JSON.stringify(resolveModifierGroups(input.modifier_groups ?? [], [], input.price)),
  };
  return withUniqueCodes(services, tenant, row, row.id, () =>
    transaction(async (trx) => {
      await refuseTakenCodes(trx, tenant, row);
      await insertProduct(trx, row);
      const product = toProduct(row);
      await recordEvent(trx, tenant, 'product.created', product, now);
      return product;
    }),
  );
}
