/**
 * Stock, in one place: taken when an order is created, given back when it is canceled or its units
 * are refunded. Products whose stock is not tracked (`inventory` null) are sold without limit.
 *
 * Stock is taken for all lines of an order or none, and can never go below zero: Create Order's
 * statements (`db/order-writes.ts`) take it with the product rows locked, in id order, so that two
 * transactions never wait on each other's rows; this file says why a line was refused. It is given
 * back with one UPDATE per product, in id order too.
 */
import { sql, type Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import type { RefusedLine } from '../db/order-writes.js';
import { ApiError } from '../errors.js';

/** The units wanted of each product, in the id order products are taken in. */
export function inIdOrder(wanted: ReadonlyMap<string, number>): Array<[productId: string, quantity: number]> {
  return [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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

/** Tells an unknown product (product_not_found) from an inactive one (product_inactive) and one short of stock (out_of_stock), on the parameter `param`. */
export function refusal({ productId, quantity, product }: RefusedLine, param: string): ApiError {
  if (product === undefined) return new ApiError('product_not_found', `No such product: '${productId}'`, param);
  if (product.active !== 1) {
    return new ApiError('product_inactive', `Product '${product.name}' (${productId}) is not active; make it active again (PATCH /v1/products/${productId} with "active": true) to sell it.`, param);
  }
  return new ApiError('out_of_stock', `Not enough stock of '${product.name}' (${productId}): ${quantity} wanted, ${product.inventory ?? 0} available.`, param);
}
