/**
 * What a command prints on success: plain JSON (one line, for scripts) with `--json`, text otherwise.
 */
export interface OutputOptions {
  json?: boolean;
}

export function printResult(options: OutputOptions, value: unknown, text: () => string): void {
  process.stdout.write(options.json === true ? `${JSON.stringify(value)}\n` : `${text()}\n`);
}

/**
 * A list: `{"data": [...]}` on one line with `--json`, else an aligned plain-text table with a
 * heading (or `empty` when there are no rows).
 *
 * @example
 *   printTable(options, merchants, [['ID', (m) => m.id], ['NAME', (m) => m.name]], 'No merchants.');
 */
export function printTable<T>(options: OutputOptions, rows: readonly T[], columns: ReadonlyArray<readonly [string, (row: T) => string]>, empty: string): void {
  printResult(options, { data: rows }, () => {
    if (rows.length === 0) return empty;
    const cells = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
    const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
    return cells.map((line) => line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
  });
}
