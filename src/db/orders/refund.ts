/**
 * Refund's statements, written once per database (`prepared.ts`: no Kysely building per request),
 * run in the refund's transaction while it holds the order (`orders/lock-order.ts`).
 *
 * The `order.refunded` event carries the full order as it is after the refund: the statement that
 * locks the order also reads its JSON (the text Get Order answers, `order-json.ts`) and the tenant's
 * webhook endpoints, and `withRefund` applies the refund's change to it. Then the refund row, the
 * order's new amount and status, both events and their deliveries are written: one statement on
 * PostgreSQL (CTEs; the foreign keys are checked at its end), one per row on SQLite, where a
 * statement costs microseconds. A refund by amount is two round trips plus begin and commit, where it
 * took ten (eleven for an order with a customer).
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import { ENDPOINTS, parseEndpoints, POSTGRES_OUTBOX, postgresOutboxParameters, writeOutboxRows, type Outbox, type OutboxEndpoint } from '../outbox/outbox.js';
import { preparedOnce, runPrepared } from '../prepared.js';
import type { OrderRow, RefundRow } from '../schema.js';
import type { DbTransaction } from '../transaction.js';
import type { Tenant } from '../scoped.js';
import { ORDER_JSON } from './order-json.js';
import { ORDER_COLUMNS, REFUND_COLUMNS } from './orders.js';

const REFUND_INSERT = `insert into refunds (${REFUND_COLUMNS.join(', ')}) values (${REFUND_COLUMNS.map(() => '?').join(', ')})`;
const ORDER_UPDATE = 'update orders set refunded_amount = ?, status = ?, updated_at = ? where merchant_id = ? and id = ?';

/** The fields of the order's JSON a reading is checked by. */
interface RefundedOrder {
  status: string;
  refunded_amount: number;
  refunds: Array<{ amount: number }>;
}

/** The order as Get Order would answer it (parsed), and the tenant's enabled webhook endpoints. */
export interface RefundReading<O> {
  order: O;
  endpoints: OutboxEndpoint[];
}

/**
 * Locks the order (as `orders/lock-order.ts` does), reading its JSON and the endpoints in the same
 * statement; undefined when the tenant has no such order. The JSON's subqueries see the statement's
 * snapshot: when the lock waited for another transaction that changed the order (on PostgreSQL, which
 * then returns the row as that transaction left it), its items and refunds may be older than the row.
 * Every change to them changes the order's refunded amount, and every change to the order its status
 * or amount, so the reading is given only when these agree with the locked row.
 */
export async function lockForRefund<O extends RefundedOrder>(
  trx: DbTransaction,
  tenant: Tenant,
  orderId: string,
): Promise<{ order: OrderRow; reading: RefundReading<O> | undefined } | undefined> {
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
  const json = body === null ? undefined : (JSON.parse(body) as O);
  const current =
    json !== undefined &&
    json.status === order.status &&
    json.refunded_amount === order.refunded_amount &&
    json.refunds.reduce((sum, refund) => sum + refund.amount, 0) === order.refunded_amount;
  return { order, reading: current ? { order: json, endpoints: parseEndpoints(endpoints) } : undefined };
}

/** Adds `quantity` to a line's refunded units. */
export async function returnUnits(trx: DbTransaction, tenant: Tenant, lineItemId: string, quantity: number): Promise<void> {
  await kyselyOf(trx)
    .updateTable('line_items')
    .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', quantity) }))
    .where('merchant_id', '=', tenant.merchantId)
    .where('id', '=', lineItemId)
    .execute();
}

/** A refund of the merchant, by id (written: the caller knows it exists). */
export function refundById(handle: ReadHandle, tenant: Tenant, refundId: string): Promise<RefundRow> {
  return kyselyOf(handle)
    .selectFrom('refunds')
    .select(REFUND_COLUMNS)
    .where('merchant_id', '=', tenant.merchantId)
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
}

/** Of the processor's refunds `processorRefundIds`, those recorded as refunds of the order. */
export async function recordedProcessorRefunds(trx: DbTransaction, tenant: Tenant, orderId: string, processorRefundIds: readonly string[]): Promise<Array<string | null>> {
  const rows = await kyselyOf(trx)
    .selectFrom('refunds')
    .select('processor_refund_id')
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('order_id', '=', orderId)
    .where('processor_refund_id', 'in', processorRefundIds)
    .execute();
  return rows.map((row) => row.processor_refund_id);
}

/** Writes the refund, the order's change, the events and their deliveries. */
export async function writeRefund(
  trx: DbTransaction,
  tenant: Tenant,
  refund: RefundRow,
  change: Pick<OrderRow, 'refunded_amount' | 'status'>,
  outbox: Outbox,
): Promise<void> {
  const { dialect } = trx;
  const now = refund.created_at;
  const refundValues = REFUND_COLUMNS.map((column) => refund[column]);
  const orderValues = [change.refunded_amount, change.status, now, tenant.merchantId, refund.order_id];
  if (dialect === 'postgres') {
    const statement = preparedOnce(dialect, 'refund write', () => `with refund_written as (${REFUND_INSERT}),
  order_written as (${ORDER_UPDATE}),
  ${POSTGRES_OUTBOX}
select 1`);
    await runPrepared(trx, statement, [...refundValues, ...orderValues, ...postgresOutboxParameters(trx, tenant, outbox, now)]);
    return;
  }
  await runPrepared(trx, preparedOnce(dialect, 'refund insert', () => REFUND_INSERT), refundValues);
  await runPrepared(trx, preparedOnce(dialect, 'refund order update', () => ORDER_UPDATE), orderValues);
  await writeOutboxRows(trx, tenant, outbox, now);
}
