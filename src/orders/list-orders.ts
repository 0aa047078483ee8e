/**
 * List Orders: newest first (created_at, then id, both descending), filtered by status, customer and
 * an inclusive date range, with an exact count of every match. Pages like every list of the API (see
 * paginate.ts), but counts through `countOrders`, which adds up per-day counts rather than walking
 * every match.
 */
import type { Tenant } from '../auth/principal.js';
import type { OrderStatus } from '../db/schema.js';
import { pagination, type Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { boundToTimestamp } from '../time.js';
import { countOrders } from './order-counts.js';
import { toSummary } from './order-view.js';
import type { ListOrdersQuery, OrderSummary } from './schemas.js';
import { selectScoped } from '../db/scoped.js';

const SUMMARY_COLUMNS = ['id', 'status', 'total', 'currency', 'items_count', 'customer_id', 'created_at'] as const;


export async function listOrders(
  { db }: Services,
  tenant: Tenant,
  query: ListOrdersQuery,
): Promise<{ data: OrderSummary[]; pagination: Pagination }> {
  const statuses = query.status === undefined ? undefined : (query.status.split(',') as OrderStatus[]);
  const min = query.created_at_min === undefined ? undefined : boundToTimestamp(query.created_at_min, 'min');
  const max = query.created_at_max === undefined ? undefined : boundToTimestamp(query.created_at_max, 'max');
  let filtered = selectScoped(db.kysely, 'orders', tenant);
  if (statuses !== undefined) filtered = filtered.where('status', 'in', statuses);
  if (query.customer_id !== undefined) filtered = filtered.where('customer_id', '=', query.customer_id);
  if (min !== undefined) filtered = filtered.where('created_at', '>=', min);
  if (max !== undefined) filtered = filtered.where('created_at', '<=', max);

  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const [total, rows] = await Promise.all([
    countOrders(db.kysely, tenant, filtered, { statuses, customerId: query.customer_id, min, max }),
    filtered
      .select(SUMMARY_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { data: rows.map(toSummary), pagination: pagination(total, page, perPage) };
}
