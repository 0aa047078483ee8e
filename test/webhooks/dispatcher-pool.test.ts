/**
 * On PostgreSQL the dispatcher has connections of its own (WEBHOOK_DATABASE_POOL_SIZE): with every
 * connection of the requests' pool taken, deliveries still go out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { POSTGRES_SKIP } from '../helpers/backends.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

/** The test server's pool size (`startTestServer`). */
const POOL_SIZE = 20;

describe('webhook dispatcher connections [postgres]', { skip: POSTGRES_SKIP }, () => {
  let server: TestServer;
  let hook: Receiver;
  before(async () => {
    server = await startTestServer('postgres', {
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_SCHEDULE: '0,1',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    hook = await startReceiver();
  });
  after(async () => {
    await server.close();
    await hook.close();
  });

  test("a retry is delivered while every connection of the requests' pool is held", async () => {
    const shop = await createTestMerchant(server);
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['order.created'] });
    assert.equal(created.status, 201);
    hook.answers.push({ status: 500, body: 'later' });
    const product = await createProduct(shop.sandbox, { price: 100 });
    assert.equal((await shop.sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] })).status, 201);
    await hook.waitFor(1);

    // Every connection of the pool the requests use, held until the end: the retry, due a second
    // after the first attempt, can only be claimed and recorded on connections of the dispatcher's own.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const held = Array.from({ length: POOL_SIZE }, () =>
      server.db.kysely.transaction().execute(async () => {
        holding += 1;
        await released;
      }),
    );
    try {
      await until('every connection of the pool is held', () => holding === POOL_SIZE);
      // The test's clock stands still: the retry falls due now.
      server.clock.advance(2_000);
      const [, retry] = await hook.waitFor(2, 20_000);
      assert.equal(retry!.answered ?? 200, 200);
    } finally {
      release();
      await Promise.all(held);
    }
  });
});
