/**
 * Tenant isolation: another merchant's objects, and the other environment's objects of the same
 * merchant, are answered as missing ones (404; for the same merchant's other environment the message
 * adds that a similar object exists there), never listed, never usable in an order, and never
 * changed by a refused request. Checked from both sides, with sk_test_ and sk_live_ keys.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createProduct, createTestMerchant, startTestServer, type Api, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, createCustomer, createOrder, getOrder } from './support.js';

type Environment = 'sandbox' | 'production';

describeEachBackend('tenant isolation', (backend) => {
  let server: TestServer;
  let owner: TestMerchant;
  let stranger: TestMerchant;
  before(async () => {
    server = await startTestServer(backend);
    owner = await createTestMerchant(server);
    stranger = await createTestMerchant(server);
  });
  after(() => server.close());

  /** What one tenant owns: a product, a customer, a pending and a paid order. */
  async function holdings(api: Api, email = `private-${Math.random().toString(36).slice(2)}@example.com`) {
    const product = await createProduct(api, { name: 'Private', price: 700, inventory: 10 });
    const customer = await createCustomer(api, { name: 'Private Person', email });
    const pending = await createOrder(api, [[product, 1]], { customer_id: customer.id, payment_method: 'cash' });
    const paid = await createOrder(api, [[product, 2]], { customer_id: customer.id, payment_method: 'cash' });
    await capture(api, paid.id, null);
    return { product, customer, pending, paid };
  }

  for (const environment of ['sandbox', 'production'] as const) {
    const other: Environment = environment === 'sandbox' ? 'production' : 'sandbox';

    test(`${environment} objects are 404 to the other environment and to another merchant, in both environments`, async () => {
      const mine = await holdings(owner[environment]);
      const before = {
        pending: await getOrder(owner[environment], mine.pending.id),
        paid: await getOrder(owner[environment], mine.paid.id),
        product: (await owner[environment].get(`/v1/products/${mine.product.id}`)).body,
        customer: (await owner[environment].get(`/v1/customers/${mine.customer.id}`)).body,
      };
      const outsiders: Array<[string, Api]> = [
        [`the owner's ${other} key`, owner[other]],
        [`another merchant's ${environment} key`, stranger[environment]],
        [`another merchant's ${other} key`, stranger[other]],
      ];
      for (const [who, api] of outsiders) {
        // Each outsider has objects of its own, so an empty result is not just an empty tenant.
        const theirs = await createProduct(api, { price: 1 });
        await createOrder(api, [[theirs, 1]]);
        await createCustomer(api, { name: 'Someone else' });

        const notFound = async (response: Promise<any>) => assertError(await response, 404, 'resource_not_found', 'id');
        for (const order of [mine.pending, mine.paid]) {
          await notFound(api.get(`/v1/orders/${order.id}`));
          await notFound(api.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa' }));
          await notFound(api.post(`/v1/orders/${order.id}/capture`));
          await notFound(api.post(`/v1/orders/${order.id}/cancel`));
          await notFound(api.post(`/v1/orders/${order.id}/refund`));
          await notFound(api.post(`/v1/orders/${order.id}/refund`, { amount: 1 }));
          await notFound(api.post(`/v1/orders/${order.id}/refund`, { items: [{ line_item_id: order.items[0].id, quantity: 1 }] }));
        }
        await notFound(api.get(`/v1/products/${mine.product.id}`));
        await notFound(api.patch(`/v1/products/${mine.product.id}`, { name: 'Stolen', price: 1, inventory: 0, active: false }));
        await notFound(api.get(`/v1/customers/${mine.customer.id}`));
        await notFound(api.patch(`/v1/customers/${mine.customer.id}`, { name: 'Stolen', email: 'thief@example.com' }));

        // Another merchant's 404 reads exactly like one for an id that never existed; the owner's other
        // environment is told that the object is in this environment's data set, as Stripe does.
        const missing = await api.get('/v1/orders/ord_neverexisted000000000');
        const foreign = await api.get(`/v1/orders/${mine.paid.id}`);
        const plain = missing.body.error.message.replace('ord_neverexisted000000000', mine.paid.id);
        const hint = environment === 'sandbox' ? 'use a sk_test_ key, or switch the sign-in to the sandbox' : 'use a sk_live_ key, or switch the sign-in to production';
        assert.equal(plain, `No such order: '${mine.paid.id}'`);
        assert.equal(foreign.body.error.message, api === owner[other] ? `${plain}; a similar object exists in the ${environment} data set: ${hint}.` : plain, who);
        for (const path of [`/v1/products/${mine.product.id}`, `/v1/customers/${mine.customer.id}`]) {
          const answer = await api.get(path);
          assert.equal(answer.body.error.message.includes('a similar object exists'), api === owner[other], `${who} ${path}`);
        }
        const event = (await owner[environment].get('/v1/events?per_page=1')).body.data[0];
        const eventAnswer = await api.get(`/v1/events/${event.id}`);
        assertError(eventAnswer, 404, 'resource_not_found', 'id');
        assert.equal(eventAnswer.body.error.message.includes(`a similar object exists in the ${environment} data set`), api === owner[other], `${who} event`);
        const capture = await api.post(`/v1/orders/${mine.pending.id}/cancel`);
        assert.equal(capture.body.error.message.includes(`a similar object exists in the ${environment} data set`), api === owner[other], `${who} cancel`);

        const orders = await api.get('/v1/orders?per_page=100');
        assertStatus(orders, 200);
        assert.ok(orders.body.pagination.total >= 1, who);
        for (const id of [mine.pending.id, mine.paid.id]) assert.ok(!orders.body.data.some((o: any) => o.id === id), `${who} lists ${id}`);
        assert.deepEqual((await api.get(`/v1/orders?customer_id=${mine.customer.id}`)).body.data, [], who);
        const products = await api.get('/v1/products?per_page=100');
        assert.ok(!products.body.data.some((p: any) => p.id === mine.product.id), `${who} lists the product`);
        const customers = await api.get('/v1/customers?per_page=100');
        assert.ok(!customers.body.data.some((c: any) => c.id === mine.customer.id), `${who} lists the customer`);
        assert.deepEqual((await api.get(`/v1/customers?email=${encodeURIComponent(mine.customer.email)}`)).body.data, [], who);

        assertError(
          await api.post('/v1/orders', { items: [{ product_id: mine.product.id, quantity: 1 }] }),
          422,
          'product_not_found',
          'items[0].product_id',
        );
        assertError(
          await api.post('/v1/orders', { items: [{ product_id: theirs.id, quantity: 1 }, { product_id: mine.product.id, quantity: 1 }] }),
          422,
          'product_not_found',
          'items[1].product_id',
        );
        assertError(
          await api.post('/v1/orders', { items: [{ product_id: theirs.id, quantity: 1 }], customer_id: mine.customer.id }),
          422,
          'customer_not_found',
          'customer_id',
        );
      }

      // Nothing the outsiders tried changed anything.
      assert.deepEqual(await getOrder(owner[environment], mine.pending.id), before.pending);
      assert.deepEqual(await getOrder(owner[environment], mine.paid.id), before.paid);
      assert.deepEqual((await owner[environment].get(`/v1/products/${mine.product.id}`)).body, before.product);
      assert.deepEqual((await owner[environment].get(`/v1/customers/${mine.customer.id}`)).body, before.customer);
      assert.equal(before.product.inventory, 7);
      const own = await owner[environment].get('/v1/orders?per_page=100');
      assert.ok(own.body.data.some((o: any) => o.id === mine.paid.id));
    });
  }

  test('restricted keys are confined to their own tenant as well', async () => {
    const mine = await holdings(owner.sandbox);
    const reader = await stranger.keyWith('sandbox', ['orders:read']);
    assertError(await reader.get(`/v1/orders/${mine.paid.id}`), 404, 'resource_not_found', 'id');
    const ownReader = await owner.keyWith('sandbox', ['orders:read']);
    assert.equal((await ownReader.get(`/v1/orders/${mine.paid.id}`)).body.id, mine.paid.id);
    const ownLiveReader = await owner.keyWith('production', ['orders:read']);
    assertError(await ownLiveReader.get(`/v1/orders/${mine.paid.id}`), 404, 'resource_not_found', 'id');
  });

  test('the same merchant keeps separate stock per environment', async () => {
    const sandboxProduct = await createProduct(owner.sandbox, { price: 100, inventory: 1 });
    const liveProduct = await createProduct(owner.production, { price: 100, inventory: 1 });
    await createOrder(owner.sandbox, [[sandboxProduct, 1]]);
    assert.equal((await owner.production.get(`/v1/products/${liveProduct.id}`)).body.inventory, 1);
    await createOrder(owner.production, [[liveProduct, 1]]);
    assert.equal((await owner.sandbox.get(`/v1/products/${sandboxProduct.id}`)).body.inventory, 0);
  });
});
