/**
 * The exact number of a tenant's orders matching a List Orders query, read from `order_counts`
 * (migration 0004: counts by status and UTC day of creation, kept by triggers on `orders`) for the
 * whole days of the range, and from the orders themselves for the rest: the part of a day at either
 * end of the range, and any query by customer. A quarter of a million orders is a sum of a few
 * hundred count rows instead of a walk through every matching order.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database, Environment, OrderStatus } from '../db/schema.js';

/** The table of migration 0004, typed here beside the only code that reads it. */
interface OrderCountsTable {
  merchant_id: string;
  environment: Environment;
  status: OrderStatus;
  /** UTC day of the orders' `created_at`, `YYYY-MM-DD`. */
  day: string;
  /** The table keeps several rows per status and day, so that concurrent writers rarely share one. */
  slot: number;
  /** Orders of that status and day, or a part of them; may be negative in one slot, never in their sum. */
  count: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_START = 'T00:00:00.000Z';
const DAY_END = 'T23:59:59.999Z';

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}${DAY_START}`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface CountQuery {
  statuses: readonly OrderStatus[] | undefined;
  customerId: string | undefined;
  /** Inclusive bounds on `created_at`, as stored (ISO 8601 UTC with milliseconds). */
  min: string | undefined;
  max: string | undefined;
}

/**
 * Counts the orders of `filtered` (the tenant's orders with every filter of `query` applied).
 *
 * @example await countOrders(db.kysely, tenant, filtered, { statuses: ['paid'], customerId: undefined, min, max })
 */
export async function countOrders(
  db: Kysely<Database>,
  tenant: Tenant,
  filtered: SelectQueryBuilder<Database, 'orders', {}>,
  query: CountQuery,
): Promise<number> {
  const countRows = async (rows: SelectQueryBuilder<Database, 'orders', {}>) =>
    Number((await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  if (query.customerId !== undefined) return countRows(filtered);

  // The whole days of the range: from the first day that starts inside it to the last that ends inside it.
  const { min, max } = query;
  const firstDay = min === undefined ? undefined : min.endsWith(DAY_START) ? min.slice(0, 10) : shiftDay(min.slice(0, 10), 1);
  const lastDay = max === undefined ? undefined : max.endsWith(DAY_END) ? max.slice(0, 10) : shiftDay(max.slice(0, 10), -1);
  // Bounds less than a day apart (or crossed), or at the ends of the calendar: the orders themselves.
  if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) return countRows(filtered);
  if ((firstDay !== undefined && !DAY.test(firstDay)) || (lastDay !== undefined && !DAY.test(lastDay))) return countRows(filtered);

  let counts = db
    .withTables<{ order_counts: OrderCountsTable }>()
    .selectFrom('order_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment);
  if (query.statuses !== undefined) counts = counts.where('status', 'in', query.statuses);
  if (firstDay !== undefined) counts = counts.where('day', '>=', firstDay);
  if (lastDay !== undefined) counts = counts.where('day', '<=', lastDay);

  const [days, before, after] = await Promise.all([
    counts.executeTakeFirstOrThrow().then((row) => Number(row.total)),
    min !== undefined && firstDay !== min.slice(0, 10) ? countRows(filtered.where('created_at', '<', `${firstDay}${DAY_START}`)) : 0,
    max !== undefined && lastDay !== max.slice(0, 10) ? countRows(filtered.where('created_at', '>', `${lastDay}${DAY_END}`)) : 0,
  ]);
  return days + before + after;
}
