/**
 * Edit Order beside a card capture through Stripe (the local server speaking Stripe's API): an edit
 * is refused while a capture call is with Stripe, and a capture after an edit charges the edited
 * total, whether the PaymentIntent was made before the edit by an earlier attempt or by the same
 * capture a moment before. Stripe's own record of the money is the judge. On both databases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { startStripeServer, type StripeTestServer } from '../helpers/stripe-server.js';
import { until } from '../helpers/wait.js';
import { assertError, assertStatus, createOrder, getOrder } from './support.js';

describeEachBackend('editing an order paid by card through Stripe', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend, { PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_tillEditTest', STRIPE_API_BASE: stripe.url });
    shop = await createTestMerchant(server);
  });
  after(async () => {
    stripe.beforeAnswer = undefined;
    await server?.close();
    await stripe?.close();
  });

  async function cardOrder(): Promise<{ order: any; product: { id: string } }> {
    const product = await createProduct(shop.production, { price: 1000, inventory: 100 });
    return { order: await createOrder(shop.production, [[product, 1]]), product };
  }

  /** Holds Stripe's answers to the calls `holds` picks until `release` is called. */
  function hold(holds: (path: string, params: Record<string, string>) => boolean): { release: () => void } {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    stripe.beforeAnswer = async (call) => {
      if (holds(call.path, call.params)) await released;
    };
    return {
      release: () => {
        stripe.beforeAnswer = undefined;
        release();
      },
    };
  }

  const edit = (orderId: string, productId: string, quantity: number) => shop.production.patch(`/v1/orders/${orderId}`, { items: [{ product_id: productId, quantity }] });

  test('an edit while the capture call is with Stripe is 409 capture_in_progress; the capture charges the total as it was', async () => {
    const { order, product } = await cardOrder();
    const held = hold((path) => path.endsWith('/confirm'));
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    try {
      await until('the confirmation reaches Stripe', () => stripe.calls.some((c) => c.path.endsWith('/confirm') && stripe.intentsFor(order.id).some((pi) => c.path.includes(pi.id))));
      assertError(await edit(order.id, product.id, 3), 409, 'capture_in_progress', null);
    } finally {
      held.release();
    }
    const paid = await capturing;
    assertStatus(paid, 200);
    assert.equal(paid.body.total, order.total);
    assert.equal(stripe.capturedFor(order.id), order.total);
    assertError(await edit(order.id, product.id, 3), 422, 'order_not_editable', null);
    assert.equal((await getOrder(shop.production, order.id)).items[0].quantity, 1);
  });

  test('a declined attempt, then an edit, then a capture: Stripe takes the edited total', async () => {
    const { order, product } = await cardOrder();
    assertError(await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_chargeDeclined' }), 402, 'card_declined');
    const edited = await edit(order.id, product.id, 3);
    assertStatus(edited, 200);
    assert.equal(edited.body.total, 3 * order.total);
    const paid = await shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    assertStatus(paid, 200);
    assert.equal(paid.body.total, edited.body.total);
    assert.equal(stripe.capturedFor(order.id), edited.body.total);
  });

  test('an edit between the PaymentIntent being made and its first confirmation: Stripe takes the edited total', async () => {
    const { order, product } = await cardOrder();
    const held = hold((path, params) => path === '/v1/payment_intents' && params.confirm !== 'true');
    const capturing = shop.production.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' });
    let edited;
    try {
      await until('the PaymentIntent is made', () => stripe.intentsFor(order.id).length === 1);
      edited = await edit(order.id, product.id, 2);
    } finally {
      held.release();
    }
    assertStatus(edited, 200);
    const paid = await capturing;
    assertStatus(paid, 200);
    assert.equal(paid.body.total, 2 * order.total);
    assert.equal(stripe.capturedFor(order.id), 2 * order.total, 'the PaymentIntent made for the old total was set to the new one before it was confirmed');
  });
});
