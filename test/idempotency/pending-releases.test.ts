/**
 * The keys of failed requests released once the database answers again (src/idempotency/pending-releases.ts):
 * each hold is released on its own, and a hold taken over since is left alone. The database's failure
 * itself is test/reliability/ha-cluster.test.ts's business; here the database answers from the start.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { findKey } from '../../src/db/idempotency/idempotency-keys.js';
import { claimKey } from '../../src/idempotency/claim-key.js';
import { PendingReleases } from '../../src/idempotency/pending-releases.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

describeEachBackend('Idempotency keys released once the database answers', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('a failed request and its retry that failed too: both holds wait, and the first one is released', async () => {
    const { merchantId } = await createTestMerchant(server);
    const tenant = { merchantId, environment: 'sandbox' as const };
    const claim = await claimKey(server.db, tenant, 'order-1', 'fingerprint', new Date(Date.now() - 2_000));
    assert.equal(claim.kind, 'claimed');
    const pending = new PendingReleases(server.db, Fastify({ logger: false }).log);
    try {
      pending.add(tenant, 'order-1', (claim as { lockedAt: string }).lockedAt);
      // The retry's claim failed too: its hold (never written) waits beside the first, not instead of it.
      pending.add(tenant, 'order-1', new Date().toISOString());
      assert.equal(pending.size, 2);
      await until('the first hold of order-1 is released', async () => (await findKey(server.db, tenant, 'order-1')) === undefined, 20_000);
    } finally {
      pending.close();
    }
  });

  test('a hold taken over since (its lease passed) is not released by the old one', async () => {
    const { merchantId } = await createTestMerchant(server);
    const tenant = { merchantId, environment: 'sandbox' as const };
    const stale = new Date(Date.now() - 3_000).toISOString();
    const current = await claimKey(server.db, tenant, 'taken-over', 'fingerprint', new Date());
    const other = await claimKey(server.db, tenant, 'other', 'fingerprint', new Date());
    assert.equal(current.kind, 'claimed');
    const pending = new PendingReleases(server.db, Fastify({ logger: false }).log);
    try {
      pending.add(tenant, 'taken-over', stale);
      pending.add(tenant, 'other', (other as { lockedAt: string }).lockedAt);
      // Holds are tried in the order they came: once `other` is released, `taken-over`'s stale one has been tried.
      await until('the other key is released', async () => (await findKey(server.db, tenant, 'other')) === undefined, 20_000);
      assert.equal((await findKey(server.db, tenant, 'taken-over'))?.locked_at, (current as { lockedAt: string }).lockedAt);
    } finally {
      pending.close();
    }
  });
});
