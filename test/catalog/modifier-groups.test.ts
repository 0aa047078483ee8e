/**
 * Product modifier groups (Size, Milk...): created with the product, replaced whole by Update Product
 * with the ids sent back kept, and every rule of a group refused with the field named.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError, assertId, assertStatus } from '../orders/support.js';

const SIZE = { name: 'Size', required: true, min_selected: 1, max_selected: 1, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 50 }] };
const MILK = { name: 'Milk', max_selected: 1, options: [{ name: 'Oat', price_delta: 50 }, { name: 'Skimmed', price_delta: -10 }] };

describeEachBackend('product modifier groups', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  describe('create, get, list, update', () => {
    test('a product has modifier_groups ([] by default); groups and options get ids and defaults', async () => {
      const { sandbox } = await createTestMerchant(server);
      const plain = await sandbox.post('/v1/products', { name: 'Muffin', price: 300 });
      assertStatus(plain, 201);
      assert.deepEqual(plain.body.modifier_groups, []);

      const latte = await sandbox.post('/v1/products', { name: 'Latte', price: 350, modifier_groups: [SIZE, MILK] });
      assertStatus(latte, 201);
      const [size, milk] = latte.body.modifier_groups;
      assertId(size.id, 'mgrp');
      assertId(milk.id, 'mgrp');
      for (const option of [...size.options, ...milk.options]) assertId(option.id, 'mopt');
      assert.deepEqual(Object.keys(size), ['id', 'name', 'required', 'min_selected', 'max_selected', 'options']);
      assert.deepEqual(Object.keys(size.options[0]), ['id', 'name', 'price_delta']);
      assert.deepEqual(
        latte.body.modifier_groups.map((g: any) => [g.name, g.required, g.min_selected, g.max_selected, g.options.map((o: any) => [o.name, o.price_delta])]),
        [
          ['Size', true, 1, 1, [['Small', 0], ['Large', 50]]],
          ['Milk', false, 0, 1, [['Oat', 50], ['Skimmed', -10]]],
        ],
      );
      assert.deepEqual((await sandbox.get(`/v1/products/${latte.body.id}`)).body, latte.body);
      const listed = (await sandbox.get('/v1/products')).body.data.find((p: any) => p.id === latte.body.id);
      assert.deepEqual(listed, latte.body);

      // Defaults: required alone means at least one; min alone says whether the group is required.
      const defaults = await sandbox.post('/v1/products', {
        name: 'Tea',
        price: 200,
        modifier_groups: [
          { name: 'Leaves', required: true, options: [{ name: 'Green', price_delta: 0 }] },
          { name: 'Extras', min_selected: 2, options: [{ name: 'Lemon', price_delta: 10 }, { name: 'Honey', price_delta: 20 }, { name: 'Mint', price_delta: 0 }] },
          { name: 'Cup', options: [{ name: 'Paper', price_delta: 0 }] },
        ],
      });
      assertStatus(defaults, 201);
      assert.deepEqual(
        defaults.body.modifier_groups.map((g: any) => [g.required, g.min_selected, g.max_selected]),
        [
          [true, 1, 1],
          [true, 2, 2],
          [false, 0, 1],
        ],
      );
    });

    test('update replaces the whole list: ids sent back are kept, new ones made, the rest gone; a product.updated event says so', async () => {
      const { sandbox } = await createTestMerchant(server);
      const latte = (await sandbox.post('/v1/products', { name: 'Latte', price: 350, modifier_groups: [SIZE, MILK] })).body;
      const [size, milk] = latte.modifier_groups;
      const changed = await sandbox.patch(`/v1/products/${latte.id}`, {
        modifier_groups: [
          { id: milk.id, name: 'Milk choice', max_selected: 1, options: [{ id: milk.options[0].id, name: 'Oat milk', price_delta: 60 }, { name: 'Soy', price_delta: 40 }] },
          { name: 'Syrup', options: [{ name: 'Vanilla', price_delta: 30 }] },
        ],
      });
      assertStatus(changed, 200);
      const [milkAfter, syrup] = changed.body.modifier_groups;
      assert.equal(milkAfter.id, milk.id);
      assert.equal(milkAfter.name, 'Milk choice');
      assert.equal(milkAfter.options[0].id, milk.options[0].id);
      assert.deepEqual([milkAfter.options[0].name, milkAfter.options[0].price_delta], ['Oat milk', 60]);
      assertId(milkAfter.options[1].id, 'mopt');
      assert.ok(![milk.options[0].id, milk.options[1].id].includes(milkAfter.options[1].id));
      assertId(syrup.id, 'mgrp');
      assert.ok(!changed.body.modifier_groups.some((g: any) => g.id === size.id), 'Size is gone');
      assert.equal(changed.body.price, 350, 'other fields unchanged');
      assert.deepEqual((await sandbox.get(`/v1/products/${latte.id}`)).body, changed.body);

      const events = (await sandbox.get('/v1/events?type=product.updated')).body.data;
      assert.deepEqual(events[0].data.object.modifier_groups, changed.body.modifier_groups);

      // A patch without modifier_groups keeps them; [] removes them all.
      const renamed = await sandbox.patch(`/v1/products/${latte.id}`, { name: 'Caffe latte' });
      assert.deepEqual(renamed.body.modifier_groups, changed.body.modifier_groups);
      const cleared = await sandbox.patch(`/v1/products/${latte.id}`, { modifier_groups: [] });
      assertStatus(cleared, 200);
      assert.deepEqual(cleared.body.modifier_groups, []);
    });

    test('ids the product does not have are refused: invented, another product\'s, another merchant\'s, sent twice', async () => {
      const { sandbox } = await createTestMerchant(server);
      const other = await createTestMerchant(server);
      const latte = (await sandbox.post('/v1/products', { name: 'Latte', price: 350, modifier_groups: [MILK] })).body;
      const mocha = (await sandbox.post('/v1/products', { name: 'Mocha', price: 400, modifier_groups: [MILK] })).body;
      const theirs = (await other.sandbox.post('/v1/products', { name: 'Latte', price: 350, modifier_groups: [MILK] })).body;
      const milk = latte.modifier_groups[0];
      const patch = (groups: unknown) => sandbox.patch(`/v1/products/${latte.id}`, { modifier_groups: groups });
      assertError(await patch([{ ...MILK, id: 'mgrp_made_up' }]), 400, 'parameter_invalid', 'modifier_groups[0].id');
      assertError(await patch([{ ...MILK, id: mocha.modifier_groups[0].id }]), 400, 'parameter_invalid', 'modifier_groups[0].id');
      assertError(await patch([{ ...MILK, id: theirs.modifier_groups[0].id }]), 400, 'parameter_invalid', 'modifier_groups[0].id');
      assertError(
        await patch([{ ...MILK, options: [{ id: theirs.modifier_groups[0].options[0].id, name: 'Oat', price_delta: 50 }] }]),
        400,
        'parameter_invalid',
        'modifier_groups[0].options[0].id',
      );
      assertError(
        await patch([
          { ...MILK, id: milk.id },
          { ...SIZE, id: milk.id },
        ]),
        400,
        'parameter_invalid',
        'modifier_groups[1].id',
      );
      assertError(await sandbox.post('/v1/products', { name: 'New', price: 1, modifier_groups: [{ ...MILK, id: milk.id }] }), 400, 'parameter_invalid', 'modifier_groups[0].id');
      assert.deepEqual((await sandbox.get(`/v1/products/${latte.id}`)).body.modifier_groups, latte.modifier_groups, 'nothing changed');
    });
  });

  describe('validation', () => {
    test('each rule of a group is a 400 naming the field; nothing is created', async () => {
      const { sandbox } = await createTestMerchant(server);
      const option = (name: string, price_delta = 0) => ({ name, price_delta });
      const many = (n: number) => Array.from({ length: n }, (_, i) => option(`o${i}`));
      const cases: Array<[unknown, string, string]> = [
        [[{ ...MILK, min_selected: 2, max_selected: 1 }], 'parameter_invalid', 'modifier_groups[0].min_selected'],
        [[{ ...MILK, max_selected: 3 }], 'parameter_invalid', 'modifier_groups[0].max_selected'],
        [[{ ...SIZE, min_selected: 0 }], 'parameter_invalid', 'modifier_groups[0].min_selected'],
        [[{ ...MILK, required: false, min_selected: 1 }], 'parameter_invalid', 'modifier_groups[0].min_selected'],
        [[{ ...MILK, options: [option('Oat'), option('Oat', 10)] }], 'parameter_invalid', 'modifier_groups[0].options[1].name'],
        [[MILK, { ...SIZE, name: 'Milk' }], 'parameter_invalid', 'modifier_groups[1].name'],
        [[{ ...MILK, options: [] }], 'parameter_invalid', 'modifier_groups[0].options'],
        [[{ ...MILK, max_selected: 1, options: many(51) }], 'parameter_invalid', 'modifier_groups[0].options'],
        [Array.from({ length: 21 }, (_, i) => ({ ...MILK, name: `g${i}` })), 'parameter_invalid', 'modifier_groups'],
        [[{ ...MILK, name: '' }], 'parameter_invalid', 'modifier_groups[0].name'],
        [[{ ...MILK, name: 'n'.repeat(101) }], 'parameter_invalid', 'modifier_groups[0].name'],
        [[{ ...MILK, options: [option('o'.repeat(101))] }], 'parameter_invalid', 'modifier_groups[0].options[0].name'],
        [[{ ...MILK, options: [{ name: 'Oat', price_delta: 1.5 }] }], 'parameter_invalid', 'modifier_groups[0].options[0].price_delta'],
        [[{ ...MILK, options: [{ name: 'Oat' }] }], 'parameter_missing', 'modifier_groups[0].options[0].price_delta'],
        [[{ ...MILK, colour: 'red' }], 'parameter_unknown', 'modifier_groups[0].colour'],
        [{ name: 'Milk' }, 'parameter_invalid', 'modifier_groups'],
        // The unit price can go neither below 0 nor above 99999999, whatever is chosen.
        [[{ ...MILK, options: [option('Discount', -101)] }], 'parameter_invalid', 'modifier_groups'],
        [[{ name: 'Off', max_selected: 2, options: [option('a', -60), option('b', -60)] }], 'parameter_invalid', 'modifier_groups'],
        [[{ ...MILK, options: [option('Gold', 99_999_999)] }], 'parameter_invalid', 'modifier_groups'],
      ];
      for (const [groups, code, param] of cases) {
        assertError(await sandbox.post('/v1/products', { name: 'Latte', price: 100, modifier_groups: groups }), 400, code, param);
      }
      assert.equal((await sandbox.get('/v1/products')).body.pagination.total, 0, 'nothing was created');
      // At the edges: 20 groups, 50 options, a delta taking the price to exactly 0.
      const edges = await sandbox.post('/v1/products', {
        name: 'Latte',
        price: 100,
        modifier_groups: [
          { name: 'Wide', max_selected: 50, options: many(50) },
          { name: 'Off', options: [option('All', -100)] },
          ...Array.from({ length: 18 }, (_, i) => ({ name: `g${i}`, options: [option('x')] })),
        ],
      });
      assertStatus(edges, 201);
      assert.equal(edges.body.modifier_groups.length, 20);
    });

    test('a price change checks the groups it keeps', async () => {
      const { sandbox } = await createTestMerchant(server);
      const latte = (await sandbox.post('/v1/products', { name: 'Latte', price: 350, modifier_groups: [MILK] })).body;
      assertError(await sandbox.patch(`/v1/products/${latte.id}`, { price: 5 }), 400, 'parameter_invalid', 'modifier_groups');
      assertStatus(await sandbox.patch(`/v1/products/${latte.id}`, { price: 10 }), 200);
      assertError(await sandbox.patch('/v1/products/prod_none', { price: 10 }), 404, 'resource_not_found', 'id');
      assertError(await sandbox.patch('/v1/products/prod_none', { modifier_groups: [] }), 404, 'resource_not_found', 'id');
    });
  });
});
