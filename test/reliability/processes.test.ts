/**
 * Two `till serve` processes on one database and no balancer: the client alternates between them.
 * Stock is never oversold, refunds never pass the total, a capture is taken once, and one
 * Idempotency-Key does its work once, whichever process each request reaches.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { ledgerProblems } from '../helpers/ledger.js';
import { startSecondProcess, stopProcess, STARTS_PROCESSES } from '../helpers/processes.js';
import { sendRepeated, sendUntilServed, sendUntilSettled } from '../helpers/retrying-client.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { assertError, createOrder, getOrder, paidOrder, tally } from '../orders/support.js';

function assertNoServerErrors(responses: readonly ApiResponse[]): void {
  assert.deepEqual(responses.filter((r) => r.status >= 500).map((r) => `${r.status} ${JSON.stringify(r.body)}`), [], 'server errors');
}

describeEachBackend('two server processes, no balancer', (backend) => {
  let server: TestServer;
  const processes: Array<{ url: string; process: ChildProcess }> = [];
  before(async () => {
    server = await startTestServer(backend);
    processes.push(...(await Promise.all([startSecondProcess(server), startSecondProcess(server)])));
  }, STARTS_PROCESSES);
  after(async () => {
    await Promise.all(processes.map((p) => stopProcess(p.process)));
    await server.close();
  });

  /** The merchant's sandbox key on each process, to alternate between. */
  async function shopOnBoth(taxRateBps = 0) {
    const shop = await createTestMerchant(server, { taxRateBps });
    return { shop, apis: processes.map((p) => new Api(p.url, shop.sandboxKey)) };
  }

  test('200 parallel orders against stock 50: exactly 50 created, 150 out_of_stock, stock 0', async () => {
    const { shop, apis } = await shopOnBoth();
    const product = await createProduct(apis[0]!, { price: 700, inventory: 50 });
    // All 200 queue on one stock row: on a starved machine the last may pass the database deadline and
    // be shed with 503 and Retry-After (taking nothing); each is sent again with its key, as a client does.
    const served = await Promise.all(
      Array.from({ length: 200 }, (_, i) => sendUntilServed(apis, '/v1/orders', { items: [{ product_id: product.id, quantity: 1 }] }, `stock-${product.id}-${i}`, i % 2)),
    );
    const responses = served.map((s) => s.response);
    assertNoServerErrors(responses);
    assert.deepEqual(tally(responses), { '201': 50, '422 out_of_stock': 150 });
    for (const refused of responses.filter((r) => r.status === 422)) assertError(refused, 422, 'out_of_stock', 'items[0].product_id');
    // Both processes sold some, and both see the same empty shelf.
    assert.ok([0, 1].every((process) => served.some((s) => s.response.status === 201 && s.servedBy === process)));
    for (const api of apis) assert.equal((await api.get(`/v1/products/${product.id}`)).body.inventory, 0);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 50]])), []);
  });

  test('parallel refunds of one order across both processes never pass the total', async () => {
    const { shop, apis } = await shopOnBoth(825);
    const product = await createProduct(apis[0]!, { price: 350, inventory: 10 });
    const order = await paidOrder(apis[0]!, [[product, 6]]); // total 2273
    const line = order.items[0].id;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apis[i % 2]!.post(
          `/v1/orders/${order.id}/refund`,
          i % 4 === 3 ? { items: [{ line_item_id: line, quantity: 1 }] } : i % 4 === 2 ? undefined : { amount: 97 },
        ),
      ),
    );
    assertNoServerErrors(responses);
    assert.ok(responses.every((r) => r.status === 200 || ['already_refunded', 'invalid_refund_amount'].includes(r.body.error.code)), JSON.stringify(tally(responses)));
    const accepted = responses.filter((r) => r.status === 200);
    const done = await getOrder(apis[1]!, order.id);
    assert.equal(done.refunded_amount, accepted.reduce((sum, r) => sum + r.body.amount, 0));
    assert.ok(done.refunded_amount <= done.total);
    // A full refund is among the requests, so whichever order they ran in, everything came back.
    assert.equal(done.refunded_amount, done.total);
    assert.equal(done.status, 'refunded');
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 10]])), []);
  });

  test('10 parallel captures of one order across both processes capture it once', async () => {
    const { shop, apis } = await shopOnBoth();
    const product = await createProduct(apis[0]!, { price: 990 });
    const order = await createOrder(apis[0]!, [[product, 2]]);
    const tokens = ['tok_visa', 'tok_mastercard', 'tok_amex'];
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apis[i % 2]!.post(`/v1/orders/${order.id}/capture`, { payment_token: tokens[i % 3] })),
    );
    assertNoServerErrors(responses);
    assert.deepEqual(tally(responses), { '200': 1, '422 order_not_capturable': 9 });
    const winner = responses.find((r) => r.status === 200)!.body;
    assert.deepEqual((await getOrder(apis[1]!, order.id)).payment, winner.payment);
    // The processor was asked once: one order.paid event, one payment on the order.
    const paid = await server.db.kysely.selectFrom('events').select('id').where('merchant_id', '=', shop.merchantId).where('type', '=', 'order.paid').execute();
    assert.equal(paid.length, 1);
  });

  test('one Idempotency-Key sent to both processes (in turn and at once) does its work once', async () => {
    const { shop, apis } = await shopOnBoth();
    const product = await createProduct(apis[0]!, { price: 250, inventory: 30 });
    const created = await sendRepeated(apis, '/v1/orders', { items: [{ product_id: product.id, quantity: 3 }] }, 'order-both', 'parallel');
    assert.equal(created.status, 201);
    for (let i = 0; i < 2; i++) {
      const again = await sendUntilSettled(apis, '/v1/orders', { items: [{ product_id: product.id, quantity: 3 }] }, 'order-both', i);
      assert.equal(again.headers.get('idempotent-replayed'), 'true', 'the key was already used');
      assert.deepEqual(again.body, created.body);
    }
    // Six requests at once with one key, three to each process: one capture, one refund.
    const settle = async (path: string, body: unknown, key: string) => {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => sendUntilSettled(apis, path, body, key, i)));
      assert.equal(answers.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1, `${path}: one request did the work`);
      for (const answer of answers) assert.deepEqual([answer.status, answer.body], [answers[0]!.status, answers[0]!.body]);
      return answers[0]!;
    };
    const captured = await settle(`/v1/orders/${created.body.id}/capture`, { payment_token: 'tok_visa' }, 'capture-both');
    assert.equal(captured.status, 200);
    assert.equal(captured.body.payment.card_last4, '4242');
    const refunded = await settle(`/v1/orders/${created.body.id}/refund`, { amount: 300 }, 'refund-both');
    assert.equal(refunded.status, 200);
    const order = await getOrder(apis[1]!, created.body.id);
    assert.equal(order.refunded_amount, 300);
    assert.equal(order.refunds.length, 1);
    assert.equal((await apis[0]!.get(`/v1/products/${product.id}`)).body.inventory, 27);
    assert.deepEqual(await ledgerProblems(server.db.kysely, shop.merchantId, new Map([[product.id, 30]])), []);
  });
});
