/**
 * Create Order's statements, written once per database (`prepared.ts`: no Kysely building per
 * request). They differ by database because round trips do: PostgreSQL answers each statement over
 * the network, so the merchant's settings, the customer and the stock of every line are read and
 * taken in one statement, and the order with its items written in another; SQLite runs in the
 * process, where a statement costs microseconds, and keeps one simple statement per step.
 *
 * Stock is taken for all lines or none, never below zero, and products are locked in id order, so
 * that two orders never wait on each other's rows:
 * - PostgreSQL: `select ... order by id for update` locks the rows in that order and reads their
 *   latest committed values; the update in the same statement takes the units only when every line
 *   can have them (a concurrent order waits on the locks, then re-reads).
 * - SQLite: one conditional update per product (`inventory >= quantity`), in id order, stopping at
 *   the first that cannot; the transaction already holds the one write lock.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from './connection.js';
import { prepared, runPrepared, type Prepared } from './prepared.js';
import type { Database, LineItemRow, OrderRow } from './schema.js';
import type { Tenant } from './scoped.js';

/** A product the order could not have, as found (its stock before anything was taken). */
export interface RefusedLine {
  productId: string;
  quantity: number;
  /** Undefined when the tenant has no such product. */
  product: { name: string; inventory: number | null; active: number } | undefined;
}

export interface OrderReservation {
  currency: string;
  taxRateBps: number;
  /** The order's customer, undefined when none was asked for or the tenant has no such customer. */
  customer: { id: string; name: string; email: string | null } | undefined;
  /** Name and price of each product, by id, when every line's units were taken. */
  products: Map<string, { name: string; price: number }>;
  /** The first product, in id order, whose units could not be taken: the caller throws, and the rollback gives back any taken. */
  refused: RefusedLine | undefined;
}

const statements = new Map<string, Prepared>();
function statement(dialect: DialectName, name: string, text: string): Prepared {
  const key = `${dialect} ${name}`;
  let made = statements.get(key);
  if (made === undefined) statements.set(key, (made = prepared(dialect, text)));
  return made;
}

const POSTGRES_RESERVE = `with wanted (id, quantity) as (select u.id, u.quantity from unnest(?::text[], ?::bigint[]) as u (id, quantity)),
  locked as (
    select p.id, p.name, p.price, p.inventory, p.active, w.quantity
      from products p join wanted w on w.id = p.id
     where p.merchant_id = ? and p.environment = ?
     order by p.id
       for update of p),
  taken as (
    update products p set inventory = p.inventory - l.quantity, updated_at = ?
      from locked l
     where p.merchant_id = ? and p.environment = ? and p.id = l.id
       and (select count(*) from locked where active = 1 and (inventory is null or inventory >= quantity)) = ?)
select m.currency, m.tax_rate_bps, c.id as customer_id, c.name as customer_name, c.email as customer_email,
       l.id, l.name, l.price, l.inventory, l.active
  from merchants m
  left join customers c on c.merchant_id = m.id and c.environment = ? and c.id = ?
  left join locked l on true
 where m.id = ?`;

interface PostgresReserveRow {
  currency: string;
  tax_rate_bps: number;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  id: string | null;
  name: string;
  price: number;
  inventory: number | null;
  active: number;
}

/** Whether a product as found can give `quantity` units. */
function canGive(product: { inventory: number | null; active: number } | undefined, quantity: number): boolean {
  return product !== undefined && product.active === 1 && (product.inventory === null || product.inventory >= quantity);
}

/**
 * Reads the merchant's settings and the customer, and takes the units `wanted` (product id and
 * quantity, sorted by id) of every line, or of none.
 *
 * @example const reservation = await reserveForOrder('postgres', trx, tenant, [['prod_a', 2]], undefined, now);
 */
export async function reserveForOrder(
  dialect: DialectName,
  trx: Kysely<Database>,
  tenant: Tenant,
  wanted: ReadonlyArray<readonly [productId: string, quantity: number]>,
  customerId: string | undefined,
  now: string,
): Promise<OrderReservation> {
  const { merchantId, environment } = tenant;
  if (dialect === 'postgres') {
    const rows = await runPrepared<PostgresReserveRow>(trx, statement(dialect, 'reserve', POSTGRES_RESERVE), [
      wanted.map(([id]) => id),
      wanted.map(([, quantity]) => quantity),
      merchantId,
      environment,
      now,
      merchantId,
      environment,
      wanted.length,
      environment,
      customerId ?? null,
      merchantId,
    ]);
    const first = merchantRow(rows[0], merchantId);
    const found = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id!, row]));
    // The statement took the units exactly when every line can have them, which this finds out the same way.
    const refusedAt = wanted.find(([id, quantity]) => !canGive(found.get(id), quantity));
    return {
      currency: first.currency,
      taxRateBps: first.tax_rate_bps,
      customer: first.customer_id === null ? undefined : { id: first.customer_id, name: first.customer_name!, email: first.customer_email },
      products: found,
      refused: refusedAt === undefined ? undefined : { productId: refusedAt[0], quantity: refusedAt[1], product: found.get(refusedAt[0]) },
    };
  }

  const [settings] = await runPrepared<{ currency: string; tax_rate_bps: number }>(
    trx,
    statement(dialect, 'merchant', 'select currency, tax_rate_bps from merchants where id = ?'),
    [merchantId],
  );
  const { currency, tax_rate_bps } = merchantRow(settings, merchantId);
  const [customer] =
    customerId === undefined
      ? []
      : await runPrepared<{ id: string; name: string; email: string | null }>(
          trx,
          statement(dialect, 'customer', 'select id, name, email from customers where merchant_id = ? and environment = ? and id = ?'),
          [merchantId, environment, customerId],
        );
  const reservation: OrderReservation = { currency, taxRateBps: tax_rate_bps, customer, products: new Map(), refused: undefined };
  const take = statement(
    dialect,
    'take',
    `update products set inventory = inventory - ?, updated_at = ?
      where merchant_id = ? and environment = ? and id = ? and active = 1 and (inventory is null or inventory >= ?)
      returning name, price`,
  );
  for (const [productId, quantity] of wanted) {
    const [taken] = await runPrepared<{ name: string; price: number }>(trx, take, [quantity, now, merchantId, environment, productId, quantity]);
    if (taken === undefined) {
      const [product] = await runPrepared<{ name: string; inventory: number | null; active: number }>(
        trx,
        statement(dialect, 'product', 'select name, inventory, active from products where merchant_id = ? and environment = ? and id = ?'),
        [merchantId, environment, productId],
      );
      reservation.refused = { productId, quantity, product };
      return reservation;
    }
    reservation.products.set(productId, taken);
  }
  return reservation;
}

function merchantRow<Row>(row: Row | undefined, merchantId: string): Row {
  if (row === undefined) throw new Error(`merchant ${merchantId} of an authenticated credential is missing`);
  return row;
}

/** The order row's columns, in the order of `insertOrder`'s parameters. */
const ORDER_COLUMNS = [
  'merchant_id', 'environment', 'id', 'status', 'customer_id', 'currency', 'subtotal', 'tax', 'total', 'refunded_amount', 'items_count',
  'payment_method', 'card_last4', 'card_brand', 'payment_processor', 'processor_payment_id', 'paid_at', 'canceled_at', 'notes', 'metadata',
  'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof OrderRow>;
/** A line item's own columns; merchant, environment and order are the order's. */
const ITEM_COLUMNS = ['id', 'position', 'product_id', 'name', 'quantity', 'unit_price', 'total', 'refunded_quantity'] as const satisfies ReadonlyArray<keyof LineItemRow>;
const ITEM_TYPES = ['text', 'integer', 'text', 'text', 'integer', 'bigint', 'bigint', 'integer'] as const;

const ORDER_VALUES = `insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')})`;
const POSTGRES_INSERT = `with o as (${ORDER_VALUES})
insert into line_items (merchant_id, environment, order_id, ${ITEM_COLUMNS.join(', ')})
select ?, ?, ?, ${ITEM_COLUMNS.map((c) => `i.${c}`).join(', ')}
  from unnest(${ITEM_TYPES.map((t) => `?::${t}[]`).join(', ')}) as i (${ITEM_COLUMNS.join(', ')})`;
const SQLITE_ITEM = `insert into line_items (merchant_id, environment, order_id, ${ITEM_COLUMNS.join(', ')}) values (?, ?, ?, ${ITEM_COLUMNS.map(() => '?').join(', ')})`;

/**
 * Writes the order and its line items (of that order, merchant and environment): one statement on
 * PostgreSQL (the foreign key of the items is checked at its end, when the order is there).
 */
export async function insertOrder(
  dialect: DialectName,
  trx: Kysely<Database>,
  order: Pick<OrderRow, (typeof ORDER_COLUMNS)[number]>,
  items: ReadonlyArray<Pick<LineItemRow, (typeof ITEM_COLUMNS)[number]>>,
): Promise<void> {
  const orderValues = ORDER_COLUMNS.map((column) => order[column]);
  const owner = [order.merchant_id, order.environment, order.id];
  if (dialect === 'postgres') {
    await runPrepared(trx, statement(dialect, 'insert', POSTGRES_INSERT), [
      ...orderValues,
      ...owner,
      ...ITEM_COLUMNS.map((column) => items.map((item) => item[column])),
    ]);
    return;
  }
  await runPrepared(trx, statement(dialect, 'order', ORDER_VALUES), orderValues);
  const item = statement(dialect, 'item', SQLITE_ITEM);
  for (const line of items) await runPrepared(trx, item, [...owner, ...ITEM_COLUMNS.map((column) => line[column])]);
}
