/**
 * Get Receipt: the receipt of a paid order (the order with the shop's receipt settings), and the
 * receipt a hosted page's link shows.
 */
import type { Tenant } from '../auth/principal.js';
import { receiptLinkByTokenHash } from '../db/receipts/receipt-links.js';
import { sha256Hex } from '../ids.js';
import { readOrder } from '../orders/order-view.js';
import type { Services } from '../services.js';
import { receiptOf } from './receipt-of.js';
import type { Receipt } from './schemas.js';

/** The receipt of the tenant's order: 404 for an order it does not have, 422 `order_not_paid` for one not paid. */
export async function getReceipt(services: Services, tenant: Tenant, orderId: string): Promise<Receipt> {
  const order = await readOrder(services.db, tenant, orderId);
  return receiptOf(order, await services.settings(tenant.merchantId));
}

/**
 * The receipt the link with this token shows, or undefined when no link has it. The token is found
 * by its SHA-256 in one index lookup, whatever it is.
 */
export async function receiptOfLink(services: Services, token: string): Promise<Receipt | undefined> {
  const link = await receiptLinkByTokenHash(services.db, sha256Hex(token));
  if (link === undefined) return undefined;
  return getReceipt(services, link, link.orderId);
}
