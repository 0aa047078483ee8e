/**
 * Webhooks survive a crash: server processes dispatching deliveries are killed with SIGKILL while
 * attempts are in flight, and a new process takes over once the leases run out. Every event reaches
 * the receiver at least once, and no event is ever being delivered by two processes at the same time.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { startSecondProcess, stopProcess } from '../helpers/processes.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

const EVENTS = 20;
const DISPATCH_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1' };

describeEachBackend('webhooks across a crash', (backend) => {
  let server: TestServer;
  let hook: Receiver;
  const children: ChildProcess[] = [];
  before(async () => {
    // The test's own server only records events; the child processes deliver them.
    server = await startTestServer(backend, { WEBHOOK_DISPATCH: 'off' });
    // Slow answers, so that attempts are in flight whenever a process is killed.
    hook = await startReceiver({ status: 200, body: 'ok', delayMs: 150 });
  });
  after(async () => {
    for (const child of children) if (child.signalCode === null) await stopProcess(child);
    await server.close();
    await hook.close();
  });

  // Three `till serve` processes, two of them killed, and every delivery waited for: 50 s on an idle
  // 2-core machine, so more than the suite's 60 s per test under load.
  test('SIGKILL with attempts in flight loses no event, and no event is sent by two live processes at once', { timeout: 240_000 }, async () => {
    // Two dispatching processes; both are killed once a few deliveries are through and more are in flight.
    const first = await startSecondProcess(server, DISPATCH_ENV);
    const second = await startSecondProcess(server, DISPATCH_ENV);
    children.push(first.process, second.process);
    const shop = await createTestMerchant(server);
    // Two endpoints, so that two attempts are in flight at once.
    const paths = ['/hook/a', '/hook/b'];
    for (const path of paths) {
      const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: new URL(path, hook.url).toString(), enabled_events: ['order.created'] });
      assert.equal(created.status, 201);
    }
    const product = await createProduct(shop.sandbox, { price: 100 });
    for (let i = 0; i < EVENTS; i += 1) {
      assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);
    }
    const events = await shop.sandbox.get('/v1/events?type=order.created&per_page=100');
    const ids: string[] = events.body.data.map((e: any) => e.id);
    assert.equal(ids.length, EVENTS);

    await hook.waitFor(6);
    // The kill comes while an attempt is open (on a loaded machine the poll above may wake between two).
    await until('an attempt is in flight', () => hook.received.some((r) => r.endedAt === undefined));
    for (const child of [first.process, second.process]) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    const beforeRestart = hook.received.length;
    assert.ok(beforeRestart < EVENTS * 2, 'the processes died before delivering everything');

    const third = await startSecondProcess(server, DISPATCH_ENV);
    children.push(third.process);
    const delivered = () => new Set(hook.received.filter((r) => r.answered === 200).map((r) => `${r.headers['webhook-id']} ${r.path}`));
    const expected = ids.flatMap((id) => paths.map((path) => `${id} ${path}`)).sort();
    await until(`every delivery arrived after the restart (${expected.length})`, () => delivered().size >= expected.length, 60_000);
    assert.deepEqual([...delivered()].sort(), expected, 'every event reached each endpoint');

    // Per endpoint, per event: never two attempts open at the same time.
    const byKey = new Map<string, { startedAt: number; endedAt: number }[]>();
    for (const r of hook.received) {
      const key = `${r.headers['webhook-id']} ${r.path}`;
      byKey.set(key, [...(byKey.get(key) ?? []), { startedAt: r.startedAt, endedAt: r.endedAt ?? Date.now() }]);
    }
    for (const [key, spans] of byKey) {
      spans.sort((a, b) => a.startedAt - b.startedAt);
      for (let i = 1; i < spans.length; i += 1) assert.ok(spans[i]!.startedAt >= spans[i - 1]!.endedAt, `${key} was being delivered twice at once`);
    }
  });
});
