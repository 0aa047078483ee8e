/**
 * `npm run bench:ha`: what synchronous replication costs Create Order and Capture. In one run, on
 * this machine, the compiled `till serve` against:
 * - one PostgreSQL server (initdb and pg_ctl, no replication),
 * - the HA lab's primary through HAProxy (scripts/ha-lab.ts) with `synchronous_commit = local` for
 *   Till's sessions: the cluster and the proxy, but commits not waiting for a replica,
 * - the same with synchronous replication, as the lab runs it: each commit waits for the
 *   synchronous standby to have it,
 * - the lab's primary straight, past HAProxy, with synchronous replication: what the proxy's hop costs.
 * At 1 and 8 clients, each sending Create Order then Capture, one request after another, for
 * `--seconds` (default 10) after a 2 s warm-up. Prints orders (created and captured) per second and
 * the median time of one order's two requests. PostgreSQL runs with fsync off everywhere (the one
 * server as the database-fault tests start it, test/helpers/private-postgres.ts), so that the figures
 * measure the servers and the replication, not this machine's disk. Not part of `npm test`; docs/deployment.md keeps the figures.
 *
 * @example npm run bench:ha
 * @example npm run bench:ha -- --seconds 20 --clients 1,4,16
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { HaLab } from '../scripts/ha-lab.js';
import { PrivateCluster } from '../test/helpers/private-postgres.js';
import { createApiKey } from '../src/auth/api-keys.js';
import { API_KEY_SCOPES } from '../src/auth/permissions.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { randomBase62 } from '../src/ids.js';
import { createMerchant } from '../src/merchants/create-merchant.js';
import { systemClock } from '../src/time.js';
import { ServerProcess } from './till-process.js';

const TMP = fileURLToPath(new URL('./tmp/', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, clients: { type: 'string', default: '1,8' } } });
const SECONDS = Number(values.seconds);
const CLIENTS = values.clients.split(',').map(Number);
const WARM_UP_MS = 2_000;
const started = performance.now();

function log(line: string): void {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
}

interface Target {
  name: string;
  url: string;
  /** What `show synchronous_commit` must answer on Till's connections, checked before measuring. */
  synchronousCommit: string;
}

interface Row {
  target: string;
  clients: number;
  ordersPerSecond: number;
  medianMs: number;
  failed: number;
}

/** A merchant with an API key and a product in stock, on the database `url` names (migrated first). */
async function prepare(url: string): Promise<{ key: string }> {
  const db = await openDatabase({ url });
  try {
    await migrateToLatest(db);
    const { merchant } = await createMerchant(db, systemClock, { name: 'Bench Shop', email: `owner-${randomBase62(10).toLowerCase()}@example.com`, password: `pw-${randomBase62(16)}` });
    const { key } = await createApiKey(db, systemClock, { merchantId: merchant.id, environment: 'sandbox', name: 'bench', permissions: API_KEY_SCOPES });
    return { key };
  } finally {
    await db.close();
  }
}

async function synchronousCommitOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;
  } finally {
    await client.end();
  }
}

async function post(url: string, key: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomBase62(20) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** `clients` loops of Create Order then Capture until `until`; the times of the orders that ended after `from`. */
async function orders(url: string, key: string, product: string, clients: number, from: number, until: number): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        const created = await post(url, key, '/v1/orders', { items: [{ product_id: product, quantity: 1 }] });
        const captured = created.status === 201 ? await post(url, key, `/v1/orders/${created.body.id}/capture`, { payment_token: 'tok_visa' }) : created;
        const ended = performance.now();
        if (ended < from || ended > until) continue;
        if (created.status === 201 && captured.status === 200) times.push(ended - begun);
        else failed++;
      }
    }),
  );
  return { times, failed };
}

async function measure(target: Target): Promise<Row[]> {
  const seen = await synchronousCommitOf(target.url);
  if (seen !== target.synchronousCommit) throw new Error(`${target.name}: synchronous_commit is ${seen}, expected ${target.synchronousCommit}`);
  const { key } = await prepare(target.url);
  const till = await ServerProcess.startTill({ databaseEnv: { DATABASE_URL: target.url, DATABASE_POOL_SIZE: '10' }, logLevel: 'warn', logFile: `${TMP}ha-${target.synchronousCommit}-${randomBase62(6)}.log` });
  const rows: Row[] = [];
  try {
    const product = await post(till.url, key, '/v1/products', { name: 'Bench product', price: 1_000 });
    if (product.status !== 201) throw new Error(`Create Product answered ${product.status}: ${JSON.stringify(product.body)}`);
    for (const clients of CLIENTS) {
      const from = performance.now() + WARM_UP_MS;
      const { times, failed } = await orders(till.url, key, product.body.id, clients, from, from + SECONDS * 1000);
      times.sort((a, b) => a - b);
      const row = { target: target.name, clients, ordersPerSecond: times.length / SECONDS, medianMs: times[Math.floor(times.length / 2)] ?? 0, failed };
      log(`${target.name}, ${clients} client(s): ${row.ordersPerSecond.toFixed(1)} orders/s, median ${row.medianMs.toFixed(1)} ms, ${failed} failed`);
      rows.push(row);
    }
  } finally {
    await till.stop();
  }
  return rows;
}

mkdirSync(TMP, { recursive: true });
log('starting one PostgreSQL server and the HA lab');
const single = await PrivateCluster.create();
const lab = await HaLab.start({ fsync: false, progress: log });
const leader = await lab.leader();
const rows: Row[] = [];
try {
  const targets: Target[] = [
    { name: 'one PostgreSQL server', url: single.url, synchronousCommit: 'on' },
    { name: 'HA lab, commits not waiting for a replica', url: `${lab.primaryUrl}?options=${encodeURIComponent('-c synchronous_commit=local')}`, synchronousCommit: 'local' },
    { name: 'HA lab, synchronous replication', url: lab.primaryUrl, synchronousCommit: 'on' },
    { name: 'HA lab, synchronous replication, primary straight (no HAProxy)', url: lab.nodeUrl(leader!.name), synchronousCommit: 'on' },
  ];
  for (const target of targets) rows.push(...(await measure(target)));
} finally {
  await lab.stop();
  await single.destroy();
}

const baseline = (clients: number) => rows.find((row) => row.clients === clients)!.ordersPerSecond;
console.log('\n| Database | Clients | Orders/s (create + capture) | Median order (ms) | Against one server |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  const change = ((row.ordersPerSecond / baseline(row.clients) - 1) * 100).toFixed(0);
  console.log(`| ${row.target} | ${row.clients} | ${row.ordersPerSecond.toFixed(1)} | ${row.medianMs.toFixed(1)} | ${row.target === rows[0]!.target ? '' : `${Number(change) >= 0 ? '+' : ''}${change}%`} |`);
}
