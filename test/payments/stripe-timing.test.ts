/**
 * Card payments through Stripe when the timing goes wrong: a slow Stripe and captures sent at once,
 * an error then a dropped connection, a 3-D Secure challenge abandoned and finished later. The real
 * `stripe` client against the local server speaking Stripe's documented API (its 409 for a key in
 * flight included), on both databases; Stripe's own record of the money is the judge.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { startStripeServer, type StripeCall, type StripeTestServer } from '../helpers/stripe-server.js';
import { until } from '../helpers/wait.js';
import { tillServe, type Serving } from '../http/serve-process.js';
import { assertError, assertStatus, createOrder, getOrder } from '../orders/support.js';

/** A call to Stripe that can move money: a PaymentIntent confirmed (or made confirmed), a refund. */
function movesMoney(call: StripeCall): boolean {
  if (call.method !== 'POST') return false;
  return (call.path === '/v1/payment_intents' && call.params.confirm === 'true') || call.path.endsWith('/confirm') || call.path === '/v1/refunds';
}

describeEachBackend('card payments through Stripe, whatever the timing', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;
  /** A second server process on the same database: another till in the shop. */
  let other: Serving;
  let otherApi: Api;

  before(async () => {
    stripe = await startStripeServer();
    const env = { PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_tillTimingTest', STRIPE_API_BASE: stripe.url };
    server = await startTestServer(backend, env);
    shop = await createTestMerchant(server);
    other = await tillServe(server, env);
    otherApi = new Api(other.url.origin, shop.productionKey);
  });
  after(async () => {
    stripe.beforeAnswer = undefined;
    if (other !== undefined && other.child.exitCode === null) {
      other.child.kill('SIGTERM');
      await other.exited;
    }
    await server?.close();
    await stripe?.close();
  });

  /** Stripe's confirmations of the order's PaymentIntent received so far (in flight and answered). */
  function confirmationsOf(orderId: string): StripeCall[] {
    const paths = new Set(stripe.intentsFor(orderId).map((pi) => `/v1/payment_intents/${pi.id}/confirm`));
    return stripe.calls.filter((c) => c.method === 'POST' && paths.has(c.path));
  }

  /** Holds Stripe's answers to confirmations until `release` is called. */
  function holdConfirmations(): { release: () => void } {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    stripe.beforeAnswer = async (call) => {
      if (call.path.endsWith('/confirm')) await released;
    };
    return { release };
  }

  async function cardOrder(price: number): Promise<any> {
    const product = await createProduct(shop.production, { price, inventory: 100 });
    return createOrder(shop.production, [[product, 1]]);
  }

  const captureOf = (orderId: string, token: string) => shop.production.post(`/v1/orders/${orderId}/capture`, { payment_token: token });

  test('five captures of one order sent at once, Stripe taking 800 ms a call: each is 200 paid or 409 capture_in_progress, never 502; Stripe took the total once', async () => {
    const order = await cardOrder(2500);
    stripe.fault = () => ({ delayMs: 800 });
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: 5 }, () => captureOf(order.id, 'pm_card_visa')));
    } finally {
      stripe.fault = undefined;
    }
    const shown = answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('\n');
    for (const answer of answers) {
      const paid = answer.status === 200 && answer.body.status === 'paid';
      const inProgress = answer.status === 409 && answer.body.error?.code === 'capture_in_progress';
      assert.ok(paid || inProgress, shown);
    }
    assert.ok(answers.some((a) => a.status === 200), shown);
    const after = await getOrder(shop.production, order.id);
    assert.equal(after.status, 'paid');
    for (const answer of answers.filter((a) => a.status === 200)) assert.deepEqual(answer.body.payment, after.payment);
    assert.equal(stripe.capturedFor(order.id), order.total, 'Stripe took the total once');

    assertError(await captureOf(order.id, 'pm_card_visa'), 422, 'order_not_capturable', null);
    assert.equal(stripe.capturedFor(order.id), order.total, 'and still once after the cashier captures again');
  });

  test('Stripe answers 500, then drops the connection after charging: 503 processor_unavailable (may or may not), not 502; the retry answers 200 paid, charged once', async () => {
    const order = await cardOrder(1800);
    let calls = 0;
    stripe.fault = (call) => (movesMoney(call) ? (calls++ === 0 ? { fail: 'error_500' } : { fail: 'drop_after' }) : undefined);
    let unknown;
    try {
      unknown = await captureOf(order.id, 'pm_card_visa');
    } finally {
      stripe.fault = undefined;
    }
    assertError(unknown, 503, 'processor_unavailable', null);
    assert.match(unknown.body.error.message, /may or may not/);
    assert.match(unknown.body.error.message, /safe/);
    assert.ok(Number(unknown.headers.get('retry-after')) >= 1, 'Retry-After');
    assert.equal(stripe.capturedFor(order.id), order.total, 'Stripe did charge, the answer was lost');
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');

    const retried = await captureOf(order.id, 'pm_card_visa');
    assertStatus(retried, 200);
    assert.equal(retried.body.status, 'paid');
    assert.deepEqual(retried.body.payment, (await getOrder(shop.production, order.id)).payment);
    assert.equal(stripe.capturedFor(order.id), order.total, 'charged once');
    assert.equal(stripe.intentsFor(order.id).filter((pi) => pi.status === 'succeeded').length, 1);
  });

  test('a 3-D Secure challenge abandoned, then another card: the order is paid once, and finishing the old challenge later takes nothing', async () => {
    const order = await cardOrder(3100);
    const challenged = await captureOf(order.id, 'pm_card_authenticationRequired');
    assertError(challenged, 402, 'authentication_required', null);
    const abandoned = challenged.body.error.payment_intent.id as string;

    const paid = await captureOf(order.id, 'pm_card_mastercard');
    assertStatus(paid, 200);
    assert.equal(paid.body.payment.card_brand, 'mastercard');

    // The customer comes back to the first challenge and finishes it.
    assert.equal(stripe.finishChallenge(abandoned), false, 'the abandoned challenge can no longer take money');
    assert.notEqual(stripe.paymentIntents.get(abandoned)?.status, 'requires_action');
    assert.equal(stripe.capturedFor(order.id), order.total, 'charged once');
    assert.equal((await getOrder(shop.production, order.id)).status, 'paid');
  });

  test('an order canceled after an abandoned 3-D Secure challenge: its PaymentIntent is canceled, and finishing the challenge later takes nothing', async () => {
    const order = await cardOrder(1300);
    const challenged = await captureOf(order.id, 'pm_card_authenticationRequired');
    assertError(challenged, 402, 'authentication_required', null);
    const abandoned = challenged.body.error.payment_intent.id as string;
    const canceled = await shop.production.post(`/v1/orders/${order.id}/cancel`);
    assertStatus(canceled, 200);
    assert.equal(canceled.body.status, 'canceled');
    assert.equal(stripe.paymentIntents.get(abandoned)?.status, 'canceled');
    assert.equal(stripe.finishChallenge(abandoned), false, 'the challenge can no longer take money');
    assert.equal(stripe.capturedFor(order.id), 0);
  });

  test('a cancel that finds the customer finished the challenge first records the payment and answers 422: the order is paid, not canceled', async () => {
    const order = await cardOrder(1400);
    const challenged = await captureOf(order.id, 'pm_card_authenticationRequired');
    const intent = challenged.body.error.payment_intent.id as string;
    assert.equal(stripe.finishChallenge(intent), true);
    assertError(await shop.production.post(`/v1/orders/${order.id}/cancel`), 422, 'order_not_cancelable', null);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'paid');
    assert.equal(shown.payment.processor_payment_id, intent);
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('a refund whose answer is lost is 503 (may or may not); the same refund sent again answers that refund, and Stripe refunded once', async () => {
    const order = await cardOrder(2000);
    assertStatus(await captureOf(order.id, 'pm_card_visa'), 200);
    stripe.fault = (call) => (movesMoney(call) ? { fail: 'drop_after' } : undefined);
    let unknown;
    try {
      unknown = await shop.production.post(`/v1/orders/${order.id}/refund`, { amount: 700 });
    } finally {
      stripe.fault = undefined;
    }
    assertError(unknown, 503, 'processor_unavailable', null);
    assert.match(unknown.body.error.message, /may or may not/);
    assert.equal(stripe.refundedFor(order.id), 700, 'Stripe refunded, the answer was lost');

    const retried = await shop.production.post(`/v1/orders/${order.id}/refund`, { amount: 700 });
    assertStatus(retried, 200);
    assert.equal(retried.body.amount, 700);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.refunded_amount, 700);
    assert.deepEqual(shown.refunds.map((r: any) => r.id), [retried.body.id]);
    assert.equal(stripe.refundedFor(order.id), 700, 'refunded once');
  });

  test('a capture that finds another process\'s charge in flight at Stripe (409) waits for it and answers 200 paid; Stripe took the total once', async () => {
    const order = await cardOrder(2700);
    const hold = holdConfirmations();
    let first;
    let second;
    try {
      first = otherApi.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
      await until('the first process has sent its confirmation', () => confirmationsOf(order.id).length === 1);
      second = captureOf(order.id, 'pm_card_visa');
      await until('the second process has sent the same call, answered 409 in flight', () => confirmationsOf(order.id).some((c) => c.status === 409));
    } finally {
      stripe.beforeAnswer = undefined;
      hold.release();
    }
    const answers = await Promise.all([first, second]);
    for (const answer of answers) {
      assertStatus(answer!, 200);
      assert.equal(answer!.body.status, 'paid');
    }
    assert.deepEqual(answers[1]!.body.payment, (await getOrder(shop.production, order.id)).payment);
    assert.deepEqual(new Set(confirmationsOf(order.id).map((c) => c.idempotencyKey)), new Set([`till_capture_${order.id}_1`]), 'no second attempt');
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('a charge in flight past the wait: 409 capture_in_progress with Retry-After, the call left pending (not failed); once Stripe answers the order is paid once', async () => {
    const order = await cardOrder(2900);
    const hold = holdConfirmations();
    let first;
    let second;
    try {
      first = otherApi.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
      await until('the first process has sent its confirmation', () => confirmationsOf(order.id).length === 1);
      // Stripe answers only once the second capture has answered: it waited its bound, then gave up.
      second = await captureOf(order.id, 'pm_card_visa');
    } finally {
      stripe.beforeAnswer = undefined;
      hold.release();
    }
    assertError(second, 409, 'capture_in_progress', null);
    assert.ok(Number(second.headers.get('retry-after')) >= 1, 'Retry-After');
    const firstAnswer = (await first)!;
    assertStatus(firstAnswer, 200);
    assert.ok(confirmationsOf(order.id).some((c) => c.status === 409), 'the second capture met the first in flight');
    assert.deepEqual(new Set(confirmationsOf(order.id).map((c) => c.idempotencyKey)), new Set([`till_capture_${order.id}_1`]), 'no second attempt');
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'paid');
    assert.equal(stripe.capturedFor(order.id), order.total);
  });
});
