/**
 * The exact number of a tenant's orders matching a List Orders query, read from `order_counts`
 * (migration 0004: counts by status and UTC day of creation, kept by triggers on `orders`) for the
 * whole days of the range, and from the orders themselves for the rest: the part of a day at either
 * end of the range, and any query by customer, number or search text. A quarter of a million orders is a sum of a few
 * hundred count rows instead of a walk through every matching order.
 *
 * The count is an SQL expression for List Orders' one statement (`list-orders.ts` of this store), not a query of
 * its own: one round trip per page on PostgreSQL.
 */
import type { Tenant } from '../scoped.js';
import type { OrderStatus } from '../schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_START = 'T00:00:00.000Z';
export const DAY_END = 'T23:59:59.999Z';

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}${DAY_START}`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What List Orders' `q` looks for (`orders/list-orders.ts` reads the text): a number that is the
 * order's number, its total in minor units or (with `cardLast4`) its card's last four; a prefix of the
 * order's id; a register's receipt number, exactly (and, with `alsoCustomer`, as a prefix of the
 * customer's name or e-mail too); or a prefix of its customer's name or e-mail, case-insensitive.
 */
export type OrderSearch =
  | { kind: 'digits'; value: number; cardLast4: string | undefined }
  | { kind: 'id'; prefix: string }
  | { kind: 'receipt'; receiptNumber: string; alsoCustomer: boolean }
  | { kind: 'customer'; prefix: string };

export interface CountQuery {
  statuses: readonly OrderStatus[] | undefined;
  customerId: string | undefined;
  number: number | undefined;
  search: OrderSearch | undefined;
  /** Inclusive bounds on `created_at`, as stored (ISO 8601 UTC with milliseconds). */
  min: string | undefined;
  max: string | undefined;
}

/** SQL text with `?` placeholders, its parameters, and a key naming the text (equal keys, equal texts). */
export interface SqlPart {
  text: string;
  parameters: unknown[];
  shape: string;
  /** What the orders are read from, when not `orders` (an index named for SQLite: `list-orders.ts`). */
  from?: string | undefined;
}

/**
 * A count made of whole days, in parts that also tell a page how many matches to step over without
 * walking them: `days` is the condition on `order_counts` for the whole days of the range, `older`
 * and `newer` the counts of the matches in the part of a day at the range's start and end, if any.
 */
export interface DayCounts extends SqlPart {
  byDay: { days: SqlPart; older: SqlPart | undefined; newer: SqlPart | undefined };
}

/**
 * The count of the orders `matching` selects (the tenant's orders with every filter of `query`, as a
 * condition on `orders`), as a scalar SQL expression.
 *
 * @example countOrders(tenant, matching, { statuses: ['paid'], customerId: undefined, min, max })
 */
export function countOrders(tenant: Tenant, matching: SqlPart, query: CountQuery): SqlPart | DayCounts {
  const countRows = (extra = '', parameters: unknown[] = [], shape = 'rows'): SqlPart => ({
    text: `(select count(*) from ${matching.from ?? 'orders'} where ${matching.text}${extra})`,
    parameters: [...matching.parameters, ...parameters],
    shape,
  });
  // The per-day counts know status and day only: any other filter counts the orders themselves.
  if (query.customerId !== undefined || query.number !== undefined || query.search !== undefined) return countRows();

  // The whole days of the range: from the first day that starts inside it to the last that ends inside it.
  const { min, max } = query;
  const firstDay = min === undefined ? undefined : min.endsWith(DAY_START) ? min.slice(0, 10) : shiftDay(min.slice(0, 10), 1);
  const lastDay = max === undefined ? undefined : max.endsWith(DAY_END) ? max.slice(0, 10) : shiftDay(max.slice(0, 10), -1);
  // Bounds less than a day apart (or crossed), or at the ends of the calendar: the orders themselves.
  if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) return countRows();
  if ((firstDay !== undefined && !DAY.test(firstDay)) || (lastDay !== undefined && !DAY.test(lastDay))) return countRows();

  let days = 'merchant_id = ? and environment = ?';
  const parameters: unknown[] = [tenant.merchantId, tenant.environment];
  if (query.statuses !== undefined) {
    days += ` and status in (${query.statuses.map(() => '?').join(', ')})`;
    parameters.push(...query.statuses);
  }
  if (firstDay !== undefined) {
    days += ' and day >= ?';
    parameters.push(firstDay);
  }
  if (lastDay !== undefined) {
    days += ' and day <= ?';
    parameters.push(lastDay);
  }
  const wholeDays: SqlPart = { text: days, parameters, shape: `days${query.statuses?.length ?? ''}${firstDay === undefined ? '' : 'f'}${lastDay === undefined ? '' : 'l'}` };
  const parts: SqlPart[] = [{ text: `(select coalesce(sum(count), 0) from order_counts where ${days})`, parameters, shape: wholeDays.shape }];
  const older = min !== undefined && firstDay !== min.slice(0, 10) ? countRows(' and created_at < ?', [`${firstDay}${DAY_START}`], 'before') : undefined;
  const newer = max !== undefined && lastDay !== max.slice(0, 10) ? countRows(' and created_at > ?', [`${lastDay}${DAY_END}`], 'after') : undefined;
  for (const part of [older, newer]) if (part !== undefined) parts.push(part);
  return {
    text: parts.map((p) => p.text).join(' + '),
    parameters: parts.flatMap((p) => p.parameters),
    shape: parts.map((p) => p.shape).join('+'),
    byDay: { days: wholeDays, older, newer },
  };
}
