/**
 * Without SMTP_URL the outbox keeps no usable link: the row holds the link with its token left out
 * and the token row holds only a hash; `till mail list` shows the link once, with a new token that
 * is stored nowhere but as its hash, and never again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { runTill, runTillJson, tillEnv } from '../helpers/cli.js';
import { waitForOutbox } from '../helpers/mail.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

/** Every string of 43 base62 characters in `text`: what a one-time token looks like. */
const tokenLike = (text: string) => [...text.matchAll(/[0-9A-Za-z]{43}/g)].map((m) => m[0]);

describeEachBackend('the mail outbox keeps no usable link', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  const resetPage = async (token: string) => {
    const response = await fetch(`${server.url}/oauth/reset-password?token=${token}`);
    await response.text();
    return response.status;
  };
  const stored = async (email: string) =>
    JSON.stringify([
      await server.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute(),
      await server.db.kysely.selectFrom('password_tokens').selectAll().execute(),
    ]);

  test('the outbox row and the token row hold nothing that opens the reset form; till mail list shows a working link once', async () => {
    const owner = await createTestMerchant(server);
    const asked = await fetch(`${server.url}/oauth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: owner.email }),
    });
    assert.equal(asked.status, 200);
    const kept = await waitForOutbox(server, owner.email, /Reset your Till password/, 10_000, false);
    assert.equal(kept.transport, 'log');

    const row = await server.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', owner.email).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.links), [`${server.url}/oauth/reset-password?token={token}`], 'the link is kept without its token');
    const candidates = tokenLike(await stored(owner.email));
    for (const candidate of candidates) assert.equal(await resetPage(candidate), 400, `${candidate} from the database opens nothing`);
    // The hex hashes are 64 characters: their 43-character slices were tried above too.
    assert.ok(candidates.length > 0);

    const env = tillEnv(server.database);
    const first = await runTillJson<{ data: Array<{ to: string; links: string[]; link_status: string }> }>(['mail', 'list'], env);
    const mine = first.data.find((m) => m.to === owner.email)!;
    assert.equal(mine.link_status, 'shown_now');
    const link = mine.links[0]!;
    assert.match(link, /\/oauth\/reset-password\?token=[0-9A-Za-z]{43}$/);
    const token = new URL(link).searchParams.get('token')!;
    assert.equal(await resetPage(token), 200, 'the link shown works');
    assert.ok(!(await stored(owner.email)).includes(token), 'and is stored nowhere in clear');

    const second = await runTill(['mail', 'list'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.ok(second.stdout.includes(owner.email));
    assert.ok(!second.stdout.includes(token), 'shown once only');
    const again = await runTillJson<{ data: Array<{ to: string; links: string[]; link_status: string }> }>(['mail', 'list'], env);
    assert.deepEqual(
      again.data.filter((m) => m.to === owner.email).map((m) => [m.links, m.link_status]),
      [[[], 'shown_before']],
    );
  });
});
