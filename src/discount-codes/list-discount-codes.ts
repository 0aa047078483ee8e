/**
 * List Discount Codes: the tenant's codes, newest first, a page at a time, optionally only the active or inactive ones.
 */
import type { Tenant } from '../auth/principal.js';
import { discountCodePage } from '../db/catalog/discount-codes.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toDiscountCode } from './discount-code-view.js';
import type { DiscountCode, ListDiscountCodesQuery } from './schemas.js';

export async function listDiscountCodes({ db }: Services, tenant: Tenant, query: ListDiscountCodesQuery): Promise<{ data: DiscountCode[]; pagination: Pagination }> {
  const { rows, pagination } = await discountCodePage(db, tenant, query.active, query);
  return { data: rows.map(toDiscountCode), pagination };
}
