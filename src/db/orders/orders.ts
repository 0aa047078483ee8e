/**
 * The orders store's columns and the statements every order operation shares: the lock on an order,
 * its change of state, its lines, and the order's JSON with the tenant's webhook endpoints for the
 * event that says so. Every column is named rather than `*`: PostgreSQL keeps the plan of a statement
 * that names its columns when a migration adds one, and refuses a prepared `select *` whose columns
 * changed.
 */
import type { Updateable } from 'kysely';
import { ENDPOINTS, parseEndpoints, type OutboxEndpoint } from '../outbox/outbox.js';
import { preparedOnce, runPrepared } from '../prepared.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { Environment, LineItemRow, OrderRow, OrdersTable, OrderStatus, RefundRow } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';
import { ORDER_JSON } from './order-json.js';

/** The order row's columns, in the order of Create Order's parameters. */
export const ORDER_COLUMNS = [
  'merchant_id', 'environment', 'id', 'status', 'customer_id', 'currency', 'subtotal', 'tax', 'total', 'refunded_amount', 'items_count',
  'payment_method', 'card_last4', 'card_brand', 'payment_processor', 'processor_payment_id', 'paid_at', 'canceled_at', 'notes', 'metadata',
  'created_at', 'updated_at', 'dispute', 'number', 'tip', 'discounts', 'discount_total', 'cash_amount', 'cash_given', 'change_due', 'cash_drawer_id',
] as const satisfies ReadonlyArray<keyof OrderRow>;
/** A line item's own columns; merchant, environment and order are the order's. */
export const LINE_ITEM_COLUMNS = ['id', 'position', 'product_id', 'name', 'quantity', 'unit_price', 'total', 'refunded_quantity', 'modifiers', 'discount', 'discount_amount'] as const satisfies ReadonlyArray<keyof LineItemRow>;
/** The refund row's columns, in the order of the insert's parameters. */
export const REFUND_COLUMNS = [
  'merchant_id', 'environment', 'id', 'order_id', 'amount', 'currency', 'status', 'reason', 'items', 'processor_refund_id', 'created_at', 'cash_amount', 'cash_drawer_id',
] as const satisfies ReadonlyArray<keyof RefundRow>;

/**
 * The order's row, held until the transaction ends (`orders/lock-order.ts`): PostgreSQL locks it;
 * SQLite's transactions begin IMMEDIATE and already hold the one write lock. Undefined when the tenant
 * has no such order.
 */
export async function selectOrderForUpdate(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<OrderRow | undefined> {
  const { dialect } = trx;
  const lock = preparedOnce(
    dialect,
    'lock order',
    () => `select ${ORDER_COLUMNS.join(', ')} from orders where merchant_id = ? and environment = ? and id = ?${dialect === 'postgres' ? ' for update' : ''}`,
  );
  const [row] = await runPrepared<OrderRow>(trx, lock, [tenant.merchantId, tenant.environment, orderId]);
  return row;
}

/** Whether the tenant has the order. */
export async function orderExists(handle: ReadHandle, tenant: Tenant, orderId: string): Promise<boolean> {
  const row = await selectScoped(kyselyOf(handle), 'orders', tenant).select('id').where('id', '=', orderId).executeTakeFirst();
  return row !== undefined;
}

/** The tenant's order's status, or undefined when the tenant has no such order. */
export async function orderStatus(handle: ReadHandle, tenant: Tenant, orderId: string): Promise<OrderStatus | undefined> {
  const row = await selectScoped(kyselyOf(handle), 'orders', tenant).select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status;
}

/** The tenant's other environment when it holds an order with this id (for the 404's hint). */
export function otherEnvironmentOfOrder(handle: ReadHandle, tenant: Tenant, orderId: string): Promise<Environment | undefined> {
  return otherEnvironmentHolding(kyselyOf(handle), 'orders', tenant, orderId);
}

/** The change of an order's state (capture, cancel): the status and what comes with it. */
export type OrderChange = Updateable<OrdersTable> & Required<Pick<Updateable<OrdersTable>, 'status'>>;

/** Changes an order held by the caller's transaction (its state, or its dispute), and its `updated_at`. */
export async function changeOrder(trx: DbTransaction, tenant: Tenant, orderId: string, change: Updateable<OrdersTable>, now: string): Promise<void> {
  await kyselyOf(trx)
    .updateTable('orders')
    .set({ ...change, updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', orderId)
    .execute();
}

/** The order's JSON (as Get Order answers it) and the tenant's enabled webhook endpoints, for the event of a change. */
export interface OrderReading {
  /** The order as Get Order's JSON text. */
  body: string;
  endpoints: OutboxEndpoint[];
}

/** The order as Get Order would answer it now (the caller's earlier writes included), and the tenant's enabled webhook endpoints; one statement. */
export async function readOrderForEvent(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<OrderReading> {
  const { dialect } = trx;
  const statement = preparedOnce(dialect, 'order with endpoints', () => `select (${ORDER_JSON[dialect]}) as body, ${ENDPOINTS[dialect]} as endpoints`);
  const [row] = await runPrepared<{ body: string | null; endpoints: string }>(trx, statement, [tenant.merchantId, tenant.environment, orderId, tenant.merchantId, tenant.environment]);
  if (row?.body == null) throw new Error(`order ${orderId}, held by this transaction, is missing`);
  return { body: row.body, endpoints: parseEndpoints(row.endpoints) };
}

/** The order's lines, every column, in no particular order. */
export function orderLines(handle: ReadHandle, tenant: Tenant, orderId: string): Promise<LineItemRow[]> {
  return kyselyOf(handle)
    .selectFrom('line_items')
    .select(['merchant_id', 'environment', 'order_id', ...LINE_ITEM_COLUMNS])
    .where('merchant_id', '=', tenant.merchantId)
    .where('order_id', '=', orderId)
    .execute();
}

/** The units of each line of the order, by product id (to give back on cancel). */
export function orderUnits(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<Array<{ product_id: string; quantity: number }>> {
  return kyselyOf(trx)
    .selectFrom('line_items')
    .select(['product_id', 'quantity'])
    .where('merchant_id', '=', tenant.merchantId)
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .execute();
}
