/**
 * Reads orders and shapes them as the API shows them.
 */
import type { Kysely } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database, LineItemRow, LineItemsTable, OrderRow, OrdersTable, RefundRow, RefundsTable } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { Order, OrderDispute, OrderSummary, Refund } from './schemas.js';
import { selectScoped, otherEnvironmentHolding } from '../db/scoped.js';

/**
 * Every column of each table, named rather than `*`: PostgreSQL keeps the plan of a statement that
 * names its columns when a migration adds one, and refuses a prepared `select *` whose columns changed.
 */
export const ORDER_COLUMNS = [
  'merchant_id', 'environment', 'id', 'status', 'customer_id', 'currency', 'subtotal', 'tax', 'total', 'refunded_amount',
  'items_count', 'payment_method', 'card_last4', 'card_brand', 'payment_processor', 'processor_payment_id', 'paid_at', 'canceled_at', 'notes', 'metadata', 'created_at', 'updated_at', 'dispute',
] as const satisfies ReadonlyArray<keyof OrdersTable>;
export const LINE_ITEM_COLUMNS = [
  'merchant_id', 'environment', 'id', 'order_id', 'position', 'product_id', 'name', 'quantity', 'unit_price', 'total', 'refunded_quantity',
] as const satisfies ReadonlyArray<keyof LineItemsTable>;
const REFUND_COLUMNS = [
  'merchant_id', 'environment', 'id', 'order_id', 'amount', 'currency', 'status', 'reason', 'items', 'processor_refund_id', 'created_at',
] as const satisfies ReadonlyArray<keyof RefundsTable>;

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    order_id: row.order_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    items: JSON.parse(row.items) as Refund['items'],
    processor_refund_id: row.processor_refund_id,
    created_at: row.created_at,
  };
}

export function toSummary(row: Pick<OrderRow, 'id' | 'status' | 'total' | 'currency' | 'items_count' | 'customer_id' | 'created_at'>): OrderSummary {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    currency: row.currency,
    items_count: row.items_count,
    customer_id: row.customer_id,
    created_at: row.created_at,
  };
}

export function toOrder(
  row: OrderRow,
  items: readonly LineItemRow[],
  customer: { id: string; name: string; email: string | null } | undefined,
  refunds: readonly RefundRow[],
): Order {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    subtotal: row.subtotal,
    tax: row.tax,
    refunded_amount: row.refunded_amount,
    currency: row.currency,
    customer_id: row.customer_id,
    items: items.map((li) => ({
      id: li.id,
      product_id: li.product_id,
      name: li.name,
      quantity: li.quantity,
      unit_price: li.unit_price,
      total: li.total,
      refunded_quantity: li.refunded_quantity,
    })),
    customer: customer === undefined ? null : { id: customer.id, name: customer.name, email: customer.email },
    payment_method: row.payment_method,
    payment:
      row.paid_at === null
        ? null
        : {
            method: row.payment_method,
            processor: row.payment_processor as 'simulator' | 'stripe' | null,
            processor_payment_id: row.processor_payment_id,
            card_brand: row.card_brand,
            card_last4: row.card_last4,
            paid_at: row.paid_at,
          },
    refunds: refunds.map(toRefund),
    dispute: row.dispute === null ? null : (JSON.parse(row.dispute) as OrderDispute),
    notes: row.notes,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The full order with its items, customer and refunds; 404 when the tenant has no such order. */
export async function loadOrder(db: Kysely<Database>, tenant: Tenant, orderId: string): Promise<Order> {
  const row = await selectScoped(db, 'orders', tenant)
    .select(ORDER_COLUMNS)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('order', orderId, 'id', await otherEnvironmentHolding(db, 'orders', tenant, orderId));
  const [items, customer, refunds] = await Promise.all([
    db
      .selectFrom('line_items')
      .select(LINE_ITEM_COLUMNS)
      .where('merchant_id', '=', tenant.merchantId)
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute(),
    row.customer_id === null
      ? undefined
      : selectScoped(db, 'customers', tenant)
          .select(['id', 'name', 'email'])
          .where('id', '=', row.customer_id)
          .executeTakeFirst(),
    db
      .selectFrom('refunds')
      .select(REFUND_COLUMNS)
      .where('merchant_id', '=', tenant.merchantId)
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return toOrder(row, items, customer, refunds);
}
