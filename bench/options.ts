/**
 * What one benchmark run does: read from `--flag value` arguments first, then `BENCH_*` variables,
 * else the full run of the performance page (1,000,000 orders, both databases, every scenario).
 *
 * @example npm run bench -- --orders 20000 --duration 3 --databases sqlite
 * @example BENCH_SCENARIOS=create-order BENCH_CPU_PROF=1 npm run bench
 */
import { parseArgs } from 'node:util';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface BenchOptions {
  databases: DatabaseKind[];
  /** Scenario ids to run (all when empty); the baseline always runs. */
  scenarios: string[];
  orders: number;
  /** Each scenario (and the baseline) runs once at each of these connection counts. */
  connections: number[];
  /** Get Order runs again on a server of this many processes (`WORKERS`); 1 skips that run. */
  workers: number;
  /** Seconds measured per scenario. */
  durationSeconds: number;
  /** Seconds of load before each measurement, not counted. */
  warmupSeconds: number;
  postgresUrl: string;
  /** LOG_LEVEL of the server under test. */
  logLevel: string;
  /** Write a V8 CPU profile of each server process to bench/tmp/profiles/. */
  cpuProfile: boolean;
  /** Write bench/results.json and the tables of docs/performance.md. */
  write: boolean;
}

export const FULL_RUN_ORDERS = 1_000_000;

const FLAGS = {
  databases: { env: 'BENCH_DATABASES', fallback: 'sqlite,postgres' },
  scenarios: { env: 'BENCH_SCENARIOS', fallback: '' },
  orders: { env: 'BENCH_ORDERS', fallback: String(FULL_RUN_ORDERS) },
  connections: { env: 'BENCH_CONNECTIONS', fallback: '10,50' },
  workers: { env: 'BENCH_WORKERS', fallback: '2' },
  duration: { env: 'BENCH_DURATION', fallback: '10' },
  warmup: { env: 'BENCH_WARMUP', fallback: '3' },
  'postgres-url': { env: 'BENCH_POSTGRES_URL', fallback: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
  'log-level': { env: 'BENCH_LOG_LEVEL', fallback: 'info' },
  'cpu-prof': { env: 'BENCH_CPU_PROF', fallback: '0' },
  write: { env: 'BENCH_WRITE', fallback: '1' },
} as const;

export const USAGE = `npm run bench [-- --flag value ...]

  --databases      sqlite,postgres   BENCH_DATABASES
  --scenarios      all               BENCH_SCENARIOS   e.g. get-order,create-order
  --orders         1000000           BENCH_ORDERS      orders filled before the load
  --connections    10,50             BENCH_CONNECTIONS every scenario runs at each count
  --workers        2                 BENCH_WORKERS     Get Order again with WORKERS=n; 1 skips it
  --duration       10                BENCH_DURATION    seconds measured per scenario
  --warmup         3                 BENCH_WARMUP      seconds of load before each measurement
  --postgres-url   TEST_DATABASE_URL BENCH_POSTGRES_URL (a schema of its own is made and dropped)
  --log-level      info              BENCH_LOG_LEVEL   the server's LOG_LEVEL
  --cpu-prof       0                 BENCH_CPU_PROF    1: V8 CPU profiles in bench/tmp/profiles/
  --write          1                 BENCH_WRITE       0: print only, leave results.json and docs alone`;

export function readOptions(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: { ...Object.fromEntries(Object.keys(FLAGS).map((name) => [name, { type: 'string' as const }])), help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const raw = (name: keyof typeof FLAGS): string => {
    const flag = (values as Record<string, string | boolean | undefined>)[name];
    if (typeof flag === 'string') return flag;
    const fromEnv = env[FLAGS[name].env];
    return fromEnv === undefined || fromEnv === '' ? FLAGS[name].fallback : fromEnv;
  };
  const list = (name: keyof typeof FLAGS) => raw(name).split(',').map((s) => s.trim()).filter((s) => s !== '');
  const databases = list('databases');
  for (const database of databases) {
    if (database !== 'sqlite' && database !== 'postgres') throw new Error(`--databases takes sqlite and/or postgres, got "${database}"`);
  }
  const connections = [...new Set(list('connections').map((value) => whole(value, 'connections', 1)))];
  if (connections.length === 0) throw new Error('--connections needs at least one count, e.g. 10,50');
  return {
    databases: databases as DatabaseKind[],
    scenarios: list('scenarios'),
    orders: whole(raw('orders'), 'orders', 1_000),
    connections,
    workers: whole(raw('workers'), 'workers', 1),
    durationSeconds: whole(raw('duration'), 'duration', 1),
    warmupSeconds: whole(raw('warmup'), 'warmup', 0),
    postgresUrl: raw('postgres-url'),
    logLevel: raw('log-level'),
    cpuProfile: flag(raw('cpu-prof')),
    write: flag(raw('write')),
  };
}

function whole(value: string, name: string, min: number): number {
  if (!/^\d+$/.test(value.replace(/_/g, '')) || Number(value.replace(/_/g, '')) < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}, got "${value}"`);
  }
  return Number(value.replace(/_/g, ''));
}

function flag(value: string): boolean {
  return value === '1' || value === 'true' || value === 'yes';
}
