import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createUser } from '../../src/auth/users.js';
import { InvalidInput } from '../../src/errors.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer } from '../helpers/server.js';

describeEachBackend('users', (backend) => {
  test('concurrent creations with one e-mail: one user, the others refused with a clear error', async (t) => {
    const server = await startTestServer(backend);
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const input = { merchantId: shop.merchantId, email: 'Twice@Example.com', password: 'a long enough password', role: 'cashier' as const };
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => createUser(server.db, server.clock, input)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      assert.ok(result.reason instanceof InvalidInput, String(result.reason));
      assert.equal(result.reason.reason, 'a user with the e-mail twice@example.com already exists');
    }
    const rows = await server.db.kysely.selectFrom('users').select('email').where('email', '=', 'twice@example.com').execute();
    assert.equal(rows.length, 1);
  });
});
