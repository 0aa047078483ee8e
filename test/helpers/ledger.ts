/**
 * Reads a merchant's tables directly and lists every way its orders, line items, refunds, events,
 * order counts and stock disagree with each other: what a half-written transaction would leave.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

export interface LedgerRows {
  orders: Array<Database['orders']>;
  lineItems: Array<Database['line_items']>;
  refunds: Array<Database['refunds']>;
  products: Array<Database['products']>;
  events: Array<{ type: string; data: string }>;
}

/** Every row of the merchant's orders, line items, refunds, products and events. */
export async function readLedger(db: Kysely<Database>, merchantId: string): Promise<LedgerRows> {
  const [orders, lineItems, refunds, products, events] = await Promise.all([
    db.selectFrom('orders').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('line_items').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('refunds').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('products').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('events').select(['type', 'data']).where('merchant_id', '=', merchantId).execute(),
  ]);
  return { orders, lineItems, refunds, products, events };
}

/**
 * The problems found, empty when the merchant's data is whole. `initialStock` maps each tracked
 * product to the stock it was created with: initial = current + units in non-canceled orders -
 * units restocked by refunds must hold for each.
 */
export async function ledgerProblems(db: Kysely<Database>, merchantId: string, initialStock: ReadonlyMap<string, number>): Promise<string[]> {
  const { orders, lineItems, refunds, products, events } = await readLedger(db, merchantId);
  const problems: string[] = [];
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const linesByOrder = new Map<string, Array<Database['line_items']>>();
  for (const line of lineItems) {
    if (!orderById.has(line.order_id)) problems.push(`line item ${line.id} of missing order ${line.order_id}`);
    linesByOrder.set(line.order_id, [...(linesByOrder.get(line.order_id) ?? []), line]);
  }
  const refundsByOrder = new Map<string, Array<Database['refunds']>>();
  for (const refund of refunds) {
    if (!orderById.has(refund.order_id)) problems.push(`refund ${refund.id} of missing order ${refund.order_id}`);
    refundsByOrder.set(refund.order_id, [...(refundsByOrder.get(refund.order_id) ?? []), refund]);
  }
  const eventCount = new Map<string, number>();
  for (const event of events) {
    const id = (JSON.parse(event.data) as { id: string }).id;
    eventCount.set(`${event.type} ${id}`, (eventCount.get(`${event.type} ${id}`) ?? 0) + 1);
  }
  const expectEvents = (type: string, id: string, n: number) => {
    const found = eventCount.get(`${type} ${id}`) ?? 0;
    if (found !== n) problems.push(`${found} ${type} events for ${id}, expected ${n}`);
  };

  for (const order of orders) {
    const lines = linesByOrder.get(order.id) ?? [];
    const orderRefunds = refundsByOrder.get(order.id) ?? [];
    if (lines.length === 0 || lines.length !== order.items_count) problems.push(`order ${order.id}: ${lines.length} line items, items_count ${order.items_count}`);
    const subtotal = lines.reduce((sum, l) => sum + Number(l.total), 0);
    if (subtotal !== Number(order.subtotal)) problems.push(`order ${order.id}: line totals ${subtotal}, subtotal ${order.subtotal}`);
    const refunded = orderRefunds.reduce((sum, r) => sum + Number(r.amount), 0);
    if (refunded !== Number(order.refunded_amount)) problems.push(`order ${order.id}: refunds sum to ${refunded}, refunded_amount ${order.refunded_amount}`);
    const returned = new Map<string, number>();
    for (const refund of orderRefunds) {
      for (const item of JSON.parse(refund.items) as Array<{ line_item_id: string; quantity: number }>) {
        returned.set(item.line_item_id, (returned.get(item.line_item_id) ?? 0) + item.quantity);
      }
    }
    for (const line of lines) {
      if ((returned.get(line.id) ?? 0) !== Number(line.refunded_quantity)) {
        problems.push(`line ${line.id}: refunds return ${returned.get(line.id) ?? 0} units, refunded_quantity ${line.refunded_quantity}`);
      }
    }
    const paid = ['paid', 'partially_refunded', 'refunded'].includes(order.status);
    const expectedStatus =
      order.status === 'pending' || order.status === 'canceled'
        ? order.status
        : refunded === 0
          ? 'paid'
          : refunded === Number(order.total)
            ? 'refunded'
            : 'partially_refunded';
    if (order.status !== expectedStatus) problems.push(`order ${order.id}: status ${order.status} with ${refunded} of ${order.total} refunded`);
    if (!paid && orderRefunds.length > 0) problems.push(`order ${order.id}: ${order.status} with refunds`);
    if (paid !== (order.paid_at !== null)) problems.push(`order ${order.id}: status ${order.status}, paid_at ${order.paid_at}`);
    if ((order.status === 'canceled') !== (order.canceled_at !== null)) problems.push(`order ${order.id}: status ${order.status}, canceled_at ${order.canceled_at}`);
    expectEvents('order.created', order.id, 1);
    expectEvents('order.paid', order.id, paid ? 1 : 0);
    expectEvents('order.canceled', order.id, order.status === 'canceled' ? 1 : 0);
    expectEvents('order.refunded', order.id, orderRefunds.length);
    for (const refund of orderRefunds) expectEvents('refund.created', refund.id, 1);
  }

  // Stock: what is on the shelf plus what non-canceled orders hold (less what refunds brought back).
  const held = new Map<string, number>();
  for (const line of lineItems) {
    const order = orderById.get(line.order_id);
    if (order === undefined || order.status === 'canceled') continue;
    held.set(line.product_id, (held.get(line.product_id) ?? 0) + Number(line.quantity) - Number(line.refunded_quantity));
  }
  for (const product of products) {
    const initial = initialStock.get(product.id);
    if (initial === undefined) continue;
    const now = Number(product.inventory) + (held.get(product.id) ?? 0);
    if (now !== initial) problems.push(`product ${product.id}: initial ${initial} != stock ${product.inventory} + held ${held.get(product.id) ?? 0}`);
  }

  // The order counts kept by triggers match the orders, by environment, status and day.
  const counted = await orderCounts(db, merchantId);
  const actual = new Map<string, number>();
  for (const order of orders) {
    const key = `${order.environment} ${order.status} ${order.created_at.slice(0, 10)}`;
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  const countedMap = new Map(counted.map((row) => [`${row.environment} ${row.status} ${row.day}`, row.count]));
  for (const key of new Set([...actual.keys(), ...countedMap.keys()])) {
    if ((actual.get(key) ?? 0) !== (countedMap.get(key) ?? 0)) problems.push(`order_counts ${key}: ${countedMap.get(key) ?? 0}, orders ${actual.get(key) ?? 0}`);
  }
  return problems;
}

/** The merchant's order counts (kept by triggers), summed by environment, status and day. */
export async function orderCounts(db: Kysely<Database>, merchantId: string): Promise<Array<{ environment: string; status: string; day: string; count: number }>> {
  const rows = await db
    .withTables<{ order_counts: { merchant_id: string; environment: string; status: string; day: string; count: number } }>()
    .selectFrom('order_counts')
    .select(['environment', 'status', 'day', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('merchant_id', '=', merchantId)
    .groupBy(['environment', 'status', 'day'])
    .execute();
  return rows.map((row) => ({ environment: row.environment, status: row.status, day: row.day, count: Number(row.n) }));
}
