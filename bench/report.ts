/**
 * Writes a run's results: bench/results.json, and the tables of docs/performance.md between its
 * `bench:results` markers (the rest of the page is written by hand).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { DatabaseResult, ScenarioResult, TargetResult } from './targets.js';

export interface RunResults {
  machine: { cpu: string; cores: number; memory_gb: number; os: string; node: string; load_generator: string };
  date: string;
  command: string;
  settings: { orders: number; connections: number[]; workers: number; duration_s: number; warmup_s: number; pipelining: number; log_level: string; full_fill: boolean };
  databases: DatabaseResult[];
  targets: TargetResult[];
}

export const RESULTS_FILE = new URL('./results.json', import.meta.url);
export const PERFORMANCE_PAGE = new URL('../docs/performance.md', import.meta.url);
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

export function writeResults(results: RunResults): void {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  const page = readFileSync(PERFORMANCE_PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/performance.md has no ${START} ... ${END} section`);
  writeFileSync(PERFORMANCE_PAGE, `${page.slice(0, start + START.length)}\n${resultsMarkdown(results)}\n${page.slice(end)}`);
}

const DATABASE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number | undefined) => (n === undefined ? '' : n < 10 ? n.toFixed(2) : n.toFixed(1));

export function resultsMarkdown(results: RunResults): string {
  const { machine, settings } = results;
  const lines = [
    `Run of ${results.date.slice(0, 10)}: \`${results.command}\``,
    '',
    '| | |',
    '|---|---|',
    `| Machine | ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gb} GB, ${machine.os} |`,
    `| Node.js | ${machine.node} |`,
    `| Databases | ${results.databases.map((db) => db.version).join('; ')} |`,
    `| Load | ${machine.load_generator}, ${settings.connections.join(' and ')} connections, no pipelining, ${settings.warmup_s} s warm-up then ${settings.duration_s} s per scenario |`,
    `| Data | ${whole(settings.orders)} orders of one merchant${results.databases[0] ? ` (${whole(results.databases[0].fill.line_items)} line items, ${whole(results.databases[0].fill.refunds)} refunds)` : ''}; server log level \`${settings.log_level}\` |`,
    '',
    '| Database | Scenario | Connections | Duration | Req/s | vs baseline | p50 ms | p99 ms | Errors | Peak RSS |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const db of results.databases) {
    for (const scenario of byConnections(db)) lines.push(row(DATABASE_NAMES[db.database], scenario));
  }
  lines.push('', '| Target | Database | Measured | Result |', '|---|---|---|---|');
  for (const target of results.targets) {
    const scenario = results.databases.flatMap((db) => db.scenarios).find((s) => s.id === target.scenario)?.title ?? 'All scenarios';
    lines.push(`| ${scenario}: ${target.target} | ${DATABASE_NAMES[target.database]} | ${target.measured} | **${target.status}** |`);
  }
  if (!settings.full_fill) lines.push('', `This run filled ${whole(settings.orders)} orders; the List Orders targets are set for 1,000,000.`);
  return lines.join('\n');
}

/** Each connection count's baseline followed by the scenarios at that count; the rest (not measured, the webhook runs) after. */
function byConnections(db: DatabaseResult): ScenarioResult[] {
  const grouped = db.baselines.flatMap((baseline) => [baseline, ...db.scenarios.filter((s) => s.measured && s.connections === baseline.connections)]);
  return [...grouped, ...db.scenarios.filter((s) => !grouped.includes(s))];
}

function row(database: string, s: ScenarioResult): string {
  if (!s.measured) return `| ${database} | ${s.title} | | | not measured: ${s.reason ?? ''} | | | | | |`;
  const ratio = s.ratio_to_baseline === undefined ? '' : `${Math.round(s.ratio_to_baseline * 100)}%`;
  return `| ${database} | ${s.title} | ${s.connections ?? ''} | ${s.duration_s!.toFixed(1)} s | ${whole(s.req_per_s!)} | ${ratio} | ${ms(s.p50_ms)} | ${ms(s.p99_ms)} | ${s.errors} | ${s.peak_rss_mb} MB |`;
}
