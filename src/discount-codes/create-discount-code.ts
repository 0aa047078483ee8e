/**
 * Create Discount Code: a saved discount (a percentage or an amount) that Create Order's
 * `discount_code` redeems. The code is stored upper-cased; a code the tenant already has, in any
 * case, is refused (400 naming `code`). Recorded with `discount_code.created` in the same transaction.
 */
import type { Tenant } from '../auth/principal.js';
import { insertDiscountCode } from '../db/catalog/discount-codes.js';
import { ApiError } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { toDiscountCode } from './discount-code-view.js';
import type { CreateDiscountCodeBody, DiscountCode } from './schemas.js';

export async function createDiscountCode({ clock, transaction }: Services, tenant: Tenant, input: CreateDiscountCodeBody): Promise<DiscountCode> {
  const percentage = input.type === 'percentage';
  if (percentage && input.percentage_bps === undefined) throw new ApiError('parameter_missing', 'A percentage discount takes `percentage_bps`.', 'percentage_bps');
  if (!percentage && input.amount === undefined) throw new ApiError('parameter_missing', 'An amount discount takes `amount`.', 'amount');
  if (percentage && input.amount !== undefined) throw new ApiError('parameter_invalid', 'A percentage discount takes `percentage_bps`, not `amount`.', 'amount');
  if (!percentage && input.percentage_bps !== undefined) throw new ApiError('parameter_invalid', 'An amount discount takes `amount`, not `percentage_bps`.', 'percentage_bps');
  const now = isoNow(clock);
  const row = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: newId('dc'),
    code: input.code.toUpperCase(),
    type: input.type,
    percentage_bps: percentage ? input.percentage_bps! : null,
    amount: percentage ? null : input.amount!,
    reason: input.reason ?? null,
    max_redemptions: input.max_redemptions ?? null,
    times_redeemed: 0,
    expires_at: input.expires_at == null ? null : new Date(input.expires_at).toISOString(),
    active: input.active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  return transaction(async (trx) => {
    if (!(await insertDiscountCode(trx, row))) throw codeTaken(row.code);
    const code = toDiscountCode(row);
    await recordEvent(trx, tenant, 'discount_code.created', code, now);
    return code;
  });
}

export function codeTaken(code: string): ApiError {
  return new ApiError('parameter_invalid', `A discount code '${code}' already exists (codes match ignoring case).`, 'code');
}
