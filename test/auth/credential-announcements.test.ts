/**
 * Credential changes are announced by the write that makes them (`announceCredentialChange`), never
 * read from a statement's text: a key's revocation makes its transaction wait until every process has
 * taken it in, and the throttled update of a key's last use announces nothing, so a request that
 * records it flushes no process's remembered credentials.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-keys.js';
import { API_KEY_SCOPES } from '../../src/auth/permissions.js';
import { settleAfterCommit } from '../../src/db/credential-changes.js';
import { recordApiKeyUse, revokeApiKeyRow } from '../../src/db/identity/api-keys.js';
import type { DbTransaction } from '../../src/db/transaction.js';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

describeEachBackend('credential changes announced by the operation', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    await server.close();
  });

  /** How many times a transaction running `work` asks, once committed, for every process to take its changes in. */
  async function settlesOf(work: (trx: DbTransaction) => Promise<unknown>): Promise<number> {
    let settles = 0;
    await settleAfterCommit((announced) => server.db.transaction(announced), work, async () => {
      settles += 1;
    });
    return settles;
  }

  test("a key's last-use update announces nothing; its revocation announces once", async () => {
    const shop = await createTestMerchant(server);
    const key = await createApiKey(server.db, server.clock, { merchantId: shop.merchantId, environment: 'sandbox', name: 'till', permissions: API_KEY_SCOPES });
    const now = server.clock.now().toISOString();
    assert.equal(await settlesOf((trx) => recordApiKeyUse(trx, shop.merchantId, key.id, now)), 0);
    assert.equal(await settlesOf((trx) => revokeApiKeyRow(trx, key.id, shop.merchantId, now)), 1);
    assert.equal(await settlesOf((trx) => revokeApiKeyRow(trx, key.id, shop.merchantId, now)), 0, 'revoked before: nothing changed');
  });

  test("a request that records its key's last use leaves the credentials remembered; a revocation drops them", async () => {
    const shop = await createTestMerchant(server);
    const key = await createApiKey(server.db, server.clock, { merchantId: shop.merchantId, environment: 'sandbox', name: 'till', permissions: API_KEY_SCOPES });
    const changes = server.db.watchCredentials();
    await until('credential changes can be seen', () => changes.generation() !== undefined);
    const before = changes.generation()!;
    assert.equal((await new Api(server.url, key.key).get('/v1/orders')).status, 200);
    // On PostgreSQL settle() takes in every notice committed before it, and moves the number once itself.
    await changes.settle();
    const ownNotice = backend === 'postgres' ? 1 : 0;
    assert.equal(changes.generation(), before + ownNotice, 'the last-use update changed nothing remembered');
    assert.equal((await new Api(server.url, key.key).get('/v1/orders')).status, 200);
    assert.ok(await server.db.transaction((trx) => revokeApiKeyRow(trx, key.id, shop.merchantId, server.clock.now().toISOString())));
    assert.ok(changes.generation()! > before + ownNotice, 'the revocation was taken in before its transaction returned');
    assert.equal((await new Api(server.url, key.key).get('/v1/orders')).status, 401);
  });
});
