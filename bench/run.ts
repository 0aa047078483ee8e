/**
 * `npm run bench`: builds the server, then for each database fills a database of its own, starts the
 * compiled server and the baseline in processes of their own, puts each scenario under load, and
 * writes bench/results.json and the tables of docs/performance.md. Not part of `npm test`.
 *
 * See docs/performance.md for what each scenario does and the options (`npm run bench -- --help`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, fillDatabase, type BenchDatabase, type FillSummary } from './bench-database.js';
import { FILL_ENVIRONMENT } from './fill-data.js';
import { benchCredentials, type Credentials } from './credentials.js';
import { runLoad, type Load, type LoadRequest, type Measurement } from './load.js';
import { readOptions, type BenchOptions, type DatabaseKind } from './options.js';
import { writeResults, type RunResults } from './report.js';
import { CREDENTIAL_NAMES, SCENARIOS, type Scenario } from './scenarios.js';
import { DELIVERY_SCENARIOS, measureDeliveryLag, measureDeliveryThroughput, type DeliveryContext } from './delivery.js';
import { checkTargets, isFullFill, type DatabaseResult, type ScenarioResult } from './targets.js';
import { ServerProcess } from './till-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TMP = fileURLToPath(new URL('./tmp/', import.meta.url));
const PROFILES = `${TMP}profiles`;
const started = performance.now();

function log(line: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`[${seconds} s] ${line}`);
}

async function main(): Promise<void> {
  const options = readOptions();
  const known = [...SCENARIOS.map((s) => s.id), ...DELIVERY_SCENARIOS.map((s) => s.id)];
  const unknown = options.scenarios.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new Error(`unknown scenarios: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  mkdirSync(PROFILES, { recursive: true });

  log('building the server (npm run build)');
  await exec('npm', ['run', '--silent', 'build']);

  const databases: DatabaseResult[] = [];
  let failures = 0;
  for (const kind of options.databases) {
    const result = await benchDatabase(kind, options);
    failures += result.scenarios.filter((s) => s.reason?.startsWith('failed') === true).length;
    databases.push(result);
  }

  const targets = checkTargets(databases);
  const results: RunResults = {
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      load_generator: `autocannon ${(createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version}`,
    },
    date: new Date().toISOString(),
    command: commandLine(),
    settings: {
      orders: options.orders,
      connections: options.connections,
      workers: options.workers,
      duration_s: options.durationSeconds,
      warmup_s: options.warmupSeconds,
      pipelining: 1,
      log_level: options.logLevel,
      full_fill: isFullFill(options.orders),
    },
    databases,
    targets,
  };

  console.log('\nTargets');
  for (const t of targets) console.log(`  ${t.status.padEnd(12)} ${t.database.padEnd(8)} ${t.scenario}: ${t.target} -- ${t.measured}`);
  if (!isFullFill(options.orders)) console.log(`  (this run filled ${options.orders} orders; the List Orders targets are set for 1,000,000)`);
  if (options.write) {
    writeResults(results);
    log('wrote bench/results.json and docs/performance.md');
  }
  if (options.cpuProfile) log(`CPU profiles in bench/tmp/profiles/; summarize one with: node --import tsx bench/profile-summary.ts <file>`);
  if (failures > 0) {
    log(`${failures} scenario(s) failed their check`);
    process.exitCode = 1;
  }
}

async function benchDatabase(kind: DatabaseKind, options: BenchOptions): Promise<DatabaseResult> {
  const say = (line: string) => log(`${kind}: ${line}`);
  say('creating and migrating a database of its own');
  let database: BenchDatabase;
  try {
    database = await createBenchDatabase(kind, options.postgresUrl);
  } catch (error) {
    if (kind === 'postgres') {
      throw new Error(`cannot use PostgreSQL at ${options.postgresUrl} (${(error as Error).message}); set BENCH_POSTGRES_URL, or BENCH_DATABASES=sqlite`);
    }
    throw error;
  }
  try {
    const version = await database.version();
    say(`filling ${options.orders.toLocaleString('en-US')} orders (${version})`);
    const fill = await fillDatabase(database, options.orders, (line) => say(`  ${line}`));
    say(`filled in ${fill.seconds.toFixed(1)} s; list filter matches ${fill.listFilter.expectedTotal.toLocaleString('en-US')} orders`);

    const scenarios: ScenarioResult[] = [];
    let baselines: ScenarioResult[];
    const server = await ServerProcess.startTill({
      databaseEnv: database.env,
      logLevel: options.logLevel,
      logFile: `${TMP}${kind}-server.log`,
      cpuProfile: options.cpuProfile ? { dir: PROFILES, name: `${kind}-${options.scenarios.join('+') || 'all'}-${Date.now()}.cpuprofile` } : undefined,
    });
    say(`server pid ${server.pid} at ${server.url}, ${mb(server.rssBytes())} MB resident`);
    let credentials: Credentials;
    try {
      credentials = await benchCredentials(database, server.url);
      baselines = await measureBaselines(kind, server, database.apiKey, fill, options, say);
      if (selected(options, 'get-order')) scenarios.push(...(await measureCeilings(kind, database, fill, options, baselines, say)));
      // Each scenario at every connection count before the next scenario: the refunds change paid
      // orders, which the list scenarios count, so they run last, as their place in SCENARIOS says.
      for (const scenario of SCENARIOS) {
        if (!selected(options, scenario.id)) continue;
        for (const [i, connections] of options.connections.entries()) {
          scenarios.push(await runScenario(scenario, { server, database, fill, credentials, options, connections, baseline: baselines[i]!, say }));
        }
      }
    } finally {
      await server.stop();
    }
    if (options.workers > 1 && selected(options, 'get-order')) {
      scenarios.push(...(await measureWorkers(kind, { database, fill, credentials, options, baselines, say })));
    }
    // The webhook scenarios start servers of their own (with the loopback receiver allowed), once the
    // request scenarios' server is stopped: its dispatcher, which may not reach loopback, would claim deliveries too.
    const delivery: DeliveryContext = { database, fill, durationSeconds: options.durationSeconds, warmupSeconds: options.warmupSeconds, logLevel: options.logLevel, logFile: (name) => `${TMP}${kind}-${name}.log`, say };
    for (const [id, measure] of [
      ['webhook-delivery', measureDeliveryThroughput],
      ['webhook-lag', measureDeliveryLag],
    ] as const) {
      if (!selected(options, id)) continue;
      const title = DELIVERY_SCENARIOS.find((s) => s.id === id)!.title;
      say(`${id}: ${title}`);
      try {
        scenarios.push(await measure(delivery));
      } catch (error) {
        const reason = `failed: ${(error as Error).message}`;
        say(`  ${reason}`);
        scenarios.push({ id, title, credential: null, measured: false, reason });
      }
    }
    return {
      database: kind,
      version,
      fill: {
        orders: fill.orders,
        line_items: fill.lineItems,
        refunds: fill.refunds,
        products: fill.products,
        customers: fill.customers,
        seconds: round(fill.seconds, 1),
      },
      baselines,
      scenarios,
    };
  } finally {
    await database.drop();
  }
}

const selected = (options: BenchOptions, id: string) => options.scenarios.length === 0 || options.scenarios.includes(id);

/**
 * Get Order (API key) again on a server of `options.workers` processes (`WORKERS`, node:cluster), at
 * each connection count; its peak memory is that of the largest worker. Compared with the one-process
 * figure of the same run by the targets.
 */
async function measureWorkers(kind: DatabaseKind, context: Omit<ScenarioContext, 'server' | 'connections' | 'baseline'> & { baselines: ScenarioResult[] }): Promise<ScenarioResult[]> {
  const { options, baselines, say } = context;
  const getOrder = SCENARIOS.find((s) => s.id === 'get-order')!;
  const scenario: Scenario = { ...getOrder, id: 'get-order-workers', title: `Get Order (API key), WORKERS=${options.workers}` };
  const server = await ServerProcess.startTill({
    databaseEnv: context.database.env,
    logLevel: options.logLevel,
    logFile: `${TMP}${kind}-workers-server.log`,
    extraEnv: { WORKERS: String(options.workers) },
  });
  say(`server with WORKERS=${options.workers}: pids ${server.workerPids().join(', ')} at ${server.url}`);
  try {
    const results: ScenarioResult[] = [];
    for (const [i, connections] of options.connections.entries()) {
      const result = await runScenario(scenario, { ...context, server, connections, baseline: baselines[i]! });
      if (result.measured) result.notes = { ...result.notes, workers: options.workers };
      results.push(result);
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** Fetches Get Order's bytes from the real server once, then loads the baseline server that answers them, at each connection count. */
async function measureBaselines(
  kind: DatabaseKind,
  server: ServerProcess,
  apiKey: string,
  fill: FillSummary,
  options: BenchOptions,
  say: (line: string) => void,
): Promise<ScenarioResult[]> {
  const path = `/v1/orders/${fill.getOrderId}`;
  const headers = { authorization: `Bearer ${apiKey}` };
  const answer = await fetch(`${server.url}${path}`, { headers });
  const body = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200) throw new Error(`Get Order of a filled order answered ${answer.status}: ${body.toString().slice(0, 300)}`);
  const bodyFile = `${TMP}${kind}-get-order.json`;
  writeFileSync(bodyFile, body);
  const baseline = await ServerProcess.startBaseline(bodyFile, createHash('sha256').update(apiKey).digest('hex'), `${TMP}${kind}-baseline.log`);
  try {
    const check = await fetch(`${baseline.url}${path}`, { headers });
    if (check.status !== 200 || !Buffer.from(await check.arrayBuffer()).equals(body)) throw new Error('the baseline does not answer the same bytes');
    say(`baseline (node:http, ${body.length} bytes of Get Order JSON)`);
    return await loadAtEachCount(baseline, { id: 'baseline', title: 'Baseline (node:http)', credential: 'api_key' }, { method: 'GET', path, headers }, options, say);
  } finally {
    await baseline.stop();
  }
}

/**
 * Get Order on the ceiling server (Fastify and the driver alone, `ceiling-server.ts`) at each
 * connection count: what Till's Get Order is compared with in docs/performance.md.
 */
async function measureCeilings(
  kind: DatabaseKind,
  database: BenchDatabase,
  fill: FillSummary,
  options: BenchOptions,
  baselines: ScenarioResult[],
  say: (line: string) => void,
): Promise<ScenarioResult[]> {
  const path = `/v1/orders/${fill.getOrderId}`;
  const headers = { authorization: `Bearer ${database.apiKey}` };
  const key = { hash: createHash('sha256').update(database.apiKey).digest('hex'), merchantId: database.merchantId, environment: FILL_ENVIRONMENT };
  const profile = options.cpuProfile ? { dir: PROFILES, name: `${kind}-ceiling-${Date.now()}.cpuprofile` } : undefined;
  const ceiling = await ServerProcess.startCeiling(database.env, key, `${TMP}${kind}-ceiling.log`, profile);
  try {
    // The bytes Till answered, which the baseline answers too (written by measureBaselines).
    const body = readFileSync(`${TMP}${kind}-get-order.json`);
    const check = await fetch(`${ceiling.url}${path}`, { headers });
    const answer = Buffer.from(await check.arrayBuffer());
    if (check.status !== 200 || !answer.equals(body)) throw new Error(`the ceiling server does not answer Get Order's bytes (${check.status}): ${answer.toString().slice(0, 300)}`);
    say('ceiling (Fastify + driver, the order in one statement)');
    const heading = { id: 'ceiling', title: 'Ceiling (Fastify + driver, one statement)', credential: 'api_key' } as const;
    return await loadAtEachCount(ceiling, heading, { method: 'GET', path, headers }, options, say, baselines);
  } finally {
    await ceiling.stop();
  }
}

/** `server` under `request` at each connection count of the run, as `heading`; with `baselines`, each compared with the baseline of its count. */
async function loadAtEachCount(
  server: ServerProcess,
  heading: Pick<ScenarioResult, 'id' | 'title' | 'credential'>,
  request: LoadRequest,
  options: BenchOptions,
  say: (line: string) => void,
  baselines?: ScenarioResult[],
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const [i, connections] of options.connections.entries()) {
    const { measurement, peakRss, cpuMs } = await warmAndMeasure(server, { url: server.url, connections, request }, options);
    const result = toResult(heading, measurement, peakRss, cpuMs, connections, baselines?.[i]!.req_per_s);
    say(`  ${connections} connections: ${summary(result)}`);
    results.push(result);
  }
  return results;
}

interface ScenarioContext {
  server: ServerProcess;
  database: BenchDatabase;
  fill: FillSummary;
  credentials: Credentials;
  options: BenchOptions;
  /** Concurrent connections of the load. */
  connections: number;
  /** The baseline measured at the same connection count. */
  baseline: ScenarioResult;
  say: (line: string) => void;
}

async function runScenario(scenario: Scenario, context: ScenarioContext): Promise<ScenarioResult> {
  const { server, database, fill, credentials, options, connections, baseline, say } = context;
  const heading = { id: scenario.id, title: scenario.title, credential: scenario.credential };
  const token = credentials[scenario.credential];
  if (token === undefined) {
    const reason = `no ${CREDENTIAL_NAMES[scenario.credential]} to send yet`;
    say(`${scenario.id}: not measured (${reason})`);
    return { ...heading, measured: false, reason };
  }
  say(`${scenario.id}: ${scenario.title}, ${connections} connections`);
  try {
    const prepared = await scenario.prepare({
      fill,
      token,
      paidOrderIds: (limit) => database.paidOrderIds(limit),
      maxRequests: (options.warmupSeconds + options.durationSeconds) * 5_000 + 100,
    });
    const first = typeof prepared.request === 'function' ? prepared.request() : prepared.request;
    const answer = await fetch(`${server.url}${first.path}`, { method: first.method, headers: first.headers, ...(first.body === undefined ? {} : { body: first.body }) });
    const checked = prepared.check(answer.status, await answer.text());
    const { measurement, peakRss, cpuMs } = await warmAndMeasure(server, { url: server.url, connections, request: prepared.request }, options);
    const result = toResult(heading, measurement, peakRss, cpuMs, connections, baseline.req_per_s);
    result.notes = { ...prepared.notes, ...checked };
    say(`  ${summary(result)}`);
    return result;
  } catch (error) {
    const reason = `failed: ${(error as Error).message}`;
    say(`  ${reason}`);
    return { ...heading, measured: false, reason };
  }
}

async function warmAndMeasure(
  target: ServerProcess,
  load: Omit<Load, 'durationSeconds'>,
  options: BenchOptions,
): Promise<{ measurement: Measurement; peakRss: number; cpuMs: number }> {
  if (options.warmupSeconds > 0) await runLoad({ ...load, durationSeconds: options.warmupSeconds });
  const peak = target.watchPeakRss();
  const cpuAtStart = target.cpuMs();
  const measurement = await runLoad({ ...load, durationSeconds: options.durationSeconds });
  return { measurement, peakRss: peak(), cpuMs: target.cpuMs() - cpuAtStart };
}

function toResult(
  heading: Pick<ScenarioResult, 'id' | 'title' | 'credential'>,
  m: Measurement,
  peakRss: number,
  cpuMs: number,
  connections: number,
  baselineRate: number | undefined,
): ScenarioResult {
  return {
    ...heading,
    measured: true,
    connections,
    duration_s: m.durationSeconds,
    requests: m.responses,
    req_per_s: round(m.requestsPerSecond, 1),
    ratio_to_baseline: round(baselineRate === undefined ? 1 : m.requestsPerSecond / baselineRate, 3),
    p50_ms: round(m.p50Ms, 2),
    p90_ms: round(m.p90Ms, 2),
    p99_ms: round(m.p99Ms, 2),
    max_ms: round(m.maxMs, 2),
    errors: m.errors,
    statuses: m.statuses,
    peak_rss_mb: mb(peakRss),
    server_cpu_us_per_request: m.responses === 0 ? undefined : round((cpuMs * 1000) / m.responses, 1),
  };
}

function summary(r: ScenarioResult): string {
  return [
    `${Math.round(r.req_per_s!).toLocaleString('en-US')} req/s`,
    `${Math.round(r.ratio_to_baseline! * 100)}% of baseline`,
    `p50 ${r.p50_ms} ms`,
    `p99 ${r.p99_ms} ms`,
    `errors ${r.errors}`,
    `peak RSS ${r.peak_rss_mb} MB`,
    ...(r.server_cpu_us_per_request === undefined ? [] : [`server CPU ${r.server_cpu_us_per_request} µs per request`]),
  ].join(', ');
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The command as typed, with the BENCH_ variables that changed it. */
function commandLine(): string {
  const env = Object.entries(process.env)
    .filter(([name, value]) => name.startsWith('BENCH_') && value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${name === 'BENCH_POSTGRES_URL' ? '...' : value}`);
  const args = process.argv.slice(2);
  return [...env, 'npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
}

function exec(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).message}`);
  process.exitCode = 1;
});
