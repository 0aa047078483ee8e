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
  /**
   * CPU time (user and system) of the serving processes during the measurement, per response, in
   * microseconds: what one request costs the server, which moves much less from run to run than
   * throughput does when the load generator shares the cores.
   */
  server_cpu_us_per_request?: number;
  notes?: Record<string, unknown>;
}

export interface DatabaseResult {
  database: DatabaseKind;
  version: string;
  fill: { orders: number; line_items: number; refunds: number; products: number; customers: number; seconds: number };
  /** The baseline at each connection count of the run. */
  baselines: ScenarioResult[];
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
  /** Only on this database (the worker target is set for PostgreSQL). */
  database?: DatabaseKind;
  /**
   * Checked at the run's lowest connection count only: a latency, which at more connections grows
   * with the queue of requests waiting (Little's law), not with the work of one request.
   */
  lowestConnectionsOnly?: boolean;
  target: (database: DatabaseKind) => string;
  /** The measured figure as text, and whether it meets the target. */
  check: (result: ScenarioResult, peers: Peers) => { measured: string; pass: boolean };
}

/** The other scenarios of the same database measured at the same connection count. */
type Peers = (id: string) => ScenarioResult | undefined;

const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;
const perDatabase = (figures: Record<DatabaseKind, number>) => figures;
const GET_ORDER_SHARE = perDatabase({ sqlite: 0.36, postgres: 0.24 });
const LIST_P50_MS = perDatabase({ sqlite: 5, postgres: 8 });
const WRITES_PER_SECOND = perDatabase({ sqlite: 2_000, postgres: 1_200 });

const shareOfBaseline = (database: DatabaseKind): TargetRule => ({
  scenario: 'get-order',
  database,
  target: () => `throughput at least ${percent(GET_ORDER_SHARE[database])} of the baseline`,
  check: (result) => ({
    measured: `${percent(result.ratio_to_baseline!)} (${Math.round(result.req_per_s!)} req/s)`,
    pass: result.ratio_to_baseline! >= GET_ORDER_SHARE[database],
  }),
});

const listLatency = (scenario: string, database: DatabaseKind): TargetRule => ({
  scenario,
  database,
  lowestConnectionsOnly: true,
  target: () => `p50 under ${LIST_P50_MS[database]} ms with an exact total`,
  check: (result) => {
    const exact = result.notes?.total_exact === true;
    return {
      measured: `p50 ${result.p50_ms!.toFixed(1)} ms, total ${String(result.notes?.total)}${exact ? ' (exact)' : ` (expected ${String(result.notes?.expected_total)})`}`,
      pass: result.p50_ms! < LIST_P50_MS[database] && exact,
    };
  },
});

const writesPerSecond = (scenario: string, database: DatabaseKind, unit: string): TargetRule => ({
  scenario,
  database,
  target: () => `at least ${WRITES_PER_SECOND[database].toLocaleString('en-US')} ${unit}/s`,
  check: (result) => ({ measured: `${Math.round(result.req_per_s!)} ${unit}/s`, pass: result.req_per_s! >= WRITES_PER_SECOND[database] }),
});

/** A share of another scenario's throughput at the same connection count. */
function shareOf(other: string, minimum: number, label: string): TargetRule['check'] {
  return (result, peers) => {
    const peer = peers(other);
    if (peer?.req_per_s === undefined) return { measured: `${Math.round(result.req_per_s!)} req/s; ${other} not measured`, pass: false };
    const share = result.req_per_s! / peer.req_per_s;
    return { measured: `${percent(share)} of ${label} (${Math.round(result.req_per_s!)} against ${Math.round(peer.req_per_s)} req/s)`, pass: share >= minimum };
  };
}

const RULES: readonly TargetRule[] = [
  shareOfBaseline('sqlite'),
  shareOfBaseline('postgres'),
  { scenario: 'get-order-jwt', target: () => 'throughput at least 95% of Get Order with an API key', check: shareOf('get-order', 0.95, 'the API key') },
  ...(['sqlite', 'postgres'] as const).flatMap((database) => [
    listLatency('list-page-1', database),
    listLatency('list-page-500', database),
    writesPerSecond('create-order', database, 'orders'),
    writesPerSecond('refund-order', database, 'refunds'),
  ]),
  {
    scenario: 'create-order',
    lowestConnectionsOnly: true,
    target: () => 'p99 under 30 ms',
    check: (result) => ({ measured: `p99 ${result.p99_ms!.toFixed(1)} ms`, pass: result.p99_ms! < 30 }),
  },
  {
    scenario: 'get-order-workers',
    database: 'postgres',
    target: () => 'throughput at least 1.2x one process',
    check: shareOf('get-order', 1.2, 'one process'),
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

/** Peak resident memory of each serving process (each worker, with WORKERS). */
export const MEMORY_LIMIT_MB = 200;

/**
 * Every target of every database in the run, at each connection count its scenario ran at. A
 * scenario that answered errors fails its targets.
 */
export function checkTargets(databases: readonly DatabaseResult[]): TargetResult[] {
  const targets: TargetResult[] = [];
  for (const db of databases) {
    const lowest = Math.min(...db.baselines.map((b) => b.connections ?? Infinity));
    for (const rule of RULES) {
      if (rule.database !== undefined && rule.database !== db.database) continue;
      const target = rule.target(db.database);
      const results = db.scenarios.filter((s) => s.id === rule.scenario && s.measured && (!rule.lowestConnectionsOnly || s.connections === lowest));
      if (results.length === 0) {
        const reason = db.scenarios.find((s) => s.id === rule.scenario)?.reason;
        targets.push({ database: db.database, scenario: rule.scenario, target, measured: reason ?? 'not run', status: 'NOT MEASURED' });
        continue;
      }
      for (const result of results) {
        const peers: Peers = (id) => db.scenarios.find((s) => s.id === id && s.measured && s.connections === result.connections);
        const { measured, pass } = rule.check(result, peers);
        const errors = result.errors ?? 0;
        const at = result.connections === undefined ? '' : `, ${result.connections} connections`;
        targets.push({
          database: db.database,
          scenario: rule.scenario,
          target: `${target}${at}`,
          measured: errors === 0 ? measured : `${measured}, ${errors} errors`,
          status: pass && errors === 0 ? 'PASS' : 'FAIL',
        });
      }
    }
    // Till's own processes only: the ceiling server is a reference, not Till.
    const measured = db.scenarios.filter((s) => s.measured && s.id !== 'ceiling');
    if (measured.length > 0) {
      const peak = measured.reduce((top, s) => (s.peak_rss_mb! > top.peak_rss_mb! ? s : top));
      targets.push({
        database: db.database,
        scenario: 'all',
        target: `peak resident memory of each server process under ${MEMORY_LIMIT_MB} MB`,
        measured: `peak ${peak.peak_rss_mb} MB (${peak.id}${peak.connections === undefined ? '' : `, ${peak.connections} connections`})`,
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
