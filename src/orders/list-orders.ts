/**
 * List Orders: newest first (created_at, then id, both descending), filtered by status, customer and
 * an inclusive date range, with an exact count of every match. Pages like every list of the API (see
 * paginate.ts), but counts through `countOrders`, which adds up per-day counts rather than walking
 * every match.
 *
 * A page and its count are one statement, its text made once per shape of query (which filters,
 * how many statuses) and kept, so a request only binds its values: no Kysely building or compiling.
 * The page's ids are found first, from the index alone (`orders_by_status`, `orders_by_customer`,
 * `orders_list` hold every column the order needs), and only those 20 orders are read: skipping
 * 10,000 matches for page 500 then walks index entries, not rows.
 */
import type { Tenant } from '../auth/principal.js';
import type { OrderStatus } from '../db/schema.js';
import { pagination, type Pagination } from '../db/paginate.js';
import { preparedOnce, runPrepared } from '../db/prepared.js';
import type { Services } from '../services.js';
import { boundToTimestamp } from '../time.js';
import { countOrders, type SqlPart } from './order-counts.js';
import { toSummary } from './order-view.js';
import type { ListOrdersQuery, OrderSummary } from './schemas.js';

interface SummaryRow {
  matches: number;
  id: string | null;
  status: OrderStatus;
  total: number;
  currency: string;
  items_count: number;
  customer_id: string | null;
  created_at: string;
}

export async function listOrders(
  { db }: Services,
  tenant: Tenant,
  query: ListOrdersQuery,
): Promise<{ data: OrderSummary[]; pagination: Pagination }> {
  const statuses = query.status === undefined ? undefined : (query.status.split(',') as OrderStatus[]);
  const min = query.created_at_min === undefined ? undefined : boundToTimestamp(query.created_at_min, 'min');
  const max = query.created_at_max === undefined ? undefined : boundToTimestamp(query.created_at_max, 'max');
  const matching: SqlPart = { text: 'merchant_id = ? and environment = ?', parameters: [tenant.merchantId, tenant.environment], shape: '' };
  const filter = (text: string, values: readonly unknown[], shape: string) => {
    matching.text += text;
    matching.parameters.push(...values);
    matching.shape += shape;
  };
  if (statuses !== undefined) filter(` and status in (${statuses.map(() => '?').join(', ')})`, statuses, `s${statuses.length}`);
  if (query.customer_id !== undefined) filter(' and customer_id = ?', [query.customer_id], 'c');
  if (min !== undefined) filter(' and created_at >= ?', [min], 'f');
  if (max !== undefined) filter(' and created_at <= ?', [max], 't');
  const count = countOrders(tenant, matching, { statuses, customerId: query.customer_id, min, max });

  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  // Kept per shape of query; the shapes are few (a status list is at most 500 characters). One row
  // when the page is empty (past the end, or no match): the count, and nulls.
  const statement = preparedOnce(
    db.dialect,
    `list-orders ${matching.shape} ${count.shape}`,
    () => `select m.matches, o.id, o.status, o.total, o.currency, o.items_count, o.customer_id, o.created_at
         from (select ${count.text} as matches) m
         left join (select id, created_at from orders where ${matching.text}
                     order by created_at desc, id desc limit ? offset ?) page on 1 = 1
         left join orders o on o.merchant_id = ? and o.id = page.id
        order by page.created_at desc, page.id desc`,
  );
  const rows = await runPrepared<SummaryRow>(db.kysely, statement, [
    ...count.parameters,
    ...matching.parameters,
    perPage,
    (page - 1) * perPage,
    tenant.merchantId,
  ]);
  const data = rows.filter((row): row is SummaryRow & { id: string } => row.id !== null).map(toSummary);
  return { data, pagination: pagination(Number(rows[0]!.matches), page, perPage) };
}
