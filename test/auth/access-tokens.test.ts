/**
 * Forged, altered and stale access tokens, each refused with 401: the verifier takes ES256 only,
 * only keys the server publishes, its own issuer, and tokens within their hour (plus 60 s leeway).
 */
import assert from 'node:assert/strict';
import { createHmac, createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { rotateSigningKey } from '../../src/auth/signing-keys.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function parts(token: string): { header: Record<string, unknown>; payload: Record<string, unknown>; signature: string } {
  const [header, payload, signature] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()),
    signature: signature!,
  };
}

describeEachBackend('access token verification', (backend) => {
  let server: TestServer;
  let shop: TestMerchant;
  let token: string;
  before(async () => {
    server = await startTestServer(backend);
    shop = await createTestMerchant(server);
    token = (await signIn(server, shop)).accessToken;
  });
  after(() => server.close());

  async function refused(credential: string, code = 'invalid_credentials'): Promise<void> {
    const response = await new Api(server.url, credential).get('/v1/orders');
    assert.equal(response.status, 401, JSON.stringify(response.body));
    assert.equal(response.body.error.code, code);
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer realm="till", error="invalid_token"$/);
  }

  /** The server's signing key, read from the database: a forger who had it could still not beat the claim checks below. */
  async function serverKey() {
    const row = await server.db.kysely.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).executeTakeFirstOrThrow();
    return { kid: row.id, key: await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256') };
  }

  function claimsOf(overrides: Record<string, unknown> = {}) {
    const now = Math.floor(server.clock.now().getTime() / 1000);
    return { ...parts(token).payload, iat: now, exp: now + 3600, ...overrides };
  }

  test('control: a token the test signs with the server key and the right claims is accepted', async () => {
    const { kid, key } = await serverKey();
    const forged = await new SignJWT(claimsOf()).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(key);
    assert.equal((await new Api(server.url, forged).get('/v1/orders')).status, 200);
    assert.equal((await new Api(server.url, token).get('/v1/orders')).status, 200);
  });

  test('a token carrying a permission Till no longer grants keeps working, without it', async () => {
    const { kid, key } = await serverKey();
    const older = await new SignJWT(claimsOf({ permissions: [...(parts(token).payload.permissions as string[]), 'reports:write'] })).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid }).sign(key);
    const account = await new Api(server.url, older).get('/v1/account');
    assert.equal(account.status, 200, JSON.stringify(account.body));
    assert.ok(!account.body.permissions.includes('reports:write'));
    assert.ok(account.body.permissions.includes('orders:read'));
  });

  test('alg "none" (unsigned) is refused', async () => {
    const { header, payload } = parts(token);
    await refused(`${b64url({ ...header, alg: 'none' })}.${b64url(payload)}.`);
    await refused(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`);
  });

  test('HS256 signed with the public key (algorithm confusion) is refused', async () => {
    const { header, payload } = parts(token);
    const jwks = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const jwk = jwks.keys.find((k) => k.kid === header.kid)!;
    const pem = createPublicKey({ key: jwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    for (const secret of [pem, JSON.stringify(jwk)]) {
      const signingInput = `${b64url({ ...header, alg: 'HS256' })}.${b64url(payload)}`;
      await refused(`${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`);
    }
  });

  test('a kid the server does not publish is refused', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    await refused(await new SignJWT(claimsOf()).setProtectedHeader({ alg: 'ES256', kid: 'sig_unknownkeyunknownkey' }).sign(privateKey));
    await refused(await new SignJWT(claimsOf()).setProtectedHeader({ alg: 'ES256' }).sign(privateKey));
  });

  test('keys named in the token header (jwk, jku, x5u) are never used or fetched', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const attackerJwk = { ...(await exportJWK(publicKey)), kid: 'attacker', alg: 'ES256' };
    let fetched = 0;
    const keyServer: Server = createServer((_request, response) => {
      fetched += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [attackerJwk] }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    try {
      const address = keyServer.address() as { port: number };
      const jku = `http://127.0.0.1:${address.port}/jwks.json`;
      const { kid: serverKid } = await serverKey();
      for (const header of [
        { alg: 'ES256', kid: 'attacker', jku },
        { alg: 'ES256', kid: 'attacker', x5u: jku },
        { alg: 'ES256', kid: 'attacker', jwk: attackerJwk },
        { alg: 'ES256', kid: serverKid, jwk: attackerJwk },
        { alg: 'ES256', kid: serverKid, jku },
      ]) {
        await refused(await new SignJWT(claimsOf()).setProtectedHeader(header as never).sign(privateKey));
      }
      assert.equal(fetched, 0, 'no key was fetched from the address a token named');
    } finally {
      await new Promise((resolve) => keyServer.close(resolve));
    }
  });

  test('a changed payload (role, merchant, permissions, expiry) breaks the signature', async () => {
    const { header, payload, signature } = parts(token);
    for (const change of [{ role: 'admin', permissions: ['orders:read', 'api_keys:write'] }, { merchant_id: 'mer_someoneelse00000000' }, { exp: (payload.exp as number) + 86_400 }, { env: 'sandbox' }]) {
      await refused(`${b64url(header)}.${b64url({ ...payload, ...change })}.${signature}`);
    }
    await refused(`${token.split('.').slice(0, 2).join('.')}.${signature.slice(0, -4)}AAAA`);
  });

  test('expiry is checked against the clock with at most 60 s of leeway', async () => {
    const fresh = (await signIn(server, shop)).accessToken;
    server.clock.advance(3600_000 + 59_000);
    try {
      assert.equal((await new Api(server.url, fresh).get('/v1/orders')).status, 200, 'within the leeway');
      server.clock.advance(2_000);
      await refused(fresh, 'token_expired');
    } finally {
      server.clock.advance(-(3600_000 + 61_000));
    }
  });

  test('another issuer, or no expiry, is refused even with the server key', async () => {
    const { kid, key } = await serverKey();
    await refused(await new SignJWT(claimsOf({ iss: 'https://attacker.example' })).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(key));
    const { exp: _exp, ...noExpiry } = claimsOf();
    await refused(await new SignJWT(noExpiry).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(key));
    await refused(await new SignJWT(claimsOf({ env: 'staging' })).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(key));
  });

  test('a token for a sign-in that does not exist, or of another merchant, is refused', async () => {
    const { kid, key } = await serverKey();
    await refused(await new SignJWT(claimsOf({ sid: 'ses_doesnotexist000000' })).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(key), 'credential_revoked');
    const other = await createTestMerchant(server);
    await refused(await new SignJWT(claimsOf({ merchant_id: other.merchantId })).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(key), 'credential_revoked');
  });

  test('garbage that looks like a JWT is a 401, never a 500', async () => {
    for (const junk of ['eyJ.eyJ.x', 'eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.c2ln', `eyJ${'A'.repeat(5000)}.eyJ.x`]) await refused(junk);
  });

  test('signing-key rotation: new tokens use the new key; the old one is published until its last token expired', async () => {
    const before = (await signIn(server, shop)).accessToken;
    const rotated = await rotateSigningKey(server.db, server.clock);
    const kids = async () => ((await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
    server.clock.advance(61_000); // past the key ring's one-minute refresh
    const after = (await signIn(server, shop)).accessToken;
    assert.equal(decodeProtectedHeader(after).kid, rotated.id, 'signed with the new key');
    assert.deepEqual((await kids()).sort(), [rotated.id, ...rotated.retired].sort());
    assert.equal((await new Api(server.url, before).get('/v1/orders')).status, 200, 'a token of the retired key still works');

    server.clock.advance(3600_000 + 120_000);
    assert.deepEqual(await kids(), [rotated.id], 'the retired key is gone once its last token has expired');
    await refused(before, 'invalid_credentials'); // its key is no longer one the server publishes
    server.clock.advance(-(3600_000 + 120_000 + 61_000));
  });
});
