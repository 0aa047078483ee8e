/**
 * The receipt links store: every statement on `receipt_links`. A link is made for one tenant's order
 * and found again by its token's SHA-256 alone (the hosted page knows nothing else), which names the
 * merchant, environment and order it shows.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { ReceiptLinkRow } from '../schema.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

export async function insertReceiptLink(handle: ReadHandle, row: ReceiptLinkRow): Promise<void> {
  await kyselyOf(handle).insertInto('receipt_links').values(row).execute();
}

/** What a link found by its token's hash shows: the tenant's order. */
export interface ReceiptLinkTarget extends Tenant {
  orderId: string;
}

/**
 * The link whose token has this SHA-256 (hex), or undefined: one lookup of the unique index, the same
 * work whatever the token (no comparison of secrets character by character).
 */
export async function receiptLinkByTokenHash(handle: ReadHandle, tokenHash: string): Promise<ReceiptLinkTarget | undefined> {
  const row = await kyselyOf(handle)
    .selectFrom('receipt_links')
    .select(['merchant_id', 'environment', 'order_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row === undefined ? undefined : { merchantId: row.merchant_id, environment: row.environment, orderId: row.order_id };
}

/**
 * Gives the merchant's link holding `tokenHash` the token `newHash` instead; true when it did (the
 * link still exists). `till mail list` renews the token of a mailed receipt's link when it shows it.
 */
export async function renewReceiptLinkToken(trx: DbTransaction, merchantId: string, tokenHash: string, newHash: string): Promise<boolean> {
  const renewed = await trx
    .updateTable('receipt_links')
    .set({ token_hash: newHash })
    .where('merchant_id', '=', merchantId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}
