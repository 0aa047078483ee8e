/**
 * `till demo --serve` opens private receivers to webhooks only when it listens on loopback, says so
 * at start-up, and never opens link-local or cloud-metadata addresses without WEBHOOK_ALLOW_LINK_LOCAL.
 * Nothing here sends traffic beyond loopback: the link-local checks run on addresses, not connections.
 */
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { after, describe, test } from 'node:test';
import { demoConfig, isLoopbackHost, webhookReachText } from '../../src/cli/demo.js';
import { loadConfig } from '../../src/config.js';
import { checkingLookup } from '../../src/webhooks/address-filter.js';
import { isLinkLocalOrMetadata } from '../../src/webhooks/link-local.js';
import { WebhookSender } from '../../src/webhooks/send-webhook.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

const served = (env: Record<string, string>) => demoConfig(loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', ...env }), true).config;

describe('the demo and private receivers', () => {
  test('on HOST=0.0.0.0 the demo leaves private networks closed; on loopback it opens them; the variable still decides when set', () => {
    assert.equal(served({ HOST: '0.0.0.0' }).webhookAllowPrivateNetworks, false);
    assert.equal(served({ HOST: '::' }).webhookAllowPrivateNetworks, false);
    assert.equal(served({ HOST: '192.0.2.10' }).webhookAllowPrivateNetworks, false);
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) assert.equal(served({ HOST: host }).webhookAllowPrivateNetworks, true, host);
    assert.equal(served({ HOST: '0.0.0.0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhookAllowPrivateNetworks, true);
    assert.equal(served({ HOST: '127.0.0.1' }).webhookAllowLinkLocal, false, 'link-local stays closed in the demo');
    assert.equal(demoConfig(loadConfig({ DATABASE_URL: 'sqlite::memory:', HOST: '127.0.0.1' }), false).config.webhookAllowPrivateNetworks, false, 'not serving: as configured');
    assert.equal(isLoopbackHost('[::1]'), true);
    assert.equal(isLoopbackHost('::ffff:127.0.0.1'), true);
    assert.equal(isLoopbackHost('0.0.0.0'), false);
  });

  test('the start-up text says where webhooks may go', () => {
    assert.match(webhookReachText(served({ HOST: '0.0.0.0' }), false), /public addresses only.*0\.0\.0\.0.*WEBHOOK_ALLOW_PRIVATE_NETWORKS=true/);
    const loopback = webhookReachText(served({ HOST: '127.0.0.1' }), false);
    assert.match(loopback, /private networks, as the demo listens on 127\.0\.0\.1 only/);
    assert.match(loopback, /never link-local or cloud-metadata addresses .*WEBHOOK_ALLOW_LINK_LOCAL=true/);
  });
});

describe('a server configured as the demo on HOST=0.0.0.0 refuses a receiver on this machine', () => {
  let server: TestServer | undefined;
  let hook: Receiver | undefined;
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  test('the delivery is refused as blocked_address and the (loopback) receiver gets nothing', async () => {
    const config = served({ HOST: '0.0.0.0' });
    server = await startTestServer('sqlite', {
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: String(config.webhookAllowPrivateNetworks),
      WEBHOOK_ALLOW_LINK_LOCAL: String(config.webhookAllowLinkLocal),
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_SCHEDULE: '0',
    });
    hook = await startReceiver();
    const shop = await createTestMerchant(server);
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Ada', email: 'ada@example.com' })).status, 201);
    let attempts: Array<{ error: string | null }> = [];
    await until('the delivery was attempted', async () => {
      attempts = (await shop.sandbox.get(`/v1/webhook_endpoints/${endpoint.body.id}/deliveries`)).body.data;
      return attempts.length > 0;
    });
    assert.equal(attempts[0]!.error, 'blocked_address');
    assert.equal(hook.received.length, 0);
    assert.equal(hook.connections, 0);
  });
});

describe('link-local and cloud-metadata addresses', () => {
  test('are recognized in every spelling', () => {
    for (const address of ['169.254.169.254', '169.254.0.1', '::ffff:169.254.169.254', '::a9fe:a9fe', '[fe80::1]', 'fe80::1%eth0', 'febf::1', 'fd00:ec2::254', '100.100.100.200']) {
      assert.equal(isLinkLocalOrMetadata(address), true, address);
    }
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', '::', 'fd00::1', '100.100.100.201', '8.8.8.8', 'metadata.google.internal']) {
      assert.equal(isLinkLocalOrMetadata(address), false, address);
    }
  });

  test('a name that resolves to one is refused at lookup, before any connection (the resolver is the test\'s: no DNS, no traffic)', async () => {
    const resolveTo = (addresses: string[]) => (_host: string, options: { all?: boolean }, callback: (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void) =>
      options.all === true ? callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) : callback(null, addresses[0]!, 4);
    const lookup = (addresses: string[], all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        (checkingLookup(true, false, resolveTo(addresses)) as unknown as (h: string, o: { all: boolean }, c: (e: NodeJS.ErrnoException | null, a: unknown) => void) => void)('metadata.google.internal', { all }, (error, address) => resolve({ error, address })),
      );
    const refused = await lookup(['169.254.169.254'], false);
    assert.match(refused.error?.message ?? '', /not allowed.*link-local or cloud-metadata/);
    assert.match((await lookup(['127.0.0.1', 'fe80::1'], true)).error?.message ?? '', /not allowed/, 'any one address of several');
    const allowed = await lookup(['127.0.0.1'], false);
    assert.equal(allowed.error, null);
    assert.equal(allowed.address, '127.0.0.1');
  });
});

describe('the sender with private networks open', () => {
  let hook: Receiver | undefined;
  after(async () => hook?.close());

  test("still reaches a loopback receiver named 'localhost' through the checked lookup, with or without WEBHOOK_ALLOW_LINK_LOCAL", async () => {
    hook = await startReceiver();
    const url = hook.url.replace('127.0.0.1', 'localhost');
    for (const allowLinkLocal of [false, true]) {
      const sender = new WebhookSender(5_000, true, allowLinkLocal);
      try {
        const result = await sender.send('we_test', url, {}, '{}', AbortSignal.timeout(10_000));
        assert.equal(result.status, 200, JSON.stringify(result));
      } finally {
        sender.close();
      }
    }
  });
});
