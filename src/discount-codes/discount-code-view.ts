/**
 * A discount code as the API shows it, from its stored row.
 */
import type { DiscountCodeFields } from '../db/catalog/discount-codes.js';
import type { DiscountCode } from './schemas.js';

export function toDiscountCode(row: DiscountCodeFields): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    percentage_bps: row.percentage_bps,
    amount: row.amount === null ? null : Number(row.amount),
    reason: row.reason,
    max_redemptions: row.max_redemptions === null ? null : Number(row.max_redemptions),
    times_redeemed: Number(row.times_redeemed),
    expires_at: row.expires_at,
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
