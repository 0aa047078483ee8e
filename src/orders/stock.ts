/**
 * Stock, in one place: taken when an order is created, given back when it is canceled or its units
 * are refunded. Products whose stock is not tracked (`inventory` null) are sold without limit.
 *
 * Stock is taken with one conditional UPDATE per product (`inventory >= quantity`), so it can never go
 * below zero: on PostgreSQL the row lock makes a concurrent order wait and re-check the condition; on
 * SQLite the transaction holds the write lock from its first statement. Products are always taken in
 * id order, so that two transactions never wait on each other's rows.
 */
import { sql, type Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import { selectScoped } from '../db/scoped.js';
import { ApiError } from '../errors.js';

/** What an order line needs of a product it reserved. */
export interface ReservedProduct {
  name: string;
  price: number;
}

/**
 * Takes the units wanted of each product, for all or (by throwing) none: `product_not_found`,
 * `product_inactive` or `out_of_stock`, on the parameter `paramOf(productId)`.
 */
export async function reserveStock(
  trx: Kysely<Database>,
  tenant: Tenant,
  wanted: ReadonlyMap<string, number>,
  paramOf: (productId: string) => string,
  now: string,
): Promise<Map<string, ReservedProduct>> {
  const products = new Map<string, ReservedProduct>();
  for (const [productId, quantity] of [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const reserved = await trx
      .updateTable('products')
      .set({ inventory: sql`inventory - ${quantity}`, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', productId)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('inventory', 'is', null), eb('inventory', '>=', quantity)]))
      .returning(['name', 'price'])
      .executeTakeFirst();
    if (reserved === undefined) throw await whyNotReserved(trx, tenant, productId, quantity, paramOf(productId));
    products.set(productId, reserved);
  }
  return products;
}

/** Puts units back on the shelf of products whose stock is tracked (untracked ones stay null). */
export async function restock(trx: Kysely<Database>, tenant: Tenant, units: ReadonlyArray<{ product_id: string; quantity: number }>, now: string): Promise<void> {
  for (const { product_id, quantity } of [...units].sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0))) {
    await trx
      .updateTable('products')
      .set({ inventory: sql`inventory + ${quantity}`, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', product_id)
      .where('inventory', 'is not', null)
      .execute();
  }
}

/** Tells an unknown product (product_not_found) from an inactive one (product_inactive) and one short of stock (out_of_stock). */
async function whyNotReserved(trx: Kysely<Database>, tenant: Tenant, productId: string, quantity: number, param: string): Promise<ApiError> {
  const product = await selectScoped(trx, 'products', tenant).select(['name', 'inventory', 'active']).where('id', '=', productId).executeTakeFirst();
  if (product === undefined) return new ApiError('product_not_found', `No such product: '${productId}'`, param);
  if (product.active !== 1) {
    return new ApiError('product_inactive', `Product '${product.name}' (${productId}) is not active; make it active again (PATCH /v1/products/${productId} with "active": true) to sell it.`, param);
  }
  return new ApiError('out_of_stock', `Not enough stock of '${product.name}' (${productId}): ${quantity} wanted, ${product.inventory ?? 0} available.`, param);
}
