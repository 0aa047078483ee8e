/**
 * The sales report: orders paid and refunds made over a range, in totals and by UTC hour or day,
 * added up by the database (`db/orders/sales.ts`). A bucket is named by the first 13 characters of
 * a stored timestamp (the UTC hour) or the first 10 (the UTC day).
 *
 * Tips are the staff's money, not the shop's sales: `sales_amount` is the orders' totals without their
 * tips (goods and tax), and `tips` the tips taken with them, so that the two add up to what was
 * charged. Refunds are the money given back, whatever it was for (a full refund gives the tip back too).
 */
import type { Tenant } from '../auth/principal.js';
import { salesByBucket } from '../db/orders/sales.js';
import { ApiError } from '../errors.js';
import { merchantSettings } from '../merchants/merchant-settings.js';
import type { Services } from '../services.js';
import { boundToTimestamp } from '../time.js';
import { MAX_REPORT_DAYS, type SalesReport, type SalesReportQuery } from './schemas.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const INTERVALS = {
  hour: { ms: HOUR_MS, keyLength: 13, suffix: ':00:00.000Z' },
  day: { ms: DAY_MS, keyLength: 10, suffix: 'T00:00:00.000Z' },
} as const;

export async function salesReport({ db }: Services, tenant: Tenant, query: SalesReportQuery): Promise<SalesReport> {
  const interval = query.interval ?? 'hour';
  const { ms, keyLength, suffix } = INTERVALS[interval];
  // Dates read as in List Orders: `from` a date's first millisecond, `to` a date's last, so that a
  // date `to` includes its whole day (the range's end is the next millisecond, as `to` is exclusive).
  const fromMs = Date.parse(boundToTimestamp(query.from, 'min'));
  const toMs = Date.parse(boundToTimestamp(query.to, 'max')) + (DATE_ONLY.test(query.to) ? 1 : 0);
  if (!(toMs > fromMs)) throw new ApiError('parameter_invalid', '`to` must be later than `from`.', 'to');
  if (toMs - fromMs > MAX_REPORT_DAYS * DAY_MS) throw new ApiError('parameter_invalid', `The range from \`from\` to \`to\` must be at most ${MAX_REPORT_DAYS} days.`, 'to');
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const [settings, { sales, refunds }] = await Promise.all([merchantSettings(db, tenant.merchantId), salesByBucket(db, tenant, from, to, keyLength)]);

  // PostgreSQL answers count and sum of bigint as text: read every figure as a number.
  const salesBy = new Map(sales.map((row) => [row.bucket, { count: Number(row.count), amount: Number(row.amount) - Number(row.tips), tips: Number(row.tips) }]));
  const refundsBy = new Map(refunds.map((row) => [row.bucket, { count: Number(row.count), amount: Number(row.amount) }]));
  const buckets: SalesReport['buckets'] = [];
  for (let start = Math.floor(fromMs / ms) * ms; start < toMs; start += ms) {
    const key = new Date(start).toISOString().slice(0, keyLength);
    const paid = salesBy.get(key);
    buckets.push({ start: key + suffix, orders: paid?.count ?? 0, sales_amount: paid?.amount ?? 0, tips: paid?.tips ?? 0, refunded_amount: refundsBy.get(key)?.amount ?? 0 });
  }
  const sum = <R extends Record<F, number>, F extends string>(rows: Iterable<R>, field: F) => [...rows].reduce((total, row) => total + row[field], 0);
  return {
    currency: settings.currency,
    from,
    to,
    interval,
    totals: {
      orders: sum(salesBy.values(), 'count'),
      sales_amount: sum(salesBy.values(), 'amount'),
      tips: sum(salesBy.values(), 'tips'),
      refunded_amount: sum(refundsBy.values(), 'amount'),
      refunds: sum(refundsBy.values(), 'count'),
    },
    buckets,
  };
}
