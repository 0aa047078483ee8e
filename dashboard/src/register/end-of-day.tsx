/**
 * The end-of-day ("Z") report for managers and admins (`reports:read`): one day's sales per register
 * by tender, tips, refunds, tax and net, the drawers closed that day with their over/short, and the
 * totals. The day is cut in the shop's time zone (this device's by default). Printable (the page's
 * print styles leave the report alone on the paper), and downloadable as the API's CSV.
 */
import { useState } from 'preact/hooks';
import type { Schemas } from '@till/client';
import { ApiFailure, till } from '../api';
import { asFailure, ErrorAlert, Loaded, useResource } from '../components';
import { formatDateTime, formatMoney } from '../format';
import { localDay } from './device';
import { overShort } from './drawer';

type EndOfDayReport = Schemas['EndOfDayReport'];
type EndOfDayRegister = Schemas['EndOfDayRegister'];
type EndOfDayFigures = EndOfDayReport['totals'];

function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Saves `text` as a file through the browser's download (the API is called with a bearer token, which a plain link cannot carry). */
function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function EndOfDayScreen() {
  const [date, setDate] = useState(localDay());
  const [timeZone, setTimeZone] = useState(deviceTimeZone());
  const [applied, setApplied] = useState({ date, timeZone });
  const report = useResource(() => till.reports.endOfDay({ date: applied.date, time_zone: applied.timeZone }), [applied.date, applied.timeZone]);
  const [csvError, setCsvError] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  return (
    <section class="z-report" aria-labelledby="z-title">
      <h2 id="z-title">End of day</h2>
      <form
        class="filters no-print"
        aria-label="Day of the report"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied({ date, timeZone: timeZone.trim() || 'UTC' });
        }}
      >
        <div class="field">
          <label for="z-date">Day</label>
          <input id="z-date" type="date" value={date} required onInput={(e) => setDate(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="z-zone">Time zone</label>
          <input id="z-zone" value={timeZone} placeholder="Europe/Paris" onInput={(e) => setTimeZone(e.currentTarget.value)} />
        </div>
        <div class="filter-actions">
          <button type="submit">Show</button>
        </div>
      </form>
      <Loaded resource={report}>
        {(data) => (
          <>
            <div class="actions no-print">
              <button type="button" class="secondary big" onClick={() => window.print()}>
                Print
              </button>
              <button
                type="button"
                class="secondary big"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  setCsvError(undefined);
                  try {
                    download(await till.reports.endOfDayCsv({ date: data.date, time_zone: data.time_zone }), `end-of-day-${data.date}.csv`, 'text/csv');
                  } catch (failure) {
                    setCsvError(asFailure(failure));
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                Download CSV
              </button>
            </div>
            <ErrorAlert error={csvError} />
            <Report report={data} />
          </>
        )}
      </Loaded>
    </section>
  );
}

const COLUMNS: [keyof EndOfDayFigures, string][] = [
  ['orders', 'Orders paid'],
  ['cash_sales', 'Cash sales'],
  ['card_sales', 'Card sales'],
  ['tips', 'Tips'],
  ['cash_refunds', 'Cash refunds'],
  ['card_refunds', 'Card refunds'],
  ['tax', 'Tax'],
  ['net', 'Net'],
  ['over_short', 'Over / short'],
];

function Report(props: { report: EndOfDayReport }) {
  const { report } = props;
  const money = (amount: number) => formatMoney(amount, report.currency);
  const cell = (figures: EndOfDayFigures, key: keyof EndOfDayFigures) => {
    const value = figures[key];
    if (key === 'orders') return String(value);
    if (key === 'over_short') return overShort(value, report.currency);
    // Refunds are money going out: shown negative, as the net takes them off.
    return money(key === 'cash_refunds' || key === 'card_refunds' ? -value : value);
  };
  const name = (row: EndOfDayRegister) => row.register ?? 'No register';
  const drawers = report.registers.flatMap((row) => row.drawers.map((drawer) => ({ register: name(row), drawer })));
  return (
    <div class="z-body">
      <p class="z-meta">
        {report.date} · {report.time_zone}
      </p>
      <div class="table-wrap">
        <table class="cards z-table">
          <thead>
            <tr>
              <th scope="col">Register</th>
              {COLUMNS.map(([key, label]) => (
                <th scope="col" class="num" key={key}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.registers.map((row) => (
              <tr key={row.register ?? ''} data-register={name(row)}>
                <th scope="row" data-label="Register">
                  {name(row)}
                </th>
                {COLUMNS.map(([key, label]) => (
                  <td class="num" data-label={label} data-column={key} key={key}>
                    {cell(row, key)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-register="Totals">
              <th scope="row" data-label="Register">
                Totals
              </th>
              {COLUMNS.map(([key, label]) => (
                <td class="num" data-label={label} data-column={key} key={key}>
                  {cell(report.totals, key)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <h3>Drawers closed</h3>
      {drawers.length === 0 ? (
        <p class="muted">No drawer was closed this day.</p>
      ) : (
        <ul class="z-drawers">
          {drawers.map(({ register, drawer }) => (
            <li key={drawer.id} data-drawer={drawer.id}>
              <strong>{register}</strong> · {formatDateTime(drawer.opened_at)} to {formatDateTime(drawer.closed_at)} · expected {money(drawer.expected_cash)}, counted{' '}
              {money(drawer.counted_cash)}: <strong>{overShort(drawer.over_short, report.currency)}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
