/**
 * `npm run bench:export`: the orders export over a large database. Builds the server, then for each
 * database fills a database of its own in bulk (as `npm run bench` does: `bench-database.ts`), starts
 * the compiled server in a process of its own, downloads `GET /v1/orders/export` (orders, then line
 * items) over HTTP as fast as this process reads, and prints the rows, bytes, seconds and the
 * server's peak resident memory during each download (its VmHWM, reset before each, and sampled).
 * Not part of `npm test`; docs/performance.md ("Orders export") keeps its figures.
 *
 * @example npm run bench:export
 * @example npm run bench:export -- --orders 20000 --databases sqlite
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBenchDatabase, fillDatabase, type BenchDatabase } from './bench-database.js';
import type { DatabaseKind } from './options.js';
import { ServerProcess } from './till-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TMP = fileURLToPath(new URL('./tmp/', import.meta.url));
const started = performance.now();

type ExportType = 'orders' | 'line_items';

interface Measured {
  database: string;
  type: ExportType;
  rows: number;
  bytes: number;
  seconds: number;
  /** Peak resident memory of the server during the download, and before it (idle, after start-up). */
  peakRssBytes: number;
  idleRssBytes: number;
}

function log(line: string): void {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
}

function options() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: process.env.BENCH_ORDERS ?? '1000000' },
      databases: { type: 'string', default: process.env.BENCH_DATABASES ?? 'sqlite,postgres' },
      types: { type: 'string', default: 'orders,line_items' },
      'postgres-url': { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    },
  });
  const orders = Number(values.orders);
  if (!Number.isInteger(orders) || orders < 1) throw new Error(`--orders must be a positive integer, not ${values.orders}`);
  const databases = values.databases.split(',') as DatabaseKind[];
  const types = values.types.split(',') as ExportType[];
  if (databases.some((d) => d !== 'sqlite' && d !== 'postgres')) throw new Error(`--databases takes sqlite and postgres, not ${values.databases}`);
  if (types.some((t) => t !== 'orders' && t !== 'line_items')) throw new Error(`--types takes orders and line_items, not ${values.types}`);
  return { orders, databases, types, postgresUrl: values['postgres-url'] };
}

/**
 * Downloads an export to nowhere, counting its bytes and records as they come: a record ends at a CRLF
 * outside double quotes (RFC 4180), so a quoted line break in a note is not counted as one.
 */
async function download(url: string, apiKey: string): Promise<{ status: number; bytes: number; records: number; seconds: number }> {
  const begun = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let records = 0;
  let quoted = false;
  for await (const chunk of response.body! as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) records++;
    }
  }
  return { status: response.status, bytes, records, seconds: (performance.now() - begun) / 1000 };
}

async function benchDatabase(kind: DatabaseKind, settings: ReturnType<typeof options>): Promise<Measured[]> {
  const say = (line: string) => log(`[${kind}] ${line}`);
  const database: BenchDatabase = await createBenchDatabase(kind, settings.postgresUrl);
  const results: Measured[] = [];
  try {
    const label = await database.version();
    say(`filling ${settings.orders.toLocaleString('en-US')} orders (${label})`);
    const fill = await fillDatabase(database, settings.orders, (line) => say(`  ${line}`));
    say(`filled in ${fill.seconds.toFixed(1)} s: ${fill.orders.toLocaleString('en-US')} orders, ${fill.lineItems.toLocaleString('en-US')} line items`);
    const server = await ServerProcess.startTill({ databaseEnv: database.env, logLevel: 'warn', logFile: `${TMP}${kind}-export-server.log` });
    try {
      for (const type of settings.types) {
        const idleRssBytes = server.rssBytes();
        const peak = server.watchPeakRss();
        const result = await download(`${server.url}/v1/orders/export?type=${type}`, database.apiKey);
        const peakRssBytes = peak();
        const rows = result.records - 1;
        const expected = type === 'orders' ? fill.orders : fill.lineItems;
        if (rows !== expected) throw new Error(`the ${type} export had ${rows} rows, the fill ${expected}`);
        const measured = { database: label, type, rows, bytes: result.bytes, seconds: result.seconds, peakRssBytes, idleRssBytes };
        say(
          `${type}: ${rows.toLocaleString('en-US')} rows, ${mb(result.bytes)} MB in ${result.seconds.toFixed(1)} s ` +
            `(${Math.round(rows / result.seconds).toLocaleString('en-US')} rows/s, ${(result.bytes / 2 ** 20 / result.seconds).toFixed(1)} MB/s); ` +
            `server resident ${mb(idleRssBytes)} MB before, peak ${mb(peakRssBytes)} MB`,
        );
        results.push(measured);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return results;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function exec(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const settings = options();
  mkdirSync(TMP, { recursive: true });
  log('building the server (npm run build)');
  await exec('npm', ['run', '--silent', 'build']);
  const results: Measured[] = [];
  for (const kind of settings.databases) results.push(...(await benchDatabase(kind, settings)));
  console.log(`\nnpm run bench:export -- --orders ${settings.orders} (Node.js ${process.version})\n`);
  console.log('| Database | Export | Rows | Size | Seconds | Rows/s | Server RSS before | Peak RSS during |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|');
  for (const r of results) {
    console.log(
      `| ${r.database} | \`type=${r.type}\` | ${r.rows.toLocaleString('en-US')} | ${mb(r.bytes)} MB | ${r.seconds.toFixed(1)} | ` +
        `${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ${mb(r.idleRssBytes)} MB | ${mb(r.peakRssBytes)} MB |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
