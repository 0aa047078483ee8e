/**
 * Get Discount Code: one code of the tenant; another environment's code is 404, with a hint.
 */
import type { Tenant } from '../auth/principal.js';
import { findDiscountCode, otherEnvironmentOfDiscountCode } from '../db/catalog/discount-codes.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { toDiscountCode } from './discount-code-view.js';
import type { DiscountCode } from './schemas.js';

export async function getDiscountCode({ db }: Services, tenant: Tenant, id: string): Promise<DiscountCode> {
  const row = await findDiscountCode(db, tenant, id);
  if (row === undefined) throw notFound('discount code', id, 'id', await otherEnvironmentOfDiscountCode(db, tenant, id));
  return toDiscountCode(row);
}
