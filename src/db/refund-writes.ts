/**
 * Refund's statements, written once per database (`prepared.ts`: no Kysely building per request),
 * run in the refund's transaction while it holds the order (`orders/lock-order.ts`).
 *
 * The `order.refunded` event carries the full order as it is after the refund: the statement that
 * locks the order also reads its JSON (the text Get Order answers, `order-json.ts`) and the tenant's
 * webhook endpoints, and the caller changes in the order only what the refund changes. Then the refund
 * row, the order's new amount and status, both events and their deliveries are written: one statement
 * on PostgreSQL (CTEs; the foreign keys are checked at its end), one per row on SQLite, where a
 * statement costs microseconds. A refund by amount is two round trips plus begin and commit, where it
 * took ten (eleven for an order with a customer).
 */
import { ENDPOINTS, insertEvents, parseEndpoints, POSTGRES_EVENTS, postgresEventParameters, type Endpoint, type NewEvent } from './event-writes.js';
import type { Order } from '../http/order-schemas.js';
import { ORDER_JSON } from './order-json.js';
import { ORDER_COLUMNS } from './order-writes.js';
import { preparedOnce, runPrepared } from './prepared.js';
import type { OrderRow, RefundRow } from './schema.js';
import type { DbTransaction } from './transaction.js';
import type { Tenant } from './scoped.js';

/** The refund row's columns, in the order of the insert's parameters. */
const REFUND_COLUMNS = [
  'merchant_id', 'environment', 'id', 'order_id', 'amount', 'currency', 'status', 'reason', 'items', 'processor_refund_id', 'created_at',
] as const satisfies ReadonlyArray<keyof RefundRow>;

const REFUND_INSERT = `insert into refunds (${REFUND_COLUMNS.join(', ')}) values (${REFUND_COLUMNS.map(() => '?').join(', ')})`;
const ORDER_UPDATE = 'update orders set refunded_amount = ?, status = ?, updated_at = ? where merchant_id = ? and id = ?';

/** The order as Get Order would answer it, and the tenant's enabled webhook endpoints. */
export interface RefundReading {
  order: Order;
  endpoints: Endpoint[];
}

/**
 * Locks the order (as `orders/lock-order.ts` does), reading its JSON and the endpoints in the same
 * statement; undefined when the tenant has no such order. The JSON's subqueries see the statement's
 * snapshot: when the lock waited for another transaction that changed the order (on PostgreSQL, which
 * then returns the row as that transaction left it), its items and refunds may be older than the row.
 * Every change to them changes the order's refunded amount, and every change to the order its status
 * or amount, so the reading is given only when these agree with the locked row.
 */
export async function lockForRefund(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<{ order: OrderRow; reading: RefundReading | undefined } | undefined> {
  const { dialect } = trx;
  const statement = preparedOnce(
    dialect,
    'refund lock',
    () => `select ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')}, (${ORDER_JSON[dialect]}) as body, ${ENDPOINTS[dialect]} as endpoints
  from orders o where o.merchant_id = ? and o.environment = ? and o.id = ?${dialect === 'postgres' ? ' for update' : ''}`,
  );
  const { merchantId, environment } = tenant;
  const [row] = await runPrepared<OrderRow & { body: string | null; endpoints: string }>(trx, statement, [
    merchantId, environment, orderId, merchantId, environment, merchantId, environment, orderId,
  ]);
  if (row === undefined) return undefined;
  const { body, endpoints, ...order } = row;
  const json = body === null ? undefined : (JSON.parse(body) as Order);
  const current =
    json !== undefined &&
    json.status === order.status &&
    json.refunded_amount === order.refunded_amount &&
    json.refunds.reduce((sum, refund) => sum + refund.amount, 0) === order.refunded_amount;
  return { order, reading: current ? { order: json, endpoints: parseEndpoints(endpoints) } : undefined };
}

/** The order as Get Order would answer it now (the caller's earlier writes included), and the tenant's enabled webhook endpoints. */
export async function readForRefund(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<RefundReading> {
  const { dialect } = trx;
  const statement = preparedOnce(dialect, 'refund read', () => `select (${ORDER_JSON[dialect]}) as body, ${ENDPOINTS[dialect]} as endpoints`);
  const [row] = await runPrepared<{ body: string | null; endpoints: string }>(trx, statement, [tenant.merchantId, tenant.environment, orderId, tenant.merchantId, tenant.environment]);
  if (row?.body == null) throw new Error(`order ${orderId}, held by this transaction, is missing`);
  return { order: JSON.parse(row.body) as Order, endpoints: parseEndpoints(row.endpoints) };
}

/** Writes the refund, the order's change, the events and their deliveries to `endpoints`. */
export async function writeRefund(
  trx: DbTransaction,
  tenant: Tenant,
  refund: RefundRow,
  change: Pick<OrderRow, 'refunded_amount' | 'status'>,
  events: readonly NewEvent[],
  endpoints: readonly Endpoint[],
): Promise<void> {
  const { dialect } = trx;
  const now = refund.created_at;
  const refundValues = REFUND_COLUMNS.map((column) => refund[column]);
  const orderValues = [change.refunded_amount, change.status, now, tenant.merchantId, refund.order_id];
  if (dialect === 'postgres') {
    const statement = preparedOnce(dialect, 'refund write', () => `with refund_written as (${REFUND_INSERT}),
  order_written as (${ORDER_UPDATE}),
  ${POSTGRES_EVENTS}
select 1`);
    await runPrepared(trx, statement, [...refundValues, ...orderValues, ...postgresEventParameters(trx, tenant, events, endpoints, now)]);
    return;
  }
  await runPrepared(trx, preparedOnce(dialect, 'refund insert', () => REFUND_INSERT), refundValues);
  await runPrepared(trx, preparedOnce(dialect, 'refund order update', () => ORDER_UPDATE), orderValues);
  await insertEvents(trx, tenant, events, endpoints, now);
}
