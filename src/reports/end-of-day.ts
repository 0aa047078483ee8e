/**
 * The end-of-day ("Z") report: one local day of the merchant's environment, per register and in
 * total. The day is cut in the time zone asked for (IANA, via Intl: `time.ts`), so a sale at 23:30 in
 * New York counts on that day, not on the next UTC one. Orders count at their payment time, refunds
 * at the time they were made, drawers on the day they were closed; the database adds them up per
 * register (`db/orders/end-of-day.ts`, `db/cash-drawers/drawers.ts`).
 *
 * As in the sales report, tips are the staff's money: `sales` is the totals without tips, and
 * `sales + tips` what was charged, split by tender into `cash_sales` and `card_sales`.
 */
import type { Tenant } from '../auth/principal.js';
import { drawersClosedBetween, type ClosedDrawerFields } from '../db/cash-drawers/drawers.js';
import { endOfDaySums } from '../db/orders/end-of-day.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services.js';
import { canonicalTimeZone, localDayBounds } from '../time.js';
import type { EndOfDayQuery, EndOfDayRegister, EndOfDayReport } from './schemas.js';

type Figures = EndOfDayReport['totals'];

const FIGURES: ReadonlyArray<keyof Figures> = ['orders', 'sales', 'tips', 'tax', 'cash_sales', 'card_sales', 'refunds', 'cash_refunds', 'card_refunds', 'net', 'over_short'];

function zero(): Figures {
  return { orders: 0, sales: 0, tips: 0, tax: 0, cash_sales: 0, card_sales: 0, refunds: 0, cash_refunds: 0, card_refunds: 0, net: 0, over_short: 0 };
}

/**
 * The dates a report can be of: their days' bounds, in any zone, are timestamps of four-digit years
 * (which are what the database stores and compares as text).
 */
const FIRST_DATE = '1970-01-01';
const LAST_DATE = '9998-12-31';

export async function endOfDayReport({ db, settings }: Services, tenant: Tenant, query: EndOfDayQuery): Promise<EndOfDayReport> {
  if (query.date < FIRST_DATE || query.date > LAST_DATE) throw new ApiError('parameter_invalid', `\`date\` must be from ${FIRST_DATE} to ${LAST_DATE}.`, 'date');
  const timeZone = canonicalTimeZone(query.time_zone ?? 'UTC');
  if (timeZone === undefined) throw new ApiError('parameter_invalid', `Unknown time zone '${query.time_zone}': give an IANA time zone such as Europe/Paris or America/New_York.`, 'time_zone');
  const { from, to } = localDayBounds(query.date, timeZone);
  const [{ currency }, { sales, refunds }, drawers] = await Promise.all([settings(tenant.merchantId), endOfDaySums(db, tenant, from, to), drawersClosedBetween(db, tenant, from, to)]);

  // Keyed by the register's code; '' holds what was rung up on no register (a code is never empty).
  const rows = new Map<string, Figures & { drawers: EndOfDayRegister['drawers'] }>();
  const rowOf = (register: string | null) => {
    const key = register ?? '';
    let row = rows.get(key);
    if (row === undefined) rows.set(key, (row = { ...zero(), drawers: [] }));
    return row;
  };
  // PostgreSQL answers count and sum of bigint as text: read every figure as a number.
  for (const sale of sales) {
    const row = rowOf(sale.register);
    const total = Number(sale.total);
    row.orders = Number(sale.orders);
    row.tips = Number(sale.tips);
    row.sales = total - row.tips;
    row.tax = Number(sale.tax);
    row.cash_sales = Number(sale.cash);
    row.card_sales = total - row.cash_sales;
  }
  for (const refund of refunds) {
    const row = rowOf(refund.register);
    row.refunds = Number(refund.amount);
    row.cash_refunds = Number(refund.cash);
    row.card_refunds = row.refunds - row.cash_refunds;
  }
  for (const drawer of drawers) {
    const row = rowOf(drawer.register);
    const closed = closedDrawer(drawer);
    row.drawers.push(closed);
    row.over_short += closed.over_short;
  }
  for (const row of rows.values()) row.net = row.sales + row.tips - row.refunds;

  const registers: EndOfDayRegister[] = [...rows.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([key, row]) => ({ register: key === '' ? null : key, ...row }));
  const totals = zero();
  for (const register of registers) for (const figure of FIGURES) totals[figure] += register[figure];
  return { currency, date: query.date, time_zone: timeZone, from, to, registers, totals };
}

function closedDrawer(drawer: ClosedDrawerFields): EndOfDayRegister['drawers'][number] {
  const expected = Number(drawer.expected_cash);
  const counted = Number(drawer.counted_cash);
  return { id: drawer.id, opened_at: drawer.opened_at, closed_at: drawer.closed_at!, expected_cash: expected, counted_cash: counted, over_short: counted - expected };
}
