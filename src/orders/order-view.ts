/**
 * Orders as the API shows them. The database shapes a stored order (`db/orders/order-json.ts`);
 * `toOrder` shapes one from the rows Create Order is writing, byte for byte the same JSON
 * (`test/orders/order-json.test.ts` compares them), so that Create Order reads nothing back.
 */
import type { Tenant } from '../auth/principal.js';
import type { ReadHandle } from '../db/handle.js';
import { orderJson } from '../db/orders/order-json.js';
import { otherEnvironmentOfOrder } from '../db/orders/orders.js';
import type { LineItemRow, OrderRow, RefundRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { AppliedDiscount, LineItemModifier, Order, OrderDispute, OrderSummary, Refund } from './schemas.js';

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
    cash_amount: row.cash_amount,
    cash_drawer_id: row.cash_drawer_id,
    created_at: row.created_at,
  };
}

export function toSummary(row: Pick<OrderRow, 'id' | 'number' | 'status' | 'total' | 'currency' | 'items_count' | 'customer_id' | 'created_at'>): OrderSummary {
  return {
    id: row.id,
    number: row.number,
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
    number: row.number,
    status: row.status,
    total: row.total,
    subtotal: row.subtotal,
    tax: row.tax,
    tip: row.tip,
    discount_total: row.discount_total,
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
      discount: li.discount === null ? null : (JSON.parse(li.discount) as AppliedDiscount),
      discount_amount: li.discount_amount,
      refunded_quantity: li.refunded_quantity,
      modifiers: JSON.parse(li.modifiers) as LineItemModifier[],
    })),
    discounts: JSON.parse(row.discounts) as AppliedDiscount[],
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
            cash_amount: row.cash_amount,
            card_amount: row.total - row.cash_amount,
            cash_given: row.cash_given,
            change_due: row.change_due,
            cash_drawer_id: row.cash_drawer_id,
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

/**
 * The order as Get Order answers it (`db/orders/order-json.ts` shapes it), read on `handle`; 404 when
 * the tenant has no such order.
 */
export async function readOrder(handle: ReadHandle, tenant: Tenant, orderId: string): Promise<Order> {
  const body = await orderJson(handle, tenant, orderId);
  if (body === undefined) throw notFound('order', orderId, 'id', await otherEnvironmentOfOrder(handle, tenant, orderId));
  return JSON.parse(body) as Order;
}
