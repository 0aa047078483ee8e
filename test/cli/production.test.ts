/**
 * The real `till` command in production and with secrets: what it refuses to start without, how it
 * reports a signing key it cannot read, `till signing-key rotate` moving to a new encryption key, and
 * the demo's own encryption key and open metrics.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { test } from 'node:test';
import { decodeProtectedHeader } from 'jose';
import { keyFingerprint, SigningKeyCipher } from '../../src/auth/signing-key-cipher.js';
import { ensureSigningKey } from '../../src/auth/signing-keys.js';
import { sqlitePath } from '../../src/db/connection.js';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { RunningTill, runTill, runTillJson, tillEnv } from '../helpers/cli.js';
import { submitSignIn } from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

const KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);

/** Waits for the line of standard output that holds `"url"` (log lines may come first) and returns the URL. */
async function urlOf(running: RunningTill): Promise<string> {
  const stdout = await running.waitForOutput((out) => out.split('\n').some((line) => line.startsWith('{"url"') || line.includes('"api_key"')));
  return (JSON.parse(stdout.split('\n').find((line) => line.startsWith('{"url"') || line.includes('"api_key"'))!) as { url: string }).url;
}

describeEachBackend('till in production and with secrets', (backend) => {
  test('NODE_ENV=production: till serve refuses to start without PUBLIC_URL or SIGNING_KEY_ENCRYPTION_KEY, in one line naming it', STARTS_PROCESSES, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://till.example.com', SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') };
    for (const [missing, env] of [
      ['PUBLIC_URL', { ...production, PUBLIC_URL: '' }],
      ['SIGNING_KEY_ENCRYPTION_KEY', { ...production, SIGNING_KEY_ENCRYPTION_KEY: '' }],
    ] as const) {
      for (const command of [['serve'], ['signing-key', 'rotate']]) {
        const result = await runTill(command, tillEnv(database, env));
        assert.equal(result.code, 1, `${command.join(' ')} without ${missing}`);
        assert.match(result.stderr, new RegExp(`^error: NODE_ENV=production requires ${missing} \\([^\\n]*Production checklist\\n$`));
        assert.equal(result.stdout, '');
      }
    }

    // With both, it starts; /metrics is off and the log says how to turn it on.
    const served = RunningTill.start(['serve', '--json'], tillEnv(database, { ...production, LOG_LEVEL: 'info' }));
    t.after(async () => assert.equal(await served.stop(), 0));
    const url = await urlOf(served);
    assert.equal((await fetch(`${url}/metrics`)).status, 404);
    assert.equal((await fetch(`${url}/healthz`)).status, 200);
    const logs = served.stdout.split('\n').filter((line) => line.startsWith('{"level"')).map((line) => JSON.parse(line) as { msg: string });
    assert.ok(logs.some((l) => /^GET \/metrics is off: set METRICS_TOKEN .* or METRICS_PORT/.test(l.msg)), served.stdout);
    assert.ok(!logs.some((l) => /SIGNING_KEY_ENCRYPTION_KEY is not set/.test(l.msg)));
  });

  test('a stored signing key that SIGNING_KEY_ENCRYPTION_KEY cannot read: till serve exits 1 with one line saying what to set', STARTS_PROCESSES, async (t) => {
    const server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    t.after(() => server.close());
    await ensureSigningKey(server.db, server.clock, new SigningKeyCipher(KEY));
    const [row] = await server.db.kysely.selectFrom('signing_keys').select('id').execute();

    const wrong = await runTill(['serve'], tillEnv(server.database, { SIGNING_KEY_ENCRYPTION_KEY: NEW_KEY.toString('hex') }));
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      new RegExp(`^error: cannot start the server on 127\\.0\\.0\\.1:0 \\(database [^)]*\\): the private signing key ${row!.id} in the database is encrypted with an encryption key of fingerprint ${keyFingerprint(KEY)}, not with SIGNING_KEY_ENCRYPTION_KEY \\(${keyFingerprint(NEW_KEY)}\\): set SIGNING_KEY_ENCRYPTION_KEY to the key it was encrypted with; [^\\n]*\\n$`),
    );
    const none = await runTill(['signing-key', 'rotate'], tillEnv(server.database));
    assert.equal(none.code, 1);
    assert.match(none.stderr, /^error: the private signing key sig_\w+ in the database is encrypted with an encryption key of fingerprint [\w-]+, and SIGNING_KEY_ENCRYPTION_KEY is not set: set it to that key\n$/);
  });

  test('till signing-key rotate with the old key as SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS re-encrypts every key with the new one', STARTS_PROCESSES, async (t) => {
    const server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: KEY.toString('base64') });
    t.after(() => server.close());
    await ensureSigningKey(server.db, server.clock, new SigningKeyCipher(KEY));
    const env = tillEnv(server.database, { SIGNING_KEY_ENCRYPTION_KEY: NEW_KEY.toString('base64'), SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS: KEY.toString('base64') });
    const rotated = await runTillJson(['signing-key', 'rotate'], env);
    assert.equal(rotated.rewrapped, 1);
    assert.equal(rotated.encrypted, true);
    const rows = await server.db.kysely.selectFrom('signing_keys').select(['id', 'private_jwk']).execute();
    assert.equal(rows.length, 2);
    for (const row of rows) assert.equal(decodeProtectedHeader(row.private_jwk).kid, keyFingerprint(NEW_KEY), row.id);
    const text = await runTill(['signing-key', 'rotate'], tillEnv(server.database, { SIGNING_KEY_ENCRYPTION_KEY: NEW_KEY.toString('base64') }));
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Every private key is stored encrypted with SIGNING_KEY_ENCRYPTION_KEY \(0 re-encrypted now\)\.$/m);
  });
});

test('till demo keeps its encryption key beside the SQLite file (mode 0600), reuses it, encrypts with it, and serves /metrics openly', STARTS_PROCESSES, async (t) => {
  const database = await createTestDatabase('sqlite');
  t.after(() => database.drop());
  const env = tillEnv(database);
  const keyFile = `${sqlitePath(database.url)}.signing-key-encryption-key`;

  const first = await runTillJson(['demo'], env);
  assert.equal(first.signing_key_encryption_key_file, keyFile);
  assert.equal(statSync(keyFile).mode & 0o777, 0o600);
  const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  assert.equal(key.length, 32);
  const text = await runTill(['demo'], env);
  assert.match(text.stdout, new RegExp(`^Start the server with SIGNING_KEY_ENCRYPTION_KEY="\\$\\(cat ${keyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)" till serve, then paste these:$`, 'm'));
  assert.deepEqual(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64'), key, 'a later run reuses the key');

  const demo = RunningTill.start(['demo', '--serve', '--json'], env);
  t.after(async () => assert.equal(await demo.stop(), 0));
  const url = await urlOf(demo);
  const served = JSON.parse(demo.stdout.split('\n').find((line) => line.includes('"api_key"'))!);
  const metrics = await fetch(`${url}/metrics`);
  assert.equal(metrics.status, 200, 'the demo serves /metrics without a token');
  assert.match(await metrics.text(), /till_http_request_duration_seconds/);

  // A sign-in makes the first signing key: it is stored encrypted with the demo's key.
  const signedIn = await submitSignIn(new URL(served.sign_in.authorization_url), first.merchant.email, first.merchant.password);
  assert.equal(signedIn.status, 303, signedIn.html);
  const token = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: served.oauth_client.client_id,
      code: signedIn.location!.searchParams.get('code')!,
      redirect_uri: served.sign_in.redirect_uri,
      code_verifier: served.sign_in.code_verifier,
    }),
  });
  assert.equal(token.status, 200);
  const { openDatabase } = await import('../../src/db/connection.js');
  const db = await openDatabase({ url: database.url });
  try {
    const rows = await db.kysely.selectFrom('signing_keys').select('private_jwk').execute();
    assert.equal(rows.length, 1);
    assert.equal(decodeProtectedHeader(rows[0]!.private_jwk).kid, keyFingerprint(key));
  } finally {
    await db.close();
  }
});
