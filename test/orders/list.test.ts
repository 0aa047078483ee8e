/**
 * List Orders: paging, newest-first order with the id tie-breaker, and every filter, alone and
 * together. The test clock gives orders the created_at each case needs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newId } from '../../src/ids.js';
import { DAY_COUNTS_FROM_OFFSET } from '../../src/db/orders/list-orders.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, createCustomer, createOrder, refund } from './support.js';

/** Descending by created_at, then by id compared byte-wise (as the API promises on both databases). */
function newestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

describeEachBackend('List Orders', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  /** A merchant with `count` one-line orders, one per millisecond from `start`; returns them newest first. */
  async function shopWithOrders(count: number, start = '2026-03-01T09:00:00.000Z') {
    const shop = await createTestMerchant(server);
    const product = await createProduct(shop.sandbox, { price: 100 });
    server.clock.set(start);
    const orders: any[] = [];
    for (let i = 0; i < count; i++) {
      orders.push(await createOrder(shop.sandbox, [[product, i + 1]]));
      server.clock.advance(1);
    }
    return { shop, product, orders: orders.sort(newestFirst) };
  }

  const ids = (response: { body: { data: Array<{ id: string }> } }) => response.body.data.map((o) => o.id);

  interface Filters {
    status: string | undefined;
    min: string | undefined;
    max: string | undefined;
  }

  /** The orders a List Orders query with `filters` matches, in the order of `orders`. */
  function matching<T extends { created_at: string; status: string }>(orders: T[], { status, min, max }: Filters): T[] {
    const asBound = (value: string, side: 'min' | 'max') =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${side === 'min' ? '00:00:00.000' : '23:59:59.999'}Z` : new Date(value).toISOString();
    return orders.filter(
      (o) =>
        (status === undefined || status.split(',').includes(o.status)) &&
        (min === undefined || o.created_at >= asBound(min, 'min')) &&
        (max === undefined || o.created_at <= asBound(max, 'max')),
    );
  }

  /** Asks for one page with `filters`; its orders must be that slice of `expected`, and its total all of them. */
  async function checkPage(api: Api, expected: Array<{ id: string }>, { status, min, max }: Filters, perPage: number, page: number): Promise<void> {
    const query = new URLSearchParams({ per_page: String(perPage), page: String(page), ...(status && { status }), ...(min && { created_at_min: min }), ...(max && { created_at_max: max }) });
    const list = await api.get(`/v1/orders?${query.toString()}`);
    assertStatus(list, 200);
    assert.deepEqual(ids(list), expected.slice((page - 1) * perPage, page * perPage).map((o) => o.id), query.toString());
    assert.equal(list.body.pagination.total, expected.length, query.toString());
  }

  describe('paging', () => {
    test('default page size 20, later pages, and a page past the end', async () => {
      const { shop, orders } = await shopWithOrders(25);
      const first = await shop.sandbox.get('/v1/orders');
      assertStatus(first, 200);
      assert.deepEqual(first.body.pagination, { total: 25, page: 1, per_page: 20, has_more: true });
      assert.deepEqual(ids(first), orders.slice(0, 20).map((o) => o.id));

      const second = await shop.sandbox.get('/v1/orders?page=2');
      assert.deepEqual(second.body.pagination, { total: 25, page: 2, per_page: 20, has_more: false });
      assert.deepEqual(ids(second), orders.slice(20).map((o) => o.id));

      for (const page of [3, 1000, 2_147_483_647]) {
        const past = await shop.sandbox.get(`/v1/orders?page=${page}`);
        assertStatus(past, 200);
        assert.deepEqual(past.body, { data: [], pagination: { total: 25, page, per_page: 20, has_more: false } });
      }
    });

    test('per_page 1 and 100; exact last page has has_more false', async () => {
      const { shop, orders } = await shopWithOrders(5);
      const one = await shop.sandbox.get('/v1/orders?per_page=1');
      assert.deepEqual(one.body.pagination, { total: 5, page: 1, per_page: 1, has_more: true });
      assert.deepEqual(ids(one), [orders[0].id]);
      const last = await shop.sandbox.get('/v1/orders?per_page=1&page=5');
      assert.deepEqual(last.body.pagination, { total: 5, page: 5, per_page: 1, has_more: false });
      assert.deepEqual(ids(last), [orders[4].id]);
      const all = await shop.sandbox.get('/v1/orders?per_page=100');
      assert.deepEqual(all.body.pagination, { total: 5, page: 1, per_page: 100, has_more: false });
      assert.deepEqual(ids(all), orders.map((o) => o.id));
      const exact = await shop.sandbox.get('/v1/orders?per_page=5');
      assert.equal(exact.body.pagination.has_more, false);
      const twoPages = await shop.sandbox.get('/v1/orders?per_page=4');
      assert.equal(twoPages.body.pagination.has_more, true);
    });

    test('a merchant without orders gets an empty first page', async () => {
      const shop = await createTestMerchant(server);
      const empty = await shop.sandbox.get('/v1/orders');
      assert.deepEqual(empty.body, { data: [], pagination: { total: 0, page: 1, per_page: 20, has_more: false } });
    });

    test('bad page and per_page values are 400 parameter_invalid', async () => {
      const shop = await createTestMerchant(server);
      for (const value of ['0', '101', 'abc', '-1', '1.5', '', '1e1', '0x10', '%207', '1_0']) {
        assertError(await shop.sandbox.get(`/v1/orders?per_page=${value}`), 400, 'parameter_invalid', 'per_page');
      }
      for (const value of ['0', '-3', 'first', '2.5', '2147483648', '0x10', '1e0']) {
        assertError(await shop.sandbox.get(`/v1/orders?page=${value}`), 400, 'parameter_invalid', 'page');
      }
    });
  });

  describe('order', () => {
    test('newest first by created_at, whatever the creation order', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100 });
      const at = async (iso: string) => {
        server.clock.set(iso);
        return (await createOrder(shop.sandbox, [[product, 1]])).id as string;
      };
      const noon = await at('2026-03-02T12:00:00.000Z');
      const morning = await at('2026-03-02T08:00:00.000Z');
      const evening = await at('2026-03-02T20:00:00.000Z');
      const lastYear = await at('2025-12-31T23:59:59.999Z');
      const oneMsLater = await at('2026-03-02T12:00:00.001Z');
      const list = await shop.sandbox.get('/v1/orders');
      assert.deepEqual(ids(list), [evening, oneMsLater, noon, morning, lastYear]);
    });

    test('equal created_at: id descending breaks the tie, and paging neither repeats nor skips', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100 });
      server.clock.set('2026-03-03T10:00:00.000Z');
      const before = await createOrder(shop.sandbox, [[product, 1]]);
      server.clock.set('2026-03-03T11:00:00.000Z');
      const tied: any[] = [];
      for (let i = 0; i < 7; i++) tied.push(await createOrder(shop.sandbox, [[product, 1]]));
      server.clock.set('2026-03-03T12:00:00.000Z');
      const later = await createOrder(shop.sandbox, [[product, 1]]);

      const expected = [later.id, ...tied.map((o) => o.id).sort().reverse(), before.id];
      assert.deepEqual(ids(await shop.sandbox.get('/v1/orders')), expected);
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) paged.push(...ids(await shop.sandbox.get(`/v1/orders?per_page=2&page=${page}`)));
      assert.deepEqual(paged, expected);
    });
  });

  describe('filters', () => {
    /** One order in each status, in this order of creation, a minute apart. */
    async function shopInEveryStatus() {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 1000 });
      server.clock.set('2026-03-04T10:00:00.000Z');
      const next = async () => {
        server.clock.advance(60_000);
        return createOrder(shop.sandbox, [[product, 1]]);
      };
      const pending = await next();
      const paid = await next();
      await capture(shop.sandbox, paid.id);
      const canceled = await next();
      assertStatus(await shop.sandbox.post(`/v1/orders/${canceled.id}/cancel`), 200);
      const partial = await next();
      await capture(shop.sandbox, partial.id);
      await refund(shop.sandbox, partial.id, { amount: 100 });
      const refunded = await next();
      await capture(shop.sandbox, refunded.id);
      await refund(shop.sandbox, refunded.id);
      return { shop, byStatus: { pending, paid, canceled, partially_refunded: partial, refunded } as Record<string, any> };
    }

    test('status: one, several, repeated; summaries show the current status', async () => {
      const { shop, byStatus } = await shopInEveryStatus();
      for (const [status, order] of Object.entries(byStatus)) {
        const list = await shop.sandbox.get(`/v1/orders?status=${status}`);
        assertStatus(list, 200);
        assert.deepEqual(ids(list), [order.id], status);
        assert.equal(list.body.data[0].status, status);
        assert.equal(list.body.pagination.total, 1);
      }
      const several = await shop.sandbox.get('/v1/orders?status=paid,refunded,pending');
      assert.deepEqual(ids(several), [byStatus.refunded.id, byStatus.paid.id, byStatus.pending.id]);
      assert.equal(several.body.pagination.total, 3);
      assert.deepEqual(ids(await shop.sandbox.get('/v1/orders?status=paid,paid')), [byStatus.paid.id]);
      assert.equal((await shop.sandbox.get('/v1/orders')).body.pagination.total, 5);
    });

    test('status: unknown values and malformed lists are 400', async () => {
      const shop = await createTestMerchant(server);
      for (const value of ['shipped', 'paid,', ',paid', 'paid,,refunded', 'PAID', 'paid%20', '', 'paid;refunded']) {
        assertError(await shop.sandbox.get(`/v1/orders?status=${value}`), 400, 'parameter_invalid', 'status');
      }
      assertError(await shop.sandbox.get('/v1/orders?status=paid&status=pending'), 400, 'parameter_invalid', 'status');
    });

    test('customer_id: only that customer\'s orders; an unknown customer matches nothing', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100 });
      const ada = await createCustomer(shop.sandbox, { name: 'Ada' });
      const bob = await createCustomer(shop.sandbox, { name: 'Bob' });
      const adas = [await createOrder(shop.sandbox, [[product, 1]], { customer_id: ada.id })];
      await createOrder(shop.sandbox, [[product, 1]], { customer_id: bob.id });
      await createOrder(shop.sandbox, [[product, 1]]);
      adas.push(await createOrder(shop.sandbox, [[product, 2]], { customer_id: ada.id }));

      const list = await shop.sandbox.get(`/v1/orders?customer_id=${ada.id}`);
      assert.deepEqual(new Set(ids(list)), new Set(adas.map((o) => o.id)));
      assert.equal(list.body.pagination.total, 2);
      assert.ok(list.body.data.every((o: any) => o.customer_id === ada.id));
      const none = await shop.sandbox.get('/v1/orders?customer_id=cus_doesnotexist0000000');
      assert.deepEqual(none.body, { data: [], pagination: { total: 0, page: 1, per_page: 20, has_more: false } });
    });

    test('created_at_min and created_at_max: inclusive to the millisecond, in any offset', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 100 });
      const stamps = [
        '2026-03-09T23:59:59.999Z',
        '2026-03-10T00:00:00.000Z',
        '2026-03-10T10:00:00.000Z',
        '2026-03-10T10:00:00.001Z',
        '2026-03-10T23:59:59.999Z',
        '2026-03-11T00:00:00.000Z',
      ];
      const at: Record<string, string> = {};
      for (const stamp of stamps) {
        server.clock.set(stamp);
        const order = await createOrder(shop.sandbox, [[product, 1]]);
        assert.equal(order.created_at, stamp);
        at[stamp] = order.id;
      }
      const match = async (query: string) => {
        const list = await shop.sandbox.get(`/v1/orders?${query}&per_page=100`);
        assertStatus(list, 200);
        assert.equal(list.body.pagination.total, list.body.data.length);
        return list.body.data.map((o: any) => o.created_at).sort();
      };
      assert.deepEqual(await match('created_at_min=2026-03-10T10:00:00.000Z'), stamps.slice(2));
      assert.deepEqual(await match('created_at_max=2026-03-10T10:00:00.000Z'), stamps.slice(0, 3));
      assert.deepEqual(await match('created_at_min=2026-03-10T10:00:00.000Z&created_at_max=2026-03-10T10:00:00.000Z'), [stamps[2]]);
      assert.deepEqual(await match('created_at_min=2026-03-10T10:00:00Z'), stamps.slice(2), 'without milliseconds');
      assert.deepEqual(await match('created_at_min=2026-03-10T10:00:00.001Z'), stamps.slice(3));
      assert.deepEqual(await match('created_at_max=2026-03-10T09:59:59.999Z'), stamps.slice(0, 2));
      // 12:00 at +02:00 is 10:00 UTC; 05:00 at -05:00 is 10:00 UTC.
      assert.deepEqual(await match(`created_at_min=${encodeURIComponent('2026-03-10T12:00:00+02:00')}`), stamps.slice(2));
      assert.deepEqual(await match('created_at_max=2026-03-10T05:00:00-05:00'), stamps.slice(0, 3));
      // A date alone covers its whole day, UTC.
      assert.deepEqual(await match('created_at_min=2026-03-10&created_at_max=2026-03-10'), stamps.slice(1, 5));
      assert.deepEqual(await match('created_at_min=2026-03-11'), stamps.slice(5));
      assert.deepEqual(await match('created_at_max=2026-03-09'), stamps.slice(0, 1));
      // Bounds that cross: nothing, not an error.
      assert.deepEqual(await match('created_at_min=2026-03-11&created_at_max=2026-03-10'), []);
    });

    test('total is exact for any statuses and bounds: whole days, parts of days, within one day, crossed', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 1000 });
      const stamps = [
        '2026-05-01T00:00:00.000Z',
        '2026-05-01T12:00:00.000Z',
        '2026-05-01T23:59:59.999Z',
        '2026-05-02T00:00:00.000Z',
        '2026-05-02T06:30:00.000Z',
        '2026-05-03T18:00:00.000Z',
        '2026-05-04T23:59:59.999Z',
        '2026-05-06T08:00:00.000Z',
      ];
      // Each order ends in a status of its own turn, reached through the API.
      const orders: Array<{ created_at: string; status: string }> = [];
      for (const [i, stamp] of stamps.entries()) {
        server.clock.set(stamp);
        const order = await createOrder(shop.sandbox, [[product, 1]]);
        const status = ['pending', 'paid', 'canceled', 'partially_refunded', 'refunded'][i % 5]!;
        if (status === 'canceled') assertStatus(await shop.sandbox.post(`/v1/orders/${order.id}/cancel`), 200);
        if (status === 'paid' || status === 'partially_refunded' || status === 'refunded') await capture(shop.sandbox, order.id);
        if (status === 'partially_refunded') await refund(shop.sandbox, order.id, { amount: 100 });
        if (status === 'refunded') await refund(shop.sandbox, order.id);
        orders.push({ created_at: stamp, status });
      }
      const asBound = (value: string, side: 'min' | 'max') =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${side === 'min' ? '00:00:00.000' : '23:59:59.999'}Z` : new Date(value).toISOString();
      const bounds = [undefined, '2026-05-01', '2026-05-02', '2026-05-01T12:00:00.000Z', '2026-05-02T06:30:00.000Z', '2026-05-03T23:00:00Z', '2026-05-04', '2026-05-05'];
      for (const status of [undefined, 'paid', 'pending,refunded', 'partially_refunded,canceled,paid']) {
        for (const min of bounds) {
          for (const max of bounds) {
            const expected = orders.filter(
              (o) =>
                (status === undefined || status.split(',').includes(o.status)) &&
                (min === undefined || o.created_at >= asBound(min, 'min')) &&
                (max === undefined || o.created_at <= asBound(max, 'max')),
            ).length;
            const query = new URLSearchParams({ per_page: '1', ...(status && { status }), ...(min && { created_at_min: min }), ...(max && { created_at_max: max }) });
            const list = await shop.sandbox.get(`/v1/orders?${query.toString()}`);
            assertStatus(list, 200);
            assert.equal(list.body.pagination.total, expected, query.toString());
          }
        }
      }
    });

    test('every page of a date range holds the matches a walk from the newest would give: whole days, parts of days, ties', async () => {
      // Every page, checked against the matches sorted here, across day ends and equal created_at, for
      // ranges of whole days and of parts of days (the later test does the same thousands of matches in).
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 1000 });
      const stamps = [
        '2026-07-01T08:00:00.000Z', '2026-07-01T23:59:59.999Z', '2026-07-01T23:59:59.999Z',
        '2026-07-02T00:00:00.000Z', '2026-07-02T00:00:00.000Z', '2026-07-02T13:00:00.000Z', '2026-07-02T13:00:00.000Z', '2026-07-02T20:00:00.000Z',
        '2026-07-04T01:00:00.000Z', '2026-07-04T02:00:00.000Z', '2026-07-04T03:00:00.000Z', '2026-07-04T04:00:00.000Z', '2026-07-04T23:59:59.999Z',
        '2026-07-05T00:00:00.000Z', '2026-07-05T11:11:11.111Z', '2026-07-05T11:11:11.111Z', '2026-07-05T11:11:11.111Z',
        '2026-07-06T10:00:00.000Z', '2026-07-06T22:00:00.000Z',
        '2026-07-07T06:00:00.000Z', '2026-07-07T06:00:00.000Z', '2026-07-07T18:00:00.000Z',
      ];
      const orders: Array<{ id: string; created_at: string; status: string }> = [];
      for (const [i, stamp] of stamps.entries()) {
        server.clock.set(stamp);
        const order = await createOrder(shop.sandbox, [[product, 1]]);
        const paid = i % 3 !== 0;
        if (paid) await capture(shop.sandbox, order.id);
        orders.push({ id: order.id, created_at: stamp, status: paid ? 'paid' : 'pending' });
      }
      orders.sort(newestFirst);
      const bounds = [undefined, '2026-07-02', '2026-07-05', '2026-07-01T23:59:59.999Z', '2026-07-05T11:11:11.111Z', '2026-07-06T12:00:00.000Z'];
      let pages = 0;
      for (const status of [undefined, 'paid', 'pending,paid']) {
        for (const min of bounds) {
          for (const max of bounds) {
            const expected = matching(orders, { status, min, max });
            for (const perPage of [1, 3, 7]) {
              for (let page = 1; page <= Math.ceil(expected.length / perPage) + 1; page++) {
                await checkPage(shop.sandbox, expected, { status, min, max }, perPage, page);
                pages += 1;
              }
            }
          }
        }
      }
      assert.ok(pages > 1000, `${pages} pages checked`);
    });

    test(`pages ${DAY_COUNTS_FROM_OFFSET} or more matches in are the same as a walk from the newest (PostgreSQL starts them from the per-day counts)`, async () => {
      // Orders copied straight into the table (the counts' triggers still count them), thousands of
      // them over nine days, with equal created_at and orders at the very ends of days.
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 500 });
      const pending = await createOrder(shop.sandbox, [[product, 1]]);
      const paid = await createOrder(shop.sandbox, [[product, 1]]);
      await capture(shop.sandbox, paid.id);
      const templates = await server.db.kysely.selectFrom('orders').selectAll().where('merchant_id', '=', shop.merchantId).where('id', 'in', [pending.id, paid.id]).execute();
      const orders: Array<{ id: string; created_at: string; status: string }> = templates.map(({ id, created_at, status }) => ({ id, created_at, status }));
      const rows = [];
      for (let i = 0; i < 3_600; i++) {
        const day = 1 + (i % 9);
        const time = i % 11 === 0 ? '23:59:59.999' : i % 13 === 0 ? '00:00:00.000' : `${String(i % 24).padStart(2, '0')}:${String(i % 7).padStart(2, '0')}:00.000`;
        const created_at = `2026-09-0${day}T${time}Z`;
        const template = templates.find((t) => t.status === (i % 3 === 0 ? 'pending' : 'paid'))!;
        const id = newId('ord');
        rows.push({ ...template, id, number: 2000 + i, created_at, updated_at: created_at });
        orders.push({ id, created_at, status: template.status });
      }
      for (let i = 0; i < rows.length; i += 400) await server.db.kysely.insertInto('orders').values(rows.slice(i, i + 400)).execute();
      orders.sort(newestFirst);
      const ranges: Array<[string | undefined, string | undefined]> = [
        [undefined, undefined],
        ['2026-09-01', '2026-09-09'],
        [undefined, '2026-09-08T12:00:00.000Z'],
        ['2026-09-02T05:00:00.000Z', undefined],
        ['2026-09-01T23:59:59.999Z', '2026-09-08T23:59:59.999Z'],
      ];
      let pages = 0;
      for (const status of [undefined, 'paid']) {
        for (const [min, max] of ranges) {
          const expected = matching(orders, { status, min, max });
          for (const perPage of [7, 100]) {
            for (let page = Math.floor(DAY_COUNTS_FROM_OFFSET / perPage); page <= Math.ceil(expected.length / perPage) + 1; page += perPage === 7 ? 13 : 1) {
              await checkPage(shop.sandbox, expected, { status, min, max }, perPage, page);
              pages += 1;
            }
          }
        }
      }
      assert.ok(pages > 50, `${pages} pages checked`);
    });

    test('created_at bounds that are not real dates or times are 400', async () => {
      const shop = await createTestMerchant(server);
      const bad = [
        'yesterday',
        '1741600000',
        '2026-3-10',
        '2026-03-10T10:00',
        '2026-03-10 10:00:00Z',
        '2026-03-10T10:00:00',
        '2026-13-01',
        '2026-00-10',
        '2026-02-30',
        '2026-02-29',
        '2026-04-31',
        '2026-03-00',
        '2026-03-10T24:00:00Z',
        '2026-03-10T23:60:00Z',
        '2026-03-10T23:59:60Z',
        '2026-03-10T10:00:00+24:00',
        '2026-03-10T10:00:00.1234Z',
      ];
      for (const value of bad) {
        for (const name of ['created_at_min', 'created_at_max']) {
          assertError(await shop.sandbox.get(`/v1/orders?${name}=${encodeURIComponent(value)}`), 400, 'parameter_invalid', name);
        }
      }
      for (const good of ['2028-02-29', '2000-02-29', '2026-12-31T23:59:59.999Z', '2026-03-10T10:00:00.5+05:30']) {
        assertStatus(await shop.sandbox.get(`/v1/orders?created_at_min=${encodeURIComponent(good)}`), 200);
      }
    });

    test('filters combine, and total counts every match across pages', async () => {
      const shop = await createTestMerchant(server);
      const product = await createProduct(shop.sandbox, { price: 500 });
      const ada = await createCustomer(shop.sandbox, { name: 'Ada' });
      const bob = await createCustomer(shop.sandbox, { name: 'Bob' });
      const expected: string[] = [];
      // Three days, two customers, paid or pending; the match is Ada's paid orders of 2026-03-21.
      for (const day of ['2026-03-20', '2026-03-21', '2026-03-22']) {
        for (let i = 0; i < 4; i++) {
          server.clock.set(`${day}T1${i}:00:00.000Z`);
          for (const customer of [ada, bob]) {
            const order = await createOrder(shop.sandbox, [[product, 1]], { customer_id: customer.id });
            if (i % 2 === 0) await capture(shop.sandbox, order.id);
            if (day === '2026-03-21' && customer === ada && i % 2 === 0) expected.unshift(order.id);
          }
        }
      }
      const query = `status=paid&customer_id=${ada.id}&created_at_min=2026-03-21&created_at_max=2026-03-21T23:59:59.999Z`;
      const first = await shop.sandbox.get(`/v1/orders?${query}&per_page=1`);
      assertStatus(first, 200);
      assert.deepEqual(first.body.pagination, { total: 2, page: 1, per_page: 1, has_more: true });
      const second = await shop.sandbox.get(`/v1/orders?${query}&per_page=1&page=2`);
      assert.deepEqual(second.body.pagination, { total: 2, page: 2, per_page: 1, has_more: false });
      assert.deepEqual([...ids(first), ...ids(second)], expected);
      const pendingToo = await shop.sandbox.get(`/v1/orders?${query.replace('status=paid', 'status=paid,pending')}`);
      assert.equal(pendingToo.body.pagination.total, 4);
      const everyone = await shop.sandbox.get('/v1/orders?created_at_min=2026-03-21&created_at_max=2026-03-21&per_page=3');
      assert.deepEqual(everyone.body.pagination, { total: 8, page: 1, per_page: 3, has_more: true });
    });
  });

  test('summaries carry exactly the documented fields', async () => {
    const shop = await createTestMerchant(server, { currency: 'EUR', taxRateBps: 1000 });
    const a = await createProduct(shop.sandbox, { price: 300 });
    const b = await createProduct(shop.sandbox, { price: 50 });
    const customer = await createCustomer(shop.sandbox);
    const order = await createOrder(shop.sandbox, [[a, 2], [b, 1], [a, 1]], { customer_id: customer.id });
    const list = await shop.sandbox.get('/v1/orders');
    assert.deepEqual(list.body.data, [
      { id: order.id, number: 1001, status: 'pending', total: 1045, currency: 'EUR', items_count: 3, customer_id: customer.id, created_at: order.created_at },
    ]);
  });

  test('a production key lists production orders and a sandbox key sandbox orders', async () => {
    const shop: { sandbox: Api; production: Api } = await createTestMerchant(server);
    const sandboxOrder = await createOrder(shop.sandbox, [[await createProduct(shop.sandbox, { price: 1 }), 1]]);
    const liveOrder = await createOrder(shop.production, [[await createProduct(shop.production, { price: 2 }), 1]]);
    assert.deepEqual(ids(await shop.sandbox.get('/v1/orders')), [sandboxOrder.id]);
    assert.deepEqual(ids(await shop.production.get('/v1/orders')), [liveOrder.id]);
  });
});
