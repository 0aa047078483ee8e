/**
 * `WORKERS=2 till serve`: two server processes on one port. They share the work and the database;
 * a worker killed outright is replaced while the other keeps answering; SIGTERM drains them all.
 * The jobs that run once per deployment (`app/jobs.ts`) run in one worker, and pass to its
 * replacement when it dies.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { JOBS } from '../../src/app/jobs.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';
import { tillServe } from './serve-process.js';

const DEPLOYMENT_JOBS = JOBS.filter((job) => job.runs === 'deployment').length;

/** The pids of a process's children (its workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describeEachBackend('WORKERS: several server processes on one port', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    merchant = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
  });

  test('two workers serve one port; one killed is replaced while the other answers; SIGTERM stops them all with status 0', async () => {
    // Behind a proxy: the address printed is still the one the workers listen on, as with one process.
    const serving = await tillServe(server, { WORKERS: '2', LOG_LEVEL: 'warn', PUBLIC_URL: 'https://till.example.com' });
    const primary = serving.child.pid!;
    try {
      assert.match(serving.output(), /"workers":2/);
      assert.match(serving.url.href, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      await until('both workers run', () => childrenOf(primary).length === 2);
      const [first] = childrenOf(primary);

      const product = await createProduct(merchant.sandbox, { name: 'Tea', price: 300, inventory: 1_000 });
      // Each order on a connection of its own: a connection open to a worker that is killed dies with
      // it (a balancer retries such a request); a new one must always find a worker.
      const body = JSON.stringify({ items: [{ product_id: product.id, quantity: 1 }] });
      const order = () =>
        new Promise<{ status: number }>((resolve, reject) => {
          const sent = request(new URL('/v1/orders', serving.url), {
            method: 'POST',
            agent: false,
            headers: { authorization: `Bearer ${merchant.sandboxKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          });
          sent.on('response', (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode! }));
          });
          sent.on('error', reject);
          sent.end(body);
        });
      const statuses = (await Promise.all(Array.from({ length: 40 }, order))).map((r) => r.status);
      assert.deepEqual(new Set(statuses), new Set([201]));

      // One worker dies outright: requests keep being answered, and a new worker takes its place.
      process.kill(first!, 'SIGKILL');
      const during: number[] = [];
      for (let i = 0; i < 20; i++) during.push((await order()).status);
      assert.deepEqual(new Set(during), new Set([201]), 'answered by the other worker meanwhile');
      await until('the dead worker is replaced', () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(first!);
      });
      // The primary writes its line before it forks; the pipe's data event can still be waiting behind
      // the synchronous pgrep that saw the new worker, so the line is awaited, not read at once.
      await until('the primary says it replaced the worker', () => /a worker exited; starting another/.test(serving.output()));

      const stock = await merchant.sandbox.get(`/v1/products/${product.id}`);
      assert.equal(stock.body.inventory, 1_000 - 60, 'every acknowledged order reserved its unit once');
    } finally {
      const workers = childrenOf(primary);
      serving.child.kill('SIGTERM');
      assert.equal(await serving.exited, 0, serving.output());
      for (const pid of workers) assert.throws(() => process.kill(pid, 0), 'no worker outlives the primary');
    }
  });

  test('the deployment jobs run in one worker only, and in the worker that replaces it when it dies', async () => {
    const serving = await tillServe(server, { WORKERS: '2', LOG_LEVEL: 'debug' });
    const primary = serving.child.pid!;
    /** The pid of each worker that logged starting a deployment job, one entry per line. */
    const jobStarts = () =>
      serving
        .output()
        .split('\n')
        .filter((line) => line.includes('"deployment job started"'))
        .map((line) => (JSON.parse(line) as { pid: number; job: string }));
    try {
      await until('both workers run', () => childrenOf(primary).length === 2);
      // A worker starts its jobs before it listens, and the URL is printed once both listen: every
      // line that could come is written by now (the pipe may still be delivering it).
      await until('the deployment jobs started', () => jobStarts().length >= DEPLOYMENT_JOBS);
      const runners = new Set(jobStarts().map((start) => start.pid));
      assert.equal(runners.size, 1, `one worker runs the deployment jobs:\n${serving.output()}`);
      assert.equal(jobStarts().length, DEPLOYMENT_JOBS, 'each job started once');
      const [runner] = runners;
      assert.ok(childrenOf(primary).includes(runner!), 'the jobs run in a worker, not in the primary');
      const other = childrenOf(primary).find((pid) => pid !== runner)!;

      process.kill(runner!, 'SIGKILL');
      await until('the dead worker is replaced', () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(runner!);
      });
      const replacement = childrenOf(primary).find((pid) => pid !== other)!;
      await until('the replacement started the deployment jobs', () => jobStarts().filter((start) => start.pid === replacement).length === DEPLOYMENT_JOBS);
      assert.deepEqual(
        new Set(jobStarts().map((start) => start.pid)),
        new Set([runner, replacement]),
        'the worker that kept running never started them',
      );
    } finally {
      serving.child.kill('SIGTERM');
      assert.equal(await serving.exited, 0, serving.output());
    }
  });
});
