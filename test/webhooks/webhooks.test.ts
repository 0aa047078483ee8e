import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../src/app/build-app.js';
import { webhookDispatcher } from '../../src/app/dispatcher.js';
import { signingKeyCipher } from '../../src/app/services.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers, startReceiver, type Receiver } from '../helpers/receiver.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

/**
 * Fast polling, retries without waiting, and the loopback receiver allowed. The attempt's timeout is
 * 3 s: short enough for the hanging-receiver test, long enough that a loaded machine answering a
 * loopback POST late is not taken for a timeout (which would send the event again: at least once).
 */
const WEBHOOK_ENV = {
  // /metrics is the operator's: served to this token.
  METRICS_TOKEN: 'webhook-test-metrics-token',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0,0,0',
  WEBHOOK_TIMEOUT_MS: '3000',
};

/**
 * The order events, which `makeEvent` records (its product records `product.created` too, which the
 * tests that count deliveries leave out by subscribing to these).
 */
const ORDER_EVENTS = ['order.created', 'order.paid', 'order.canceled', 'order.refunded', 'refund.created'];

async function createEndpoint(api: Api, url: string, enabledEvents: string[] = ORDER_EVENTS) {
  const response = await api.post('/v1/webhook_endpoints', { url, enabled_events: enabledEvents });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body as { id: string; secret: string; status: string };
}

/** Creates an order (one `order.created` event) and answers the event's id. */
async function makeEvent(api: Api): Promise<string> {
  const product = await createProduct(api, { name: 'Tea', price: 300 });
  const order = await api.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const events = await api.get('/v1/events?type=order.created&per_page=1');
  return events.body.data[0].id;
}

/** A figure from `/metrics`, by its name and labels as printed. */
async function metric(baseUrl: string, series: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${WEBHOOK_ENV.METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  assert.ok(line !== undefined, `${series} is in /metrics`);
  return Number(line.split(' ')[1]);
}

async function attemptsOf(api: Api, endpointId: string, count: number): Promise<any[]> {
  let data: any[] = [];
  await until(`the log shows ${count} attempts`, async () => {
    const log = await api.get(`/v1/webhook_endpoints/${endpointId}/deliveries?per_page=100`);
    assert.equal(log.status, 200, JSON.stringify(log.body));
    data = log.body.data;
    return data.length >= count;
  }, 45_000);
  return data;
}

/**
 * Sends the endpoint a `ping` and waits for it: an endpoint's events are first attempted in the
 * order they were recorded, so whatever was queued for it before has been attempted by then. This is
 * how a test shows that something did not arrive: by something later that did.
 */
async function pingArrived(api: Api, endpointId: string, hook: Receiver): Promise<void> {
  const ping = await api.post(`/v1/webhook_endpoints/${endpointId}/test`);
  assert.equal(ping.status, 200, JSON.stringify(ping.body));
  await until(`the ping ${ping.body.event_id} reaches the receiver`, () => hook.received.some((r) => r.headers['webhook-id'] === ping.body.event_id));
}

/** The requests a receiver got, pings left out. */
function withoutPings(hook: Receiver) {
  return hook.received.filter((r) => !String(r.body).includes('"type":"ping"'));
}

describeEachBackend('webhooks', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  const receiver = (...args: Parameters<typeof startReceiver>) => receivers.start(...args);
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  test('an endpoint is created with its secret shown once, read, changed and deleted', async () => {
    const shop = await createTestMerchant(server);
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['order.paid'], description: 'Books' });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^we_[0-9A-Za-z]+$/);
    assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.ok(Buffer.from(created.body.secret.slice(6), 'base64').length >= 24, 'at least 24 random bytes');
    assert.equal(created.body.status, 'enabled');
    assert.deepEqual(created.body.enabled_events, ['order.paid']);
    const id = created.body.id;

    const listed = await shop.sandbox.get('/v1/webhook_endpoints');
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data.map((e: any) => e.id), [id]);
    assert.equal(listed.body.data[0].secret, undefined, 'never listed');
    assert.equal((await shop.sandbox.get(`/v1/webhook_endpoints/${id}`)).body.secret, undefined);

    const changed = await shop.sandbox.patch(`/v1/webhook_endpoints/${id}`, { enabled_events: ['*'], status: 'disabled', url: 'https://example.com/other' });
    assert.equal(changed.status, 200);
    assert.deepEqual([changed.body.enabled_events, changed.body.status, changed.body.url], [['*'], 'disabled', 'https://example.com/other']);

    const badUrl = await shop.sandbox.post('/v1/webhook_endpoints', { url: 'ftp://example.com/x', enabled_events: ['*'] });
    assert.equal(badUrl.status, 400);
    assert.equal(badUrl.body.error.param, 'url');
    const badEvent = await shop.sandbox.post('/v1/webhook_endpoints', { url: 'https://example.com/x', enabled_events: ['order.eaten'] });
    assert.equal(badEvent.status, 400);

    const deleted = await shop.sandbox.request('DELETE', `/v1/webhook_endpoints/${id}`);
    assert.deepEqual([deleted.status, deleted.body], [200, { id, deleted: true }]);
    assert.equal((await shop.sandbox.get(`/v1/webhook_endpoints/${id}`)).status, 404);
    assert.equal((await shop.sandbox.get('/v1/webhook_endpoints')).body.data.length, 0);
  });

  test('webhooks:read is needed to read and webhooks:write to change', async () => {
    const shop = await createTestMerchant(server);
    const reader = await shop.keyWith('sandbox', ['webhooks:read']);
    const other = await shop.keyWith('sandbox', ['orders:read']);
    assert.equal((await reader.get('/v1/webhook_endpoints')).status, 200);
    assert.equal((await other.get('/v1/webhook_endpoints')).status, 403);
    const refused = await reader.post('/v1/webhook_endpoints', { url: 'https://example.com/h', enabled_events: ['*'] });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'insufficient_permissions');
  });

  test('an event is POSTed signed so that the standardwebhooks package verifies it, with the body GET /v1/events/:id shows', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver();
    const endpoint = await createEndpoint(shop.sandbox, hook.url, ['order.created']);
    const eventId = await makeEvent(shop.sandbox);
    const [delivery] = await hook.waitFor(1);
    assert.equal(delivery!.headers['content-type'], 'application/json');
    assert.equal(delivery!.headers['webhook-id'], eventId);
    const verified = new Webhook(endpoint.secret).verify(delivery!.body, delivery!.headers as Record<string, string>);
    const event = await shop.sandbox.get(`/v1/events/${eventId}`);
    assert.deepEqual(verified, event.body);
    assert.throws(() => new Webhook(endpoint.secret).verify(delivery!.body.replace('order', 'ordex'), delivery!.headers as Record<string, string>));
    const [attempt] = await attemptsOf(shop.sandbox, endpoint.id, 1);
    assert.equal(attempt.event_id, eventId);
    assert.equal(attempt.event_type, 'order.created');
    assert.deepEqual([attempt.attempt, attempt.outcome, attempt.response_status, attempt.response_body, attempt.error], [1, 'succeeded', 200, 'ok', null]);
  });

  test('an endpoint not subscribed to a type receives nothing of it', async () => {
    const shop = await createTestMerchant(server);
    const quiet = await receiver();
    const loud = await receiver();
    const refundsOnly = await createEndpoint(shop.sandbox, quiet.url, ['order.refunded']);
    const all = await createEndpoint(shop.sandbox, loud.url, ['*']);
    await makeEvent(shop.sandbox);
    await attemptsOf(shop.sandbox, all.id, 1);
    await pingArrived(shop.sandbox, refundsOnly.id, quiet);
    assert.equal(withoutPings(quiet).length, 0);
  });

  test('a receiver answering 500 twice then 200 gets 3 attempts with the same webhook-id, and the log shows them', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver();
    hook.answers.push({ status: 500, body: 'boom' }, { status: 500, body: 'boom again' });
    const retryingBefore = await metric(server.url, 'till_webhook_attempts_total{outcome="retrying"}');
    const succeededBefore = await metric(server.url, 'till_webhook_attempts_total{outcome="succeeded"}');
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    const eventId = await makeEvent(shop.sandbox);
    const requests = await hook.waitFor(3);
    assert.deepEqual(requests.map((r) => r.headers['webhook-id']), [eventId, eventId, eventId]);
    const log = await attemptsOf(shop.sandbox, endpoint.id, 3);
    assert.deepEqual(
      log.map((a) => [a.attempt, a.outcome, a.response_status, a.response_body, a.error]),
      [
        [3, 'succeeded', 200, 'ok', null],
        [2, 'failed', 500, 'boom again', 'http_500'],
        [1, 'failed', 500, 'boom', 'http_500'],
      ],
    );
    assert.ok(log[2].next_retry_at !== null, 'a failed attempt says when the next is due');
    assert.equal((await shop.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?status=failed`)).body.data.length, 2);
    assert.ok((await metric(server.url, 'till_webhook_attempts_total{outcome="retrying"}')) >= retryingBefore + 2);
    assert.ok((await metric(server.url, 'till_webhook_attempts_total{outcome="succeeded"}')) >= succeededBefore + 1);
    assert.ok((await metric(server.url, 'till_webhook_oldest_pending_seconds')) >= 0);
  });

  test('after the schedule is spent the delivery is failed; a hanging receiver is timed out', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver('hang');
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    await makeEvent(shop.sandbox);
    const log = await attemptsOf(shop.sandbox, endpoint.id, 3);
    assert.deepEqual(log.map((a) => [a.attempt, a.outcome, a.error, a.response_status]), [
      [3, 'failed', 'timeout', null],
      [2, 'failed', 'timeout', null],
      [1, 'failed', 'timeout', null],
    ]);
    assert.equal(log[0].next_retry_at, null, 'no attempt after the last of the schedule');
    // Cut off at WEBHOOK_TIMEOUT_MS (3 s): never before it (a loaded machine can only make it later).
    assert.ok(log.every((a) => a.duration_ms >= 2_950), JSON.stringify(log.map((a) => a.duration_ms)));
    hook.fallback = { status: 200, body: 'ok' };
    await pingArrived(shop.sandbox, endpoint.id, hook);
    assert.equal(withoutPings(hook).length, 3, 'three attempts, then none');
  });

  test('410 Gone disables the endpoint', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver({ status: 410, body: 'gone' });
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    await makeEvent(shop.sandbox);
    const [attempt] = await attemptsOf(shop.sandbox, endpoint.id, 1);
    assert.deepEqual([attempt.response_status, attempt.outcome, attempt.next_retry_at], [410, 'failed', null]);
    assert.equal((await shop.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}`)).body.status, 'disabled');
    const later = await makeEvent(shop.sandbox);
    // Deliveries are queued in the transaction that records the event: none was for the disabled endpoint.
    const queued = await server.db.kysely.selectFrom('webhook_deliveries').select('event_id').where('endpoint_id', '=', endpoint.id).execute();
    assert.equal(queued.filter((d) => d.event_id === later).length, 0, 'nothing queued for a disabled endpoint');
    assert.equal(hook.received.length, 1, 'a disabled endpoint receives nothing');
  });

  test('an endpoint failing every attempt for 5 days is disabled at its next failure', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver({ status: 500, body: 'down' });
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    await makeEvent(shop.sandbox);
    await attemptsOf(shop.sandbox, endpoint.id, 3);
    assert.equal((await shop.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}`)).body.status, 'enabled', 'failing, but not for 5 days yet');
    const fiveDays = 5 * 86_400_000 + 1000;
    server.clock.advance(fiveDays);
    try {
      await makeEvent(shop.sandbox);
      const log = await attemptsOf(shop.sandbox, endpoint.id, 4);
      assert.deepEqual([log[0].attempt, log[0].outcome, log[0].next_retry_at], [1, 'failed', null]);
      assert.equal((await shop.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}`)).body.status, 'disabled');
    } finally {
      server.clock.advance(-fiveDays);
    }
  });

  test('rotation: two signatures, each verifying with its secret, until the old one is retired', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver();
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    const rotated = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, {});
    assert.equal(rotated.status, 200);
    assert.match(rotated.body.secret, /^whsec_/);
    assert.notEqual(rotated.body.secret, endpoint.secret);
    await makeEvent(shop.sandbox);
    const [first] = await hook.waitFor(1);
    assert.equal(String(first!.headers['webhook-signature']).split(' ').length, 2);
    for (const secret of [endpoint.secret, rotated.body.secret]) new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>);

    const again = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in_seconds: 0 });
    await makeEvent(shop.sandbox);
    const [, second] = await hook.waitFor(2);
    assert.equal(String(second!.headers['webhook-signature']).split(' ').length, 1);
    new Webhook(again.body.secret).verify(second!.body, second!.headers as Record<string, string>);
    assert.throws(() => new Webhook(rotated.body.secret).verify(second!.body, second!.headers as Record<string, string>));
  });

  test('resend sends an event again with the same id; test sends a ping', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver();
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    const eventId = await makeEvent(shop.sandbox);
    await hook.waitFor(1);
    const resent = await shop.sandbox.post(`/v1/events/${eventId}/resend`, { endpoint_id: endpoint.id });
    assert.deepEqual([resent.status, resent.body], [200, { event_id: eventId, endpoint_ids: [endpoint.id] }]);
    const [, again] = await hook.waitFor(2);
    assert.equal(again!.headers['webhook-id'], eventId);
    assert.equal((await shop.sandbox.post(`/v1/events/evt_missing/resend`, {})).status, 404);
    assert.equal((await shop.sandbox.post(`/v1/events/${eventId}/resend`, { endpoint_id: 'we_missing' })).status, 404);

    const ping = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/test`);
    assert.equal(ping.status, 200);
    const [, , pinged] = await hook.waitFor(3);
    const body = new Webhook(endpoint.secret).verify(pinged!.body, pinged!.headers as Record<string, string>) as any;
    assert.deepEqual([body.id, body.type, body.data.object], [ping.body.event_id, 'ping', { endpoint_id: endpoint.id }]);
  });

  test('resend and test retried with the same Idempotency-Key replay the first answer and queue nothing more', async () => {
    const shop = await createTestMerchant(server);
    const hook = await receiver();
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    const eventId = await makeEvent(shop.sandbox);
    await hook.waitFor(1);
    const resent = await shop.sandbox.post(`/v1/events/${eventId}/resend`, { endpoint_id: endpoint.id }, { 'Idempotency-Key': 'resend-1' });
    const replayed = await shop.sandbox.post(`/v1/events/${eventId}/resend`, { endpoint_id: endpoint.id }, { 'Idempotency-Key': 'resend-1' });
    assert.deepEqual([resent.status, resent.body], [200, { event_id: eventId, endpoint_ids: [endpoint.id] }]);
    assert.deepEqual([replayed.status, replayed.body, replayed.headers.get('idempotent-replayed')], [200, resent.body, 'true']);
    const ping = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/test`, undefined, { 'Idempotency-Key': 'ping-1' });
    const pingAgain = await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/test`, undefined, { 'Idempotency-Key': 'ping-1' });
    assert.equal(ping.status, 200);
    assert.match(ping.body.event_id, /^evt_/);
    assert.deepEqual([pingAgain.status, pingAgain.body, pingAgain.headers.get('idempotent-replayed')], [200, ping.body, 'true']);
    await attemptsOf(shop.sandbox, endpoint.id, 3);
    await pingArrived(shop.sandbox, endpoint.id, hook);
    assert.equal(hook.received.length, 4, 'the event, its one resend and one ping (then the ping that closes the test)');
  });

  test("another merchant's or environment's endpoint is 404 and never receives this tenant's events", async () => {
    const shop = await createTestMerchant(server);
    const rival = await createTestMerchant(server);
    const ours = await receiver();
    const theirs = await receiver();
    const production = await receiver();
    const endpoint = await createEndpoint(shop.sandbox, ours.url);
    const rivalEndpoint = await createEndpoint(rival.sandbox, theirs.url);
    const productionEndpoint = await createEndpoint(shop.production, production.url);
    for (const path of [`/v1/webhook_endpoints/${endpoint.id}`, `/v1/webhook_endpoints/${endpoint.id}/deliveries`]) {
      assert.equal((await rival.sandbox.get(path)).status, 404);
      assert.equal((await shop.production.get(path)).status, 404);
    }
    assert.equal((await rival.sandbox.patch(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' })).status, 404);
    assert.equal((await rival.sandbox.request('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)).status, 404);
    assert.equal((await rival.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, {})).status, 404);
    assert.equal((await rival.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/test`)).status, 404);
    const eventId = await makeEvent(shop.sandbox);
    assert.equal((await rival.sandbox.post(`/v1/events/${eventId}/resend`, {})).status, 404);
    await ours.waitFor(1);
    await pingArrived(rival.sandbox, rivalEndpoint.id, theirs);
    await pingArrived(shop.production, productionEndpoint.id, production);
    assert.equal(withoutPings(theirs).length, 0);
    assert.equal(withoutPings(production).length, 0);
  });

  test('three servers on one database deliver each event once, each endpoint in creation order', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: server.database.url, ...(server.database.schema ? { DATABASE_SCHEMA: server.database.schema } : {}), ...WEBHOOK_ENV });
    const others = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 5 });
        // The same clock as the first server: leases are compared across processes, so their clocks must agree.
        const app = await buildApp({ config, db, clock: server.clock, logger: false });
        others.push({ app, db });
        await app.ready();
      }
      const shop = await createTestMerchant(server);
      const hooks = [await receiver(), await receiver()];
      const endpoints = [];
      for (const hook of hooks) endpoints.push(await createEndpoint(shop.sandbox, hook.url));
      const ids = [];
      for (let i = 0; i < 30; i += 1) ids.push(await makeEvent(shop.sandbox));
      for (const [i, hook] of hooks.entries()) {
        await hook.waitFor(30);
        await pingArrived(shop.sandbox, endpoints[i]!.id, hook);
        const received = withoutPings(hook).map((r) => r.headers['webhook-id']);
        assert.deepEqual([...received].sort(), [...ids].sort(), 'each event once');
        assert.deepEqual(received, ids, 'in creation order');
      }
    } finally {
      for (const { app, db } of others) {
        await app.close();
        await db.close();
      }
    }
  });
});

/** Locks the oldest pending delivery's row in a transaction of its own, until `release`. */
async function holdFirstDelivery(db: Db): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').orderBy('created_at').orderBy('id').limit(1).forUpdate().executeTakeFirst();
    assert.ok(row !== undefined, 'a pending delivery to hold');
    locked();
    await released;
  });
  await Promise.race([isLocked, holding]);
  return {
    async release() {
      release();
      await holding;
    },
  };
}

describeEachBackend('webhook dispatchers starting together', (backend) => {
  let server: TestServer;
  let hook: Receiver;
  before(async () => {
    // API only: the outbox fills and nothing sends, until the test starts its dispatchers.
    server = await startTestServer(backend, { ...WEBHOOK_ENV, WEBHOOK_DISPATCH: 'off' });
    hook = await startReceiver();
  });
  after(async () => {
    await server.close();
    await hook.close();
  });

  test('four dispatchers on a full outbox send each event once, in creation order', async () => {
    const shop = await createTestMerchant(server);
    const endpoint = await createEndpoint(shop.sandbox, hook.url);
    const ids = [];
    for (let i = 0; i < 20; i += 1) ids.push(await makeEvent(shop.sandbox));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: server.database.url, ...(server.database.schema ? { DATABASE_SCHEMA: server.database.schema } : {}), ...WEBHOOK_ENV });
    const workers = [];
    const cipher = signingKeyCipher(config);
    try {
      for (let i = 0; i < 4; i += 1) {
        const db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 4 });
        workers.push({ db, dispatcher: webhookDispatcher(config, db, server.clock, server.app.log, cipher) });
      }
      // On PostgreSQL, the first event's delivery row is held, as a claimer in the middle of taking it
      // would hold it: the others must wait for it, not skip ahead to the endpoint's next event.
      const held = backend === 'postgres' ? await holdFirstDelivery(workers[0]!.db) : undefined;
      // Every one claims at once, each with room for 16 deliveries in flight.
      for (const { dispatcher } of workers) dispatcher.start();
      if (held !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await held.release();
      }
      await hook.waitFor(20);
      await pingArrived(shop.sandbox, endpoint.id, hook);
      const received = withoutPings(hook).map((r) => r.headers['webhook-id']);
      assert.deepEqual([...received].sort(), [...ids].sort(), 'each event once');
      assert.deepEqual(received, ids, 'in creation order');
    } finally {
      for (const { db, dispatcher } of workers) {
        await dispatcher.stop();
        await db.close();
      }
    }
  });
});

describeEachBackend('webhooks to private addresses', (backend) => {
  let server: TestServer;
  let hook: Receiver;
  before(async () => {
    server = await startTestServer(backend, { ...WEBHOOK_ENV, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    hook = await startReceiver();
  });
  after(async () => {
    await server.close();
    await hook.close();
  });

  test('are refused without WEBHOOK_ALLOW_PRIVATE_NETWORKS, and the refusal is in the log', async () => {
    const shop = await createTestMerchant(server);
    // Loopback only, in every spelling: were the filter to fail, nothing would leave the machine. The
    // other classes (link-local, metadata, private, ::/96) are checked without dispatching (address-filter.test.ts).
    const loopback = (host: string) => hook.url.replace('127.0.0.1', host);
    for (const url of [hook.url, loopback('localhost'), loopback('127.0.0.2'), loopback('0.0.0.0'), loopback('[::ffff:127.0.0.1]'), loopback('[::1]')]) {
      const endpoint = await createEndpoint(shop.sandbox, url);
      if (url === hook.url) await makeEvent(shop.sandbox);
      else await shop.sandbox.post(`/v1/webhook_endpoints/${endpoint.id}/test`);
      const log = await attemptsOf(shop.sandbox, endpoint.id, 3);
      assert.ok(log.every((a) => a.error === 'blocked_address' && a.response_status === null), `${url}: ${JSON.stringify(log)}`);
    }
    assert.equal(hook.received.length, 0);
    // Each endpoint's three attempts went through one agent, kept between them: none connected.
    assert.equal(hook.connections, 0);
  });
});

describeEachBackend('webhooks in production', (backend) => {
  let server: TestServer;
  before(async () => {
    // Production requires these two; the values are the test's own.
    const required = { PUBLIC_URL: 'https://till.example.com', SIGNING_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    server = await startTestServer(backend, { NODE_ENV: 'production', WEBHOOK_DISPATCH: 'off', ...required });
  });
  after(() => server.close());

  test('only https endpoint URLs are accepted', async () => {
    const shop = await createTestMerchant(server);
    const plain = await shop.production.post('/v1/webhook_endpoints', { url: 'http://example.com/hook', enabled_events: ['*'] });
    assert.equal(plain.status, 400);
    assert.deepEqual([plain.body.error.code, plain.body.error.param, plain.body.error.message], ['parameter_invalid', 'url', 'The url must start with https://.']);
    const secure = await shop.production.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['*'] });
    assert.equal(secure.status, 201);
    const patched = await shop.production.patch(`/v1/webhook_endpoints/${secure.body.id}`, { url: 'http://example.com/other' });
    assert.equal(patched.status, 400);
  });
});
