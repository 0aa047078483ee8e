/**
 * The end-of-day report as CSV (RFC 4180): a header row, one row per register in the report's
 * order, then the totals. The register column names the rows that are not a register in
 * parentheses, which a register's code cannot hold: `(no register)` and `(total)`.
 *
 * A text cell that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return; a register's code may start with `-`) gets a leading `'`, as OWASP
 * advises against CSV injection. Numbers are written as they are.
 */
import { csvText } from '../http/csv.js';
import type { EndOfDayReport } from './schemas.js';

export const END_OF_DAY_CSV_COLUMNS = [
  'register', 'currency', 'orders', 'sales', 'tips', 'tax', 'cash_sales', 'card_sales', 'refunds', 'cash_refunds', 'card_refunds', 'net', 'drawers_closed', 'over_short',
] as const;

/** The report's CSV text, lines ended by CRLF. */
export function endOfDayCsv(report: EndOfDayReport): string {
  const line = (register: string, figures: EndOfDayReport['totals'], drawersClosed: number) =>
    [
      csvText(register),
      csvText(report.currency),
      figures.orders,
      figures.sales,
      figures.tips,
      figures.tax,
      figures.cash_sales,
      figures.card_sales,
      figures.refunds,
      figures.cash_refunds,
      figures.card_refunds,
      figures.net,
      drawersClosed,
      figures.over_short,
    ].join(',');
  const lines = [
    END_OF_DAY_CSV_COLUMNS.join(','),
    ...report.registers.map((row) => line(row.register ?? '(no register)', row, row.drawers.length)),
    line('(total)', report.totals, report.registers.reduce((count, row) => count + row.drawers.length, 0)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
