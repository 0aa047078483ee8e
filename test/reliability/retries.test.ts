/**
 * A client that sends every POST more than once with one Idempotency-Key (twice, three times, or
 * three at once): each creation, capture, cancel and refund happens once, every repeat replays the
 * first answer, and stock, refunds and events add up exactly.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { ledgerProblems, readLedger } from '../helpers/ledger.js';
import { sendRepeated, type RetryMode } from '../helpers/retrying-client.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertStatus } from '../orders/support.js';

const MODES: readonly RetryMode[] = [2, 3, 'parallel'];

describeEachBackend('retries with one Idempotency-Key', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('every POST sent 2, 3 or 3-at-once times does its work once; stock, refunds and events add up', async () => {
    const shop = await createTestMerchant(server, { taxRateBps: 825 });
    const apis = [shop.sandbox];
    let n = 0;
    const send = async (path: string, body: unknown, status: number) => {
      n++;
      const response = await sendRepeated(apis, path, body, `key-${n}`, MODES[n % MODES.length]!);
      assertStatus(response, status);
      return response.body;
    };

    const initialStock = new Map<string, number>();
    const products = [];
    for (const [i, inventory] of [40, 25, 60].entries()) {
      const product = await send('/v1/products', { name: `P${i}`, price: 150 + 100 * i, inventory }, 201);
      initialStock.set(product.id, inventory);
      products.push(product);
    }
    const customers = [];
    for (let i = 0; i < 3; i++) customers.push(await send('/v1/customers', { name: `C${i}`, email: `c${i}@example.com` }, 201));

    // 18 orders of one to three lines, a third with a customer.
    const orders = [];
    for (let i = 0; i < 18; i++) {
      const lines = products.slice(0, 1 + (i % 3)).map((p, j) => ({ product_id: p.id, quantity: 1 + ((i + j) % 3) }));
      orders.push(await send('/v1/orders', { items: lines, ...(i % 3 === 0 ? { customer_id: customers[i % 3]!.id } : {}) }, 201));
    }
    // Three canceled, the rest captured; of those, refunds by amount, by items, and in full.
    const canceled = orders.slice(0, 3);
    for (const order of canceled) assert.equal((await send(`/v1/orders/${order.id}/cancel`, undefined, 200)).status, 'canceled');
    const paid = orders.slice(3);
    for (const order of paid) assert.equal((await send(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }, 200)).status, 'paid');
    const refundAnswers = [];
    for (const [i, order] of paid.entries()) {
      if (i % 4 === 0) refundAnswers.push(await send(`/v1/orders/${order.id}/refund`, { amount: 101 }, 200));
      if (i % 4 === 1) refundAnswers.push(await send(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: order.items[0].id, quantity: 1 }] }, 200));
      if (i % 4 === 2) refundAnswers.push(await send(`/v1/orders/${order.id}/refund`, undefined, 200));
      if (i % 4 === 3) {
        refundAnswers.push(await send(`/v1/orders/${order.id}/refund`, { amount: 50, reason: 'other' }, 200));
        refundAnswers.push(await send(`/v1/orders/${order.id}/refund`, { amount: 70 }, 200));
      }
    }

    const ledger = await readLedger(server.db.kysely, shop.merchantId);
    assert.equal(ledger.products.length, 3);
    assert.equal((await server.db.kysely.selectFrom('customers').select('id').where('merchant_id', '=', shop.merchantId).execute()).length, 3);
    assert.deepEqual(ledger.orders.map((o) => o.id).sort(), orders.map((o) => o.id).sort());
    assert.deepEqual(ledger.refunds.map((r) => r.id).sort(), refundAnswers.map((r) => r.id).sort());

    // Stock expected from the answers alone: units of non-canceled orders, less the units refunded by items.
    for (const product of products) {
      let expected = initialStock.get(product.id)!;
      for (const order of paid) for (const item of order.items) if (item.product_id === product.id) expected -= item.quantity;
      for (const refund of refundAnswers) {
        for (const item of refund.items ?? []) {
          const line = paid.flatMap((o) => o.items).find((l: any) => l.id === item.line_item_id);
          if (line.product_id === product.id) expected += item.quantity;
        }
      }
      assert.equal(Number(ledger.products.find((p) => p.id === product.id)!.inventory), expected, `stock of ${product.id}`);
    }
    for (const order of paid) {
      const stored = ledger.orders.find((o) => o.id === order.id)!;
      const refunded: number = refundAnswers.filter((r) => r.order_id === order.id).reduce((sum, r) => sum + r.amount, 0);
      assert.equal(Number(stored.refunded_amount), refunded, `refunded amount of ${order.id}`);
    }
    const eventsOf = (type: string) => ledger.events.filter((e) => e.type === type).length;
    assert.equal(eventsOf('order.created'), 18);
    assert.equal(eventsOf('order.canceled'), 3);
    assert.equal(eventsOf('order.paid'), 15);
    assert.equal(eventsOf('refund.created'), refundAnswers.length);
    assert.equal(eventsOf('order.refunded'), refundAnswers.length);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, initialStock), []);
  });

  test('two keys with one body make two orders; a key belongs to one environment', async () => {
    const shop = await createTestMerchant(server);
    const product = (await shop.sandbox.post('/v1/products', { name: 'P', price: 100, inventory: 10 })).body;
    const body = { items: [{ product_id: product.id, quantity: 2 }] };
    const a = await sendRepeated([shop.sandbox], '/v1/orders', body, 'same-body-a', 'parallel');
    const b = await sendRepeated([shop.sandbox], '/v1/orders', body, 'same-body-b', 'parallel');
    assert.notEqual(a.body.id, b.body.id);
    assert.equal((await shop.sandbox.get(`/v1/products/${product.id}`)).body.inventory, 6);
    // The same key in the other environment is another key.
    const production = (await shop.production.post('/v1/products', { name: 'P', price: 100, inventory: 10 })).body;
    const other = await shop.production.post('/v1/orders', { items: [{ product_id: production.id, quantity: 2 }] }, { 'idempotency-key': 'same-body-a' });
    assertStatus(other, 201);
    assert.equal(other.headers.get('idempotent-replayed'), null);
  });
});
