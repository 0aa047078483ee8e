/**
 * Orders with modifiers: a line's unit price is the product's price plus its options' deltas, its
 * modifiers are frozen at sale, every wrong choice is a 400 on `items[i].modifiers` that changes
 * nothing, stock is taken per product whatever the modifiers, and refunds count the deltas.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type Api, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, getOrder, inventoryOf, refund } from './support.js';

const GROUPS = [
  { name: 'Size', required: true, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 50 }] },
  { name: 'Milk', max_selected: 1, options: [{ name: 'Oat', price_delta: 50 }, { name: 'Skimmed', price_delta: -10 }] },
  { name: 'Extras', max_selected: 2, options: [{ name: 'Shot', price_delta: 80 }, { name: 'Syrup', price_delta: 30 }, { name: 'Cream', price_delta: 40 }] },
];

/** A latte with Size, Milk and Extras, and its option ids by name. */
async function latte(api: Api, inventory: number | null = null) {
  const created = await api.post('/v1/products', { name: 'Latte', price: 350, inventory, modifier_groups: GROUPS });
  assertStatus(created, 201);
  const option: Record<string, string> = {};
  for (const group of created.body.modifier_groups) for (const o of group.options) option[o.name] = o.id;
  return { product: created.body, option };
}

describeEachBackend('orders with modifiers', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('unit_price adds the deltas, total is quantity * unit_price, modifiers are frozen in the groups\' order', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
    const { product, option } = await latte(sandbox);
    const muffin = (await sandbox.post('/v1/products', { name: 'Muffin', price: 300 })).body;
    const created = await sandbox.post('/v1/orders', {
      items: [
        { product_id: product.id, quantity: 2, modifiers: [{ option_id: option.Oat! }, { option_id: option.Large! }] },
        { product_id: product.id, quantity: 1, modifiers: [{ option_id: option.Small! }, { option_id: option.Skimmed! }, { option_id: option.Syrup! }, { option_id: option.Shot! }] },
        { product_id: muffin.id, quantity: 1 },
      ],
    });
    assertStatus(created, 201);
    const [large, small, plain] = created.body.items;
    const [size, milk, extras] = product.modifier_groups;
    assert.deepEqual(large.modifiers, [
      { group_id: size.id, group_name: 'Size', option_id: option.Large, name: 'Large', price_delta: 50 },
      { group_id: milk.id, group_name: 'Milk', option_id: option.Oat, name: 'Oat', price_delta: 50 },
    ]);
    assert.deepEqual([large.unit_price, large.total], [450, 900]);
    assert.deepEqual(
      small.modifiers.map((m: any) => [m.group_id, m.name, m.price_delta]),
      [
        [size.id, 'Small', 0],
        [milk.id, 'Skimmed', -10],
        [extras.id, 'Shot', 80],
        [extras.id, 'Syrup', 30],
      ],
    );
    assert.deepEqual([small.unit_price, small.total], [450, 450]);
    assert.deepEqual([plain.modifiers, plain.unit_price, plain.total], [[], 300, 300]);
    assert.deepEqual([created.body.subtotal, created.body.tax, created.body.total], [1650, 165, 1815]);
    assert.deepEqual(await getOrder(sandbox, created.body.id), created.body);
    const event = (await sandbox.get('/v1/events?type=order.created')).body.data[0];
    assert.deepEqual(event.data.object.items, created.body.items);
  });

  test('a sold line keeps its modifiers and price after the product changes', async () => {
    const { sandbox } = await createTestMerchant(server);
    const { product, option } = await latte(sandbox);
    const order = (await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, modifiers: [{ option_id: option.Large! }, { option_id: option.Oat! }] }] })).body;
    const [size, milk] = product.modifier_groups;
    assertStatus(
      await sandbox.patch(`/v1/products/${product.id}`, {
        price: 500,
        modifier_groups: [
          { id: size.id, name: 'Cup', required: true, options: [{ id: size.options[1].id, name: 'Huge', price_delta: 200 }] },
          { id: milk.id, name: 'Dairy', max_selected: 1, options: [{ id: milk.options[0].id, name: 'Oat milk', price_delta: 90 }] },
        ],
      }),
      200,
    );
    const after = await getOrder(sandbox, order.id);
    assert.deepEqual(after.items, order.items);
    assert.equal(after.items[0].unit_price, 450);
    assert.deepEqual(after.items[0].modifiers.map((m: any) => `${m.group_name}: ${m.name} +${m.price_delta}`), ['Size: Large +50', 'Milk: Oat +50']);
    // A new order sells the product as it now is.
    const now = (await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, modifiers: [{ option_id: option.Large! }, { option_id: option.Oat! }] }] })).body;
    assert.deepEqual(now.items[0].modifiers.map((m: any) => `${m.group_name}: ${m.name} +${m.price_delta}`), ['Cup: Huge +200', 'Dairy: Oat milk +90']);
    assert.equal(now.items[0].unit_price, 790);
  });

  test('each wrong choice is a 400 on items[i].modifiers, and nothing changes', async () => {
    const { sandbox } = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const { product, option } = await latte(sandbox, 10);
    const muffin = (await sandbox.post('/v1/products', { name: 'Muffin', price: 300, inventory: 10 })).body;
    const mocha = await latte(sandbox);
    const theirs = await latte(other.sandbox);
    const production = await latte(other.production);
    const line = (...names: string[]) => ({ product_id: product.id, quantity: 1, modifiers: names.map((n) => ({ option_id: option[n] ?? n })) });
    // Each after a muffin line, whose stock taken must come back.
    const cases: Array<[unknown[], string]> = [
      [[line('Oat')], 'items[1].modifiers'], // the required Size left out
      [[line()], 'items[1].modifiers'],
      [[{ product_id: product.id, quantity: 1 }], 'items[1].modifiers'],
      [[line('Small', 'Large')], 'items[1].modifiers'], // too many of Size
      [[line('Small', 'Oat', 'Skimmed')], 'items[1].modifiers'], // too many of Milk
      [[line('Small', 'Shot', 'Syrup', 'Cream')], 'items[1].modifiers'], // too many of Extras
      [[line('Small', 'Small')], 'items[1].modifiers'], // the same option twice
      [[line('Small', 'mopt_unknown')], 'items[1].modifiers'],
      [[line('Small'), { product_id: product.id, quantity: 1, modifiers: [{ option_id: mocha.option.Small }] }], 'items[2].modifiers'], // another product's
      [[line('Small', theirs.option.Oat!)], 'items[1].modifiers'], // another merchant's
      [[line('Small', production.option.Oat!)], 'items[1].modifiers'], // another merchant's, in production
      [[{ product_id: muffin.id, quantity: 1, modifiers: [{ option_id: option.Small }] }], 'items[1].modifiers'], // a product without groups
    ];
    for (const [items, param] of cases) {
      assertError(await sandbox.post('/v1/orders', { items: [{ product_id: muffin.id, quantity: 2 }, ...items] }), 400, 'parameter_invalid', param);
    }
    // The schema's own limits.
    assertError(
      await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, modifiers: Array.from({ length: 21 }, (_, i) => ({ option_id: `mopt_${i}` })) }] }),
      400,
      'parameter_invalid',
      'items[0].modifiers',
    );
    assertError(await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, modifiers: [{ option_id: option.Small, id: 'x' }] }] }), 400, 'parameter_unknown', 'items[0].modifiers[0].id');
    assertError(await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, modifiers: [{}] }] }), 400, 'parameter_missing', 'items[0].modifiers[0].option_id');
    assertError(await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 1, modifiers: [option.Small] }] }), 400, 'parameter_invalid', 'items[0].modifiers[0]');
    assert.equal(await inventoryOf(sandbox, product.id), 10, 'no stock taken');
    assert.equal(await inventoryOf(sandbox, muffin.id), 10, 'no stock taken');
    assert.equal((await sandbox.get('/v1/orders')).body.pagination.total, 0, 'no order made');
  });

  test('stock is taken per product, whatever the modifiers of its lines; a shortfall refuses them all', async () => {
    const { sandbox } = await createTestMerchant(server);
    const { product, option } = await latte(sandbox, 5);
    const lines = [
      { product_id: product.id, quantity: 2, modifiers: [{ option_id: option.Small }] },
      { product_id: product.id, quantity: 2, modifiers: [{ option_id: option.Large }, { option_id: option.Oat }] },
    ];
    const order = await sandbox.post('/v1/orders', { items: lines });
    assertStatus(order, 201);
    assert.equal(order.body.items.length, 2);
    assert.equal(await inventoryOf(sandbox, product.id), 1);
    assertError(await sandbox.post('/v1/orders', { items: [lines[0], { ...lines[1], quantity: 1 }].map((l) => ({ ...l, quantity: 1 })) }), 422, 'out_of_stock', 'items[0].product_id');
    assert.equal(await inventoryOf(sandbox, product.id), 1);
    assertStatus(await sandbox.post(`/v1/orders/${order.body.id}/cancel`), 200);
    assert.equal(await inventoryOf(sandbox, product.id), 5, 'cancel gives both lines back');
  });

  test('refunding a line gives back its unit price with the deltas, and restocks the product', async () => {
    const { sandbox } = await createTestMerchant(server, { taxRateBps: 1000 });
    const { product, option } = await latte(sandbox, 10);
    const order = (await sandbox.post('/v1/orders', { items: [{ product_id: product.id, quantity: 3, modifiers: [{ option_id: option.Large }, { option_id: option.Oat }] }] })).body;
    await capture(sandbox, order.id);
    const refunded = await refund(sandbox, order.id, { items: [{ line_item_id: order.items[0].id, quantity: 1 }] });
    assert.equal(refunded.amount, 495, '450 and its 10% tax');
    assert.equal((await getOrder(sandbox, order.id)).items[0].refunded_quantity, 1);
    assert.equal(await inventoryOf(sandbox, product.id), 8);
  });
});
