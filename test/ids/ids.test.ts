import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId, randomBase62, timeBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer } from '../helpers/server.js';

test('an id is its prefix, 8 characters of time and 16 random ones; ids made later sort later, byte by byte', () => {
  const id = newId('ord', Date.UTC(2026, 10, 24));
  assert.match(id, /^ord_[0-9A-Za-z]{24}$/);
  assert.equal(id.slice(4, 12), timeBase62(Date.UTC(2026, 10, 24)));
  const times = [0, 1, 61, 62, 3_843, 3_844, Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 1, Date.UTC(2081, 0, 1), 62 ** 8 - 1];
  const ids = times.map((ms) => newId('evt', ms));
  const byteOrder = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  assert.deepEqual(byteOrder, ids, 'sorted as the times are');
  assert.equal(timeBase62(62 ** 8 - 1), 'zzzzzzzz', 'the width holds until 62^8 ms, in the year 8888');
  const sameMoment = new Set(Array.from({ length: 10_000 }, () => newId('evt', 1_000)));
  assert.equal(sameMoment.size, 10_000, 'ids of one millisecond differ in their random part');
  assert.match(randomBase62(43), /^[0-9A-Za-z]{43}$/);
});

describeEachBackend('time-ordered ids in the API', (backend) => {
  test('new orders get time-ordered ids; an id of the older, all-random form is still looked up', async () => {
    const server = await startTestServer(backend);
    try {
      const { sandbox } = await createTestMerchant(server);
      const product = await sandbox.post('/v1/products', { name: 'Tea', price: 300 });
      const first = await sandbox.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }] });
      await new Promise((resolve) => setTimeout(resolve, 2));
      const second = await sandbox.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }] });
      assert.match(first.body.id, /^ord_[0-9A-Za-z]{24}$/);
      assert.ok(first.body.id.slice(4, 12) < second.body.id.slice(4, 12), 'the later order has the later time part');
      const old = await sandbox.get(`/v1/orders/ord_${randomBase62(20)}`);
      assert.equal(old.status, 404);
      assert.equal(old.body.error.code, 'resource_not_found');
    } finally {
      await server.close();
    }
  });
});
