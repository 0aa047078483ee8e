/**
 * Credentials remembered in memory (`auth/credential-cache.ts`): a revoked key, a removed user, a
 * role change or a sign-out on one server process holds on the next request of another process
 * that has just accepted (and so remembered) the credential; on PostgreSQL a listener connection
 * that is killed lets nothing remembered through while it is down.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { CredentialCache } from '../../src/auth/credential-cache.js';
import type { CredentialChanges } from '../../src/db/credential-changes.js';
import { LISTENER_NAME, postgresCredentialChanges } from '../../src/db/credential-changes.js';
import { describeEachBackend, POSTGRES_URL } from '../helpers/backends.js';
import { signIn, signInAs } from '../helpers/oauth.js';
import { startSecondProcess, stopProcess, STARTS_PROCESSES } from '../helpers/processes.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

describeEachBackend('remembered credentials across two server processes', (backend) => {
  let server: TestServer;
  let second: { url: string; process: ChildProcess } | undefined;
  before(async () => {
    server = await startTestServer(backend);
    second = await startSecondProcess(server, { PUBLIC_URL: server.url, SIGN_IN_LIMIT_PER_ADDRESS: '1000000' });
  }, STARTS_PROCESSES);
  after(async () => {
    await stopProcess(second?.process);
    await server.close();
  });
  const on = (url: string, token: string | undefined) => new Api(url, token);

  /** Asks twice, so that the credential is remembered by the process before the change. */
  async function accepted(url: string, token: string, path = '/v1/orders'): Promise<void> {
    for (let i = 0; i < 2; i += 1) assert.equal((await on(url, token).get(path)).status, 200, `${path} on ${url}`);
  }

  test('a key revoked on one process is refused on the next request of the other', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signIn(server, shop);
    const created = await on(server.url, admin.accessToken).post('/v1/api_keys', { name: 'till 2', environment: 'sandbox' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await accepted(second!.url, created.body.key);
    await accepted(server.url, created.body.key);
    assert.equal((await on(server.url, admin.accessToken).post(`/v1/api_keys/${created.body.id}/revoke`)).status, 200);
    for (const url of [second!.url, server.url]) {
      const refused = await on(url, created.body.key).get('/v1/orders');
      assert.equal(refused.status, 401);
      assert.equal(refused.body.error.code, 'credential_revoked');
    }
    await accepted(second!.url, shop.sandboxKey);
  });

  test('a user removed on one process is refused on the next request of the other', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signIn(server, shop);
    const cashier = await signInAs(server, shop, 'cashier');
    await accepted(second!.url, cashier.accessToken);
    assert.equal((await on(server.url, admin.accessToken).request('DELETE', `/v1/users/${cashier.userId}`)).status, 200);
    assert.equal((await on(second!.url, cashier.accessToken).get('/v1/orders')).body.error?.code, 'credential_revoked');
  });

  test('a role changed on one process holds on the next request of the other, both ways', async () => {
    const shop = await createTestMerchant(server);
    const admin = await signIn(server, shop);
    const manager = await signInAs(server, shop, 'manager');
    await accepted(second!.url, manager.accessToken, '/v1/customers');
    assert.equal((await on(server.url, admin.accessToken).patch(`/v1/users/${manager.userId}`, { role: 'cashier' })).status, 200);
    const refused = await on(second!.url, manager.accessToken).post('/v1/customers', { name: 'Ada' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'insufficient_permissions');
    assert.equal((await on(second!.url, manager.accessToken).get('/v1/account')).body.user.role, 'cashier');
    assert.equal((await on(server.url, admin.accessToken).patch(`/v1/users/${manager.userId}`, { role: 'manager' })).status, 200);
    assert.equal((await on(second!.url, manager.accessToken).post('/v1/customers', { name: 'Ada' })).status, 201);
  });

  test('a sign-out on one process is refused on the next request of the other; other sign-ins go on', async () => {
    const shop = await createTestMerchant(server);
    const phone = await signIn(server, shop);
    const laptop = await signIn(server, shop);
    await accepted(second!.url, phone.accessToken);
    await accepted(second!.url, laptop.accessToken);
    const phoneId = (await on(server.url, phone.accessToken).get('/v1/account/sessions')).body.data.find((s: { current: boolean }) => s.current).id;
    assert.equal((await on(server.url, laptop.accessToken).request('DELETE', `/v1/account/sessions/${phoneId}`)).status, 200);
    assert.equal((await on(second!.url, phone.accessToken).get('/v1/orders')).body.error?.code, 'credential_revoked');
    await accepted(second!.url, laptop.accessToken);
  });
});

describe('remembered credentials while the PostgreSQL listener is down', { skip: POSTGRES_URL ? false : 'set TEST_DATABASE_URL to run on PostgreSQL' }, () => {
  let server: TestServer;
  let admin: pg.Client;
  before(async () => {
    server = await startTestServer('postgres');
    admin = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${server.database.schema}` });
    await admin.connect();
  });
  after(async () => {
    await admin.end();
    await server.close();
  });

  /**
   * Revokes a key behind the triggers' back (`session_replication_role = replica` turns triggers
   * off), as a notice lost while nobody listened would leave it: only the listener's state can
   * then keep the remembered key from being accepted.
   */
  async function revokeSilently(key: string): Promise<void> {
    await admin.query('begin');
    await admin.query('set local session_replication_role = replica');
    await admin.query(`update api_keys set revoked_at = $1 where key_hash = encode(sha256(convert_to($2, 'utf8')), 'hex')`, [new Date().toISOString(), key]);
    await admin.query('commit');
  }

  const listeners = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [`${LISTENER_NAME} ${server.database.schema}`])).rows.map((r) => r.pid);

  test('settle() returns once every listening process has taken in the changes committed before it', async () => {
    const watch = (): CredentialChanges => postgresCredentialChanges({ connectionString: POSTGRES_URL!, connectTimeoutMs: 5_000, options: `-c search_path=${server.database.schema}` });
    const [revoker, other] = [watch(), watch()];
    try {
      await until('both listen', () => revoker.generation() !== undefined && other.generation() !== undefined);
      const before = other.generation();
      const shop = await createTestMerchant(server);
      await admin.query(`update api_keys set revoked_at = $1 where key_hash = encode(sha256(convert_to($2, 'utf8')), 'hex')`, [new Date().toISOString(), shop.sandboxKey]);
      // Nothing waits between the commit and settle() but its own wait. (With settle() doing nothing this
      // fails in about half the runs: the notice sometimes comes in with the commit's answer.)
      await revoker.settle();
      assert.notEqual(other.generation(), before, 'the other process has seen the change');
    } finally {
      await Promise.all([revoker.close(), other.close()]);
    }
  });

  test('the server remembers a key while the listener stands (what the next test relies on)', async () => {
    // The server starts listening in the background: until it does, it remembers nothing (on a busy machine, a while).
    await until('the server listens for credential changes', async () => (await listeners()).length > 0);
    const shop = await createTestMerchant(server);
    const api = new Api(server.url, shop.sandboxKey);
    assert.equal((await api.get('/v1/orders')).status, 200);
    await revokeSilently(shop.sandboxKey);
    assert.equal((await api.get('/v1/orders')).status, 200, 'a change no trigger reported is not seen: the key was remembered');
  });

  test('a killed listener connection drops what is remembered: a key revoked meanwhile is refused', async () => {
    const shop = await createTestMerchant(server);
    const api = new Api(server.url, shop.sandboxKey);
    assert.equal((await api.get('/v1/orders')).status, 200);
    assert.equal((await api.get('/v1/orders')).status, 200);
    const pids = await listeners();
    assert.ok(pids.length > 0, 'the server listens for credential changes');
    for (const pid of pids) await admin.query('select pg_terminate_backend($1)', [pid]);
    await until('the listener connections have ended', async () => !(await listeners()).some((pid) => pids.includes(pid)));
    await revokeSilently(shop.sandboxKey);
    // The server learns of the dropped connection when its goodbye comes in, which a request sent at
    // once may overtake: asked until it is refused. A server that kept what it remembered would
    // answer 200 every time.
    let refused = await api.get('/v1/orders');
    await until('the revoked key is refused', async () => (refused = await api.get('/v1/orders')).status !== 200);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'credential_revoked');
    // Listening again (back-off from 0.1 s), and remembering again: the server never went down.
    await until('the listener reconnected', async () => (await listeners()).some((pid) => !pids.includes(pid)));
    const other = await createTestMerchant(server);
    assert.equal((await new Api(server.url, other.sandboxKey).get('/v1/orders')).status, 200);
  });
});

/** Generation numbers set by hand, as the database would move them. */
function changesAt(initial: number | undefined): CredentialChanges & { value: number | undefined } {
  return { value: initial, generation() { return this.value; }, settle: async () => {}, close: async () => {} };
}

describe('CredentialCache', () => {
  const ok = (id: string) => ({ ok: true, id });
  test('remembers an accepted credential until the generation moves', async () => {
    const changes = changesAt(1);
    const cache = new CredentialCache<{ ok: boolean; id: string }>({ changes });
    let checks = 0;
    const check = async () => ok(`v${++checks}`);
    assert.equal((await cache.get('a', check, (r) => r.ok)).id, 'v1');
    assert.equal((await cache.get('a', check, (r) => r.ok)).id, 'v1');
    changes.value = 2;
    assert.equal((await cache.get('a', check, (r) => r.ok)).id, 'v2');
    assert.equal(checks, 2);
  });

  test('remembers nothing while changes cannot be seen, nor a refusal, nor an answer read across a change', async () => {
    const changes = changesAt(undefined);
    const cache = new CredentialCache<{ ok: boolean; id: string }>({ changes });
    await cache.get('a', async () => ok('x'), (r) => r.ok);
    assert.equal(cache.size, 0);
    changes.value = 5;
    await cache.get('a', async () => ({ ok: false, id: 'refused' }), (r) => r.ok);
    assert.equal(cache.size, 0);
    await cache.get('a', async () => {
      changes.value = 6;
      return ok('stale');
    }, (r) => r.ok);
    assert.equal(cache.size, 0, 'a change while the database was asked keeps the answer out');
  });

  test('holds at most maxEntries, each at most maxAgeMs', async () => {
    let now = 0;
    const cache = new CredentialCache<{ ok: boolean; id: string }>({ changes: changesAt(1), maxEntries: 2, maxAgeMs: 1_000, now: () => now });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ok(key), (r) => r.ok);
    assert.equal(cache.size, 2);
    assert.equal((await cache.get('a', async () => ok('a again'), (r) => r.ok)).id, 'a again', 'the oldest was dropped');
    now = 1_000;
    assert.equal((await cache.get('c', async () => ok('c again'), (r) => r.ok)).id, 'c again', 'too old');
  });
});
