/**
 * The results of a run and the targets they are held to. Each target is checked here, on the
 * figures just measured, and is PASS, FAIL, or NOT MEASURED (its scenario did not run).
 */
import { FULL_RUN_ORDERS, type DatabaseKind } from './options.js';
import type { CredentialKind } from './scenarios.js';

export interface ScenarioResult {
  id: string;
  title: string;
  credential: CredentialKind | null;
  measured: boolean;
  /** Why it was not measured. */
  reason?: string;
  connections?: number;
  duration_s?: number;
  requests?: number;
  req_per_s?: number;
  /** Throughput as a share of the baseline's, in the same run on the same database. */
  ratio_to_baseline?: number;
  p50_ms?: number;
  p90_ms?: number;
  p99_ms?: number;
  max_ms?: number;
  errors?: number;
  statuses?: Record<string, number>;
  /** Highest resident memory of the server process during the measurement. */
  peak_rss_mb?: number;
  notes?: Record<string, unknown>;
}

export interface DatabaseResult {
  database: DatabaseKind;
  version: string;
  fill: { orders: number; line_items: number; refunds: number; products: number; customers: number; seconds: number };
  baseline: ScenarioResult;
  scenarios: ScenarioResult[];
}

export type TargetStatus = 'PASS' | 'FAIL' | 'NOT MEASURED';

export interface TargetResult {
  database: DatabaseKind;
  scenario: string;
  target: string;
  measured: string;
  status: TargetStatus;
}

interface TargetRule {
  scenario: string;
  target: (database: DatabaseKind) => string;
  /** The measured figure as text, and whether it meets the target. */
  check: (result: ScenarioResult, database: DatabaseKind) => { measured: string; pass: boolean };
}

const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;
const CREATE_ORDERS_PER_SECOND: Record<DatabaseKind, number> = { sqlite: 2_000, postgres: 800 };

function shareOfBaseline(minimum: number): TargetRule['check'] {
  return (result) => ({
    measured: `${percent(result.ratio_to_baseline!)} (${Math.round(result.req_per_s!)} req/s)`,
    pass: result.ratio_to_baseline! >= minimum,
  });
}

function listLatency(result: ScenarioResult): { measured: string; pass: boolean } {
  const exact = result.notes?.total_exact === true;
  return {
    measured: `p50 ${result.p50_ms!.toFixed(1)} ms, total ${String(result.notes?.total)}${exact ? ' (exact)' : ` (expected ${String(result.notes?.expected_total)})`}`,
    pass: result.p50_ms! < 20 && exact,
  };
}

const RULES: readonly TargetRule[] = [
  { scenario: 'get-order', target: () => 'throughput at least 50% of the baseline', check: shareOfBaseline(0.5) },
  { scenario: 'get-order-jwt', target: () => 'throughput at least 45% of the baseline', check: shareOfBaseline(0.45) },
  { scenario: 'list-page-1', target: () => 'p50 under 20 ms with an exact total', check: listLatency },
  { scenario: 'list-page-500', target: () => 'p50 under 20 ms with an exact total', check: listLatency },
  {
    scenario: 'create-order',
    target: (database) => `at least ${CREATE_ORDERS_PER_SECOND[database].toLocaleString('en-US')} orders/s`,
    check: (result, database) => ({ measured: `${Math.round(result.req_per_s!)} orders/s`, pass: result.req_per_s! >= CREATE_ORDERS_PER_SECOND[database] }),
  },
  {
    scenario: 'create-order',
    target: () => 'p99 under 50 ms',
    check: (result) => ({ measured: `p99 ${result.p99_ms!.toFixed(1)} ms`, pass: result.p99_ms! < 50 }),
  },
  {
    scenario: 'webhook-delivery',
    target: () => 'at least 1,000 events/s delivered',
    check: (result) => ({
      measured: `${Math.round(result.req_per_s!)} deliveries/s over ${String(result.notes?.endpoints)} endpoints (one endpoint: ${Math.round(Number(result.notes?.single_endpoint_per_second))}/s)`,
      pass: result.req_per_s! >= 1_000,
    }),
  },
  {
    scenario: 'webhook-lag',
    target: () => 'commit-to-delivery lag p99 under 100 ms at 200 orders/s',
    check: (result) => ({ measured: `p99 ${result.p99_ms!.toFixed(1)} ms (p50 ${result.p50_ms!.toFixed(1)} ms)`, pass: result.p99_ms! < 100 }),
  },
];

export const MEMORY_LIMIT_MB = 250;

/** Every target of every database in the run. A scenario that answered errors fails its targets. */
export function checkTargets(databases: readonly DatabaseResult[]): TargetResult[] {
  const targets: TargetResult[] = [];
  for (const db of databases) {
    for (const rule of RULES) {
      const result = db.scenarios.find((s) => s.id === rule.scenario);
      const target = rule.target(db.database);
      if (result === undefined || !result.measured) {
        targets.push({ database: db.database, scenario: rule.scenario, target, measured: result?.reason ?? 'not run', status: 'NOT MEASURED' });
        continue;
      }
      const { measured, pass } = rule.check(result, db.database);
      const errors = result.errors ?? 0;
      targets.push({
        database: db.database,
        scenario: rule.scenario,
        target,
        measured: errors === 0 ? measured : `${measured}, ${errors} errors`,
        status: pass && errors === 0 ? 'PASS' : 'FAIL',
      });
    }
    const measured = db.scenarios.filter((s) => s.measured);
    if (measured.length > 0) {
      const peak = measured.reduce((top, s) => (s.peak_rss_mb! > top.peak_rss_mb! ? s : top));
      targets.push({
        database: db.database,
        scenario: 'all',
        target: `server resident memory under ${MEMORY_LIMIT_MB} MB`,
        measured: `peak ${peak.peak_rss_mb} MB (${peak.id})`,
        status: peak.peak_rss_mb! < MEMORY_LIMIT_MB ? 'PASS' : 'FAIL',
      });
    }
  }
  return targets;
}

/** True when the run filled as many orders as the targets are set for. */
export function isFullFill(orders: number): boolean {
  return orders >= FULL_RUN_ORDERS;
}
