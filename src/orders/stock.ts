/**
 * Stock, in one place: taken when an order is created, given back when it is canceled or its units
 * are refunded (`db/catalog/stock.ts`). Products whose stock is not tracked (`inventory` null) are
 * sold without limit.
 *
 * Stock is taken for all lines of an order or none, and can never go below zero (but by an offline
 * sale, `offline-sale.ts`, which takes what the register sold whatever is left): Create Order's
 * statements (`db/orders/create-order.ts`) take it with the product rows locked, in id order, so that
 * two transactions never wait on each other's rows; this file says why a line was refused. It is given
 * back with one UPDATE per product, in id order too.
 */
import type { RefusedLine } from '../db/orders/create-order.js';
import { ApiError } from '../errors.js';

/** The units wanted of each product, in the id order products are taken in. */
export function inIdOrder(wanted: ReadonlyMap<string, number>): Array<[productId: string, quantity: number]> {
  return [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Tells an unknown product (product_not_found) from an inactive one (product_inactive) and one short of stock (out_of_stock), on the parameter `param`. */
export function refusal({ productId, quantity, product }: RefusedLine, param: string): ApiError {
  if (product === undefined) return new ApiError('product_not_found', `No such product: '${productId}'`, param);
  if (product.active !== 1) {
    return new ApiError('product_inactive', `Product '${product.name}' (${productId}) is not active; make it active again (PATCH /v1/products/${productId} with "active": true) to sell it.`, param);
  }
  return new ApiError('out_of_stock', `Not enough stock of '${product.name}' (${productId}): ${quantity} wanted, ${product.inventory ?? 0} available.`, param);
}
