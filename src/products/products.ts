/**
 * The catalogue: products with a price and, optionally, tracked stock. Prices here only affect new
 * orders; line items keep the price of the moment they were created.
 */
import { pageOf, type Pagination } from '../db/paginate.js';
import type { Tenant } from '../auth/principal.js';
import type { ProductRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import { merchantSettings } from '../merchants/merchant-settings.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { CreateProductBody, ListProductsQuery, Product, UpdateProductBody } from './schemas.js';
import { selectScoped, otherEnvironmentHolding } from '../db/scoped.js';

const COLUMNS = ['id', 'name', 'price', 'currency', 'inventory', 'active', 'created_at', 'updated_at'];

function toProduct(row: Omit<ProductRow, 'merchant_id' | 'environment'>): Product {
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
    await trx.insertInto('products').values(row).execute();
    const product = toProduct(row);
    await recordEvent(trx, tenant, 'product.created', product, now);
    return product;
  });
}

export async function getProduct({ db }: Services, tenant: Tenant, productId: string): Promise<Product> {
  const row = await selectScoped(db.kysely, 'products', tenant)
    .select(COLUMNS as never[])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('product', productId, 'id', await otherEnvironmentHolding(db.kysely, 'products', tenant, productId));
  return toProduct(row as ProductRow);
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
    const result = await trx
      .updateTable('products')
      .set({ ...changes, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', productId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound('product', productId, 'id', await otherEnvironmentHolding(trx, 'products', tenant, productId));
    const row = await selectScoped(trx, 'products', tenant).select(COLUMNS as never[]).where('id', '=', productId).executeTakeFirstOrThrow();
    const product = toProduct(row as ProductRow);
    await recordEvent(trx, tenant, 'product.updated', product, now);
    return product;
  });
}

export async function listProducts(
  { db }: Services,
  tenant: Tenant,
  query: ListProductsQuery,
): Promise<{ data: Product[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'products', tenant);
  if (query.active !== undefined) filtered = filtered.where('active', '=', query.active ? 1 : 0);
  const { rows, pagination } = await pageOf<ProductRow>(filtered, COLUMNS, query);
  return { data: rows.map(toProduct), pagination };
}
