/**
 * List Orders: newest first (created_at, then id, both descending), filtered by status, customer and
 * an inclusive date range, with an exact count of every match.
 */
import type { Tenant } from '../auth/principal.js';
import type { OrderStatus } from '../db/schema.js';
import { pageOf } from '../http/paginate.js';
import type { Pagination } from '../http/schemas.js';
import type { Services } from '../services.js';
import { toSummary } from './order-view.js';
import type { ListOrdersQuery, OrderSummary } from './schemas.js';
import { selectScoped } from '../db/scoped.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const SUMMARY_COLUMNS = ['id', 'status', 'total', 'currency', 'items_count', 'customer_id', 'created_at'];

/** A bound as stored text; a bare date means its first (min) or last (max) millisecond, UTC. */
export function boundToTimestamp(value: string, side: 'min' | 'max'): string {
  if (DATE_ONLY.test(value)) return `${value}T${side === 'min' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(value).toISOString();
}

export async function listOrders(
  { db }: Services,
  tenant: Tenant,
  query: ListOrdersQuery,
): Promise<{ data: OrderSummary[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'orders', tenant);
  if (query.status !== undefined) filtered = filtered.where('status', 'in', query.status.split(',') as OrderStatus[]);
  if (query.customer_id !== undefined) filtered = filtered.where('customer_id', '=', query.customer_id);
  if (query.created_at_min !== undefined) filtered = filtered.where('created_at', '>=', boundToTimestamp(query.created_at_min, 'min'));
  if (query.created_at_max !== undefined) filtered = filtered.where('created_at', '<=', boundToTimestamp(query.created_at_max, 'max'));

  const { rows, pagination } = await pageOf<OrderSummary>(filtered, SUMMARY_COLUMNS, query);
  return { data: rows.map(toSummary), pagination };
}
