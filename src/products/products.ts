/**
 * The catalogue: products with a price and, optionally, tracked stock. Prices here only affect new
 * orders; line items keep the price of the moment they were created.
 */
import type { Tenant } from '../auth/principal.js';
import type { ProductRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import { pageOf } from '../http/paginate.js';
import type { Pagination } from '../http/schemas.js';
import { newId } from '../ids.js';
import { merchantSettings } from '../merchants/merchant-settings.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { CreateProductBody, ListProductsQuery, Product, UpdateProductBody } from './schemas.js';
import { selectScoped } from '../db/scoped.js';

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
  const { currency } = await merchantSettings(db.kysely, tenant.merchantId);
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
    return toProduct(row);
  });
}

export async function getProduct({ db }: Services, tenant: Tenant, productId: string): Promise<Product> {
  const row = await selectScoped(db.kysely, 'products', tenant)
    .select(COLUMNS as never[])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('product', productId, 'id');
  return toProduct(row as ProductRow);
}

export async function updateProduct(services: Services, tenant: Tenant, productId: string, input: UpdateProductBody): Promise<Product> {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.price === undefined ? {} : { price: input.price }),
    ...(input.inventory === undefined ? {} : { inventory: input.inventory }),
    ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
  };
  if (Object.keys(changes).length > 0) {
    await services.db.kysely
      .updateTable('products')
      .set({ ...changes, updated_at: isoNow(services.clock) })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', productId)
      .execute();
  }
  return getProduct(services, tenant, productId);
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
