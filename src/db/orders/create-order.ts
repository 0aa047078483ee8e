/**
 * Create Order's statements, written once per database (`prepared.ts`: no Kysely building per
 * request). They differ by database because round trips do: PostgreSQL answers each statement over
 * the network, so it gets one statement for the merchant's settings, the customer, the webhook
 * endpoints and the locks on the products, one that takes the stock of every line, and one for the
 * order with its items, its event and the event's deliveries (`db/outbox/`): three round trips,
 * the event's included, where a three-line order took nine; SQLite runs in the process, where a
 * statement costs microseconds, and keeps one simple statement per step.
 *
 * Stock is taken for all lines or none (a refused line throws, and the rollback gives back what was
 * taken), never below zero, and products are locked in id order, so that two orders never wait on
 * each other's rows (an offline sale, `stock: 'offline'`, takes its units from any product of the
 * tenant, active or not, and may leave tracked stock below zero; only an unknown product refuses it):
 * - PostgreSQL: `select ... order by id for update` locks the rows in that order; then one update
 *   takes the units of every line whose product is active with enough stock (`inventory >= quantity`,
 *   checked by the update itself on the row's latest version), and any line it did not take is refused.
 * - SQLite: one conditional update per product, in id order, stopping at the first that cannot give
 *   its units; the transaction already holds the one write lock.
 */
import type { DialectName } from '../connection.js';
import { ENDPOINTS, parseEndpoints, POSTGRES_OUTBOX, postgresOutboxParameters, writeOutboxRows, type Outbox, type OutboxEndpoint } from '../outbox/outbox.js';
import { preparedOnce, runPrepared, type Prepared } from '../prepared.js';
import type { LineItemRow, OrderRow } from '../schema.js';
import type { DbTransaction } from '../transaction.js';
import type { Tenant } from '../scoped.js';
import { LINE_ITEM_COLUMNS, ORDER_COLUMNS } from './orders.js';

/** A product the order could not have, as found (its stock before anything was taken). */
export interface RefusedLine {
  productId: string;
  quantity: number;
  /** Undefined when the tenant has no such product. */
  product: { name: string; inventory: number | null; active: number } | undefined;
}

/** A product whose units an order took, as the update that took them returned it. */
export interface OrderedProduct {
  name: string;
  price: number;
  /** The product's modifier groups, JSON text as stored. */
  modifier_groups: string;
  /** 1 when the product is active (always, unless an offline sale took it). */
  active: number;
  /** The stock left once the units were taken (below zero only after an offline sale); null when not tracked. */
  inventory: number | null;
}

/**
 * How an order takes stock: `guarded`, from active products with enough stock, every order's rule;
 * `offline`, a sale the register made offline, from any product of the tenant, stock going below
 * zero if need be.
 */
export type StockRule = 'guarded' | 'offline';

export interface OrderReservation {
  currency: string;
  taxRateBps: number;
  /** The merchant's line prices include tax. */
  pricesIncludeTax: boolean;
  /** The order's customer, undefined when none was asked for or the tenant has no such customer. */
  customer: { id: string; name: string; email: string | null } | undefined;
  /** Name, price and modifier groups (JSON text) of each product, by id, when every line's units were taken. */
  products: Map<string, OrderedProduct>;
  /** The first product, in id order, whose units could not be taken: the caller throws, and the rollback gives back any taken. */
  refused: RefusedLine | undefined;
  /** The tenant's enabled webhook endpoints, for the order's event (`insertOrder`). */
  endpoints: OutboxEndpoint[];
}

/** Create Order's statement `name`, made once per process. */
function statement(dialect: DialectName, name: string, text: string): Prepared {
  return preparedOnce(dialect, `create-order ${name}`, () => text);
}

/**
 * Locks the order's products in id order, and reads the merchant's settings, the customer and the
 * webhook endpoints on the way. The count is there because PostgreSQL runs a CTE only as far as the
 * statement reads it.
 */
const POSTGRES_LOCK = `with locked as (
    select id from products where merchant_id = ? and environment = ? and id = any(?::text[]) order by id for update)
select m.currency, m.tax_rate_bps, m.prices_include_tax, c.id as customer_id, c.name as customer_name, c.email as customer_email,
       (select count(*) from locked) as products_locked, ${ENDPOINTS.postgres} as endpoints
  from merchants m
  left join customers c on c.merchant_id = m.id and c.environment = ? and c.id = ?
 where m.id = ?`;

/** What the updates that take stock return of each product taken (`OrderedProduct`), its columns prefixed by `p` (an alias and a dot, or nothing). */
const taken = (p: string) => `${p}name, ${p}price, ${p}modifier_groups, ${p}active, ${p}inventory`;

/** The condition of the updates that take stock, per rule, on the product `p` (as above) and the units `quantity`: an offline sale takes whatever there is. */
const TAKES: Record<StockRule, (p: string, quantity: string) => string> = {
  guarded: (p, quantity) => ` and ${p}active = 1 and (${p}inventory is null or ${p}inventory >= ${quantity})`,
  offline: () => '',
};

/** Takes the units of every line that can give them; the rows are locked, so only the caller's order changes them. */
const POSTGRES_TAKE = (rule: StockRule) => `update products p set inventory = p.inventory - w.quantity, updated_at = ?
  from unnest(?::text[], ?::bigint[]) as w (id, quantity)
 where p.merchant_id = ? and p.environment = ? and p.id = w.id${TAKES[rule]('p.', 'w.quantity')}
returning p.id, ${taken('p.')}`;

/** A product as found, to say why its line was refused. */
const PRODUCT = 'select name, inventory, active from products where merchant_id = ? and environment = ? and id = ?';

interface PostgresLockRow {
  currency: string;
  tax_rate_bps: number;
  prices_include_tax: number;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  endpoints: string;
}

/**
 * Reads the merchant's settings and the customer, and takes the units `wanted` (product id and
 * quantity, sorted by id) of every line, or of none, by the `stock` rule.
 *
 * @example const reservation = await reserveForOrder(trx, tenant, [['prod_a', 2]], undefined, now);
 */
export async function reserveForOrder(
  trx: DbTransaction,
  tenant: Tenant,
  wanted: ReadonlyArray<readonly [productId: string, quantity: number]>,
  customerId: string | undefined,
  now: string,
  stock: StockRule = 'guarded',
): Promise<OrderReservation> {
  const { merchantId, environment } = tenant;
  const { dialect } = trx;
  const refusal = async ([productId, quantity]: readonly [string, number]): Promise<RefusedLine> => {
    const [product] = await runPrepared<NonNullable<RefusedLine['product']>>(trx, statement(dialect, 'product', PRODUCT), [merchantId, environment, productId]);
    return { productId, quantity, product };
  };
  if (dialect === 'postgres') {
    const ids = wanted.map(([id]) => id);
    const [first] = await runPrepared<PostgresLockRow>(trx, statement(dialect, 'lock', POSTGRES_LOCK), [
      merchantId,
      environment,
      ids,
      merchantId,
      environment,
      environment,
      customerId ?? null,
      merchantId,
    ]);
    const { currency, tax_rate_bps, prices_include_tax, customer_id, customer_name, customer_email, endpoints } = merchantRow(first, merchantId);
    const taken = await runPrepared<OrderedProduct & { id: string }>(trx, statement(dialect, `take ${stock}`, POSTGRES_TAKE(stock)), [
      now,
      ids,
      wanted.map(([, quantity]) => quantity),
      merchantId,
      environment,
    ]);
    const products = new Map(taken.map((row) => [row.id, row]));
    const refusedAt = wanted.find(([id]) => !products.has(id));
    const refused = refusedAt === undefined ? undefined : await refusal(refusedAt);
    return {
      currency,
      taxRateBps: tax_rate_bps,
      pricesIncludeTax: prices_include_tax === 1,
      customer: customer_id === null ? undefined : { id: customer_id, name: customer_name!, email: customer_email },
      products,
      refused,
      endpoints: parseEndpoints(endpoints),
    };
  }

  const [settings] = await runPrepared<{ currency: string; tax_rate_bps: number; prices_include_tax: number; endpoints: string }>(
    trx,
    statement(dialect, 'merchant', `select currency, tax_rate_bps, prices_include_tax, ${ENDPOINTS.sqlite} as endpoints from merchants where id = ?`),
    [merchantId, environment, merchantId],
  );
  const { currency, tax_rate_bps, prices_include_tax, endpoints } = merchantRow(settings, merchantId);
  const [customer] =
    customerId === undefined
      ? []
      : await runPrepared<{ id: string; name: string; email: string | null }>(
          trx,
          statement(dialect, 'customer', 'select id, name, email from customers where merchant_id = ? and environment = ? and id = ?'),
          [merchantId, environment, customerId],
        );
  const reservation: OrderReservation = {
    currency,
    taxRateBps: tax_rate_bps,
    pricesIncludeTax: prices_include_tax === 1,
    customer,
    products: new Map(),
    refused: undefined,
    endpoints: parseEndpoints(endpoints),
  };
  const take = statement(
    dialect,
    `take ${stock}`,
    `update products set inventory = inventory - ?, updated_at = ?
      where merchant_id = ? and environment = ? and id = ?${TAKES[stock]('', '?')}
      returning ${taken('')}`,
  );
  for (const line of wanted) {
    const [productId, quantity] = line;
    const parameters = [quantity, now, merchantId, environment, productId, ...(stock === 'guarded' ? [quantity] : [])];
    const [taken] = await runPrepared<OrderedProduct>(trx, take, parameters);
    if (taken === undefined) {
      reservation.refused = await refusal(line);
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

/** The Postgres types of `LINE_ITEM_COLUMNS`, for `unnest`. */
const ITEM_TYPES = ['text', 'integer', 'text', 'text', 'integer', 'bigint', 'bigint', 'integer', 'text', 'text', 'bigint'] as const;

const ORDER_VALUES = `insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')})`;
const POSTGRES_INSERT = `with o as (${ORDER_VALUES}),
  i as (
    insert into line_items (merchant_id, environment, order_id, ${LINE_ITEM_COLUMNS.join(', ')})
    select ?, ?, ?, ${LINE_ITEM_COLUMNS.map((c) => `i.${c}`).join(', ')}
      from unnest(${ITEM_TYPES.map((t) => `?::${t}[]`).join(', ')}) as i (${LINE_ITEM_COLUMNS.join(', ')})),
  ${POSTGRES_OUTBOX}
select 1`;
const SQLITE_ITEM = `insert into line_items (merchant_id, environment, order_id, ${LINE_ITEM_COLUMNS.join(', ')}) values (?, ?, ?, ${LINE_ITEM_COLUMNS.map(() => '?').join(', ')})`;

/**
 * Writes the order, its line items (of that order, merchant and environment), its event and the
 * event's deliveries (to the reservation's endpoints that receive it): one statement on PostgreSQL (foreign keys
 * are checked at its end, when the order and the event are there).
 */
export async function insertOrder(
  trx: DbTransaction,
  order: Pick<OrderRow, (typeof ORDER_COLUMNS)[number]>,
  items: ReadonlyArray<Pick<LineItemRow, (typeof LINE_ITEM_COLUMNS)[number]>>,
  outbox: Outbox,
): Promise<void> {
  const { dialect } = trx;
  const orderValues = ORDER_COLUMNS.map((column) => order[column]);
  const owner = [order.merchant_id, order.environment, order.id];
  const tenant = { merchantId: order.merchant_id, environment: order.environment };
  if (dialect === 'postgres') {
    await runPrepared(trx, statement(dialect, 'insert', POSTGRES_INSERT), [
      ...orderValues,
      ...owner,
      ...LINE_ITEM_COLUMNS.map((column) => items.map((item) => item[column])),
      ...postgresOutboxParameters(trx, tenant, outbox, order.created_at),
    ]);
    return;
  }
  await runPrepared(trx, statement(dialect, 'order', ORDER_VALUES), orderValues);
  const item = statement(dialect, 'item', SQLITE_ITEM);
  for (const line of items) await runPrepared(trx, item, [...owner, ...LINE_ITEM_COLUMNS.map((column) => line[column])]);
  await writeOutboxRows(trx, tenant, outbox, order.created_at);
}
