/**
 * The order's JSON, shaped in this one place. Get Order in one statement: the database builds the order's JSON, items, customer, payment and
 * refunds included, and the route sends that text as it comes. It is byte for byte what `toOrder`
 * and the response schema make of the same rows (`test/orders/order-json.test.ts` compares them):
 * the same fields in the same order, no spaces, metadata and refund items as stored (written by
 * `JSON.stringify`).
 *
 * The text is written once per database, not built per request (`prepared.ts`: no Kysely building
 * or compiling), and runs through the driver as every other statement, so the SQLite write lock,
 * deadlines and PostgreSQL's named prepared statements apply as usual. Every `order.*` event carries
 * it too (`refund.ts`, `orders.ts`); a refund's event is this JSON with the refund's change applied
 * (`withRefund`), so that it costs no statement after the refund's own writes.
 *
 * - SQLite: `json_object` / `json_group_array(... order by ...)`; `json(...)` keeps a subquery's
 *   JSON from being quoted as a string.
 * - PostgreSQL: `row_to_json` (compact, in column order); `json_build_object` and `json_agg` would
 *   add spaces and line breaks. Arrays are joined with `string_agg` for the same reason.
 */
import type { Db, DialectName } from '../connection.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { prepared, runPrepared, type Prepared } from '../prepared.js';
import type { DbTransaction } from '../transaction.js';
import type { Tenant } from '../scoped.js';

const SQLITE = `select json_object(
  'id', o.id, 'number', o.number, 'status', o.status, 'total', o.total, 'subtotal', o.subtotal, 'tax', o.tax, 'tip', o.tip, 'discount_total', o.discount_total, 'refunded_amount', o.refunded_amount,
  'currency', o.currency, 'customer_id', o.customer_id,
  'items', json((select json_group_array(json_object(
      'id', li.id, 'product_id', li.product_id, 'name', li.name, 'quantity', li.quantity, 'unit_price', li.unit_price,
      'total', li.total, 'discount', json(li.discount), 'discount_amount', li.discount_amount, 'refunded_quantity', li.refunded_quantity,
      'modifiers', json(li.modifiers)) order by li.position)
    from line_items li where li.merchant_id = o.merchant_id and li.order_id = o.id)),
  'discounts', json(o.discounts),
  'customer', json((select json_object('id', c.id, 'name', c.name, 'email', c.email)
    from customers c where c.merchant_id = o.merchant_id and c.environment = o.environment and c.id = o.customer_id)),
  'payment_method', o.payment_method,
  'payment', case when o.paid_at is null then null else json_object(
      'method', o.payment_method, 'processor', o.payment_processor, 'processor_payment_id', o.processor_payment_id,
      'card_brand', o.card_brand, 'card_last4', o.card_last4, 'cash_amount', o.cash_amount, 'card_amount', o.total - o.cash_amount,
      'cash_given', o.cash_given, 'change_due', o.change_due, 'cash_drawer_id', o.cash_drawer_id, 'paid_at', o.paid_at) end,
  'refunds', json((select json_group_array(json_object(
      'id', r.id, 'order_id', r.order_id, 'amount', r.amount, 'currency', r.currency, 'status', r.status, 'reason', r.reason,
      'items', json(r.items), 'processor_refund_id', r.processor_refund_id, 'cash_amount', r.cash_amount, 'cash_drawer_id', r.cash_drawer_id,
      'created_at', r.created_at) order by r.created_at, r.id)
    from refunds r where r.merchant_id = o.merchant_id and r.order_id = o.id)),
  'dispute', json(o.dispute),
  'notes', o.notes, 'metadata', json(o.metadata), 'created_at', o.created_at, 'updated_at', o.updated_at) as body
from orders o where o.merchant_id = ? and o.environment = ? and o.id = ?`;

const POSTGRES = `select row_to_json(x)::text as body from (
  select o.id, o.number, o.status, o.total, o.subtotal, o.tax, o.tip, o.discount_total, o.refunded_amount, o.currency, o.customer_id,
    coalesce((select '[' || string_agg(row_to_json(li)::text, ',' order by l.position) || ']'
      from line_items l, lateral (select l.id, l.product_id, l.name, l.quantity, l.unit_price, l.total, l.discount::json as discount,
        l.discount_amount, l.refunded_quantity, l.modifiers::json as modifiers) li
      where l.merchant_id = o.merchant_id and l.order_id = o.id), '[]')::json as items,
    o.discounts::json as discounts,
    (select row_to_json(c) from (select id, name, email from customers
      where merchant_id = o.merchant_id and environment = o.environment and id = o.customer_id) c) as customer,
    o.payment_method,
    case when o.paid_at is null then null else (select row_to_json(p) from (select o.payment_method as method, o.payment_processor as processor,
      o.processor_payment_id, o.card_brand, o.card_last4, o.cash_amount, o.total - o.cash_amount as card_amount, o.cash_given, o.change_due,
      o.cash_drawer_id, o.paid_at) p) end as payment,
    coalesce((select '[' || string_agg(row_to_json(rf)::text, ',' order by r.created_at, r.id) || ']'
      from refunds r, lateral (select r.id, r.order_id, r.amount, r.currency, r.status, r.reason, r.items::json as items,
        r.processor_refund_id, r.cash_amount, r.cash_drawer_id, r.created_at) rf
      where r.merchant_id = o.merchant_id and r.order_id = o.id), '[]')::json as refunds,
    o.dispute::json as dispute,
    o.notes, o.metadata::json as metadata, o.created_at, o.updated_at
  from orders o where o.merchant_id = ? and o.environment = ? and o.id = ?) x`;

/** The statement selecting `body`, the order's JSON text; parameters: merchant id, environment, order id. */
export const ORDER_JSON: Record<DialectName, string> = { sqlite: SQLITE, postgres: POSTGRES };

/**
 * The order as the API's JSON text, or undefined when the tenant has no such order.
 *
 * @example const body = await orderJson(db, principal, 'ord_...');
 */
export async function orderJson(handle: ReadHandle, tenant: Tenant, orderId: string): Promise<string | undefined> {
  const parameters = [tenant.merchantId, tenant.environment, orderId];
  const kysely = kyselyOf(handle);
  // Outside a transaction, the database's shortest way to read (`Db.read`); inside, the transaction's.
  const [row] =
    kysely === handle
      ? await runPrepared<{ body: string }>(kysely, STATEMENTS[(handle as DbTransaction).dialect], parameters)
      : await (handle as Db).read<{ body: string }>(STATEMENTS[(handle as Db).dialect], parameters);
  return row?.body;
}

const STATEMENTS: Record<DialectName, Prepared> = { sqlite: prepared('sqlite', SQLITE), postgres: prepared('postgres', POSTGRES) };

/** What a refund changes in the order's JSON. */
interface RefundedFields<R extends { id: string; created_at: string }> {
  status: string;
  refunded_amount: number;
  updated_at: string;
  refunds: R[];
}

/**
 * The order's JSON (parsed) as it is once `refund` is made: its status, refunded amount and
 * `updated_at` set, and the refund listed among its refunds by creation time, then id, as
 * `ORDER_JSON` lists them. Changes `order` in place and returns it.
 */
export function withRefund<R extends { id: string; created_at: string }, O extends RefundedFields<R>>(
  order: O,
  refund: R,
  change: { status: O['status']; refunded_amount: number },
): O {
  order.status = change.status;
  order.refunded_amount = change.refunded_amount;
  order.updated_at = refund.created_at;
  const after = order.refunds.findIndex((r) => r.created_at > refund.created_at || (r.created_at === refund.created_at && r.id > refund.id));
  order.refunds.splice(after === -1 ? order.refunds.length : after, 0, refund);
  return order;
}
