/**
 * Card payments through Stripe: the real `stripe` client against a local server speaking Stripe's
 * documented API (test/helpers/stripe-server.ts), on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { startStripeServer, type StripeTestServer } from '../helpers/stripe-server.js';
import { assertError, assertStatus, createOrder, getOrder } from '../orders/support.js';

describeEachBackend('card payments through Stripe', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend, { PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_tillTestKey', STRIPE_API_BASE: stripe.url });
    shop = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
    await stripe?.close();
  });

  async function cardOrder(price: number, quantity = 1): Promise<any> {
    const product = await createProduct(shop.production, { price, inventory: 100 });
    return createOrder(shop.production, [[product, quantity]]);
  }

  test('a capture makes the order\'s PaymentIntent for the total (keyed by the order), confirms it with the card, and stores its id, the last four digits and the brand', async () => {
    const order = await cardOrder(1250, 2);
    const captured = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(captured, 200);
    const [create] = stripe.callsTo('POST', '/v1/payment_intents').filter((c) => c.params['metadata[till_order_id]'] === order.id);
    assert.ok(create, 'Stripe was called');
    assert.equal(create.params.amount, String(order.total));
    assert.equal(create.params.currency, order.currency.toLowerCase());
    assert.equal(create.params.confirm, undefined, 'made first, confirmed by the attempt');
    assert.equal(create.idempotencyKey, `till_pi_${order.id}`);
    const [confirm] = stripe.callsTo('POST', `/v1/payment_intents/${captured.body.payment.processor_payment_id}/confirm`);
    assert.ok(confirm, 'the PaymentIntent was confirmed');
    assert.equal(confirm.params.payment_method, 'pm_card_visa');
    assert.equal(confirm.idempotencyKey, `till_capture_${order.id}_1`);
    const intent = stripe.paymentIntents.get(captured.body.payment.processor_payment_id);
    assert.equal(intent?.status, 'succeeded');
    assert.equal(captured.body.status, 'paid');
    assert.deepEqual({ ...captured.body.payment, paid_at: undefined }, {
      method: 'card',
      processor: 'stripe',
      processor_payment_id: intent!.id,
      card_brand: 'visa',
      card_last4: '4242',
      cash_amount: 0,
      card_amount: order.total,
      cash_given: null,
      change_due: null,
      cash_drawer_id: null,
      paid_at: undefined,
    });
    assert.deepEqual((await getOrder(shop.production, order.id)).payment, captured.body.payment);
  });

  test('a decline is 402 card_declined naming the decline code; the order stays pending and a new card can pay it', async () => {
    const order = await cardOrder(900);
    const declined = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_chargeDeclinedInsufficientFunds' });
    assertError(declined, 402, 'card_declined', null);
    assert.match(declined.body.error.message, /insufficient_funds/);
    const after = await getOrder(shop.production, order.id);
    assert.equal(after.status, 'pending');
    assert.equal(after.payment, null);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_mastercard' });
    assertStatus(paid, 200);
    assert.equal(paid.body.payment.card_brand, 'mastercard');
    const [intent, ...others] = stripe.intentsFor(order.id);
    assert.equal(others.length, 0, 'one PaymentIntent for the order');
    const keys = stripe.callsTo('POST', `/v1/payment_intents/${intent!.id}/confirm`).map((c) => c.idempotencyKey);
    assert.deepEqual(keys, [`till_capture_${order.id}_1`, `till_capture_${order.id}_2`], 'a new attempt, a new key, the same PaymentIntent');
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('3-D Secure: 402 authentication_required with the PaymentIntent and its client secret; capturing with the finished PaymentIntent pays the order', async () => {
    const order = await cardOrder(3000);
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired' });
    assertError(challenged, 402, 'authentication_required', null);
    const { id, client_secret } = challenged.body.error.payment_intent;
    assert.equal(stripe.paymentIntents.get(id)?.client_secret, client_secret);
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
    // The app finishes the authentication with Stripe's SDK; Stripe marks the PaymentIntent succeeded.
    stripe.paymentIntents.get(id)!.status = 'succeeded';
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: id });
    assertStatus(paid, 200);
    assert.equal(paid.body.payment.processor_payment_id, id);
  });

  test("3-D Secure: the 402's client secret is not kept with its Idempotency-Key; a retry with the key gets the same challenge", async () => {
    const order = await cardOrder(3100);
    const headers = { 'Idempotency-Key': `challenge-${order.id}` };
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired' }, headers);
    assertError(challenged, 402, 'authentication_required', null);
    const { id, client_secret } = challenged.body.error.payment_intent;
    const kept = await server.db.kysely.selectFrom('idempotency_keys').selectAll().where('merchant_id', '=', shop.merchantId).where('key', '=', headers['Idempotency-Key']).execute();
    assert.ok(!JSON.stringify(kept).includes(client_secret), 'no idempotency row holds the client secret');
    const again = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired' }, headers);
    assertError(again, 402, 'authentication_required', null);
    assert.equal(again.headers.get('idempotent-replayed'), null);
    assert.equal(again.body.error.payment_intent.id, id, "the order's one PaymentIntent, challenged again");
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
  });

  test('a capture retried with the same Idempotency-Key reaches Stripe once', async () => {
    const order = await cardOrder(700);
    const headers = { 'Idempotency-Key': `capture-${order.id}` };
    const first = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }, headers);
    const again = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }, headers);
    assertStatus(first, 200);
    assertStatus(again, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(stripe.calls.filter((c) => c.params['metadata[till_order_id]'] === order.id).length, 1);
  });

  test('a partial refund sends exactly that amount to Stripe, keyed by the refund id, and stores the Stripe refund id', async () => {
    const order = await cardOrder(2000);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    const refunded = await shop.production.post(`/v1/orders/${order.id}/refund`, { amount: 750 });
    assertStatus(refunded, 200);
    const calls = stripe.callsTo('POST', '/v1/refunds').filter((c) => c.params.payment_intent === paid.body.payment.processor_payment_id);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.params.amount, '750');
    assert.equal(calls[0]!.idempotencyKey, `till_refund_${refunded.body.id}`);
    const stripeRefund = stripe.refunds.find((r) => r.payment_intent === paid.body.payment.processor_payment_id);
    assert.equal(stripeRefund?.amount, 750);
    assert.equal(refunded.body.processor_refund_id, stripeRefund?.id);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'partially_refunded');
    assert.equal(shown.refunded_amount, 750);
  });

  test('Stripe failing with 500 during a refund is 502 processor_error and refunds nothing; the next refund goes through', async () => {
    const order = await cardOrder(1000);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    stripe.failNext('/v1/refunds', 5);
    const failed = await shop.production.post(`/v1/orders/${order.id}/refund`, { amount: 400 });
    assertError(failed, 502, 'processor_error', null);
    stripe.failNext('/v1/refunds', 0);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'paid');
    assert.equal(shown.refunded_amount, 0);
    assert.deepEqual(shown.refunds, []);
    assert.equal(stripe.refunds.filter((r) => r.payment_intent === paid.body.payment.processor_payment_id).length, 0);
    const retried = await shop.production.post(`/v1/orders/${order.id}/refund`, { amount: 400 });
    assertStatus(retried, 200);
    assert.equal((await getOrder(shop.production, order.id)).refunded_amount, 400);
  });

  test('Stripe answering 500 to a capture, its PaymentIntent showing no payment, is 502 processor_error; the order stays pending and the next attempt charges it once', async () => {
    const order = await cardOrder(1500);
    stripe.fault = (call) => (call.path.endsWith('/confirm') ? { fail: 'error_500' } : undefined);
    try {
      assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }), 502, 'processor_error', null);
    } finally {
      stripe.fault = undefined;
    }
    const after = await getOrder(shop.production, order.id);
    assert.equal(after.status, 'pending');
    assert.equal(after.payment, null);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    assert.equal(stripe.intentsFor(order.id).length, 1);
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('two captures of one order racing (Stripe slow to answer) make one PaymentIntent; one is paid, the other 422', async () => {
    const order = await cardOrder(2500);
    stripe.beforeAnswer = async (call) => {
      if (call.params['metadata[till_order_id]'] === order.id) await new Promise((resolve) => setTimeout(resolve, 300));
    };
    try {
      const answers = await Promise.all([
        shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }),
        shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_mastercard' }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [200, 422], JSON.stringify(answers.map((a) => a.body)));
      assertError(answers.find((a) => a.status === 422)!, 422, 'order_not_capturable', null);
    } finally {
      stripe.beforeAnswer = undefined;
    }
    const intents = [...stripe.paymentIntents.values()].filter((pi) => pi.metadata.till_order_id === order.id);
    assert.equal(intents.length, 1, 'one PaymentIntent');
    assert.equal((await getOrder(shop.production, order.id)).payment.processor_payment_id, intents[0]!.id);
  });

  test('a capture call left pending by a version before one PaymentIntent per order is sent again as it was first sent, and pays the order once', async () => {
    const order = await cardOrder(1600);
    const now = new Date().toISOString();
    await server.db.kysely
      .insertInto('processor_calls')
      .values({
        merchant_id: shop.merchantId,
        environment: 'production',
        id: `pc_legacy${order.id.slice(4)}`,
        order_id: order.id,
        kind: 'capture',
        processor: 'stripe',
        idempotency_key: `till_capture_${order.id}_1`,
        request: JSON.stringify({ amount: order.total, currency: order.currency, paymentToken: 'pm_card_visa' }),
        status: 'pending',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    assert.equal(paid.body.status, 'paid');
    const [intent, ...others] = stripe.intentsFor(order.id);
    assert.equal(others.length, 0, 'one PaymentIntent');
    assert.equal(paid.body.payment.processor_payment_id, intent!.id);
    const [create] = stripe.callsTo('POST', '/v1/payment_intents').filter((c) => c.params['metadata[till_order_id]'] === order.id);
    assert.equal(create!.idempotencyKey, `till_capture_${order.id}_1`, "the pending call's own key");
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('the sandbox keeps the simulator and its test tokens', async () => {
    const product = await createProduct(shop.sandbox, { price: 500, inventory: 5 });
    const order = await createOrder(shop.sandbox, [[product, 1]]);
    const paid = await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' });
    assertStatus(paid, 200);
    assert.equal(paid.body.payment.processor, 'simulator');
    assert.equal(stripe.calls.some((c) => c.params['metadata[till_order_id]'] === order.id), false);
  });
});

describeEachBackend('sandbox captures through Stripe test mode (STRIPE_SANDBOX_SECRET_KEY)', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend, { STRIPE_SANDBOX_SECRET_KEY: 'sk_test_tillSandbox', STRIPE_API_BASE: stripe.url });
    shop = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
    await stripe?.close();
  });

  test('sandbox card captures go to Stripe with the test key; production still has no processor (503)', async () => {
    const product = await createProduct(shop.sandbox, { price: 800, inventory: 5 });
    const order = await createOrder(shop.sandbox, [[product, 1]]);
    const paid = await shop.sandbox.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    assert.equal(paid.body.payment.processor, 'stripe');
    assert.match(paid.body.payment.processor_payment_id, /^pi_/);
    assert.equal(stripe.paymentIntents.get(paid.body.payment.processor_payment_id)?.metadata.till_order_id, order.id);

    const liveProduct = await createProduct(shop.production, { price: 800, inventory: 5 });
    const live = await createOrder(shop.production, [[liveProduct, 1]]);
    assertError(await shop.production.post(`/v1/orders/${live.id}/capture`, { payment_token: 'pm_card_visa' }), 503, 'processor_unavailable', null);
  });
});
