/**
 * What a command prints on success: plain JSON (one line, for scripts) with `--json`, text otherwise.
 */
export interface OutputOptions {
  json?: boolean;
}

export function printResult(options: OutputOptions, value: unknown, text: () => string): void {
  process.stdout.write(options.json === true ? `${JSON.stringify(value)}\n` : `${text()}\n`);
}
