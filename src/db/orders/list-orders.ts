/**
 * List Orders' statement: a page of a tenant's orders, newest first (created_at, then id, both
 * descending), filtered by status, customer, number, search text (`q`) and an inclusive date range,
 * with an exact count of every match, counted through `countOrders`, which adds up per-day counts
 * rather than walking every match.
 *
 * A page and its count are one statement, its text made once per shape of query (which filters,
 * how many statuses) and kept, so a request only binds its values: no Kysely building or compiling.
 * The page's ids are found first, from the index alone (`orders_by_status`, `orders_by_customer`,
 * `orders_list` hold every column the order needs), and only those 20 orders are read: skipping
 * 10,000 matches for page 500 then walks index entries, not rows. Where the count comes from the
 * per-day counts, PostgreSQL also takes from them the day the page starts in, and walks from that
 * day's end (`PAGES_START_FROM_DAY_COUNTS`): page 500 then steps over one day's matches at most.
 */
import type { Db, DialectName } from '../connection.js';
import { preparedOnce } from '../prepared.js';
import type { OrderStatus } from '../schema.js';
import type { Tenant } from '../scoped.js';
import { countOrders, DAY_END, type CountQuery, type OrderSearch, type SqlPart } from './order-counts.js';

/**
 * Whether a List Orders page starts its walk from the day the per-day counts (`order_counts`) put
 * it in, rather than walking past every newer match. PostgreSQL: yes (page 500 of the bench, 10,000
 * matches in, went from 1,199 to 2,162 requests a second). SQLite: no, the counts' statement cost
 * more than the walk it saved (page 1 from 5,914 to 3,429 a second, page 500 from 2,289 to 939).
 */
const PAGES_START_FROM_DAY_COUNTS: Record<DialectName, boolean> = { sqlite: false, postgres: true };

/**
 * From this many matches in, a page starts from the per-day counts (where the database does that):
 * before it, walking the matches costs less than the counts' statement adds. Measured on PostgreSQL
 * with 1,000,000 orders: page 1 went from 4,773 to 2,783 requests a second through the counts, page
 * 500 (9,980 in) from 1,199 to 2,246; about 2,800 matches walked cost what the counts add.
 */
export const DAY_COUNTS_FROM_OFFSET = 2_500;

/** Later than any `created_at`: the page's upper bound when the counts name no day to start in. */
const LATEST = '9999-12-31T23:59:59.999Z';

/** An order of the page, as List Orders shows it. */
export interface OrderSummaryRow {
  id: string;
  number: number;
  status: OrderStatus;
  total: number;
  currency: string;
  items_count: number;
  customer_id: string | null;
  created_at: string;
}

/** Above every character: `prefix + HIGHEST` bounds the texts that start with `prefix`, byte by byte. */
const HIGHEST = '\u{10FFFF}';

/**
 * The condition on `customers` of a prefix of a customer's name or e-mail, and its parameters: the
 * customers' lower-cased name and e-mail (`customers_by_name`, `customers_by_email`). Text is lowered
 * by the database on both sides (SQLite's `lower` changes ASCII letters only) and compared byte by
 * byte (`collate "C"`).
 */
function customerPrefix(dialect: DialectName, tenant: Tenant, prefix: string): [string, unknown[]] {
  const lowered = (column: string) => (dialect === 'postgres' ? `(lower(${column}) collate "C")` : `lower(${column})`);
  const range = (column: string) => `${lowered(column)} >= lower(?) and ${lowered(column)} < lower(?)`;
  const bounds = [prefix, `${prefix}${HIGHEST}`];
  return [
    `select id from customers where merchant_id = ? and environment = ? and (${range('name')} or ${range('email')})`,
    [tenant.merchantId, tenant.environment, ...bounds, ...bounds],
  ];
}

/**
 * The condition of `q` on `orders`, each kind an index range (migrations 0018 and 0026): `orders_number`,
 * `orders_by_total` and `orders_by_card_last4` for digits, the primary key for an id's prefix,
 * `orders_register_receipt_number` for a receipt number, and for a customer's name or e-mail, the
 * customers' indexes (`customerPrefix`), then `orders_by_customer`.
 */
function searchFilter(dialect: DialectName, tenant: Tenant, search: OrderSearch): [string, unknown[], string] {
  const tenantOrders = 'select id from orders where merchant_id = ? and environment = ?';
  switch (search.kind) {
    case 'digits': {
      // One index range per column, united: an `or` of the three would read every order of the tenant.
      const matches = [['number', search.value], ['total', search.value], ...(search.cardLast4 === undefined ? [] : [['card_last4', search.cardLast4]])];
      return [
        ` and id in (${matches.map(([column]) => `select id from orders where merchant_id = ? and environment = ? and ${column} = ?`).join(' union all ')})`,
        matches.flatMap(([, value]) => [tenant.merchantId, tenant.environment, value]),
        `qd${matches.length}`,
      ];
    }
    case 'id':
      return [' and id >= ? and id < ?', [search.prefix, `${search.prefix}${HIGHEST}`], 'qi'];
    case 'receipt': {
      const receipt = `${tenantOrders} and register_receipt_number = ?`;
      const parameters: unknown[] = [tenant.merchantId, tenant.environment, search.receiptNumber];
      if (!search.alsoCustomer) return [` and id in (${receipt})`, parameters, 'qr'];
      // United, as for digits: an `or` of the two would read every order of the tenant.
      const [customers, customerParameters] = customerPrefix(dialect, tenant, search.receiptNumber);
      return [
        ` and id in (${receipt} union all ${tenantOrders} and customer_id in (${customers}))`,
        [...parameters, tenant.merchantId, tenant.environment, ...customerParameters],
        'qrc',
      ];
    }
    case 'customer': {
      const [customers, parameters] = customerPrefix(dialect, tenant, search.prefix);
      return [` and customer_id in (${customers})`, parameters, 'qc'];
    }
  }
}

/**
 * SQLite plans without statistics: it takes every index as narrowing a tenant's orders to a few, and
 * would walk all of them through `orders_list` to have them in order rather than read the few
 * matches of a number or a search and sort them. It is told the index (`indexed by`): `orders_number`
 * for the number, `orders_by_customer` for a customer's name or e-mail, the primary key for the ids of
 * an id prefix, a digits search or a receipt number's. PostgreSQL's statistics choose well.
 */
function sqliteIndexFor(dialect: DialectName, number: number | undefined, search: OrderSearch | undefined): string | undefined {
  if (dialect !== 'sqlite') return undefined;
  if (number !== undefined) return 'orders indexed by orders_number';
  if (search === undefined) return undefined;
  // The primary key (merchant_id, id) is the table's first automatic index, so SQLite names it so.
  return search.kind === 'customer' ? 'orders indexed by orders_by_customer' : 'orders indexed by sqlite_autoindex_orders_1';
}

/**
 * The condition on `orders` (its columns unqualified) that selects the tenant's orders matching every
 * filter of `query`, and what to read them from on SQLite (an index named where its planner would
 * choose badly). List Orders pages through it; the orders export walks it in batches.
 *
 * @example const matching = matchingOrders(db.dialect, tenant, { statuses: ['paid'], customerId: undefined, number: undefined, search: undefined, min: undefined, max: undefined });
 */
export function matchingOrders(dialect: DialectName, tenant: Tenant, query: CountQuery): SqlPart {
  const { statuses, customerId, number, search, min, max } = query;
  const matching: SqlPart = { text: 'merchant_id = ? and environment = ?', parameters: [tenant.merchantId, tenant.environment], shape: '', from: sqliteIndexFor(dialect, number, search) };
  const filter = (text: string, values: readonly unknown[], shape: string) => {
    matching.text += text;
    matching.parameters.push(...values);
    matching.shape += shape;
  };
  if (statuses !== undefined) filter(` and status in (${statuses.map(() => '?').join(', ')})`, statuses, `s${statuses.length}`);
  if (customerId !== undefined) filter(' and customer_id = ?', [customerId], 'c');
  if (number !== undefined) filter(' and number = ?', [number], 'n');
  if (search !== undefined) filter(...searchFilter(dialect, tenant, search));
  if (min !== undefined) filter(' and created_at >= ?', [min], 'f');
  if (max !== undefined) filter(' and created_at <= ?', [max], 't');
  return matching;
}

/**
 * One page of the tenant's orders matching `query`, and the count of every match.
 *
 * @example const { rows, total } = await orderPage(db, tenant, { statuses: ['paid'], customerId: undefined, number: undefined, search: undefined, min: undefined, max: undefined }, 1, 20);
 */
export async function orderPage(db: Db, tenant: Tenant, query: CountQuery, page: number, perPage: number): Promise<{ rows: OrderSummaryRow[]; total: number }> {
  const matching = matchingOrders(db.dialect, tenant, query);
  const count = countOrders(tenant, matching, query);

  const offset = (page - 1) * perPage;
  const byDay = PAGES_START_FROM_DAY_COUNTS[db.dialect] && offset >= DAY_COUNTS_FROM_OFFSET && 'byDay' in count ? count.byDay : undefined;
  // Kept per shape of query; the shapes are few (a status list is at most 500 characters).
  const statement = preparedOnce(db.dialect, `list-orders ${matching.shape} ${count.shape}${byDay === undefined ? '' : ' by-day'}`, () =>
    byDay === undefined
      ? `select m.matches, o.id, o.number, o.status, o.total, o.currency, o.items_count, o.customer_id, o.created_at
           from (select ${count.text} as matches) m
           left join (select id, created_at from ${matching.from ?? 'orders'} where ${matching.text}
                       order by created_at desc, id desc limit ? offset ?) page on 1 = 1
           left join orders o on o.merchant_id = ? and o.id = page.id
          order by page.created_at desc, page.id desc`
      : // The day the page starts in, from the per-day counts: the page walks the index from that day's
        // end, past only the matches of that day that come before it, rather than past every newer
        // match. No such day (the page starts among the newer part-day's matches, or past the whole
        // days): it walks from the start, as without counts. The total is made of the same parts, each
        // computed once.
        `with per_day as (select day, sum(count) as n from order_counts where ${byDay.days.text} group by day),
              part_days as (select ${byDay.older?.text ?? '0'} as older, ${byDay.newer?.text ?? '0'} as newer),
              skip as (select bound, skipped
                         from (select day || '${DAY_END}' as bound, n,
                                      (select newer from part_days) + sum(n) over (order by day desc) - n as skipped
                                 from per_day) d
                        where skipped <= cast(? as bigint) and skipped + n > cast(? as bigint))
         select m.matches, o.id, o.number, o.status, o.total, o.currency, o.items_count, o.customer_id, o.created_at
           from (select (select coalesce(sum(n), 0) from per_day) + older + newer as matches from part_days) m
           left join (select id, created_at from orders where ${matching.text}
                         and created_at <= coalesce((select bound from skip), '${LATEST}')
                       order by created_at desc, id desc
                       limit ? offset cast(? as bigint) - cast(coalesce((select skipped from skip), 0) as bigint)) page on 1 = 1
           left join orders o on o.merchant_id = ? and o.id = page.id
          order by page.created_at desc, page.id desc`,
  );
  const parameters =
    byDay === undefined
      ? [...count.parameters, ...matching.parameters, perPage, offset, tenant.merchantId]
      : [...byDay.days.parameters, ...(byDay.older?.parameters ?? []), ...(byDay.newer?.parameters ?? []), offset, offset, ...matching.parameters, perPage, offset, tenant.merchantId];
  // One row when the page is empty (past the end, or no match): the count, and nulls.
  const rows = await db.read<Omit<OrderSummaryRow, 'id'> & { matches: number; id: string | null }>(statement, parameters);
  return { rows: rows.filter((row): row is OrderSummaryRow & { matches: number } => row.id !== null), total: Number(rows[0]!.matches) };
}
