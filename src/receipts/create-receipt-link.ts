/**
 * Create Receipt Link: a new unguessable link to the hosted receipt of a paid order
 * (`<PUBLIC_URL>/r/<token>`). The token is 32 random base62 characters, answered once: only its
 * SHA-256 is stored, so the route ignores `Idempotency-Key` (a replay would have to keep the token).
 */
import type { Principal } from '../auth/principal.js';
import { orderStatus, otherEnvironmentOfOrder } from '../db/orders/orders.js';
import { insertReceiptLink } from '../db/receipts/receipt-links.js';
import type { DbTransaction } from '../db/transaction.js';
import { notFound } from '../errors.js';
import { newId, randomBase62, RECEIPT_TOKEN_LENGTH, sha256Hex } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { assertHasReceipt } from './receipt-of.js';
import type { ReceiptLink } from './schemas.js';

export async function createReceiptLink(services: Services, principal: Principal, orderId: string): Promise<ReceiptLink> {
  const { clock, transaction, sessions } = services;
  return transaction(async (trx) => {
    const status = await orderStatus(trx, principal, orderId);
    if (status === undefined) throw notFound('order', orderId, 'id', await otherEnvironmentOfOrder(trx, principal, orderId));
    assertHasReceipt({ id: orderId, status });
    return makeReceiptLink(trx, principal, orderId, isoNow(clock), sessions.issuer());
  });
}

/**
 * Writes a new link of the order's hosted receipt on `trx` (its token's hash, never the token) and
 * answers it with its token and URL. `siteUrl` is where clients reach this server: PUBLIC_URL, or the
 * address it listens on (the issuer of its access tokens).
 */
export async function makeReceiptLink(trx: DbTransaction, principal: Principal, orderId: string, now: string, siteUrl: string): Promise<ReceiptLink> {
  const token = randomBase62(RECEIPT_TOKEN_LENGTH);
  const id = newId('rcl');
  await insertReceiptLink(trx, {
    merchant_id: principal.merchantId,
    environment: principal.environment,
    id,
    order_id: orderId,
    token_hash: sha256Hex(token),
    created_at: now,
    created_by: principal.kind === 'user' ? principal.id : null,
  });
  return { id, object: 'receipt_link', order_id: orderId, url: `${siteUrl}/r/${token}`, token, created_at: now };
}
