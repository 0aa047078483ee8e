/**
 * Cash drawers: open (one open drawer per register, even when opens race), get and list with their
 * filters, pay in and out, cash sales and refunds counted into the expected cash, close with the
 * over/short fixed at that moment (even racing movements), closed drawers refusing everything, who
 * may close what, tenancy and validation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Receivers } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus, createOrder, capture, refund, tally } from '../orders/support.js';
import { openDrawer, payOutOf, ringUp } from './support.js';

const DRAWER_FIELDS = [
  'cash_refunds', 'cash_sales', 'closed_at', 'closed_by', 'closing_note', 'counted_cash', 'currency', 'expected_cash', 'id', 'movements', 'object', 'opened_at', 'opened_by',
  'opening_float', 'opening_note', 'over_short', 'paid_in', 'paid_out', 'register', 'status',
];

/** Webhooks delivered at once to a receiver on this machine, for the events' test. */
const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0,0', WEBHOOK_TIMEOUT_MS: '2000' };

describeEachBackend('cash drawers', (backend) => {
  let server: TestServer;
  const receivers = new Receivers();
  before(async () => {
    server = await startTestServer(backend, WEBHOOK_ENV);
  });
  after(async () => {
    await server.close();
    await receivers.close();
  });

  describe('opening', () => {
    test('open answers 201 with the drawer and records cash_drawer.opened; a register has one open drawer at a time', async () => {
      const shop = await createTestMerchant(server, { currency: 'EUR' });
      const other = await createTestMerchant(server);
      server.clock.set('2026-06-01T08:00:00.000Z');
      const opened = await shop.sandbox.post('/v1/cash_drawers', { register: 'front-1', opening_float: 20000, note: 'Two rolls of coins' });
      assertStatus(opened, 201);
      assert.deepEqual(Object.keys(opened.body).sort(), DRAWER_FIELDS);
      assertId(opened.body.id, 'drw');
      assert.deepEqual(
        { ...opened.body, id: undefined },
        {
          id: undefined,
          object: 'cash_drawer',
          register: 'front-1',
          status: 'open',
          currency: 'EUR',
          opening_float: 20000,
          cash_sales: 0,
          cash_refunds: 0,
          paid_in: 0,
          paid_out: 0,
          expected_cash: 20000,
          counted_cash: null,
          over_short: null,
          opened_by: null,
          closed_by: null,
          opening_note: 'Two rolls of coins',
          closing_note: null,
          opened_at: '2026-06-01T08:00:00.000Z',
          closed_at: null,
          movements: [],
        },
      );
      assert.deepEqual((await shop.sandbox.get(`/v1/cash_drawers/${opened.body.id}`)).body, opened.body);
      const events = (await shop.sandbox.get('/v1/events?type=cash_drawer.opened')).body.data;
      assert.deepEqual(events.map((event: any) => event.data.object), [opened.body]);

      // The same register again is refused while its drawer is open; another register, the other
      // environment and another merchant each have registers of their own.
      assertError(await shop.sandbox.post('/v1/cash_drawers', { register: 'front-1', opening_float: 0 }), 409, 'cash_drawer_already_open', 'register');
      assert.equal((await openDrawer(shop.sandbox, 'FRONT-1', 0)).register, 'FRONT-1', 'codes are case-sensitive');
      await openDrawer(shop.sandbox, 'front-2', 0);
      await openDrawer(shop.production, 'front-1', 0);
      await openDrawer(other.sandbox, 'front-1', 0);
      assert.equal((await shop.sandbox.get('/v1/events?type=cash_drawer.opened')).body.data.length, 3, 'no event for the refused open');
    });

    test('ten opens of one register at once: exactly one drawer, one 201 and nine 409', async () => {
      const shop = await createTestMerchant(server);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => shop.sandbox.post('/v1/cash_drawers', { register: 'R1', opening_float: 1000 + i })));
      assert.deepEqual(tally(answers), { '201': 1, '409 cash_drawer_already_open': 9 });
      const listed = await shop.sandbox.get('/v1/cash_drawers?register=R1');
      assert.equal(listed.body.pagination.total, 1);
      assert.equal(listed.body.data[0].id, answers.find((answer) => answer.status === 201)!.body.id);
      assert.equal((await shop.sandbox.get('/v1/events?type=cash_drawer.opened')).body.data.length, 1);
    });
  });

  describe('the money of a drawer', () => {
    test('paid in and out, cash sales and cash refunds make the expected cash; a short close is fixed and records cash_drawer.closed', async () => {
      const shop = await createTestMerchant(server);
      const tenant = { merchantId: shop.merchantId, environment: 'sandbox' as const };
      const api = shop.sandbox;
      const product = await createProduct(api, { price: 1000 });
      server.clock.set('2026-06-02T08:00:00.000Z');
      const drawer = await openDrawer(api, 'R1', 10000);

      server.clock.set('2026-06-02T08:30:00.000Z');
      const paidIn = await api.post(`/v1/cash_drawers/${drawer.id}/movements`, { type: 'paid_in', amount: 2000, reason: 'More change from the bank' });
      assertStatus(paidIn, 200);
      assert.equal(paidIn.body.paid_in, 2000);
      assert.equal(paidIn.body.expected_cash, 12000);
      assert.equal(paidIn.body.movements.length, 1);
      const movement = paidIn.body.movements[0];
      assertId(movement.id, 'dmv');
      assert.deepEqual({ ...movement, id: undefined }, { id: undefined, type: 'paid_in', amount: 2000, reason: 'More change from the bank', created_by: null, created_at: '2026-06-02T08:30:00.000Z' });
      server.clock.set('2026-06-02T09:00:00.000Z');
      const paidOut = await api.post(`/v1/cash_drawers/${drawer.id}/movements`, { type: 'paid_out', amount: 1500, reason: 'Window cleaner' });
      assertStatus(paidOut, 200);
      assert.deepEqual([paidOut.body.paid_in, paidOut.body.paid_out, paidOut.body.expected_cash], [2000, 1500, 10500]);
      assert.deepEqual(paidOut.body.movements.map((m: any) => [m.type, m.amount]), [['paid_in', 2000], ['paid_out', 1500]], 'oldest first');

      // Two cash sales and a cash refund on this drawer; a cash sale on no drawer, which it does not count.
      const small = await capture(api, (await createOrder(api, [[product, 1]], { payment_method: 'cash' })).id, null);
      const large = await capture(api, (await createOrder(api, [[product, 3]], { payment_method: 'cash' })).id, null);
      const elsewhere = await capture(api, (await createOrder(api, [[product, 2]], { payment_method: 'cash' })).id, null);
      await ringUp(server, tenant, small.id, drawer.id, small.total);
      await ringUp(server, tenant, large.id, drawer.id, large.total);
      await ringUp(server, tenant, elsewhere.id, null, elsewhere.total);
      const given = await refund(api, large.id, { amount: 400 });
      await payOutOf(server, tenant, given.id, drawer.id, 400);
      const now = (await api.get(`/v1/cash_drawers/${drawer.id}`)).body;
      assert.deepEqual([now.cash_sales, now.cash_refunds], [4000, 400]);
      assert.equal(now.expected_cash, 10000 + 4000 - 400 + 2000 - 1500, 'live while open');

      server.clock.set('2026-06-02T18:00:00.000Z');
      const closed = await api.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: 14050, note: '50 missing' });
      assertStatus(closed, 200);
      assert.deepEqual(
        { ...closed.body, movements: undefined },
        {
          ...now,
          movements: undefined,
          status: 'closed',
          expected_cash: 14100,
          counted_cash: 14050,
          over_short: -50,
          closed_by: null,
          closing_note: '50 missing',
          closed_at: '2026-06-02T18:00:00.000Z',
        },
      );
      assert.deepEqual(closed.body.movements, paidOut.body.movements);
      assert.deepEqual((await api.get(`/v1/cash_drawers/${drawer.id}`)).body, closed.body);
      assert.deepEqual((await api.get('/v1/events?type=cash_drawer.closed')).body.data.map((event: any) => event.data.object), [closed.body]);

      // A closed drawer takes no more cash and cannot be closed again; its register opens anew.
      assertError(await api.post(`/v1/cash_drawers/${drawer.id}/movements`, { type: 'paid_in', amount: 1, reason: 'Late' }), 422, 'cash_drawer_closed');
      assertError(await api.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: 14100 }), 422, 'cash_drawer_closed');
      assert.deepEqual((await api.get(`/v1/cash_drawers/${drawer.id}`)).body, closed.body, 'the refusals changed nothing');
      assert.equal((await api.get('/v1/events?type=cash_drawer.closed')).body.data.length, 1);
      const next = await openDrawer(api, 'R1', 14050);
      assert.notEqual(next.id, drawer.id);

      // The expected cash stays what it was at the close, whatever is written on the drawer afterwards.
      const late = await capture(api, (await createOrder(api, [[product, 1]], { payment_method: 'cash' })).id, null);
      await ringUp(server, tenant, late.id, drawer.id, late.total);
      const after = (await api.get(`/v1/cash_drawers/${drawer.id}`)).body;
      assert.deepEqual([after.cash_sales, after.expected_cash, after.over_short], [5000, 14100, -50]);
    });

    test('an over drawer, and a drawer with nothing but its float, balance as they should', async () => {
      const shop = await createTestMerchant(server);
      const over = await openDrawer(shop.sandbox, 'R1', 5000);
      const closedOver = await shop.sandbox.post(`/v1/cash_drawers/${over.id}/close`, { counted_cash: 5020 });
      assertStatus(closedOver, 200);
      assert.deepEqual([closedOver.body.expected_cash, closedOver.body.counted_cash, closedOver.body.over_short, closedOver.body.closing_note], [5000, 5020, 20, null]);
      const even = await openDrawer(shop.sandbox, 'R2', 0);
      const closedEven = await shop.sandbox.post(`/v1/cash_drawers/${even.id}/close`, { counted_cash: 0 });
      assert.deepEqual([closedEven.body.expected_cash, closedEven.body.over_short], [0, 0]);
    });

    test('a close racing movements: every movement answered 200 is in the fixed expected cash, every later one is refused', async () => {
      const shop = await createTestMerchant(server);
      const drawer = await openDrawer(shop.sandbox, 'R1', 10000);
      const moves = Array.from({ length: 12 }, (_, i) => shop.sandbox.post(`/v1/cash_drawers/${drawer.id}/movements`, { type: 'paid_in', amount: 1 << i, reason: `Move ${i}` }));
      const close = shop.sandbox.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: 10000 });
      const [closed, ...moved] = await Promise.all([close, ...moves]);
      assertStatus(closed, 200);
      const outcomes = tally(moved);
      assert.equal((outcomes['200'] ?? 0) + (outcomes['422 cash_drawer_closed'] ?? 0), 12, JSON.stringify(outcomes));
      const accepted = moved.map((answer, i) => (answer.status === 200 ? 1 << i : 0)).reduce((sum, amount) => sum + amount, 0);
      const final = (await shop.sandbox.get(`/v1/cash_drawers/${drawer.id}`)).body;
      assert.equal(final.paid_in, accepted, 'exactly the accepted movements were recorded');
      assert.equal(final.expected_cash, 10000 + accepted, 'and all of them counted at the close');
      assert.deepEqual(closed.body.expected_cash, final.expected_cash);
      assert.equal(final.over_short, -accepted);
    });
  });

  describe('who may do what', () => {
    test("a cashier opens and closes their own drawer, not another user's; managers and API keys close any", async () => {
      const shop = await createTestMerchant(server);
      const ann = await signInAs(server, shop, 'cashier');
      const bob = await signInAs(server, shop, 'cashier');
      const manager = await signInAs(server, shop, 'manager');

      const annDrawer = await openDrawer(ann.api, 'R1', 10000);
      assert.deepEqual(annDrawer.opened_by, { id: ann.userId, email: ann.email });
      assertError(await bob.api.post(`/v1/cash_drawers/${annDrawer.id}/close`, { counted_cash: 10000 }), 403, 'insufficient_permissions');
      const bobPaysOut = await bob.api.post(`/v1/cash_drawers/${annDrawer.id}/movements`, { type: 'paid_out', amount: 500, reason: 'Milk' });
      assertStatus(bobPaysOut, 200);
      assert.deepEqual(bobPaysOut.body.movements[0].created_by, { id: bob.userId, email: bob.email });
      assert.equal((await bob.api.get(`/v1/cash_drawers/${annDrawer.id}`)).body.status, 'open', "Bob's refused close changed nothing");
      const annCloses = await ann.api.post(`/v1/cash_drawers/${annDrawer.id}/close`, { counted_cash: 9500 });
      assertStatus(annCloses, 200);
      assert.deepEqual([annCloses.body.closed_by, annCloses.body.over_short], [{ id: ann.userId, email: ann.email }, 0]);

      const bobDrawer = await openDrawer(bob.api, 'R2', 0);
      const managerCloses = await manager.api.post(`/v1/cash_drawers/${bobDrawer.id}/close`, { counted_cash: 0 });
      assertStatus(managerCloses, 200);
      assert.deepEqual(managerCloses.body.closed_by, { id: manager.userId, email: manager.email });
      const again = await openDrawer(ann.api, 'R2', 0);
      const keyCloses = await shop.production.post(`/v1/cash_drawers/${again.id}/close`, { counted_cash: 0 });
      assertStatus(keyCloses, 200);
      assert.equal(keyCloses.body.closed_by, null);

      // Cashiers count drawers but do not read the day's report.
      assertError(await ann.api.get('/v1/reports/end_of_day?date=2026-06-01'), 403, 'insufficient_permissions');
      assertStatus(await manager.api.get('/v1/reports/end_of_day?date=2026-06-01'), 200);
    });

    test('cash_drawers:read reads drawers, cash_drawers:write changes them; other permissions do neither', async () => {
      const shop = await createTestMerchant(server);
      const drawer = await openDrawer(shop.sandbox, 'R1', 0);
      const reader = await shop.keyWith('sandbox', ['cash_drawers:read']);
      const orders = await shop.keyWith('sandbox', ['orders:read', 'orders:write']);
      assertStatus(await reader.get(`/v1/cash_drawers/${drawer.id}`), 200);
      assertStatus(await reader.get('/v1/cash_drawers'), 200);
      assertError(await reader.post('/v1/cash_drawers', { register: 'R2', opening_float: 0 }), 403, 'insufficient_permissions');
      assertError(await reader.post(`/v1/cash_drawers/${drawer.id}/movements`, { type: 'paid_in', amount: 1, reason: 'x' }), 403, 'insufficient_permissions');
      assertError(await reader.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: 0 }), 403, 'insufficient_permissions');
      assertError(await orders.get('/v1/cash_drawers'), 403, 'insufficient_permissions');
      assertError(await orders.get(`/v1/cash_drawers/${drawer.id}`), 403, 'insufficient_permissions');
      const writer = await shop.keyWith('sandbox', ['cash_drawers:write']);
      assertStatus(await writer.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: 0 }), 200);
    });

    test('another environment\'s or merchant\'s drawer is 404 for every operation, and stays as it was', async () => {
      const shop = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      const drawer = await openDrawer(shop.sandbox, 'R1', 3000);
      for (const api of [shop.production, other.sandbox, other.production]) {
        assertError(await api.get(`/v1/cash_drawers/${drawer.id}`), 404, 'resource_not_found', 'id');
        assertError(await api.post(`/v1/cash_drawers/${drawer.id}/movements`, { type: 'paid_out', amount: 3000, reason: 'Theft' }), 404, 'resource_not_found', 'id');
        assertError(await api.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: 0 }), 404, 'resource_not_found', 'id');
        assert.deepEqual((await api.get('/v1/cash_drawers')).body.data, []);
      }
      // The merchant's own other environment is told the drawer exists in the sandbox; another merchant is not.
      assert.match((await shop.production.get(`/v1/cash_drawers/${drawer.id}`)).body.error.message, /exists in the sandbox data set/);
      assert.doesNotMatch((await other.sandbox.get(`/v1/cash_drawers/${drawer.id}`)).body.error.message, /sandbox/);
      assertError(await shop.sandbox.get('/v1/cash_drawers/drw_missing'), 404, 'resource_not_found', 'id');
      assert.deepEqual((await shop.sandbox.get(`/v1/cash_drawers/${drawer.id}`)).body, drawer);
    });
  });

  test('an endpoint subscribed to cash_drawer.opened and cash_drawer.closed receives them; subscribing takes cash_drawers:read', async () => {
    // Receivers check that a delivery's timestamp is recent: the clock other tests moved comes back to now.
    server.clock.set(new Date().toISOString());
    const shop = await createTestMerchant(server);
    const hook = await receivers.start();
    const endpoint = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['cash_drawer.opened', 'cash_drawer.closed'] });
    assertStatus(endpoint, 201);
    const opened = await openDrawer(shop.sandbox, 'R1', 500);
    const closed = await shop.sandbox.post(`/v1/cash_drawers/${opened.id}/close`, { counted_cash: 450 });
    assertStatus(closed, 200);
    const received = (await hook.waitFor(2)).map((r) => new Webhook(endpoint.body.secret).verify(r.body, r.headers as Record<string, string>) as any);
    assert.deepEqual(
      received.map((event) => [event.type, event.data.object]),
      [
        ['cash_drawer.opened', opened],
        ['cash_drawer.closed', closed.body],
      ],
    );
    const hooksOnly = await shop.keyWith('sandbox', ['webhooks:read', 'webhooks:write', 'orders:read']);
    assertError(await hooksOnly.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['cash_drawer.closed'] }), 403, 'insufficient_permissions', 'enabled_events');
  });

  test('the fields are checked', async () => {
    const { sandbox } = await createTestMerchant(server);
    const open = (body: Record<string, unknown>) => sandbox.post('/v1/cash_drawers', body);
    assertError(await open({ register: 'R1', opening_float: -1 }), 400, 'parameter_invalid', 'opening_float');
    assertError(await open({ register: 'R1', opening_float: 10.5 }), 400, 'parameter_invalid', 'opening_float');
    assertError(await open({ register: 'R1', opening_float: '100' }), 400, 'parameter_invalid', 'opening_float');
    assertError(await open({ register: 'R1' }), 400, 'parameter_missing', 'opening_float');
    assertError(await open({ opening_float: 0 }), 400, 'parameter_missing', 'register');
    for (const register of ['', 'R 1', 'R1!', 'kasse/1', 'x'.repeat(21), 'é1']) {
      assertError(await open({ register, opening_float: 0 }), 400, 'parameter_invalid', 'register');
    }
    assertError(await open({ register: 'R1', opening_float: 0, note: 'n'.repeat(501) }), 400, 'parameter_invalid', 'note');
    assertError(await open({ register: 'R1', opening_float: 0, status: 'closed' }), 400, 'parameter_unknown', 'status');
    assert.equal((await sandbox.get('/v1/cash_drawers')).body.pagination.total, 0, 'nothing was opened');

    const drawer = await openDrawer(sandbox, 'a-Z_09', 0);
    const move = (body: Record<string, unknown>) => sandbox.post(`/v1/cash_drawers/${drawer.id}/movements`, body);
    assertError(await move({ type: 'paid_in', amount: 0, reason: 'Zero' }), 400, 'parameter_invalid', 'amount');
    assertError(await move({ type: 'paid_in', amount: -5, reason: 'Negative' }), 400, 'parameter_invalid', 'amount');
    assertError(await move({ type: 'refund', amount: 5, reason: 'Wrong type' }), 400, 'parameter_invalid', 'type');
    assertError(await move({ type: 'paid_in', amount: 5, reason: '' }), 400, 'parameter_invalid', 'reason');
    assertError(await move({ type: 'paid_in', amount: 5 }), 400, 'parameter_missing', 'reason');
    assertError(await sandbox.post(`/v1/cash_drawers/${drawer.id}/close`, { counted_cash: -1 }), 400, 'parameter_invalid', 'counted_cash');
    assertError(await sandbox.post(`/v1/cash_drawers/${drawer.id}/close`, {}), 400, 'parameter_missing', 'counted_cash');
    assert.deepEqual((await sandbox.get(`/v1/cash_drawers/${drawer.id}`)).body, drawer, 'nothing moved, nothing closed');

    assertError(await sandbox.get('/v1/cash_drawers?status=pending'), 400, 'parameter_invalid', 'status');
    assertError(await sandbox.get('/v1/cash_drawers?register=R%201'), 400, 'parameter_invalid', 'register');
    assertError(await sandbox.get('/v1/cash_drawers?per_page=101'), 400, 'parameter_invalid', 'per_page');
  });

  test('list: newest opened first, filtered by status and register, a page at a time', async () => {
    const { sandbox } = await createTestMerchant(server);
    server.clock.set('2026-06-03T08:00:00.000Z');
    const first = await openDrawer(sandbox, 'R1', 100);
    server.clock.advance(60_000);
    const second = await openDrawer(sandbox, 'R2', 200);
    server.clock.advance(60_000);
    assertStatus(await sandbox.post(`/v1/cash_drawers/${first.id}/close`, { counted_cash: 100 }), 200);
    server.clock.advance(60_000);
    const third = await openDrawer(sandbox, 'R1', 300);
    const ids = async (query: string) => (await sandbox.get(`/v1/cash_drawers${query}`)).body.data.map((drawer: any) => drawer.id);

    assert.deepEqual(await ids(''), [third.id, second.id, first.id]);
    assert.deepEqual(await ids('?status=open'), [third.id, second.id]);
    assert.deepEqual(await ids('?status=closed'), [first.id]);
    assert.deepEqual(await ids('?register=R1'), [third.id, first.id]);
    assert.deepEqual(await ids('?register=R1&status=open'), [third.id]);
    assert.deepEqual(await ids('?register=R3'), []);
    const page = await sandbox.get('/v1/cash_drawers?per_page=2&page=2');
    assert.deepEqual(page.body.pagination, { total: 3, page: 2, per_page: 2, has_more: false });
    assert.deepEqual(page.body.data.map((drawer: any) => drawer.id), [first.id]);
    assert.equal(page.body.data[0].status, 'closed');
    assert.deepEqual((await sandbox.get('/v1/cash_drawers?per_page=1')).body.pagination, { total: 3, page: 1, per_page: 1, has_more: true });
    // Each drawer of a page shows its own movements and figures.
    assertStatus(await sandbox.post(`/v1/cash_drawers/${second.id}/movements`, { type: 'paid_in', amount: 50, reason: 'Coins' }), 200);
    const listed = (await sandbox.get('/v1/cash_drawers?status=open')).body.data;
    assert.deepEqual(listed.map((drawer: any) => [drawer.register, drawer.movements.length, drawer.expected_cash]), [['R1', 0, 300], ['R2', 1, 250]]);
  });
});
