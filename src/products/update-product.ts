/**
 * Update Product: changes the fields given and records `product.updated` with the product as it now
 * is, in one transaction. A body that changes nothing records no event. A `sku` or `barcode` that
 * another of the tenant's products holds is refused. `modifier_groups` replaces
 * the whole list (`modifier-groups.ts`: ids sent back are kept); it, or a new price, is checked
 * against the product as it is, read with its row locked.
 */
import type { Tenant } from '../auth/principal.js';
import { findProduct, findProductForUpdate, otherEnvironmentOfProduct, updateProductRow } from '../db/catalog/products.js';
import { notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { getProduct } from './get-product.js';
import { refuseTakenCodes, withUniqueCodes } from './product-codes.js';
import { resolveModifierGroups } from './modifier-groups.js';
import { toProduct } from './product-view.js';
import type { Product, UpdateProductBody } from './schemas.js';

export async function updateProduct(services: Services, tenant: Tenant, productId: string, input: UpdateProductBody): Promise<Product> {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.price === undefined ? {} : { price: input.price }),
    ...(input.inventory === undefined ? {} : { inventory: input.inventory }),
    ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
    ...(input.sku === undefined ? {} : { sku: input.sku }),
    ...(input.barcode === undefined ? {} : { barcode: input.barcode }),
    ...(input.category === undefined ? {} : { category: input.category }),
  };
  if (Object.keys(changes).length === 0 && input.modifier_groups === undefined) return getProduct(services, tenant, productId);
  const now = isoNow(services.clock);
  return withUniqueCodes(services, tenant, changes, productId, () =>
    services.transaction(async (trx) => {
      const missing = async () => notFound('product', productId, 'id', await otherEnvironmentOfProduct(trx, tenant, productId));
      let modifierGroups = {};
      if (input.modifier_groups !== undefined || input.price !== undefined) {
        const before = await findProductForUpdate(trx, tenant, productId);
        if (before === undefined) throw await missing();
        const current = toProduct(before).modifier_groups;
        const groups = resolveModifierGroups(input.modifier_groups ?? current, current, input.price ?? before.price);
        if (input.modifier_groups !== undefined) modifierGroups = { modifier_groups: JSON.stringify(groups) };
      }
      if (changes.sku != null || changes.barcode != null) {
        // A missing product is a 404 whatever codes the body names.
        if ((await findProduct(trx, tenant, productId)) === undefined) throw await missing();
        await refuseTakenCodes(trx, tenant, changes, productId);
      }
      if (!(await updateProductRow(trx, tenant, productId, { ...changes, ...modifierGroups }, now))) throw await missing();
      const product = toProduct((await findProduct(trx, tenant, productId))!);
      await recordEvent(trx, tenant, 'product.updated', product, now);
      return product;
    }),
  );
}
