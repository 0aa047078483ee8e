/**
 * The orders export: every order matching a List Orders query (or every line item of those orders)
 * as CSV, newest first, written as it is read. The orders store walks the matches in batches
 * (`db/orders/export-orders.ts`); each batch becomes one chunk of CSV, and the next batch is read only
 * when the client has taken the chunks before it, so a server holds about one batch per export
 * however many orders it writes, and stops reading when the client goes away.
 *
 * The first batch is read before anything is answered: a failure there (the database down, past its
 * deadline) answers the usual JSON error. A failure after the first bytes cuts the connection without
 * the response's last chunk, which every HTTP client reports as an incomplete download.
 */
import type { Principal } from '../auth/principal.js';
import { lineItemExportBatches, orderExportBatches, type ExportLineItemRow, type ExportOrderRow } from '../db/orders/export-orders.js';
import { csvHeader, csvRecords, type CsvColumn } from '../http/csv.js';
import type { Services } from '../services.js';
import { seesCustomers } from './customer-fields.js';
import { orderFilters } from './list-orders.js';
import type { ExportOrdersQuery, LineItemModifier } from './schemas.js';

/**
 * Orders per batch of the `orders` export: 1,000 rows of about 250 bytes, a chunk of a quarter of a
 * megabyte, read in a few milliseconds.
 */
export const EXPORT_ORDERS_PER_BATCH = 1_000;

/** Orders per batch of the `line_items` export: at most 100 lines each, so at most 20,000 rows a batch. */
export const EXPORT_LINE_ITEM_ORDERS_PER_BATCH = 200;

/** The columns of the `orders` export, in order. */
export const ORDER_EXPORT_COLUMNS: readonly CsvColumn<ExportOrderRow>[] = [
  { name: 'id', description: 'The order\'s id.', text: (o) => o.id },
  { name: 'number', description: 'Its number.', number: (o) => o.number },
  { name: 'status', description: '`pending`, `paid`, `partially_refunded`, `refunded` or `canceled`.', text: (o) => o.status },
  { name: 'created_at', description: 'When it was created (ISO 8601, UTC, with milliseconds).', text: (o) => o.created_at },
  { name: 'paid_at', description: 'When it was paid; empty if it was not.', text: (o) => o.paid_at },
  { name: 'customer_id', description: 'Its customer\'s id; empty without one.', text: (o) => o.customer_id },
  { name: 'customer_name', description: 'The customer\'s name now, with `customers:read` only (else empty).', text: (o) => o.customer_name },
  { name: 'customer_email', description: 'The customer\'s e-mail now, with `customers:read` only (else empty).', text: (o) => o.customer_email },
  { name: 'currency', description: 'The currency of its money columns (ISO 4217).', text: (o) => o.currency },
  { name: 'subtotal', description: 'The lines\' sum after discounts, before tax.', number: (o) => o.subtotal },
  { name: 'discount_total', description: 'All money off: the lines\' and the order\'s discounts.', number: (o) => o.discount_total },
  { name: 'tax', description: 'Tax.', number: (o) => o.tax },
  { name: 'tip', description: 'The tip taken with the payment (0 without one).', number: (o) => o.tip },
  { name: 'total', description: '`subtotal + tax + tip`.', number: (o) => o.total },
  { name: 'refunded_amount', description: 'Refunded so far.', number: (o) => o.refunded_amount },
  { name: 'payment_method', description: '`card` or `cash`.', text: (o) => o.payment_method },
  { name: 'card_brand', description: 'The card\'s brand for a card payment (`visa` ...); else empty.', text: (o) => o.card_brand },
  { name: 'card_last4', description: 'The card\'s last four digits for a card payment; else empty.', text: (o) => o.card_last4 },
  { name: 'items_count', description: 'Its number of line items.', number: (o) => o.items_count },
  { name: 'notes', description: 'Its notes; empty without any.', text: (o) => o.notes },
];

/** The columns of the `line_items` export, in order. */
export const LINE_ITEM_EXPORT_COLUMNS: readonly CsvColumn<ExportLineItemRow>[] = [
  { name: 'order_id', description: 'The order\'s id.', text: (li) => li.order_id },
  { name: 'order_number', description: 'The order\'s number.', number: (li) => li.order_number },
  { name: 'order_created_at', description: 'When the order was created.', text: (li) => li.order_created_at },
  { name: 'line_item_id', description: 'The line\'s id.', text: (li) => li.id },
  { name: 'product_id', description: 'The product sold.', text: (li) => li.product_id },
  { name: 'name', description: 'The product\'s name when the order was created.', text: (li) => li.name },
  { name: 'modifiers', description: 'The options chosen, as `Group: Option` separated by `; ` (`Milk: Oat; Size: Large`); empty without any.', text: (li) => modifiersText(li.modifiers) },
  { name: 'quantity', description: 'Units sold.', number: (li) => li.quantity },
  { name: 'unit_price', description: 'Price of one unit as sold, modifiers included.', number: (li) => li.unit_price },
  { name: 'total', description: '`quantity * unit_price`.', number: (li) => li.total },
  { name: 'discount_amount', description: 'Money off this line from every discount; it sells for `total - discount_amount` before tax.', number: (li) => li.discount_amount },
  { name: 'refunded_quantity', description: 'Units returned by refunds so far.', number: (li) => li.refunded_quantity },
  { name: 'currency', description: 'The currency of its money columns.', text: (li) => li.currency },
];

const columnList = (columns: readonly CsvColumn<never>[]) => columns.map((c) => `- \`${c.name}\`${'number' in c ? ' (number)' : ''}: ${c.description}`).join('\n');

/** What the reference says of the export: its rows, its columns and how it is written. */
export const EXPORT_DESCRIPTION = [
  'Every order matching the filters (those of List Orders, with the same meaning and errors; no pages) as CSV, ' +
    'newest first (`created_at`, then `id`, descending), written as it is read: the server holds about one batch of ' +
    `${EXPORT_ORDERS_PER_BATCH.toLocaleString('en')} orders at a time, whatever the size of the file, and stops when the client goes away. ` +
    'The file is named by the `Content-Disposition` header: `orders-YYYY-MM-DD.csv` (`line-items-YYYY-MM-DD.csv`), dated by the UTC day of the request.',
  'The file is no snapshot: orders are read batch by batch, as they are at that moment. An order created after the export began is not in it. ' +
    'An error before the first byte answers as every error does; one after it (the database gone) ends the connection without the last chunk, ' +
    'which HTTP clients report as an incomplete download.',
  'The format: RFC 4180, UTF-8 without a byte order mark, a header record, records ended by CRLF; a field holding a comma, a double quote or a line break ' +
    'is enclosed in double quotes, its double quotes doubled. Money columns are integers in the smallest currency unit, with the `currency` column beside them; ' +
    'times are ISO 8601 in UTC; an empty field is a value the order does not have. A text field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return ' +
    "gets a leading `'` (`'=SUM(1)`), so that a spreadsheet shows it as text rather than running it as a formula; number columns are never changed.",
  `Columns of \`type=orders\` (the default), one record per order:\n\n${columnList(ORDER_EXPORT_COLUMNS)}`,
  `Columns of \`type=line_items\`, one record per line item, each order's lines in their order:\n\n${columnList(LINE_ITEM_EXPORT_COLUMNS)}`,
].join('\n\n');

/** The options chosen for a line as one field: `Milk: Oat; Size: Large`, empty without any. */
function modifiersText(json: string): string | null {
  const modifiers = JSON.parse(json) as LineItemModifier[];
  return modifiers.length === 0 ? null : modifiers.map((m) => `${m.group_name}: ${m.name}`).join('; ');
}

export interface OrdersExport {
  /** `orders-2026-11-21.csv` or `line-items-2026-11-21.csv`, dated by the UTC day of the request. */
  filename: string;
  /** The CSV, a chunk per batch, the header first. */
  chunks: AsyncGenerator<string>;
}

/** The name of the file an export answers: `orders-2026-11-21.csv`, or `line-items-2026-11-21.csv`, by the UTC day now. */
export function exportFilename({ clock }: Pick<Services, 'clock'>, query: Pick<ExportOrdersQuery, 'type'>): string {
  return `${query.type === 'line_items' ? 'line-items' : 'orders'}-${clock.now().toISOString().slice(0, 10)}.csv`;
}

/**
 * Starts an export: reads its first batch and answers the file's name and its chunks. The customer's
 * name and e-mail are written for a credential with `customers:read` only (else left empty); a search
 * by them (`q`) matches nothing without it, as in List Orders.
 *
 * @example const { filename, chunks } = await exportOrders(services, principal, { status: 'paid' });
 */
export async function exportOrders(services: Services, actor: Principal, query: ExportOrdersQuery): Promise<OrdersExport> {
  const { db } = services;
  const type = query.type ?? 'orders';
  const filename = exportFilename(services, query);
  const filters = orderFilters(actor, query);
  if (type === 'orders') {
    const batches = filters === undefined ? undefined : orderExportBatches(db, actor, filters, { withCustomers: seesCustomers(actor.permissions), size: EXPORT_ORDERS_PER_BATCH });
    return { filename, chunks: await started(ORDER_EXPORT_COLUMNS, batches) };
  }
  const batches = filters === undefined ? undefined : lineItemExportBatches(db, actor, filters, { size: EXPORT_LINE_ITEM_ORDERS_PER_BATCH });
  return { filename, chunks: await started(LINE_ITEM_EXPORT_COLUMNS, batches) };
}

/** The CSV of `batches` with its first batch already read (so that its failure is thrown here), the header first. */
async function started<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncGenerator<Row[]> | undefined): Promise<AsyncGenerator<string>> {
  const first = await batches?.next();
  return (async function* () {
    try {
      yield csvHeader(columns) + (first?.done === false ? csvRecords(columns, first.value) : '');
      if (batches === undefined || first?.done !== false) return;
      for await (const rows of batches) yield csvRecords(columns, rows);
    } finally {
      // Ends the walk when the client goes away mid-way (the chunks' return() lands here).
      await batches?.return(undefined);
    }
  })();
}
