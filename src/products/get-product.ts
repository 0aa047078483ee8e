/**
 * Get Product: one product of the tenant; another environment's product is 404, with a hint.
 */
import type { Tenant } from '../auth/principal.js';
import { findProduct, otherEnvironmentOfProduct } from '../db/catalog/products.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { toProduct } from './product-view.js';
import type { Product } from './schemas.js';

export async function getProduct({ db }: Services, tenant: Tenant, productId: string): Promise<Product> {
  const row = await findProduct(db, tenant, productId);
  if (row === undefined) throw notFound('product', productId, 'id', await otherEnvironmentOfProduct(db, tenant, productId));
  return toProduct(row);
}
