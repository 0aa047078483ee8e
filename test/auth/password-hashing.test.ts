/**
 * Password hashing goes through one bounded queue: a taken e-mail is refused before any hash, and a
 * burst of sign-ins never runs more hashes at once than the queue allows.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PASSWORD_HASH_CONCURRENCY, passwordHashingStats } from '../../src/auth/password-hashing.js';
import { createUser } from '../../src/auth/users.js';
import { InvalidInput } from '../../src/errors.js';
import { randomBase62 } from '../../src/ids.js';
import { describeEachBackend } from '../helpers/backends.js';
import { authorizationRequest, signIn, submitSignIn } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { assertError } from '../orders/support.js';

describeEachBackend('password hashing queue', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('adding a user with a taken e-mail (POST /v1/users, till user create) is refused without hashing the password', async () => {
    const shop = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const admin = (await signIn(server, { email: shop.email, password: shop.password }, { environment: 'sandbox' })).api;

    const before = passwordHashingStats().started;
    for (const email of [shop.email, other.email.toUpperCase(), ` ${other.email} `]) {
      assertError(await admin.post('/v1/users', { email, password: 'x'.repeat(100), role: 'cashier' }), 400, 'parameter_invalid', 'email');
      await assert.rejects(
        createUser(server.db, server.clock, { merchantId: shop.merchantId, email, password: 'y'.repeat(100), role: 'manager' }),
        (error: unknown) => error instanceof InvalidInput && error.param === 'email' && /already exists/.test(error.message),
      );
    }
    assert.equal(passwordHashingStats().started, before, 'no password was hashed for a taken e-mail');

    // A free e-mail is hashed, once, through the queue.
    const created = await admin.post('/v1/users', { email: `free-${randomBase62(8).toLowerCase()}@example.com`, password: 'x'.repeat(100), role: 'cashier' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(passwordHashingStats().started, before + 1);
  });

  test(`a burst of sign-ins: every verification waits in the queue, and at most ${PASSWORD_HASH_CONCURRENCY} run at once`, async () => {
    const shop = await createTestMerchant(server);
    const attempts = PASSWORD_HASH_CONCURRENCY * 4 + 2;
    // Prepared first (each opens the sign-in page), so that only the form posts race.
    const requests = await Promise.all(Array.from({ length: attempts }, () => authorizationRequest(server)));
    const before = passwordHashingStats();
    const answers = await Promise.all(
      requests.map((request, i) =>
        // Right passwords, wrong ones and an unknown e-mail: each costs one verification.
        submitSignIn(request.url, i % 3 === 2 ? `nobody-${i}@example.com` : shop.email, i % 3 === 0 ? shop.password : `wrong-${i}-password`),
      ),
    );
    const after = passwordHashingStats();
    assert.deepEqual(
      answers.map((a) => a.status),
      answers.map((_a, i) => (i % 3 === 0 ? 303 : 401)),
    );
    // One verification per attempt (and, the first time an unknown e-mail is seen, the decoy's hash).
    assert.ok(after.started - before.started >= attempts, `${after.started - before.started} of ${attempts} went through the queue`);
    assert.ok(after.started - before.started <= attempts + 1);
    assert.ok(after.waited > before.waited, "some had to wait for a place");
    assert.equal(after.peak, PASSWORD_HASH_CONCURRENCY, 'never more at once than the bound, and the bound was reached');
    assert.equal(after.running, 0);
    assert.equal(after.waiting, 0);
  });
});
