/**
 * Webhook endpoints' signing secrets at rest: encrypted with SIGNING_KEY_ENCRYPTION_KEY when it is set
 * (so a copy of the database cannot forge deliveries), in clear without it, and every delivery
 * verifies with the `standardwebhooks` package either way.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../src/app/build-app.js';
import { keyFingerprint, SigningKeyCipher } from '../../src/auth/signing-key-cipher.js';
import { loadConfig } from '../../src/config.js';
import { rewrapWebhookSecrets } from '../../src/webhooks/webhook-secrets.js';
import { describeEachBackend } from '../helpers/backends.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);

const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0,0,0',
  WEBHOOK_TIMEOUT_MS: '2000',
};

async function storedEndpoint(server: TestServer, id: string) {
  return server.db.kysely.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every signature of a delivery verifies with its own secret, one at a time, as a receiver holding only that secret checks it. */
function verifiesWith(delivery: { body: string; headers: Record<string, unknown> }, secret: string): unknown {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
}

/** The secret and the row as a database copy shows them: none of the secret's bytes in any column. */
function assertNotInClear(row: Record<string, unknown>, secret: string): void {
  const raw = secret.slice('whsec_'.length);
  for (const [column, value] of Object.entries(row)) {
    assert.ok(!String(value).includes(raw), `${column} does not hold the secret in clear`);
    assert.ok(!String(value).includes(Buffer.from(raw, 'base64').toString('hex')), `${column} does not hold the secret's bytes in hex`);
  }
}

describeEachBackend('webhook secrets at rest', (backend) => {
  test('with SIGNING_KEY_ENCRYPTION_KEY, the row holds the secret encrypted, and deliveries verify with standardwebhooks, before and after a rotation', async (t) => {
    const server = await startTestServer(backend, { ...WEBHOOK_ENV, SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    const hook: Receiver = await startReceiver();
    t.after(async () => {
      await server.close();
      await hook.close();
    });
    const shop = await createTestMerchant(server);
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { id, secret } = created.body;

    const row = await storedEndpoint(server, id);
    assertNotInClear(row, secret);
    assert.equal(row.secret.split('.').length, 5, 'a JWE in compact form');
    assert.deepEqual(decodeProtectedHeader(row.secret), { alg: 'dir', enc: 'A256GCM', kid: keyFingerprint(KEY), cty: 'secret+json' });
    // With the key, it is the secret, bound to its endpoint.
    const opened = JSON.parse(new TextDecoder().decode((await compactDecrypt(row.secret, KEY)).plaintext));
    assert.deepEqual(opened, { owner: id, secret });

    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Ada' })).status, 201);
    const [first] = await hook.waitFor(1);
    assert.equal((verifiesWith(first!, secret) as { type: string }).type, 'customer.created');

    // Rotation: the new secret is stored encrypted too, and until the old one expires both sign.
    const rotated = await shop.sandbox.post(`/v1/webhook_endpoints/${id}/rotate_secret`, { expires_in_seconds: 3600 });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const rotatedRow = await storedEndpoint(server, id);
    assertNotInClear(rotatedRow, rotated.body.secret);
    assertNotInClear(rotatedRow, secret);
    assert.equal(rotatedRow.previous_secret, row.secret, 'the old secret is kept as it was stored: encrypted');
    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Grace' })).status, 201);
    const [, second] = await hook.waitFor(2);
    assert.equal(String(second!.headers['webhook-signature']).split(' ').length, 2);
    verifiesWith(second!, rotated.body.secret);
    verifiesWith(second!, secret);
    assert.throws(() => verifiesWith(second!, `whsec_${randomBytes(32).toString('base64')}`));
  });

  test('without SIGNING_KEY_ENCRYPTION_KEY, the secret is stored as is and deliveries verify', async (t) => {
    const server = await startTestServer(backend, WEBHOOK_ENV);
    const hook = await startReceiver();
    t.after(async () => {
      await server.close();
      await hook.close();
    });
    const shop = await createTestMerchant(server);
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: hook.url, enabled_events: ['customer.created'] });
    assert.equal(created.status, 201);
    assert.equal((await storedEndpoint(server, created.body.id)).secret, created.body.secret);
    assert.equal((await shop.sandbox.post('/v1/customers', { name: 'Ada' })).status, 201);
    const [delivery] = await hook.waitFor(1);
    verifiesWith(delivery!, created.body.secret);
  });

  test('creating an endpoint and rotating its secret ignore Idempotency-Key, so the secret is never stored for a replay', async (t) => {
    const server = await startTestServer(backend, { ...WEBHOOK_ENV, WEBHOOK_DISPATCH: 'off' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const body = { url: 'https://example.com/hook', enabled_events: ['*'] };
    const created = await shop.sandbox.post('/v1/webhook_endpoints', body, { 'Idempotency-Key': 'create-1' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.secret, /^whsec_/);
    const rotated = await shop.sandbox.post(`/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {}, { 'Idempotency-Key': 'rotate-1' });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const stored = await server.db.kysely.selectFrom('idempotency_keys').selectAll().where('merchant_id', '=', shop.merchantId).execute();
    assert.deepEqual(stored, [], 'no answer kept for a replay');
    // The same key again makes another endpoint: nothing was replayed.
    const again = await shop.sandbox.post('/v1/webhook_endpoints', body, { 'Idempotency-Key': 'create-1' });
    assert.equal(again.status, 201);
    assert.notEqual(again.body.id, created.body.id);
    assert.equal(again.headers.get('idempotent-replayed'), null);
  });

  test('secrets stored in clear are encrypted when a server starts with the key; till signing-key rotate re-wraps them under a new key', async (t) => {
    const server = await startTestServer(backend, { ...WEBHOOK_ENV, WEBHOOK_DISPATCH: 'off' });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const created = await shop.sandbox.post('/v1/webhook_endpoints', { url: 'https://example.com/hook', enabled_events: ['*'] });
    const rotated = await shop.sandbox.post(`/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {});
    assert.equal(rotated.status, 200);
    const clear = await storedEndpoint(server, created.body.id);
    assert.deepEqual([clear.secret, clear.previous_secret], [rotated.body.secret, created.body.secret]);

    // Another server on the same database, now with the key (as a restart with it set would be).
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: server.database.url,
      ...(server.database.schema ? { DATABASE_SCHEMA: server.database.schema } : {}),
      SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64'),
      WEBHOOK_DISPATCH: 'off',
    });
    const app = await buildApp({ config, db: server.db, clock: server.clock, logger: false });
    await app.close();
    const sealed = await storedEndpoint(server, created.body.id);
    assertNotInClear(sealed, rotated.body.secret);
    assertNotInClear(sealed, created.body.secret);
    const cipher = new SigningKeyCipher(KEY);
    assert.deepEqual(
      [await cipher.openSecret(created.body.id, sealed.secret), await cipher.openSecret(created.body.id, sealed.previous_secret!)],
      [rotated.body.secret, created.body.secret],
    );
    // A secret moved to another endpoint's row is refused, not used.
    await assert.rejects(cipher.openSecret('we_another', sealed.secret), /belongs to/);

    // Moving to a new key: the old one as the previous key re-wraps both.
    const moved = new SigningKeyCipher(NEW_KEY, KEY);
    assert.ok((await rewrapWebhookSecrets(server.db, moved, 'all')) >= 2);
    const rewrapped = await storedEndpoint(server, created.body.id);
    assert.equal(decodeProtectedHeader(rewrapped.secret).kid, keyFingerprint(NEW_KEY));
    assert.equal(decodeProtectedHeader(rewrapped.previous_secret!).kid, keyFingerprint(NEW_KEY));
    assert.equal(await new SigningKeyCipher(NEW_KEY).openSecret(created.body.id, rewrapped.secret), rotated.body.secret);
    assert.equal(await rewrapWebhookSecrets(server.db, moved, 'all'), 0, 'nothing left to re-wrap');
  });
});
