/**
 * A `till serve` process killed (SIGKILL) after Stripe has charged the card but before Till has
 * committed the capture: the local Stripe server carries out the call, then holds its answer while
 * the test kills Till. Started again, Till settles the pending call by sending it again with the
 * same idempotency key; Stripe replays its first answer, and the order ends paid once, with one
 * PaymentIntent. The same for a refund.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { startStripeServer, type StripeTestServer } from '../helpers/stripe-server.js';
import { tillServe, type Serving } from '../http/serve-process.js';
import { assertError, assertStatus, createOrder, getOrder } from '../orders/support.js';
import { until as waitUntil } from '../helpers/wait.js';

describeEachBackend('Stripe calls across a crash of Till', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;
  let serving: Serving | undefined;

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend);
    shop = await createTestMerchant(server);
  });
  after(async () => {
    if (serving !== undefined && serving.child.exitCode === null && serving.child.signalCode === null) {
      serving.child.kill('SIGKILL');
      await serving.exited;
    }
    await server?.close();
    await stripe?.close();
  });

  const env = () => ({ PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_tillCrashTest', STRIPE_API_BASE: stripe.url });

  /** Till is killed once Stripe has done the call matching `matches`, before Till hears the answer. */
  function killTillOn(matches: (call: { path: string; params: Record<string, string> }) => boolean): void {
    stripe.beforeAnswer = async (call) => {
      if (!matches(call) || serving === undefined) return;
      stripe.beforeAnswer = undefined;
      const exited = once(serving.child, 'exit');
      serving.child.kill('SIGKILL');
      await exited;
    };
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value: T | undefined;
    await waitUntil(what, async () => done((value = await read())));
    return value!;
  }

  // `till serve` started, killed and started again: 30 s on an idle 2-core machine, more than the
  // suite's 60 s per test under load.
  test('SIGKILL between Stripe charging and Till committing: after restart the order is paid once, with one PaymentIntent', { timeout: 240_000 }, async () => {
    const product = await createProduct(shop.production, { price: 4200, inventory: 10 });
    const order = await createOrder(shop.production, [[product, 1]]);

    serving = await tillServe(server, env());
    const api = new Api(serving.url.origin, shop.productionKey);
    const confirmsOf = (path: string) => /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(path) && stripe.intentsFor(order.id).some((pi) => path.includes(pi.id));
    killTillOn((call) => confirmsOf(call.path));
    await assert.rejects(api.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }), 'the connection dies with Till');
    assert.equal(await serving.exited, null, 'killed by the signal');
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending', 'Stripe charged, Till has not recorded it yet');

    serving = await tillServe(server, env());
    const restarted = new Api(serving.url.origin, shop.productionKey);
    const paid = await until('the order to be paid', () => getOrder(restarted, order.id), (o) => o.status === 'paid');

    const intents = stripe.intentsFor(order.id);
    assert.equal(intents.length, 1, 'one PaymentIntent');
    assert.equal(stripe.capturedFor(order.id), 4200);
    assert.equal(paid.payment.processor_payment_id, intents[0]!.id);
    assert.equal(paid.payment.card_last4, '4242');
    const confirms = stripe.calls.filter((c) => c.method === 'POST' && confirmsOf(c.path));
    assert.deepEqual(
      confirms.map((c) => [c.idempotencyKey, c.replayed]),
      [
        [`till_capture_${order.id}_1`, false],
        [`till_capture_${order.id}_1`, true],
      ],
      'the same call sent again, answered by replay',
    );
    assertError(await restarted.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }), 422, 'order_not_capturable', null);
    const events = await restarted.get(`/v1/events?type=order.paid&per_page=100`);
    assertStatus(events, 200);
    assert.equal(events.body.data.filter((e: any) => e.data.object.id === order.id).length, 1, 'order.paid once');

    // A refund across the same kind of crash: refunded once, for the amount asked.
    killTillOn((call) => call.path === '/v1/refunds' && call.params.payment_intent === intents[0]!.id);
    await assert.rejects(restarted.post(`/v1/orders/${order.id}/refund`, { amount: 1000 }));
    await serving.exited;
    serving = await tillServe(server, env());
    const third = new Api(serving.url.origin, shop.productionKey);
    const refunded = await until('the refund to be recorded', () => getOrder(third, order.id), (o) => o.refunded_amount > 0);
    assert.equal(refunded.refunded_amount, 1000);
    assert.equal(refunded.refunds.length, 1);
    assert.equal(stripe.refunds.filter((r) => r.payment_intent === intents[0]!.id).length, 1, 'one Stripe refund');
    assert.equal(refunded.refunds[0].processor_refund_id, stripe.refunds.find((r) => r.payment_intent === intents[0]!.id)!.id);
  });
});
