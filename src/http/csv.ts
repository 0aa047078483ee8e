/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field holding a
 * comma, a double quote, a CR or an LF enclosed in double quotes, with its double quotes doubled.
 *
 * Text fields are also kept from being read as formulas by a spreadsheet (CSV injection): a text
 * that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, as OWASP
 * advises, so that `=HYPERLINK(...)` in an order's note stays text in Excel or LibreOffice. Numbers
 * are written as they are: a number is never a formula, and a negative one must stay a number.
 *
 * Small enough to own: a library would add a dependency for these two rules, and a stream of its
 * own on top of the one the export already writes to.
 */

/**
 * A column: its header, what it holds (for the reference), and its field in a row, text (escaped) or a
 * number (as it is); null is an empty field.
 */
export type CsvColumn<Row> = { name: string; description: string } & ({ text: (row: Row) => string | null } | { number: (row: Row) => number | null });

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A text field, kept from being a formula, quoted when it must be.
 *
 * @example csvText('=SUM(1)') // "'=SUM(1)"
 * @example csvText('Oat, "large"') // '"Oat, ""large"""'
 */
export function csvText(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A number field, written as it is.
 *
 * @example csvNumber(-1) // '-1'
 */
export function csvNumber(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The header record of `columns`, CRLF included. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return `${columns.map((column) => csvText(column.name)).join(',')}\r\n`;
}

/** The records of `rows`, each ended by CRLF, as one text. */
export function csvRecords<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      if (i > 0) out += ',';
      out += 'number' in column ? csvNumber(column.number(row)) : csvText(column.text(row));
    }
    out += '\r\n';
  }
  return out;
}
