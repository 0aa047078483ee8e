/**
 * The catalogue: products with a price and, optionally, tracked stock. Prices here only affect new
 * orders; line items keep the price of the moment they were created.
 */
import type { Tenant } from '../auth/principal.js';
import { findProduct, insertProduct, otherEnvironmentOfProduct, productPage, updateProductRow, type ProductFields } from '../db/catalog/products.js';
import type { Pagination } from '../db/paginate.js';
import { notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import { merchantSettings } from '../merchants/merchant-settings.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { CreateProductBody, ListProductsQuery, Product, UpdateProductBody } from './schemas.js';

function toProduct(row: ProductFields): Product {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    currency: row.currency,
    inventory: row.inventory,
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function createProduct({ db, clock, transaction }: Services, tenant: Tenant, input: CreateProductBody): Promise<Product> {
  const { currency } = await merchantSettings(db, tenant.merchantId);
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
    created_at: now,
    updated_at: now,
  };
  return transaction(async (trx) => {
    await insertProduct(trx, row);
    const product = toProduct(row);
    await recordEvent(trx, tenant, 'product.created', product, now);
    return product;
  });
}

export async function getProduct({ db }: Services, tenant: Tenant, productId: string): Promise<Product> {
  const row = await findProduct(db, tenant, productId);
  if (row === undefined) throw notFound('product', productId, 'id', await otherEnvironmentOfProduct(db, tenant, productId));
  return toProduct(row);
}

/**
 * Changes the fields given and records `product.updated` with the product as it now is, in one
 * transaction. A body that changes nothing records no event.
 */
export async function updateProduct(services: Services, tenant: Tenant, productId: string, input: UpdateProductBody): Promise<Product> {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.price === undefined ? {} : { price: input.price }),
    ...(input.inventory === undefined ? {} : { inventory: input.inventory }),
    ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
  };
  if (Object.keys(changes).length === 0) return getProduct(services, tenant, productId);
  const now = isoNow(services.clock);
  return services.transaction(async (trx) => {
    if (!(await updateProductRow(trx, tenant, productId, changes, now))) {
      throw notFound('product', productId, 'id', await otherEnvironmentOfProduct(trx, tenant, productId));
    }
    const product = toProduct((await findProduct(trx, tenant, productId))!);
    await recordEvent(trx, tenant, 'product.updated', product, now);
    return product;
  });
}

export async function listProducts(
  { db }: Services,
  tenant: Tenant,
  query: ListProductsQuery,
): Promise<{ data: Product[]; pagination: Pagination }> {
  const { rows, pagination } = await productPage(db, tenant, query.active, query);
  return { data: rows.map(toProduct), pagination };
}
