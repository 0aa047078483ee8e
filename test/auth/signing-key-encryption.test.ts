/**
 * The private signing keys are stored encrypted with SIGNING_KEY_ENCRYPTION_KEY: whoever reads the
 * database (a backup) finds no private key material, keys stored in clear are encrypted when a server
 * starts with the key, and a key the server cannot read stops it with a message saying what to set.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { buildApp } from '../../src/app/build-app.js';
import { keyFingerprint, SigningKeyCipher } from '../../src/auth/signing-key-cipher.js';
import { rotateSigningKey } from '../../src/auth/signing-keys.js';
import { loadConfig } from '../../src/config.js';
import { sqlitePath } from '../../src/db/connection.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);

/** Another server on the test server's database (as a restart, or a second process, would be), answering as the same issuer. */
async function startAnother(server: TestServer, env: Record<string, string>): Promise<{ url: string; app: FastifyInstance }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: server.url, DATABASE_URL: server.database.url, ...(server.database.schema ? { DATABASE_SCHEMA: server.database.schema } : {}), ...env });
  const app = await buildApp({ config, db: server.db, clock: server.clock, logger: false });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), app };
}

async function storedKeys(server: TestServer) {
  return server.db.kysely.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('id').execute();
}

describeEachBackend('signing keys encrypted at rest', (backend) => {
  test('with SIGNING_KEY_ENCRYPTION_KEY, the database holds no private key material in clear, and tokens work', async (t) => {
    const server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const signedIn = await signIn(server, { email: shop.email, password: shop.password });
    assert.equal((await signedIn.api.get('/v1/account')).status, 200);
    await rotateSigningKey(server.db, server.clock, new SigningKeyCipher(KEY));
    const refreshed = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
    assert.equal(refreshed.status, 200, 'the rotated, encrypted key signs');

    const rows = await storedKeys(server);
    assert.equal(rows.length, 2);
    const secrets: string[] = [];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        assert.doesNotMatch(String(value), /"d"\s*:/, `${row.id}.${column} holds no JWK "d" in clear`);
      }
      assert.equal(row.private_jwk.split('.').length, 5, 'a JWE in compact form');
      assert.deepEqual(decodeProtectedHeader(row.private_jwk), { alg: 'dir', enc: 'A256GCM', kid: keyFingerprint(KEY), cty: 'jwk+json' });
      // With the key, it is the private half of the published key; without it, nothing.
      const jwk = JSON.parse(new TextDecoder().decode((await compactDecrypt(row.private_jwk, KEY)).plaintext));
      const published = JSON.parse(row.public_jwk);
      assert.deepEqual([jwk.kid, jwk.x, jwk.y], [row.id, published.x, published.y]);
      assert.match(jwk.d, /^[\w-]{43}$/);
      secrets.push(jwk.d);
      await assert.rejects(compactDecrypt(row.private_jwk, randomBytes(32)));
    }
    if (backend === 'sqlite') {
      // The files a backup would copy: the private scalars appear nowhere, in any encoding a JWK uses.
      const file = sqlitePath(server.database.url);
      const bytes = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
      for (const d of secrets) assert.ok(!bytes.includes(d), 'the private key is not in the database files');
    }
  });

  test('keys stored in clear are encrypted when a server starts with the key; tokens signed before keep working', async (t) => {
    const server = await startTestServer(backend);
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const before = await signIn(server, { email: shop.email, password: shop.password });
    const [clear] = await storedKeys(server);
    assert.match(clear!.private_jwk, /"d":"/, 'without the key, stored in clear (outside production)');

    const encrypted = await startAnother(server, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('hex') });
    t.after(() => encrypted.app.close());
    const [row] = await storedKeys(server);
    assert.equal(row!.id, clear!.id);
    assert.equal(decodeProtectedHeader(row!.private_jwk).kid, keyFingerprint(KEY));
    assert.doesNotMatch(row!.private_jwk, /"d"/);
    assert.equal((await new Api(encrypted.url, before.accessToken).get('/v1/account')).status, 200, 'a token signed before is accepted');
    const refreshed = await new Api(encrypted.url, undefined).post('/v1/auth/refresh', { refresh_token: before.refreshToken });
    assert.equal(refreshed.status, 200, 'the encrypted key signs');
    assert.equal(decodeProtectedHeader(refreshed.body.access_token).kid, clear!.id);
  });

  test('a stored key the configured keys cannot read stops the start, with a message saying what to set', async (t) => {
    const server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    await signIn(server, { email: shop.email, password: shop.password });
    const [row] = await storedKeys(server);

    await assert.rejects(
      startAnother(server, {}),
      new RegExp(`^SigningKeyUnreadable: the private signing key ${row!.id} in the database is encrypted with an encryption key of fingerprint ${keyFingerprint(KEY)}, and SIGNING_KEY_ENCRYPTION_KEY is not set: set it to that key$`),
    );
    await assert.rejects(
      startAnother(server, { SIGNING_KEY_ENCRYPTION_KEY: NEW_KEY.toString('base64') }),
      new RegExp(`encrypted with an encryption key of fingerprint ${keyFingerprint(KEY)}, not with SIGNING_KEY_ENCRYPTION_KEY \\(${keyFingerprint(NEW_KEY)}\\): set SIGNING_KEY_ENCRYPTION_KEY to the key it was encrypted with`),
    );
    assert.deepEqual(await storedKeys(server), [row], 'nothing was changed');

    // A ciphertext moved to another key's row is refused, not used.
    const rotated = await rotateSigningKey(server.db, server.clock, new SigningKeyCipher(KEY));
    await server.db.kysely.updateTable('signing_keys').set({ private_jwk: row!.private_jwk }).where('id', '=', rotated.id).execute();
    await assert.rejects(startAnother(server, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') }), new RegExp(`the private signing key stored for ${rotated.id} is not that key \\(it names ${row!.id}\\)`));
  });

  test('a new encryption key: with the old one as SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS the server starts, and rotating re-encrypts every key with the new one', async (t) => {
    const server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const before = await signIn(server, { email: shop.email, password: shop.password });

    const both = { SIGNING_KEY_ENCRYPTION_KEY: NEW_KEY.toString('base64'), SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS: KEY.toString('base64') };
    const moving = await startAnother(server, both);
    t.after(() => moving.app.close());
    assert.equal((await new Api(moving.url, undefined).post('/v1/auth/refresh', { refresh_token: before.refreshToken })).status, 200, 'it signs with the key read with the previous one');

    const rotated = await rotateSigningKey(server.db, server.clock, new SigningKeyCipher(NEW_KEY, KEY));
    assert.equal(rotated.rewrapped, 1);
    const rows = await storedKeys(server);
    assert.equal(rows.length, 2);
    for (const row of rows) assert.equal(decodeProtectedHeader(row.private_jwk).kid, keyFingerprint(NEW_KEY), row.id);
    const after = await startAnother(server, { SIGNING_KEY_ENCRYPTION_KEY: NEW_KEY.toString('base64') });
    await after.app.close();
    await assert.rejects(startAnother(server, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') }), /SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS/);
  });

  test('a running server that cannot read a key re-encrypted under it (a rolling deploy) signs on with the key it holds', async (t) => {
    const server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    t.after(() => server.close());
    const shop = await createTestMerchant(server);
    const before = await signIn(server, { email: shop.email, password: shop.password });
    const held = decodeProtectedHeader(before.accessToken).kid;
    // Another process, with a new encryption key, rotates: the new signing key is one this server cannot open.
    await rotateSigningKey(server.db, server.clock, new SigningKeyCipher(NEW_KEY, KEY));
    server.clock.advance(61_000);
    const refreshed = await new Api(server.url, undefined).post('/v1/auth/refresh', { refresh_token: before.refreshToken });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.equal(decodeProtectedHeader(refreshed.body.access_token).kid, held);
    assert.equal((await new Api(server.url, refreshed.body.access_token).get('/v1/account')).status, 200);
  });
});
