/**
 * Update Discount Code: changes the fields given (text, reason, limit, expiry, active flag). The
 * discount itself does not change: orders already made keep what they were given, and a new
 * discount is a new code. `max_redemptions` below `times_redeemed` is refused (400). A change is
 * recorded with `discount_code.updated`; a body that changes nothing records no event.
 */
import type { Tenant } from '../auth/principal.js';
import { findDiscountCode, otherEnvironmentOfDiscountCode, updateDiscountCodeRow } from '../db/catalog/discount-codes.js';
import { ApiError, notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { codeTaken } from './create-discount-code.js';
import { toDiscountCode } from './discount-code-view.js';
import { getDiscountCode } from './get-discount-code.js';
import type { DiscountCode, UpdateDiscountCodeBody } from './schemas.js';

export async function updateDiscountCode(services: Services, tenant: Tenant, id: string, input: UpdateDiscountCodeBody): Promise<DiscountCode> {
  const changes = {
    ...(input.code === undefined ? {} : { code: input.code.toUpperCase() }),
    ...(input.reason === undefined ? {} : { reason: input.reason }),
    ...(input.max_redemptions === undefined ? {} : { max_redemptions: input.max_redemptions }),
    ...(input.expires_at === undefined ? {} : { expires_at: input.expires_at === null ? null : new Date(input.expires_at).toISOString() }),
    ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
  };
  if (Object.keys(changes).length === 0) return getDiscountCode(services, tenant, id);
  const now = isoNow(services.clock);
  return services.transaction(async (trx) => {
    const outcome = await updateDiscountCodeRow(trx, tenant, id, changes, now);
    if (outcome === 'missing') throw notFound('discount code', id, 'id', await otherEnvironmentOfDiscountCode(trx, tenant, id));
    if (outcome === 'taken') throw codeTaken(changes.code!);
    if (outcome === 'below_redeemed') {
      throw new ApiError('parameter_invalid', '`max_redemptions` cannot go below `times_redeemed`, the orders that already redeemed the code.', 'max_redemptions');
    }
    const code = toDiscountCode((await findDiscountCode(trx, tenant, id))!);
    await recordEvent(trx, tenant, 'discount_code.updated', code, now);
    return code;
  });
}
