/**
 * Several server processes on one database (PostgreSQL, as deployed; SQLite too, in WAL mode): they sign and verify with the same keys,
 * and a revocation or a refresh-token reuse seen by one holds on the other at once.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, beforeEach, test } from 'node:test';
import { importJWK, SignJWT, decodeJwt, type JWK } from 'jose';
import * as client from 'openid-client';
import { rotateSigningKey } from '../../src/auth/signing-keys.js';
import { describeEachBackend } from '../helpers/backends.js';
import { signIn } from '../helpers/oauth.js';
import { startSecondProcess, stopProcess, STARTS_PROCESSES } from '../helpers/processes.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

describeEachBackend('user tokens across two server processes', (backend) => {
    let server: TestServer;
    let second: { url: string; process: ChildProcess } | undefined;
    before(async () => {
      server = await startTestServer(backend);
      // One issuer for both, as PUBLIC_URL gives a deployment behind one address.
      second = await startSecondProcess(server, { PUBLIC_URL: server.url, SIGN_IN_LIMIT_PER_ADDRESS: '1000000' });
    }, STARTS_PROCESSES);
    // The second process runs on the real clock: the first one's is kept beside it.
    beforeEach(() => server.clock.set(new Date().toISOString()));
    after(async () => {
      await stopProcess(second?.process);
      await server.close();
    });
    const on = (url: string, token: string | undefined) => new Api(url, token);

    test('a token issued by one process is accepted by the other, and refreshed there', async () => {
      const shop = await createTestMerchant(server);
      const signedIn = await signIn(server, shop);
      assert.equal((await on(second!.url, signedIn.accessToken).get('/v1/orders')).status, 200);
      const refreshed = await on(second!.url, undefined).post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      assert.equal((await on(server.url, refreshed.body.access_token).get('/v1/orders')).status, 200);
    });

    test('a revocation on one process holds on the other at once', async () => {
      const shop = await createTestMerchant(server);
      const signedIn = await signIn(server, shop);
      assert.equal((await on(second!.url, signedIn.accessToken).get('/v1/orders')).status, 200);
      await client.tokenRevocation(signedIn.config, signedIn.refreshToken);
      const refused = await on(second!.url, signedIn.accessToken).get('/v1/orders');
      assert.equal(refused.status, 401);
      assert.equal(refused.body.error.code, 'credential_revoked');
      const refresh = await on(second!.url, undefined).post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
      assert.equal(refresh.status, 401);
    });

    test('a sign-in ended from the list, by a password change or by an admin on one process is refused on the other at once', async () => {
      const shop = await createTestMerchant(server);
      const phone = await signIn(server, shop);
      const laptop = await signIn(server, shop);
      const tablet = await signIn(server, shop);
      const laptopId = (await on(server.url, laptop.accessToken).get('/v1/account/sessions')).body.data.find((s: { current: boolean }) => s.current).id;
      assert.equal((await on(server.url, laptop.accessToken).get('/v1/orders')).status, 200, 'the first process has seen the laptop');

      assert.equal((await on(second!.url, phone.accessToken).request('DELETE', `/v1/account/sessions/${laptopId}`)).status, 200);
      assert.equal((await on(server.url, laptop.accessToken).get('/v1/orders')).body.error?.code, 'credential_revoked');
      assert.equal((await on(server.url, undefined).post('/v1/auth/refresh', { refresh_token: laptop.refreshToken })).status, 401);

      const changed = await on(second!.url, phone.accessToken).post('/v1/account/password', { current_password: shop.password, new_password: 'a new password 123' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal((await on(server.url, tablet.accessToken).get('/v1/orders')).body.error?.code, 'credential_revoked');
      assert.equal((await on(server.url, phone.accessToken).get('/v1/orders')).status, 200, 'the sign-in that changed it goes on');

      const signedInAgain = await signIn(server, { email: shop.email, password: 'a new password 123' });
      assert.equal((await on(second!.url, phone.accessToken).post(`/v1/users/${shop.userId}/sign_out`)).status, 200);
      for (const token of [phone.accessToken, signedInAgain.accessToken]) {
        assert.equal((await on(server.url, token).get('/v1/orders')).body.error?.code, 'credential_revoked');
      }
    });

    test('a refresh-token reuse detected on one process ends the sign-in on the other', async () => {
      const shop = await createTestMerchant(server);
      const signedIn = await signIn(server, shop);
      // Rotated on the first process 11 s ago (its clock set back): past the 10 s grace period.
      server.clock.advance(-11_000);
      const next = await on(server.url, undefined).post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
      server.clock.advance(11_000);
      assert.equal(next.status, 200);
      const reuse = await on(second!.url, undefined).post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken });
      assert.equal(reuse.status, 401);
      assert.equal(reuse.body.error.code, 'credential_revoked');
      assert.equal((await on(server.url, next.body.access_token).get('/v1/orders')).status, 401, 'the first process refuses the newest access token');
      assert.equal((await on(server.url, undefined).post('/v1/auth/refresh', { refresh_token: next.body.refresh_token })).status, 401);
    });

    test('concurrent refreshes of one token on both processes: one success, the chain intact', async () => {
      const shop = await createTestMerchant(server);
      const signedIn = await signIn(server, shop);
      const answers = await Promise.all(
        [server.url, second!.url, server.url, second!.url].map((url) => on(url, undefined).post('/v1/auth/refresh', { refresh_token: signedIn.refreshToken })),
      );
      const won = answers.filter((a) => a.status === 200);
      assert.equal(won.length, 1, JSON.stringify(answers.map((a) => [a.status, a.body.error?.code])));
      assert.equal((await on(second!.url, won[0]!.body.access_token).get('/v1/orders')).status, 200);
      assert.equal((await on(server.url, undefined).post('/v1/auth/refresh', { refresh_token: won[0]!.body.refresh_token })).status, 200);
    });

    test('a key rotated in the database signs tokens both processes accept; the old key stays published', async () => {
      const shop = await createTestMerchant(server);
      const before = await signIn(server, shop);
      const rotated = await rotateSigningKey(server.db, server.clock);
      assert.equal(rotated.retired.length, 1);
      const row = await server.db.kysely.selectFrom('signing_keys').selectAll().where('id', '=', rotated.id).executeTakeFirstOrThrow();
      const key = await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256');
      const claims = decodeJwt(before.accessToken);
      const now = Math.floor(Date.now() / 1000);
      const withNewKey = await new SignJWT({ ...claims, iat: now, exp: now + 600 }).setProtectedHeader({ alg: 'ES256', kid: rotated.id, typ: 'at+jwt' }).sign(key);
      // Neither process has seen the new key yet: a kid it does not hold makes it read the keys again.
      for (const url of [server.url, second!.url]) {
        assert.equal((await on(url, withNewKey).get('/v1/orders')).status, 200, url);
        assert.equal((await on(url, before.accessToken).get('/v1/orders')).status, 200, `${url}: tokens of the retired key still work`);
      }
      const jwks = (await (await fetch(`${second!.url}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
      assert.deepEqual(jwks.keys.map((k) => k.kid).sort(), [rotated.id, ...rotated.retired].sort());
    });
});
