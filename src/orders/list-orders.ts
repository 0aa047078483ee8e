/**
 * List Orders: newest first (created_at, then id, both descending), filtered by status, customer,
 * number, search text (`q`, read by `orderSearch`) and an inclusive date range, with an exact count
 * of every match. Pages like every list of the API (see paginate.ts); the page and its count are one
 * statement of the orders store (`db/orders/list-orders.ts`), which counts through the per-day counts.
 */
import type { Principal } from '../auth/principal.js';
import { orderPage } from '../db/orders/list-orders.js';
import type { CountQuery, OrderSearch } from '../db/orders/order-counts.js';
import { pagination, type Pagination } from '../db/paginate.js';
import type { OrderStatus } from '../db/schema.js';
import type { Services } from '../services.js';
import { boundToTimestamp } from '../time.js';
import { seesCustomers } from './customer-fields.js';
import { toSummary } from './order-view.js';
import { REGISTER_RECEIPT_NUMBER_PATTERN } from '../http/schemas.js';
import type { ListOrdersQuery, OrderFiltersQuery, OrderSummary } from './schemas.js';

export async function listOrders(
  { db }: Services,
  actor: Principal,
  query: ListOrdersQuery,
): Promise<{ data: OrderSummary[]; pagination: Pagination }> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const filters = orderFilters(actor, query);
  if (filters === undefined) return { data: [], pagination: pagination(0, page, perPage) };
  const { rows, total } = await orderPage(db, actor, filters, page, perPage);
  return { data: rows.map(toSummary), pagination: pagination(total, page, perPage) };
}

/**
 * The filters of a List Orders query (the orders export takes the same) as the orders store reads
 * them, or undefined when no order can match for this credential.
 */
export function orderFilters(actor: Principal, query: OrderFiltersQuery): CountQuery | undefined {
  let search = query.q === undefined ? undefined : orderSearch(query.q);
  // Customers' names and e-mails are not to be probed by a credential that may not read them.
  if (!seesCustomers(actor.permissions)) {
    if (search?.kind === 'customer') return undefined;
    if (search?.kind === 'receipt') search = { ...search, alsoCustomer: false };
  }
  return {
    statuses: query.status === undefined ? undefined : (query.status.split(',') as OrderStatus[]),
    customerId: query.customer_id,
    number: query.number,
    search,
    min: query.created_at_min === undefined ? undefined : boundToTimestamp(query.created_at_min, 'min'),
    max: query.created_at_max === undefined ? undefined : boundToTimestamp(query.created_at_max, 'max'),
  };
}

const RECEIPT_NUMBER = new RegExp(REGISTER_RECEIPT_NUMBER_PATTERN);

/**
 * What `q` looks for: digits only, a number (the order's number or total in minor units, and with four
 * digits the card's last four); `ord_...`, a prefix of the id; a register's receipt number
 * (`R1-000042`), the offline sale with exactly that number, or a customer whose name or e-mail starts
 * with it; anything else, a prefix of the customer's name or e-mail. Blank text matches every order.
 */
export function orderSearch(q: string): OrderSearch | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  if (/^\d{1,15}$/.test(text)) return { kind: 'digits', value: Number(text), cardLast4: text.length === 4 ? text : undefined };
  if (text.startsWith('ord_')) return { kind: 'id', prefix: text };
  if (RECEIPT_NUMBER.test(text)) return { kind: 'receipt', receiptNumber: text, alsoCustomer: true };
  return { kind: 'customer', prefix: text };
}
