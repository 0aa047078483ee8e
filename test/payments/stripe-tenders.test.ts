/**
 * Split tenders through Stripe: a card order paid partly in cash has its PaymentIntent's amount set to
 * the card's part before it is confirmed, so Stripe takes that part alone; a refund goes back to the
 * card first and gives Stripe only the card's part (a refund all in cash calls Stripe for nothing);
 * a capture call settled later (a retry, a finished 3-D Secure challenge, Stripe's event) records the
 * split it was sent with. The official client against the local Stripe server, both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newId } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { intentObject, sendStripeEvent, stripeEvent } from '../helpers/stripe-events.js';
import { startStripeServer, type StripeTestServer } from '../helpers/stripe-server.js';
import { assertError, assertStatus, createOrder, getOrder, refund } from '../orders/support.js';

const SECRET = 'whsec_tillTestEndpointSecret0123456789';

describeEachBackend('split tenders through Stripe', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend, {
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_tillTestKey',
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
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

  /** An open drawer of a register of its own, in production. */
  async function openDrawer(): Promise<string> {
    const id = newId('drw');
    const now = server.clock.now().toISOString();
    await server.db.kysely
      .insertInto('cash_drawers')
      .values({
        merchant_id: shop.merchantId,
        environment: 'production',
        id,
        register: `R-${id.slice(-8)}`,
        status: 'open',
        currency: 'USD',
        opening_float: 5_000,
        expected_cash: null,
        counted_cash: null,
        opened_by: null,
        closed_by: null,
        opening_note: null,
        closing_note: null,
        opened_at: now,
        closed_at: null,
        updated_at: now,
      })
      .execute();
    return id;
  }

  const refundCallsOf = (intentId: string) => stripe.callsTo('POST', '/v1/refunds').filter((call) => call.params.payment_intent === intentId);

  test('Stripe is charged the card part: the PaymentIntent\'s amount is set to the total less the cash before it is confirmed', async () => {
    const drawer = await openDrawer();
    const order = await cardOrder(2000); // 2165
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', cash_amount: 1000, cash_given: 1000, cash_drawer_id: drawer });
    assertStatus(paid, 200);
    const intentId = paid.body.payment.processor_payment_id;
    assert.deepEqual(
      { ...paid.body.payment, paid_at: undefined },
      {
        method: 'card', processor: 'stripe', processor_payment_id: intentId, card_brand: 'visa', card_last4: '4242',
        cash_amount: 1000, card_amount: 1165, cash_given: 1000, change_due: 0, cash_drawer_id: drawer, paid_at: undefined,
      },
    );
    const update = stripe.callsTo('POST', `/v1/payment_intents/${intentId}`).find((c) => c.path === `/v1/payment_intents/${intentId}`);
    assert.equal(update?.params.amount, '1165');
    assert.equal(stripe.paymentIntents.get(intentId)?.amount, 1165);
    assert.equal(stripe.capturedFor(order.id), 1165, 'Stripe took the card part alone');
    assert.deepEqual(await getOrder(shop.production, order.id), paid.body);

    // A split with a tip: the tip is in the total, and the card pays what the cash leaves of it.
    const tipped = await cardOrder(1000); // 1083
    const withTip = await shop.production.post(`/v1/orders/${tipped.id}/capture`, { payment_token: 'pm_card_visa', tip: { amount: 217 }, cash_amount: 300 });
    assertStatus(withTip, 200);
    assert.deepEqual([withTip.body.total, withTip.body.payment.cash_amount, withTip.body.payment.card_amount], [1300, 300, 1000]);
    assert.equal(stripe.capturedFor(tipped.id), 1000);
  });

  test('a refund past the card part refunds the card part in Stripe and the rest in cash; a refund all in cash calls Stripe for nothing', async () => {
    const drawer = await openDrawer();
    const order = await cardOrder(2000); // 2165
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', cash_amount: 1000, cash_drawer_id: drawer });
    assertStatus(paid, 200);
    const intentId = paid.body.payment.processor_payment_id;

    const first = await refund(shop.production, order.id, { amount: 1500 });
    assert.deepEqual([first.amount, first.cash_amount, first.cash_drawer_id], [1500, 335, drawer]);
    const [call, ...more] = refundCallsOf(intentId);
    assert.equal(more.length, 0);
    assert.equal(call?.params.amount, '1165', 'Stripe refunds the card part alone');
    assert.equal(first.processor_refund_id, stripe.refunds.find((r) => r.payment_intent === intentId)?.id);
    assert.equal(stripe.refundedFor(order.id), 1165);

    const second = await refund(shop.production, order.id);
    assert.deepEqual([second.amount, second.cash_amount, second.processor_refund_id, second.cash_drawer_id], [665, 665, null, drawer]);
    assert.equal(refundCallsOf(intentId).length, 1, 'no call to Stripe for cash');
    assert.equal(stripe.refundedFor(order.id), 1165);
    const shown = await getOrder(shop.production, order.id);
    assert.deepEqual([shown.status, shown.refunded_amount, shown.refunds], ['refunded', 2165, [first, second]]);
  });

  test('a refund within the card part is all card in Stripe', async () => {
    const order = await cardOrder(2000); // 2165
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', cash_amount: 1000 });
    assertStatus(paid, 200);
    const back = await refund(shop.production, order.id, { amount: 600 });
    assert.deepEqual([back.cash_amount, back.cash_drawer_id], [0, null]);
    assert.equal(stripe.refundedFor(order.id), 600);
  });

  test('a split capture whose answer was lost: the same capture again answers the order with its split, charged once', async () => {
    const order = await cardOrder(1500); // 1624
    const body = { payment_token: 'pm_card_visa', cash_amount: 624, cash_given: 700 };
    stripe.fault = (call) => (call.path.endsWith('/confirm') ? { fail: 'drop_after' } : undefined);
    try {
      assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, body), 503, 'processor_unavailable', null);
    } finally {
      stripe.fault = undefined;
    }
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
    assert.equal(stripe.capturedFor(order.id), 1000);
    const again = await shop.production.post(`/v1/orders/${order.id}/capture`, body);
    assertStatus(again, 200);
    assert.deepEqual([again.body.payment.cash_amount, again.body.payment.card_amount, again.body.payment.cash_given, again.body.payment.change_due], [624, 1000, 700, 76]);
    assert.equal(stripe.capturedFor(order.id), 1000, 'charged once');
  });

  test('a capture with another split while the first one\'s charge is pending: that charge settles with its split, the second is 422, nothing is charged twice', async () => {
    const order = await cardOrder(1500); // 1624
    stripe.fault = (call) => (call.path.endsWith('/confirm') ? { fail: 'drop_after' } : undefined);
    try {
      assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', cash_amount: 400 }), 503, 'processor_unavailable', null);
    } finally {
      stripe.fault = undefined;
    }
    const other = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', cash_amount: 800 });
    assertError(other, 422, 'order_not_capturable', null);
    const settled = await getOrder(shop.production, order.id);
    assert.deepEqual([settled.status, settled.total, settled.payment.cash_amount, settled.payment.card_amount], ['paid', 1624, 400, 1224]);
    assert.equal(stripe.capturedFor(order.id), 1224, 'charged once, the first split');
  });

  test('3-D Secure on a split: finishing it with the PaymentIntent as the token keeps the challenged attempt\'s split and drawer', async () => {
    const drawer = await openDrawer();
    const order = await cardOrder(3000); // 3248
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired', cash_amount: 248, cash_given: 300, cash_drawer_id: drawer });
    assertError(challenged, 402, 'authentication_required', null);
    const intentId = challenged.body.error.payment_intent.id as string;
    assert.equal(stripe.paymentIntents.get(intentId)?.amount, 3000, 'the PaymentIntent asks for the card part');
    assert.equal(stripe.finishChallenge(intentId), true);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: intentId });
    assertStatus(paid, 200);
    assert.deepEqual(
      [paid.body.payment.cash_amount, paid.body.payment.card_amount, paid.body.payment.cash_given, paid.body.payment.change_due, paid.body.payment.cash_drawer_id],
      [248, 3000, 300, 52, drawer],
    );
    assert.equal(stripe.capturedFor(order.id), 3000);
  });

  test('Stripe\'s payment_intent.succeeded for a split challenged at capture pays the order with that split', async () => {
    const order = await cardOrder(3000); // 3248
    const challenged = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_authenticationRequired', cash_amount: 1248 });
    assertError(challenged, 402, 'authentication_required', null);
    const intentId = challenged.body.error.payment_intent.id as string;
    assert.equal(stripe.finishChallenge(intentId), true);
    const answered = await sendStripeEvent(server.url, SECRET, stripeEvent('payment_intent.succeeded', intentObject(stripe, intentId)));
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    const shown = await getOrder(shop.production, order.id);
    assert.deepEqual([shown.status, shown.total, shown.payment.cash_amount, shown.payment.card_amount, shown.payment.processor_payment_id], ['paid', 3248, 1248, 2000, intentId]);
    assert.equal(stripe.capturedFor(order.id), 2000);
  });

  test('a closed drawer is 422 before Stripe is asked anything', async () => {
    const drawer = await openDrawer();
    const now = server.clock.now().toISOString();
    await server.db.kysely
      .updateTable('cash_drawers')
      .set({ status: 'closed', expected_cash: 5_000, counted_cash: 5_000, closed_at: now, updated_at: now })
      .where('merchant_id', '=', shop.merchantId)
      .where('id', '=', drawer)
      .execute();
    const order = await cardOrder(1000);
    const refused = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa', cash_amount: 83, cash_drawer_id: drawer });
    assertError(refused, 422, 'cash_drawer_closed', 'cash_drawer_id');
    assert.equal(stripe.intentsFor(order.id).length, 0, 'no PaymentIntent was made');
    assert.equal((await getOrder(shop.production, order.id)).status, 'pending');
  });
});
