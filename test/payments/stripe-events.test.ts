/**
 * Stripe's own events into Till (`POST /v1/processors/stripe/events`), signed with Stripe's scheme by
 * Stripe's own client, and the reconciliation of captures whose answer never came; the real `stripe`
 * client against the local server speaking Stripe's API, on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { reconcileStripePayments } from '../../src/payments/reconcile-stripe-payments.js';
import { stripeLookups } from '../../src/payments/stripe-lookup.js';
import { commandServices } from '../../src/app/services.js';
import { loadConfig } from '../../src/config.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Receivers } from '../helpers/receiver.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { chargeObject, dashboardRefund, disputeObject, intentObject, sendStripeEvent, stripeEvent } from '../helpers/stripe-events.js';
import { startStripeServer, type StripeTestServer } from '../helpers/stripe-server.js';
import { assertError, assertStatus, createOrder, getOrder, inventoryOf } from '../orders/support.js';

const SECRET = 'whsec_tillTestEndpointSecret0123456789';
const LIVE_KEY = 'sk_live_tillTestKey';

describeEachBackend('Stripe events', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;
  const receivers = new Receivers();

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend, {
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: LIVE_KEY,
      STRIPE_API_BASE: stripe.url,
      // The live endpoint's secret first, another (test mode's, say) second: either signs.
      STRIPE_WEBHOOK_SECRET: `whsec_otherEndpoint,${SECRET}`,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
    });
    shop = await createTestMerchant(server);
  });
  after(async () => {
    await server?.close();
    await stripe?.close();
    await receivers.close();
  });

  const send = (event: Record<string, unknown>, options?: Parameters<typeof sendStripeEvent>[3]) => sendStripeEvent(server.url, SECRET, event, options);

  async function cardOrder(price: number, quantity = 1): Promise<{ order: any; product: any }> {
    const product = await createProduct(shop.production, { price, inventory: 10 });
    return { order: await createOrder(shop.production, [[product, quantity]]), product };
  }

  async function paidByStripe(price: number, quantity = 1): Promise<{ order: any; product: any; intentId: string }> {
    const { order, product } = await cardOrder(price, quantity);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    return { order: paid.body, product, intentId: paid.body.payment.processor_payment_id };
  }

  /** A PaymentIntent challenged for 3-D Secure at capture, which the customer then finishes in the app. */
  async function authenticatedLater(): Promise<{ order: any; intentId: string }> {
    const { order } = await cardOrder(3000);
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired' });
    assertError(challenged, 402, 'authentication_required', null);
    const intentId = challenged.body.error.payment_intent.id as string;
    const intent = stripe.paymentIntents.get(intentId)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    return { order, intentId };
  }

  async function eventsOf(orderId: string, type: string): Promise<any[]> {
    const listed = await shop.production.get(`/v1/events?type=${type}&per_page=100`);
    assertStatus(listed, 200);
    return listed.body.data.filter((event: any) => event.data.object.id === orderId || event.data.object.order_id === orderId);
  }

  async function callsOf(orderId: string) {
    return server.db.kysely
      .selectFrom('processor_calls')
      .select(['idempotency_key', 'status'])
      .where('merchant_id', '=', shop.merchantId)
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
  }

  /** Holds Stripe's answers to the capture calls of `orderId` (confirming its PaymentIntent) until `release()`; `held` resolves once one is held. */
  function holdAnswers(orderId: string) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    stripe.beforeAnswer = async (call) => {
      if (call.idempotencyKey?.startsWith(`till_capture_${orderId}_`) !== true) return;
      reached();
      await gate;
    };
    return {
      held,
      release: () => {
        stripe.beforeAnswer = undefined;
        release();
      },
    };
  }

  const intentOfOrder = (orderId: string) => [...stripe.paymentIntents.values()].find((intent) => intent.metadata.till_order_id === orderId)!;

  test('payment_intent.succeeded, signed as Stripe signs: a pending order whose 3-D Secure finished after the app went away becomes paid', async () => {
    const { order, intentId } = await authenticatedLater();
    const answered = await send(stripeEvent('payment_intent.succeeded', intentObject(stripe, intentId)));
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    assert.deepEqual(answered.body, { received: true });
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'paid');
    assert.equal(shown.payment.processor, 'stripe');
    assert.equal(shown.payment.processor_payment_id, intentId);
    assert.equal(shown.payment.card_last4, '3184');
    assert.equal(shown.payment.card_brand, 'visa');
    const paidEvents = await eventsOf(order.id, 'order.paid');
    assert.equal(paidEvents.length, 1);
    assert.equal(paidEvents[0].data.object.status, 'paid');
    // The cashier's capture with the finished PaymentIntent now finds the order paid.
    const again = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: intentId });
    assertError(again, 422, 'order_not_capturable', null);
  });

  test('a bad signature, another secret, a missing header or a stale timestamp is 400 signature_invalid and applies nothing', async () => {
    const { order, intentId } = await authenticatedLater();
    const event = stripeEvent('payment_intent.succeeded', intentObject(stripe, intentId));
    const forged = await sendStripeEvent(server.url, 'whsec_notTheSecret', event);
    assertError(forged, 400, 'signature_invalid', 'Stripe-Signature');
    const t = Math.floor(Date.now() / 1000);
    const tampered = await send(event, { signatureHeader: `t=${t},v1=${'0'.repeat(64)}` });
    assertError(tampered, 400, 'signature_invalid', 'Stripe-Signature');
    const stale = await send(event, { timestamp: Math.floor(server.clock.now().getTime() / 1000) - 10 * 60 });
    assertError(stale, 400, 'signature_invalid', 'Stripe-Signature');
    const unsigned = await fetch(`${server.url}/v1/processors/stripe/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    assert.equal(unsigned.status, 400);
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
    // The same event, signed with the secret: applied (so what was refused was the signature).
    assert.equal((await send(event)).status, 200);
    assert.equal((await getOrder(shop.production, order.id)).status, 'paid');
  });

  test('an event sent again (one after the other, and two at once) is applied once and answered 200 each time', async () => {
    const { order, intentId } = await authenticatedLater();
    const event = stripeEvent('payment_intent.succeeded', intentObject(stripe, intentId));
    const answers = await Promise.all([send(event), send(event)]);
    assert.deepEqual(answers.map((a) => a.status), [200, 200]);
    assert.equal((await send(event)).status, 200);
    assert.equal((await eventsOf(order.id, 'order.paid')).length, 1);

    const paid = await paidByStripe(1000);
    dashboardRefund(stripe, paid.intentId, 300);
    const refunded = stripeEvent('charge.refunded', chargeObject(stripe, paid.intentId, { listRefunds: true }));
    const twice = await Promise.all([send(refunded), send(refunded)]);
    assert.deepEqual(twice.map((a) => a.status), [200, 200]);
    assert.equal((await send(refunded)).status, 200);
    const shown = await getOrder(shop.production, paid.order.id);
    assert.equal(shown.refunds.length, 1);
    assert.equal(shown.refunded_amount, 300);

    // A dispute has no id of its own to find again in Till: the event's id alone keeps it to one.
    const disputed = stripeEvent('charge.dispute.created', disputeObject(stripe, paid.intentId));
    assert.deepEqual((await Promise.all([send(disputed), send(disputed)])).map((a) => a.status), [200, 200]);
    assert.equal((await send(disputed)).status, 200);
    assert.equal((await eventsOf(paid.order.id, 'order.disputed')).length, 1);
  });

  test('payment_intent.succeeded settles the capture call still waiting for Stripe; the capture then answers the paid order', async () => {
    const { order } = await cardOrder(1500);
    const hold = holdAnswers(order.id);
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    await hold.held;
    assert.deepEqual(await callsOf(order.id), [{ idempotency_key: `till_capture_${order.id}_1`, status: 'pending' }]);
    const intent = intentOfOrder(order.id);
    const answered = await send(stripeEvent('payment_intent.succeeded', intentObject(stripe, intent.id), { idempotencyKey: `till_capture_${order.id}_1` }));
    assert.equal(answered.status, 200);
    assert.deepEqual(await callsOf(order.id), [{ idempotency_key: `till_capture_${order.id}_1`, status: 'succeeded' }]);
    assert.equal((await getOrder(shop.production, order.id)).status, 'paid');
    hold.release();
    const captured = await capturing;
    assertStatus(captured, 200);
    assert.equal(captured.body.status, 'paid');
    assert.equal(captured.body.payment.processor_payment_id, intent.id);
    assert.equal((await eventsOf(order.id, 'order.paid')).length, 1);
  });

  test('payment_intent.succeeded after a 3-D Secure challenge on a tipped capture: the order is paid with that tip', async () => {
    const { order } = await cardOrder(3000);
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired', tip: { amount: 400 } });
    assertError(challenged, 402, 'authentication_required', null);
    const intentId = challenged.body.error.payment_intent.id as string;
    assert.equal(stripe.finishChallenge(intentId), true);
    const answered = await send(stripeEvent('payment_intent.succeeded', intentObject(stripe, intentId)));
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    const shown = await getOrder(shop.production, order.id);
    assert.deepEqual([shown.status, shown.tip, shown.total], ['paid', 400, order.total + 400]);
    assert.equal(stripe.capturedFor(order.id), order.total + 400);
  });

  test('payment_intent.succeeded for a capture call with a tip: the order is paid with that tip, its total the amount Stripe took', async () => {
    const { order } = await cardOrder(1500);
    const hold = holdAnswers(order.id);
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', tip: { amount: 300 } });
    await hold.held; // the call setting the PaymentIntent's amount: let it go, and hold the confirm that follows
    let releaseConfirm!: () => void;
    const confirmGate = new Promise<void>((release) => (releaseConfirm = release));
    let confirmReached!: () => void;
    const confirmHeld = new Promise<void>((reached) => (confirmReached = reached));
    hold.release();
    stripe.beforeAnswer = async (call) => {
      if (!call.path.endsWith('/confirm') || call.idempotencyKey !== `till_capture_${order.id}_1`) return;
      confirmReached();
      await confirmGate;
    };
    await confirmHeld;
    const intent = intentOfOrder(order.id);
    assert.equal(intent.amount, order.total + 300);
    const answered = await send(stripeEvent('payment_intent.succeeded', intentObject(stripe, intent.id), { idempotencyKey: `till_capture_${order.id}_1` }));
    assert.equal(answered.status, 200);
    const shown = await getOrder(shop.production, order.id);
    assert.deepEqual([shown.status, shown.tip, shown.total], ['paid', 300, order.total + 300]);
    stripe.beforeAnswer = undefined;
    releaseConfirm();
    const captured = await capturing;
    assertStatus(captured, 200);
    assert.deepEqual([captured.body.tip, captured.body.total], [300, order.total + 300]);
    assert.equal(stripe.capturedFor(order.id), order.total + 300);
  });

  test('payment_intent.payment_failed settles the waiting capture call failed; the order stays pending and another card pays it', async () => {
    const { order } = await cardOrder(800);
    const hold = holdAnswers(order.id);
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_chargeDeclined' });
    await hold.held;
    const intent = intentOfOrder(order.id);
    const answered = await send(stripeEvent('payment_intent.payment_failed', intentObject(stripe, intent.id), { idempotencyKey: `till_capture_${order.id}_1` }));
    assert.equal(answered.status, 200);
    assert.deepEqual(await callsOf(order.id), [{ idempotency_key: `till_capture_${order.id}_1`, status: 'failed' }]);
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
    hold.release();
    assertError(await capturing, 402, 'card_declined', null);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_mastercard' });
    assertStatus(paid, 200);
    assert.equal(paid.body.status, 'paid');
  });

  test("an earlier attempt's payment_intent.payment_failed, arriving late, does not fail the newer capture call of the order's one PaymentIntent", async () => {
    const { order } = await cardOrder(900);
    assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_chargeDeclined' }), 402, 'card_declined', null);
    const hold = holdAnswers(order.id);
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    await hold.held;
    const intent = intentOfOrder(order.id);
    const answered = await send(stripeEvent('payment_intent.payment_failed', intentObject(stripe, intent.id), { idempotencyKey: `till_capture_${order.id}_1` }));
    assert.equal(answered.status, 200);
    assert.deepEqual(await callsOf(order.id), [
      { idempotency_key: `till_capture_${order.id}_1`, status: 'failed' },
      { idempotency_key: `till_capture_${order.id}_2`, status: 'pending' },
    ]);
    hold.release();
    const captured = await capturing;
    assertStatus(captured, 200);
    assert.equal(captured.body.status, 'paid');
    assert.equal((await eventsOf(order.id, 'order.paid')).length, 1);
  });

  test("a succeeded PaymentIntent that is not the order's own one does not pay it; the order's own capture still does", async () => {
    const { order } = await cardOrder(1100);
    assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_chargeDeclined' }), 402, 'card_declined', null);
    const own = intentOfOrder(order.id);
    // Another PaymentIntent with this order's metadata (made outside Till, or left from before one PaymentIntent per order).
    const strayId = `pi_stray${order.id.slice(4)}`;
    stripe.paymentIntents.set(strayId, { ...own, id: strayId, status: 'succeeded', amount_received: own.amount, payment_method: { id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } } });
    assert.equal((await send(stripeEvent('payment_intent.succeeded', intentObject(stripe, strayId)))).status, 200);
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    assert.equal(paid.body.payment.processor_payment_id, own.id);
    assert.equal((await eventsOf(order.id, 'order.paid')).length, 1);
  });

  test("charge.refunded: a refund made in Stripe's dashboard becomes a Till refund of its amount, with no restock; Till's own refunds are not counted twice", async () => {
    const { order, product, intentId } = await paidByStripe(1000, 2);
    const stockBefore = await inventoryOf(shop.production, product.id);
    const own = await shop.production.post(`/v1/orders/${order.id}/refund`, { amount: 500 });
    assertStatus(own, 200);
    const outside = dashboardRefund(stripe, intentId, 700, 'duplicate');
    // Since Stripe's API version 2022-11-15 the charge does not list its refunds: Till reads them.
    const answered = await send(stripeEvent('charge.refunded', chargeObject(stripe, intentId)));
    assert.equal(answered.status, 200);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.refunded_amount, 1200);
    assert.equal(shown.status, 'partially_refunded');
    assert.equal(shown.refunds.length, 2);
    const recorded = shown.refunds.find((r: any) => r.processor_refund_id === outside.id);
    assert.ok(recorded, 'the dashboard refund is on the order');
    assert.equal(recorded.amount, 700);
    assert.equal(recorded.reason, 'duplicate');
    assert.deepEqual(recorded.items, []);
    assert.equal(await inventoryOf(shop.production, product.id), stockBefore, 'nothing goes back on the shelf');
    assert.equal((await eventsOf(order.id, 'refund.created')).length, 2);

    // A second dashboard refund: its event lists both; only the new one is added, capped at what is left.
    const rest = dashboardRefund(stripe, intentId, 800, null);
    assert.equal((await send(stripeEvent('charge.refunded', chargeObject(stripe, intentId, { listRefunds: true })))).status, 200);
    const final = await getOrder(shop.production, order.id);
    assert.equal(final.status, 'refunded');
    assert.equal(final.refunded_amount, 2000);
    assert.equal(final.refunds.find((r: any) => r.processor_refund_id === rest.id)?.amount, 800);
  });

  test('charge.dispute.created: the order shows the dispute and order.disputed is delivered to the webhook endpoints', async () => {
    const receiver = await receivers.start();
    const endpoint = await shop.production.post('/v1/webhook_endpoints', { url: `${receiver.url}/hook`, enabled_events: ['order.disputed'] });
    assertStatus(endpoint, 201);
    const { order, intentId } = await paidByStripe(4200);
    const dispute = disputeObject(stripe, intentId, 'product_not_received');
    const answered = await send(stripeEvent('charge.dispute.created', dispute));
    assert.equal(answered.status, 200);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'paid');
    assert.deepEqual(shown.dispute, {
      id: dispute.id,
      amount: 4200,
      currency: order.currency,
      reason: 'product_not_received',
      status: 'needs_response',
      created_at: new Date(dispute.created * 1000).toISOString(),
    });
    const [delivery] = await receiver.waitFor(1, 20_000);
    const body = JSON.parse(delivery!.body);
    assert.equal(body.type, 'order.disputed');
    assert.equal(body.data.object.id, order.id);
    assert.deepEqual(body.data.object.dispute, shown.dispute);
    assert.equal((await eventsOf(order.id, 'order.disputed')).length, 1);
  });

  test("order.disputed follows the event permissions: a key that cannot read orders cannot subscribe; one without customers:read receives the customer's id only", async () => {
    const noOrders = await shop.keyWith('production', ['products:read', 'webhooks:write']);
    const refused = await noOrders.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', enabled_events: ['order.disputed'] });
    assertError(refused, 403, 'insufficient_permissions', 'enabled_events');
    assert.match(refused.body.error.message, /order\.disputed \(orders:read\)/);
    const ordersOnly = await shop.keyWith('production', ['orders:read', 'webhooks:write']);
    const hook = await receivers.start();
    assertStatus(await ordersOnly.post('/v1/webhook_endpoints', { url: `${hook.url}/hook`, enabled_events: ['order.disputed'] }), 201);
    const customer = await shop.production.post('/v1/customers', { name: 'Ada Lovelace', email: 'ada@example.com' });
    assertStatus(customer, 201);
    const product = await createProduct(shop.production, { price: 3100, inventory: 10 });
    const order = await createOrder(shop.production, [[product, 1]], { customer_id: customer.body.id });
    assertStatus(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' }), 200);
    assert.equal((await send(stripeEvent('charge.dispute.created', disputeObject(stripe, intentOfOrder(order.id).id, 'fraudulent')))).status, 200);
    const [delivery] = await hook.waitFor(1, 20_000);
    const body = JSON.parse(delivery!.body);
    assert.equal(body.type, 'order.disputed');
    assert.deepEqual(body.data.object.customer, { id: customer.body.id });
    assert.ok(!delivery!.body.includes('ada@example.com'));
    const [event] = (await ordersOnly.get(`/v1/events?type=order.disputed&per_page=100`)).body.data.filter((e: any) => e.data.object.id === order.id);
    assert.deepEqual(event.data.object.customer, { id: customer.body.id }, '/v1/events hides it the same way');
  });

  test('an event of a type Till does not act on, or about a PaymentIntent of no order here, is answered 200 and changes nothing', async () => {
    const ignored = await send(stripeEvent('customer.created', { id: 'cus_123', object: 'customer' }));
    assert.equal(ignored.status, 200, JSON.stringify(ignored.body));
    const stranger = await send(stripeEvent('payment_intent.succeeded', { id: 'pi_notTills', object: 'payment_intent', amount: 100, currency: 'usd', status: 'succeeded', metadata: {}, payment_method: null }));
    assert.equal(stranger.status, 200);
    const otherShop = await send(
      stripeEvent('payment_intent.succeeded', { id: 'pi_other', object: 'payment_intent', amount: 100, currency: 'usd', status: 'succeeded', metadata: { till_order_id: 'ord_none', till_merchant_id: shop.merchantId }, payment_method: null }),
    );
    assert.equal(otherShop.status, 200);
    const dispute = await send(stripeEvent('charge.dispute.created', { id: 'du_x', object: 'dispute', amount: 1, currency: 'usd', payment_intent: 'pi_unknownToStripe', reason: 'general', status: 'needs_response', created: 1 }));
    assert.equal(dispute.status, 200);
  });

  test('the reconciliation settles a capture whose answer never came and about which no event came: paid when Stripe took the money, failed when it did not', async () => {
    const services = commandServices(loadConfig({ LOG_LEVEL: 'silent' }), server.db, server.clock, () => undefined);
    const lookups = stripeLookups({ productionSecretKey: LIVE_KEY, apiBase: stripe.url });
    const warn = () => {};

    const { order } = await cardOrder(2500);
    const hold = holdAnswers(order.id);
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    await hold.held;
    // Too recent: most likely still in flight, so left alone.
    await reconcileStripePayments(services, lookups, warn);
    assert.equal((await callsOf(order.id))[0]!.status, 'pending');
    server.clock.advance(6 * 60_000);
    assert.ok((await reconcileStripePayments(services, lookups, warn)).paid >= 1);
    assert.deepEqual(await callsOf(order.id), [{ idempotency_key: `till_capture_${order.id}_1`, status: 'succeeded' }]);
    const shown = await getOrder(shop.production, order.id);
    assert.equal(shown.status, 'paid');
    assert.equal(shown.payment.processor_payment_id, intentOfOrder(order.id).id);
    assert.equal(shown.payment.card_last4, '4242');
    hold.release();
    const captured = await capturing;
    assertStatus(captured, 200);
    assert.equal(captured.body.status, 'paid');
    assert.equal((await eventsOf(order.id, 'order.paid')).length, 1);

    const declined = (await cardOrder(900)).order;
    const holdDeclined = holdAnswers(declined.id);
    const declining = shop.production.post(`/v1/orders/${declined.id}/capture`, { payment_token: 'pm_card_chargeDeclined' });
    await holdDeclined.held;
    server.clock.advance(6 * 60_000);
    assert.ok((await reconcileStripePayments(services, lookups, warn)).failed >= 1);
    assert.deepEqual(await callsOf(declined.id), [{ idempotency_key: `till_capture_${declined.id}_1`, status: 'failed' }]);
    holdDeclined.release();
    assertError(await declining, 402, 'card_declined', null);
    assert.equal((await getOrder(shop.production, declined.id)).status, 'pending');
  });
});
