/**
 * Tips through Stripe: the order's PaymentIntent is made for the total before the tip, and each capture
 * attempt with a tip sets its amount (total plus tip) before confirming it, so Stripe takes exactly
 * what the order shows; a capture call left pending keeps the tip it was sent with. Both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { startStripeServer, type StripeTestServer } from '../helpers/stripe-server.js';
import { assertError, assertStatus, createOrder, getOrder } from '../orders/support.js';

describeEachBackend('tips through Stripe', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend, { PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_tillTestKey', STRIPE_API_BASE: stripe.url });
    shop = await createTestMerchant(server, { taxRateBps: 825 });
  });
  after(async () => {
    await server?.close();
    await stripe?.close();
  });

  async function cardOrder(price: number): Promise<any> {
    const product = await createProduct(shop.production, { price, inventory: 100 });
    return createOrder(shop.production, [[product, 1]]);
  }

  test('Stripe is charged the total with the tip: the PaymentIntent\'s amount is set before it is confirmed', async () => {
    const order = await cardOrder(2000); // 2165
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { percentage_bps: 1800 } }); // 389.7 -> 390
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.tax, paid.body.tip, paid.body.total], [order.tax, 390, 2555]);
    const intentId = paid.body.payment.processor_payment_id;
    const [update] = stripe.callsTo('POST', `/v1/payment_intents/${intentId}`).filter((c) => c.path === `/v1/payment_intents/${intentId}`);
    assert.equal(update?.params.amount, '2555');
    assert.equal(update?.idempotencyKey, `till_capture_${order.id}_1_amount`);
    assert.equal(stripe.capturedFor(order.id), 2555, 'Stripe took the total with the tip');
    assert.deepEqual(await getOrder(shop.production, order.id), paid.body);
  });

  test('without a tip nothing changes: no update of the PaymentIntent, the total is charged', async () => {
    const order = await cardOrder(1000);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    const intentId = paid.body.payment.processor_payment_id;
    assert.equal(stripe.calls.filter((c) => c.path === `/v1/payment_intents/${intentId}`).length, 0);
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('a declined attempt with a tip, then one without: Stripe takes the total only', async () => {
    const order = await cardOrder(900);
    const declined = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_chargeDeclined', tip: { amount: 100 } });
    assertError(declined, 402, 'card_declined', null);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.tip, paid.body.total], [0, order.total]);
    assert.equal(stripe.capturedFor(order.id), order.total);
  });

  test('a capture whose answer was lost stays pending; when it settles, the order gets the tip it was sent with', async () => {
    const order = await cardOrder(1500); // 1624
    stripe.fault = (call) => (call.path.endsWith('/confirm') ? { fail: 'drop_after' } : undefined);
    try {
      assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { amount: 250 } }), 503, 'processor_unavailable', null);
    } finally {
      stripe.fault = undefined;
    }
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
    assert.equal(stripe.capturedFor(order.id), 1874, 'Stripe took the total with the tip');
    // Another capture, with another tip: it settles the pending call first, which paid the order with its own tip.
    const other = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { amount: 10 } });
    assertError(other, 422, 'order_not_capturable', null);
    const settled = await getOrder(shop.production, order.id);
    assert.deepEqual([settled.status, settled.tip, settled.total], ['paid', 250, 1874]);
    assert.equal(stripe.capturedFor(order.id), 1874, 'charged once');
  });

  test('the same capture retried after a lost answer (same token and tip) answers the paid order with its tip', async () => {
    const order = await cardOrder(700); // 758
    stripe.fault = (call) => (call.path.endsWith('/confirm') ? { fail: 'drop_after' } : undefined);
    try {
      assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { percentage_bps: 1000 } }), 503, 'processor_unavailable', null);
    } finally {
      stripe.fault = undefined;
    }
    const again = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { percentage_bps: 1000 } });
    assertStatus(again, 200);
    assert.deepEqual([again.body.tip, again.body.total], [76, 834]); // 75.8 -> 76
    assert.equal(stripe.capturedFor(order.id), 834);
  });

  test('3-D Secure on a tipped capture: finishing it with the PaymentIntent as the token keeps the challenged attempt\'s tip', async () => {
    const order = await cardOrder(3000); // 3248
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired', tip: { amount: 150 } });
    assertError(challenged, 402, 'authentication_required', null);
    const intentId = challenged.body.error.payment_intent.id as string;
    assert.equal(stripe.paymentIntents.get(intentId)?.amount, 3398, 'the PaymentIntent asks for the total with the tip');
    assert.equal(stripe.finishChallenge(intentId), true);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: intentId });
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.tip, paid.body.total], [150, 3398]);
    assert.equal(stripe.capturedFor(order.id), 3398);
  });

  test('a full refund through Stripe gives back the tip; an item refund does not', async () => {
    const order = await cardOrder(1000); // 1083
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { amount: 200 } });
    assertStatus(paid, 200);
    const items = await shop.production.post(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: paid.body.items[0].id, quantity: 1 }] });
    assertStatus(items, 200);
    assert.equal(items.body.amount, 1083);
    const rest = await shop.production.post(`/v1/orders/${order.id}/refund`);
    assertStatus(rest, 200);
    assert.equal(rest.body.amount, 200);
    assert.equal(stripe.refundedFor(order.id), 1283);
    assert.equal((await getOrder(shop.production, order.id)).status, 'refunded');
  });
});
