/**
 * Home: sales, order count and refunds for the current mode over a range (today by default, the last
 * 7 or 30 days, or custom dates), with a bar chart by hour or day whose bars read out their value.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { till } from '../api';
import { useAccount } from '../account';
import { Loaded, Select, useResource } from '../components';
import { formatMoney, minorUnitDigits } from '../format';
import { Link, navigate, useLocation } from '../router';

type Report = Schemas['SalesReport'];
type Bucket = Report['buckets'][number];

/** The longest range the sales report covers (`MAX_REPORT_DAYS` of the API). */
const MAX_DAYS = 31;
const DAY = 24 * 3600 * 1000;

const PRESETS: [string, string][] = [
  ['today', 'Today'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['custom', 'Custom dates'],
];

interface Range {
  title: string;
  query: { from: string; to: string; interval: 'hour' | 'day' };
}

/** A UTC calendar date (YYYY-MM-DD), `daysBack` days before today. */
function utcDay(daysBack: number): string {
  return new Date(Date.now() - daysBack * DAY).toISOString().slice(0, 10);
}

/**
 * The report's query for a choice of the range picker. Dates are UTC days, as the report's day
 * buckets are; a `to` date includes its whole day. A custom range that is not a valid one of at most
 * 31 days answers its problem instead.
 */
function rangeOf(choice: string, from: string, to: string): Range | string {
  if (choice === '7d' || choice === '30d') {
    const days = choice === '7d' ? 7 : 30;
    return { title: `Last ${days} days`, query: { from: utcDay(days - 1), to: utcDay(0), interval: 'day' } };
  }
  if (choice === 'custom') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'Choose a start and an end date.';
    const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
    if (days < 1) return 'The end date is before the start date.';
    if (days > MAX_DAYS) return `A report covers at most ${MAX_DAYS} days.`;
    return { title: from === to ? from : `${from} to ${to}`, query: { from, to, interval: days === 1 ? 'hour' : 'day' } };
  }
  // Today: the local calendar day, by hour.
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { title: 'Today', query: { from: start.toISOString(), to: new Date(start.getTime() + DAY).toISOString(), interval: 'hour' } };
}

export function HomePage() {
  const { account } = useAccount();
  const { query } = useLocation();
  const choice = query.get('range') ?? 'today';
  const applied = rangeOf(choice, query.get('from') ?? '', query.get('to') ?? '');
  const report = useResource(() => (typeof applied === 'string' ? Promise.resolve(undefined) : till.reports.sales(applied.query)), [query.toString()]);
  return (
    <section>
      <h1>{typeof applied === 'string' ? 'Custom dates' : applied.title}</h1>
      <p class="muted">
        {account.environment === 'sandbox' ? 'Sandbox (test) figures.' : 'Live figures.'}{' '}
        {account.environment === 'production' && 'A new shop has no live sales until it takes real payments; test in sandbox first.'}
      </p>
      <RangePicker choice={choice} from={query.get('from') ?? ''} to={query.get('to') ?? ''} problem={typeof applied === 'string' ? applied : undefined} />
      {typeof applied !== 'string' && <Loaded resource={report}>{(data) => data !== undefined && <Figures report={data} currency={account.currency} />}</Loaded>}
      <p>
        <Link href="/dashboard/orders">See all orders</Link>
      </p>
    </section>
  );
}

/** The range of the figures, kept in the address (`?range=7d`, `?range=custom&from=…&to=…`) so it survives a reload. */
function RangePicker(props: { choice: string; from: string; to: string; problem: string | undefined }) {
  const [choice, setChoice] = useState(props.choice);
  const [from, setFrom] = useState(props.from || utcDay(6));
  const [to, setTo] = useState(props.to || utcDay(0));
  useEffect(() => setChoice(props.choice), [props.choice]);
  const show = (next: string, dates?: { from: string; to: string }) => {
    const query = new URLSearchParams(next === 'today' ? {} : { range: next, ...dates });
    const text = query.toString();
    navigate(`/dashboard${text ? `?${text}` : ''}`, { replace: true });
  };
  return (
    <form
      class="filters range"
      aria-label="Period of the figures"
      onSubmit={(event) => {
        event.preventDefault();
        show('custom', { from, to });
      }}
    >
      <Select
        label="Range"
        id="range"
        value={choice}
        onChange={(next) => {
          setChoice(next);
          if (next !== 'custom') show(next);
        }}
        options={PRESETS}
      />
      {choice === 'custom' && (
        <>
          <div class="field">
            <label for="range-from">From</label>
            <input id="range-from" type="date" value={from} max={to} onInput={(e) => setFrom(e.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="range-to">To (included)</label>
            <input id="range-to" type="date" value={to} min={from} onInput={(e) => setTo(e.currentTarget.value)} />
          </div>
          <div class="filter-actions">
            <button type="submit">Show</button>
          </div>
        </>
      )}
      {props.problem !== undefined && choice === 'custom' && (
        <p class="alert range-problem" role="alert">
          {props.problem}
        </p>
      )}
    </form>
  );
}

function Figures(props: { report: Report; currency: string }) {
  const { report, currency } = props;
  const money = (amount: number) => formatMoney(amount, currency);
  const title = report.interval === 'hour' ? 'Sales by hour' : 'Sales by day';
  return (
    <>
      <dl class="figures">
        <div>
          <dt>Sales (paid orders)</dt>
          <dd data-figure="sales">{money(report.totals.sales_amount)}</dd>
        </div>
        {report.totals.tips > 0 && (
          <div>
            <dt>Tips</dt>
            <dd data-figure="tips">{money(report.totals.tips)}</dd>
          </div>
        )}
        <div>
          <dt>Orders</dt>
          <dd data-figure="orders">{report.totals.orders}</dd>
        </div>
        <div>
          <dt>Refunds</dt>
          <dd data-figure="refunds">{money(report.totals.refunded_amount)}</dd>
          <dd class="muted small">{report.totals.refunds === 1 ? '1 refund' : `${report.totals.refunds} refunds`}</dd>
        </div>
      </dl>
      <div class="panel">
        <h2 id="chart-title">{title}</h2>
        <BarChart buckets={report.buckets} interval={report.interval} title={title} currency={currency} money={money} />
      </div>
    </>
  );
}

/** A bucket's start as the x axis and the readout name it: "09:00" by hour, "Nov 20" by day (UTC, as the buckets are). */
function bucketLabel(bucket: Bucket, interval: Report['interval']): string {
  const start = new Date(bucket.start);
  if (interval === 'hour') return `${String(start.getHours()).padStart(2, '0')}:00`;
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(start);
}

/**
 * Round steps for the y axis: 1, 2 or 5 times a power of ten, so that about four lines span the
 * largest bar, and never less than one whole unit of the currency (`unit`, in its smallest unit).
 */
function niceStep(max: number, unit: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return Math.max(unit, [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? 10 * power);
}

/**
 * An SVG bar chart, one bar per bucket, amounts on the y axis and times or dates on the x axis. Each
 * bar takes the keyboard focus and, focused or under the pointer, shows its value in the readout
 * above the chart; the figures are also in a table for screen readers.
 */
function BarChart(props: { buckets: Bucket[]; interval: Report['interval']; title: string; currency: string; money: (n: number) => string }) {
  const { buckets, interval, money } = props;
  const [active, setActive] = useState<number>();
  const width = 640;
  const height = 200;
  const left = 64;
  const top = 10;
  const base = height - 24;
  const step = niceStep(Math.max(1, ...buckets.map((b) => b.sales_amount)), 10 ** minorUnitDigits(props.currency));
  const max = step * Math.ceil(Math.max(1, ...buckets.map((b) => b.sales_amount)) / step);
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  const slot = (width - left) / Math.max(1, buckets.length);
  // About eight date or hour labels on the x axis, whatever the number of bars.
  const every = Math.max(1, Math.ceil(buckets.length / 8));
  const y = (amount: number) => base - (amount / max) * (base - top);
  const shown = active === undefined ? undefined : buckets[active];
  return (
    <>
      <p class="chart-readout" aria-live="polite">
        {shown === undefined ? (
          <span class="muted">Point at a bar, or move to it with Tab, to read its value.</span>
        ) : (
          <>
            <strong>{bucketLabel(shown, interval)}</strong> {money(shown.sales_amount)} from {shown.orders === 1 ? '1 order' : `${shown.orders} orders`}
          </>
        )}
      </p>
      <svg class="chart" viewBox={`0 0 ${width} ${height}`} role="group" aria-labelledby="chart-title" onMouseLeave={() => setActive(undefined)}>
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line class="grid" x1={left} x2={width} y1={y(tick)} y2={y(tick)} />
            <text class="axis y-label" x={left - 6} y={y(tick) + 3} text-anchor="end">
              {money(tick)}
            </text>
          </g>
        ))}
        {buckets.map((bucket, i) => {
          const h = base - y(bucket.sales_amount);
          return (
            <g key={bucket.start}>
              <rect class={active === i ? 'bar active' : 'bar'} x={left + i * slot + slot * 0.15} y={base - h} width={slot * 0.7} height={Math.round(h)} rx={2} aria-hidden="true" />
              {/* The whole column answers the pointer and the keyboard, so that an empty hour or day can be read too. */}
              <rect
                class="slot"
                x={left + i * slot}
                y={top}
                width={slot}
                height={base - top}
                tabIndex={0}
                role="img"
                aria-label={`${bucketLabel(bucket, interval)}: ${money(bucket.sales_amount)}`}
                onMouseEnter={() => setActive(i)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(undefined)}
              />
              {i % every === 0 && (
                <text class="axis x-label" x={left + i * slot + slot / 2} y={height - 6} text-anchor="middle" aria-hidden="true">
                  {bucketLabel(bucket, interval)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* A table ignores the size `.visually-hidden` gives it: the wrapper is what takes no room. */}
      <div class="visually-hidden">
        <table>
          <caption>{props.title}</caption>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row">{bucketLabel(bucket, interval)}</th>
                <td>{money(bucket.sales_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
