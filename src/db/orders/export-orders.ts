/**
 * The orders export's reads: a tenant's orders matching a List Orders query (`matchingOrders`),
 * newest first (created_at, then id, both descending), in batches walked by keyset. Each batch is one
 * short read of the next orders older than the last one read, found from the index List Orders pages
 * through (a range of it, never an offset), so that no read holds a transaction, a connection or a
 * cursor open while the client downloads, and memory holds one batch whatever the number of orders.
 *
 * An export is no snapshot: each batch reads the orders as they are at that moment. An order created
 * after the export began is newer than every batch and is not in it; one that changes while the
 * export runs is read as it is when its batch comes.
 */
import type { Db, DialectName } from '../connection.js';
import { deadlinePerStep } from '../deadline.js';
import { preparedOnce } from '../prepared.js';
import type { OrderStatus, PaymentMethod } from '../schema.js';
import type { Tenant } from '../scoped.js';
import { matchingOrders } from './list-orders.js';
import type { CountQuery, SqlPart } from './order-counts.js';

/** An order as the export writes it. */
export interface ExportOrderRow {
  id: string;
  number: number;
  status: OrderStatus;
  created_at: string;
  paid_at: string | null;
  customer_id: string | null;
  /** Null without `withCustomers` (and for an order without a customer). */
  customer_name: string | null;
  customer_email: string | null;
  currency: string;
  subtotal: number;
  discount_total: number;
  tax: number;
  tip: number;
  total: number;
  refunded_amount: number;
  payment_method: PaymentMethod;
  card_brand: string | null;
  card_last4: string | null;
  items_count: number;
  notes: string | null;
}

/** A line item as the export writes it, with its order's id, number and creation time. */
export interface ExportLineItemRow {
  order_id: string;
  order_number: number;
  order_created_at: string;
  id: string;
  product_id: string;
  name: string;
  /** JSON array of the options chosen (`LineItemModifier`). */
  modifiers: string;
  quantity: number;
  unit_price: number;
  total: number;
  discount_amount: number;
  refunded_quantity: number;
  currency: string;
}

/** Where the walk starts: before every order (`created_at` is an ISO 8601 instant, always smaller). */
const START = { created_at: '9999-12-31T23:59:59.999Z', id: '' };

/** Above every character: with an instant `t`, `(t, HIGHEST)` comes after every order created at `t`. */
const HIGHEST = '\u{10FFFF}';

/**
 * The next `limit` matching orders older than the cursor, by their ids and creation times, from the
 * index alone; the caller joins the rest. `(created_at, id) < (?, ?)` is a range of the index both
 * databases read the matches from, in their order.
 */
function pageOf(matching: SqlPart): { text: string; shape: string } {
  return {
    text: `select id, created_at from ${matching.from ?? 'orders'} where ${matching.text} and (created_at, id) < (?, ?) order by created_at desc, id desc limit ?`,
    shape: matching.shape,
  };
}

/**
 * The matches and where the walk starts. The query's upper bound on `created_at` becomes the first
 * cursor rather than a condition of its own: given both, SQLite bounds its walk of the index by
 * `created_at <= ?` alone, so that every batch would step again over all the orders already read.
 */
function walkOf(dialect: DialectName, tenant: Tenant, query: CountQuery): { matching: SqlPart; start: Cursor } {
  const matching = matchingOrders(dialect, tenant, { ...query, max: undefined });
  return { matching, start: query.max === undefined ? START : { created_at: query.max, id: HIGHEST } };
}

type Cursor = { created_at: string; id: string };

/**
 * Walks the matches `size` orders at a time: `read(cursor)` reads the batch after `cursor`, and says
 * how many orders it held and which was the last. Each read runs under a deadline of its own
 * (`deadlinePerStep`), the request's budget from its start.
 */
async function* walk<Row>(size: number, start: Cursor, read: (cursor: Cursor) => Promise<{ rows: Row[]; orders: number; last: Cursor | undefined }>): AsyncGenerator<Row[]> {
  const step = deadlinePerStep();
  let cursor = start;
  for (;;) {
    const batch = await step(() => read(cursor));
    if (batch.rows.length > 0) yield batch.rows;
    if (batch.orders < size || batch.last === undefined) return;
    cursor = batch.last;
  }
}

/**
 * The tenant's orders matching `query`, `size` at a time, newest first; the customer's name and
 * e-mail only `withCustomers` (else null, and customers are not read).
 *
 * @example for await (const rows of orderExportBatches(db, tenant, query, { withCustomers: true, size: 1000 })) write(rows);
 */
export function orderExportBatches(db: Db, tenant: Tenant, query: CountQuery, options: { withCustomers: boolean; size: number }): AsyncGenerator<ExportOrderRow[]> {
  const { matching, start } = walkOf(db.dialect, tenant, query);
  const page = pageOf(matching);
  const customer = options.withCustomers
    ? { columns: 'c.name as customer_name, c.email as customer_email', join: 'left join customers c on c.merchant_id = ? and c.id = o.customer_id', parameters: [tenant.merchantId] }
    : { columns: 'null as customer_name, null as customer_email', join: '', parameters: [] };
  const statement = preparedOnce(db.dialect, `export-orders ${page.shape} ${options.withCustomers ? 'c' : ''}`, () =>
    `select o.id, o.number, o.status, o.created_at, o.paid_at, o.customer_id, ${customer.columns}, o.currency, o.subtotal, o.discount_total,
            o.tax, o.tip, o.total, o.refunded_amount, o.payment_method, o.card_brand, o.card_last4, o.items_count, o.notes
       from (${page.text}) page
       join orders o on o.merchant_id = ? and o.id = page.id
       ${customer.join}
      order by page.created_at desc, page.id desc`,
  );
  return walk(options.size, start, async (cursor) => {
    const rows = await db.read<ExportOrderRow>(statement, [...matching.parameters, cursor.created_at, cursor.id, options.size, tenant.merchantId, ...customer.parameters]);
    return { rows, orders: rows.length, last: rows[rows.length - 1] };
  });
}

/**
 * The line items of the tenant's orders matching `query`, the orders `size` at a time, newest first,
 * each order's lines in their order. A batch holds at most `size` times 100 lines (an order's most).
 *
 * @example for await (const rows of lineItemExportBatches(db, tenant, query, { size: 200 })) write(rows);
 */
export function lineItemExportBatches(db: Db, tenant: Tenant, query: CountQuery, options: { size: number }): AsyncGenerator<ExportLineItemRow[]> {
  const { matching, start } = walkOf(db.dialect, tenant, query);
  const page = pageOf(matching);
  const statement = preparedOnce(db.dialect, `export-line-items ${page.shape}`, () =>
    `select o.id as order_id, o.number as order_number, o.created_at as order_created_at, li.id, li.product_id, li.name, li.modifiers,
            li.quantity, li.unit_price, li.total, li.discount_amount, li.refunded_quantity, o.currency
       from (${page.text}) page
       join orders o on o.merchant_id = ? and o.id = page.id
       left join line_items li on li.merchant_id = ? and li.order_id = page.id
      order by page.created_at desc, page.id desc, li.position`,
  );
  return walk(options.size, start, async (cursor) => {
    // Every order of the page gives a row (the left join), so that the orders are counted exactly.
    const rows = await db.read<Nullable<ExportLineItemRow, LineColumn>>(statement, [...matching.parameters, cursor.created_at, cursor.id, options.size, tenant.merchantId, tenant.merchantId]);
    let orders = 0;
    for (let i = 0; i < rows.length; i++) if (i === 0 || rows[i]!.order_id !== rows[i - 1]!.order_id) orders++;
    const last = rows[rows.length - 1];
    return {
      rows: rows.filter((row): row is ExportLineItemRow => row.id !== null),
      orders,
      last: last === undefined ? undefined : { created_at: last.order_created_at, id: last.order_id },
    };
  });
}

/** The columns of a line item, null in the row of an order that has none. */
type LineColumn = Exclude<keyof ExportLineItemRow, 'order_id' | 'order_number' | 'order_created_at' | 'currency'>;
type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };
