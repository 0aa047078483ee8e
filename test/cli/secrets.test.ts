/**
 * Secrets reach the CLI through the environment or standard input only, never its command line,
 * which every account on the machine reads (`ps`, /proc/<pid>/cmdline). And `till webhooks listen`
 * prints events without a receiver; `till webhooks trigger` makes sandbox events.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { RunningTill, runTill, TILL_BIN, tillEnv } from '../helpers/cli.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

/** What `ps` shows of a process: its command line, arguments separated by NUL. */
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

describeEachBackend('CLI secrets stay out of the process list', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('webhooks listen takes the key from TILL_API_KEY: its command line holds no key', async () => {
    const shop = await createTestMerchant(server);
    const listen = RunningTill.start(['webhooks', 'listen', '--api-url', server.url], tillEnv(server.database, { TILL_API_KEY: shop.sandboxKey }));
    try {
      await listen.waitForOutput((out) => out.includes('Printing'));
      const shown = commandLine(listen.child.pid!);
      assert.match(shown, /webhooks listen/);
      assert.ok(!shown.includes(shop.sandboxKey) && !shown.includes('sk_test_'), shown);
    } finally {
      assert.equal(await listen.stop(), 0);
    }
  });

  test('--api-key-stdin reads the key from standard input, and --api-key is refused with what to do instead', async () => {
    const shop = await createTestMerchant(server);
    const env = tillEnv(server.database);
    const refused = await runTill(['webhooks', 'listen', '--api-url', server.url, '--api-key', shop.sandboxKey], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /--api-key is not taken.*process list.*TILL_API_KEY.*--api-key-stdin/);
    const none = await runTill(['webhooks', 'trigger', 'customer.created', '--api-url', server.url], env);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /set TILL_API_KEY/);
    const piped = await runTill(['webhooks', 'trigger', 'customer.created', '--api-url', server.url, '--api-key-stdin', '--json'], env, `${shop.sandboxKey}\n`);
    assert.equal(piped.code, 0, piped.stderr);
    assert.match(JSON.parse(piped.stdout).event_id, /^evt_/);
  });

  test('user create reads the password from standard input while its command line holds none; --password is refused', async () => {
    const shop = await createTestMerchant(server);
    const password = 'a secret nobody lists';
    const child = spawn(process.execPath, [TILL_BIN, 'user', 'create', '--merchant', shop.merchantId, '--email', `ps-${Date.now()}@example.com`, '--role', 'cashier', '--password-stdin', '--json'], {
      env: tillEnv(server.database),
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The command waits for standard input: its command line is what `ps` shows meanwhile.
    await until('the command line is readable', () => commandLine(child.pid!).includes('user create'));
    assert.ok(!commandLine(child.pid!).includes(password));
    child.stdin.end(`${password}\n`);
    assert.equal(await exited, 0);
    assert.match(JSON.parse(stdout).id, /^usr_/);

    // The test helper hands `--password` over on standard input; spawned directly, the flag is refused.
    const direct = spawn(process.execPath, [TILL_BIN, 'user', 'set-password', JSON.parse(stdout).id, '--password', password], { env: tillEnv(server.database) });
    let stderr = '';
    direct.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    direct.stdin.end();
    assert.equal(await new Promise((resolve) => direct.on('close', resolve)), 1);
    assert.match(stderr, /--password is not taken.*--password-stdin/);
  });
});

describeEachBackend('till webhooks listen without a receiver, and till webhooks trigger', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('listen without --forward-to prints each new event; trigger order.paid makes a paid sandbox order', async () => {
    const shop = await createTestMerchant(server);
    const env = tillEnv(server.database, { TILL_API_KEY: shop.sandboxKey });
    const listen = RunningTill.start(['webhooks', 'listen', '--api-url', server.url, '--events', 'order.paid'], env);
    try {
      await listen.waitForOutput((out) => out.includes('Printing'));
      const triggered = await runTill(['webhooks', 'trigger', 'order.paid', '--api-url', server.url, '--json'], env);
      assert.equal(triggered.code, 0, triggered.stderr);
      const result = JSON.parse(triggered.stdout) as { type: string; event_id: string; objects: Array<{ id: string }> };
      assert.equal(result.type, 'order.paid');
      const event = await shop.sandbox.get(`/v1/events/${result.event_id}`);
      assert.equal(event.body.type, 'order.paid');
      assert.equal(event.body.data.object.status, 'paid');
      const printed = await listen.waitForOutput((out) => out.includes(result.event_id));
      const lines = printed.split('\n');
      const at = lines.findIndex((line) => line.includes(`order.paid  ${result.event_id}`));
      assert.ok(at > 0, printed);
      assert.deepEqual(JSON.parse(lines[at + 1]!), event.body, 'the event, as Till shows it');
    } finally {
      assert.equal(await listen.stop(), 0);
    }
  });

  // One test an event type: each starts the CLI, which takes seconds on a loaded machine.
  for (const type of ['customer.created', 'customer.updated', 'product.created', 'product.updated', 'inventory.shortfall', 'order.created', 'order.canceled', 'order.refunded', 'refund.created', 'cash_drawer.opened', 'cash_drawer.closed']) {
    test(`trigger makes ${type}`, async () => {
      const shop = await createTestMerchant(server);
      const triggered = await runTill(['webhooks', 'trigger', type, '--api-url', server.url, '--json'], tillEnv(server.database, { TILL_API_KEY: shop.sandboxKey }));
      assert.equal(triggered.code, 0, `${type}: ${triggered.stderr}`);
      const eventId = (JSON.parse(triggered.stdout) as { event_id: string | null }).event_id;
      assert.ok(eventId !== null, type);
      assert.equal((await shop.sandbox.get(`/v1/events/${eventId}`)).body.type, type);
    });
  }

  test('trigger refuses a production key and api_key.* events', async () => {
    const shop = await createTestMerchant(server);
    const env = tillEnv(server.database, { TILL_API_KEY: shop.sandboxKey });
    const live = await runTill(['webhooks', 'trigger', 'order.paid', '--api-url', server.url], tillEnv(server.database, { TILL_API_KEY: shop.productionKey }));
    assert.equal(live.code, 1);
    assert.match(live.stderr, /sandbox key/);
    const key = await runTill(['webhooks', 'trigger', 'api_key.created', '--api-url', server.url], env);
    assert.equal(key.code, 1);
    assert.match(key.stderr, /real credential/);
  });
});
