/**
 * Offline sales: a register that lost the network keeps selling, prints its own receipt numbers and
 * syncs each sale later with Create Order, `recorded_at` set to when it was rung up. The server takes
 * such a sale as the register made it, whatever changed meanwhile: a product made inactive, stock
 * sold out (taken all the same, below zero: `inventory.shortfall`), a price or tax rate changed (the
 * line keeps the register's `unit_price`). What differs is listed on the order (`sync_differences`).
 *
 * The receipt number, unique per merchant and environment, makes a sync create each sale once
 * however late it comes (`create-order.ts` answers the order that has it).
 */
import { ApiError } from '../errors.js';
import type { CreateOrderBody, SyncDifference } from './schemas.js';
import type { InventoryShortfall } from '../products/schemas.js';

/** How far ahead of the server's clock a register's clock may be: 5 minutes. */
export const RECORDED_AT_AHEAD_MS = 5 * 60 * 1000;
/** How long after it was recorded a sale may still be synced: 90 days. */
export const RECORDED_AT_BEHIND_MS = 90 * 24 * 60 * 60 * 1000;

/** An offline sale's own fields, as checked. */
export interface OfflineSale {
  /** `recorded_at` as ISO 8601 UTC with milliseconds, as every timestamp is stored. */
  recordedAt: string;
  receiptNumber: string;
  /** The register's total, when it sent one. */
  recordedTotal: number | undefined;
}

/**
 * The offline sale `input` describes, checked against the server's clock `now`, or undefined for an
 * order sent without `recorded_at`, which may then carry none of an offline sale's fields.
 *
 * @example offlineSaleOf({ items, recorded_at: '2026-11-21T09:58:12Z', register_receipt_number: 'R1-000042' }, clock.now())
 */
export function offlineSaleOf(input: CreateOrderBody, now: Date): OfflineSale | undefined {
  if (input.recorded_at === undefined) {
    const onlyOffline = (param: string) => new ApiError('parameter_invalid', `Invalid ${param}: only an offline sale takes it; send \`recorded_at\` with it.`, param);
    if (input.register_receipt_number !== undefined) throw onlyOffline('register_receipt_number');
    if (input.recorded_total !== undefined) throw onlyOffline('recorded_total');
    const priced = input.items.findIndex((item) => item.unit_price !== undefined);
    if (priced !== -1) throw onlyOffline(`items[${priced}].unit_price`);
    return undefined;
  }
  if (input.register_receipt_number === undefined) {
    throw new ApiError('parameter_missing', 'Missing required parameter: register_receipt_number. An offline sale (with `recorded_at`) takes the number on the receipt the register printed.', 'register_receipt_number');
  }
  const recorded = Date.parse(input.recorded_at);
  const server = now.toISOString();
  if (recorded > now.getTime() + RECORDED_AT_AHEAD_MS) {
    throw new ApiError(
      'parameter_invalid',
      `Invalid recorded_at: it is more than 5 minutes in the future (the server's time is ${server}). Check the register's clock.`,
      'recorded_at',
    );
  }
  if (recorded < now.getTime() - RECORDED_AT_BEHIND_MS) {
    throw new ApiError('parameter_invalid', `Invalid recorded_at: it is more than 90 days in the past (the server's time is ${server}); a sale that old is not synced.`, 'recorded_at');
  }
  return { recordedAt: new Date(recorded).toISOString(), receiptNumber: input.register_receipt_number, recordedTotal: input.recorded_total };
}

/** A line of an offline sale as made: its product and, when the register charged its own, the register's price beside the current one. */
export interface SyncedLine {
  productId: string;
  lineItemId: string;
  /** The register's `unit_price`, the line's price; undefined when the register sent none (the current price is used). */
  recordedPrice: number | undefined;
  /** The product's price with the line's modifiers, now. */
  currentPrice: number;
}

/** A product an offline sale took, once taken. */
export interface SyncedProduct {
  productId: string;
  name: string;
  /** 1 when active. */
  active: number;
  /** Units the sale took of it, all lines together. */
  quantity: number;
  /** Stock left once they were taken; null when not tracked. */
  inventory: number | null;
}

/** Units sold beyond the stock there was (0 when there was enough): all of them when the stock was already at or below zero. */
export function shortfallOf(product: Pick<SyncedProduct, 'quantity' | 'inventory'>): number {
  if (product.inventory === null || product.inventory >= 0) return 0;
  return Math.min(product.quantity, -product.inventory);
}

/**
 * What differs between the sale as the register made it and as the server did: inactive products,
 * lines priced otherwise, stock short, and the total, in that order, each in the order of the lines
 * (`products` in the order their first line comes in).
 */
export function syncDifferences(lines: readonly SyncedLine[], products: readonly SyncedProduct[], recordedTotal: number | undefined, total: number): SyncDifference[] {
  const differences: SyncDifference[] = [];
  for (const product of products) if (product.active !== 1) differences.push({ type: 'product_inactive', product_id: product.productId });
  for (const line of lines) {
    if (line.recordedPrice === undefined || line.recordedPrice === line.currentPrice) continue;
    differences.push({ type: 'price_changed', product_id: line.productId, line_item_id: line.lineItemId, recorded_price: line.recordedPrice, current_price: line.currentPrice });
  }
  for (const product of products) {
    const shortfall = shortfallOf(product);
    if (shortfall > 0) differences.push({ type: 'stock_short', product_id: product.productId, shortfall });
  }
  if (recordedTotal !== undefined && recordedTotal !== total) differences.push({ type: 'total_changed', recorded_total: recordedTotal, total });
  return differences;
}

/** The `inventory.shortfall` object of each product the sale left below zero, in the order of `products`. */
export function shortfalls(products: readonly SyncedProduct[], orderId: string, receiptNumber: string): InventoryShortfall[] {
  return products
    .filter((product) => shortfallOf(product) > 0)
    .map((product) => ({
      object: 'inventory_shortfall' as const,
      product_id: product.productId,
      product_name: product.name,
      order_id: orderId,
      register_receipt_number: receiptNumber,
      quantity: product.quantity,
      shortfall: shortfallOf(product),
      inventory: product.inventory!,
    }));
}
