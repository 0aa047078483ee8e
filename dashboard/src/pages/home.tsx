/** Home: today's sales, order count and refunds for the current mode, with an hourly bar chart. */
import type { Schemas } from '@till/client';
import { till } from '../api';
import { useAccount } from '../account';
import { Loaded, useResource } from '../components';
import { formatMoney } from '../format';
import { Link } from '../router';

type Report = Schemas['SalesReport'];

function today(): { from: string; to: string } {
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  return { from: start.toISOString(), to: end.toISOString() };
}

export function HomePage() {
  const { account } = useAccount();
  const report = useResource(() => till.reports.sales({ ...today(), interval: 'hour' }), []);
  return (
    <section>
      <h1>Today</h1>
      <p class="muted">
        {account.environment === 'sandbox' ? 'Sandbox (test) figures.' : 'Live figures.'}{' '}
        {account.environment === 'production' && 'A new shop has no live sales until it takes real payments; test in sandbox first.'}
      </p>
      <Loaded resource={report}>{(data) => <Figures report={data} currency={account.currency} />}</Loaded>
      <p>
        <Link href="/dashboard/orders">See all orders</Link>
      </p>
    </section>
  );
}

function Figures(props: { report: Report; currency: string }) {
  const { report, currency } = props;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <>
      <dl class="figures">
        <div>
          <dt>Sales (paid orders)</dt>
          <dd data-figure="sales">{money(report.totals.sales_amount)}</dd>
        </div>
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
        <h2 id="chart-title">Sales by hour</h2>
        <BarChart buckets={report.buckets} money={money} />
      </div>
    </>
  );
}

/** A small SVG bar chart, one bar per bucket; the figures are also in a table for screen readers. */
function BarChart(props: { buckets: Report['buckets']; money: (n: number) => string }) {
  const { buckets } = props;
  const width = 600;
  const height = 160;
  const base = height - 20;
  const max = Math.max(1, ...buckets.map((b) => b.sales_amount));
  const step = width / Math.max(1, buckets.length);
  return (
    <>
      <svg class="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="chart-title" focusable="false">
        <line class="grid" x1={0} x2={width} y1={base} y2={base} />
        {buckets.map((bucket, i) => {
          const h = Math.round((bucket.sales_amount / max) * (base - 10));
          const hour = new Date(bucket.start).getHours();
          return (
            <g key={bucket.start}>
              <rect class="bar" x={i * step + step * 0.15} y={base - h} width={step * 0.7} height={h} rx={2}>
                <title>
                  {`${String(hour).padStart(2, '0')}:00 ${props.money(bucket.sales_amount)}`}
                </title>
              </rect>
              {hour % 3 === 0 && (
                <text class="axis" x={i * step + step / 2} y={height - 5} text-anchor="middle">
                  {String(hour).padStart(2, '0')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table class="visually-hidden">
        <caption>Sales by hour</caption>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row">{new Date(bucket.start).getHours()}:00</th>
              <td>{props.money(bucket.sales_amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
