/**
 * The operator's side of account mail: `till mail list` shows what was written to the log without
 * SMTP_URL, `--temporary` on `till merchant create` and `till user create`, and a production server
 * without SMTP_URL that warns once and still starts.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { runTill, runTillJson, tillEnv } from '../helpers/cli.js';
import { waitForOutbox } from '../helpers/mail.js';
import { authorizationRequest, formFields, submitSignIn } from '../helpers/oauth.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';
import { tillServe } from '../http/serve-process.js';
import { until } from '../helpers/wait.js';
import { randomBase62 } from '../../src/ids.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

const PASSWORD = 'correct horse battery';

describeEachBackend('till mail list and --temporary', (backend) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = await startTestServer(backend);
    env = tillEnv(server.database);
  });
  after(() => server.close());

  test('without SMTP_URL, a reset mail is kept in the outbox, and till mail list shows its link once', STARTS_PROCESSES, async () => {
    const owner = await createTestMerchant(server);
    const request = await authorizationRequest(server);
    const formUrl = new URL(`forgot-password?${request.url.searchParams}`, request.url);
    const html = await (await fetch(formUrl)).text();
    const answer = await fetch(new URL('forgot-password', formUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...formFields(html), email: owner.email }),
    });
    assert.equal(answer.status, 200);
    const logged = await waitForOutbox(server, owner.email, /Reset your Till password/, 10_000, false);
    assert.equal(logged.transport, 'log');

    const listed = await runTillJson(['mail', 'list', '--json'], env);
    const mine = (listed.data as Array<{ to: string; subject: string; links: string[]; transport: string; sent_at: string }>).find((m) => m.to === owner.email);
    assert.ok(mine !== undefined, JSON.stringify(listed));
    assert.equal(mine.subject, 'Reset your Till password');
    assert.equal(mine.transport, 'log');
    assert.equal(mine.links.length, 1);
    assert.match(mine.links[0]!, new RegExp(`^${server.url}/oauth/reset-password\\?token=[0-9A-Za-z]{43}$`));
    assert.match(mine.sent_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The link works: it opens the form for a new password.
    assert.match(await (await fetch(mine.links[0]!)).text(), /Choose a new password/);

    // Shown once: listed again, the message is there without its link.
    const text = await runTill(['mail', 'list', '--limit', '5'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.ok(text.stdout.includes(owner.email));
    assert.ok(!text.stdout.includes(mine.links[0]!), text.stdout);
    assert.match(text.stdout, /link shown on/);
  });

  test('till user create --temporary and till merchant create --temporary make the user choose a password at first sign-in; without it the password is final', STARTS_PROCESSES, async () => {
    const merchant = await runTillJson(['merchant', 'create', '--name', 'Corner Shop', '--email', `boss-${randomBase62(8).toLowerCase()}@example.com`, '--password', PASSWORD, '--temporary', '--json'], env);
    const temporary = await runTillJson(['user', 'create', '--merchant', merchant.merchant.id, '--email', `temp-${randomBase62(8).toLowerCase()}@example.com`, '--role', 'cashier', '--password', PASSWORD, '--temporary', '--json'], env);
    const final = await runTillJson(['user', 'create', '--merchant', merchant.merchant.id, '--email', `final-${randomBase62(8).toLowerCase()}@example.com`, '--role', 'cashier', '--password', PASSWORD, '--json'], env);
    const flags = await server.db.kysely.selectFrom('users').select(['id', 'must_change_password']).where('merchant_id', '=', merchant.merchant.id).execute();
    const flag = (id: string) => Number(flags.find((u) => u.id === id)!.must_change_password);
    assert.equal(flag(merchant.user.id), 1);
    assert.equal(flag(temporary.id), 1);
    assert.equal(flag(final.id), 0);

    const first = await submitSignIn((await authorizationRequest(server)).url, temporary.email, PASSWORD);
    assert.equal(first.status, 200);
    assert.match(first.html, /Choose a new password/);
    const straight = await submitSignIn((await authorizationRequest(server)).url, final.email, PASSWORD);
    assert.equal(straight.status, 303);

    const text = await runTill(['user', 'create', '--merchant', merchant.merchant.id, '--email', `t2-${randomBase62(8).toLowerCase()}@example.com`, '--role', 'manager', '--password', PASSWORD, '--temporary'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /choose their own password at their first sign-in/);
  });
});

/** What production requires besides SMTP_URL (see the README's Production checklist). */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://till.example.com', SIGNING_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };

describeEachBackend('a production server without SMTP_URL', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend, { SIGNING_KEY_ENCRYPTION_KEY: PRODUCTION.SIGNING_KEY_ENCRYPTION_KEY });
  });
  after(() => server.close());

  test('logs one warning at start-up, still starts, and writes each message to the log', STARTS_PROCESSES, async (t) => {
    const serving = await tillServe(server, { ...PRODUCTION, SMTP_URL: '', LOG_LEVEL: 'info' });
    t.after(() => serving.child.kill('SIGKILL'));
    assert.equal((await fetch(new URL('/healthz', serving.url))).status, 200);
    const warnings = serving.output().split('\n').filter((line) => line.includes('SMTP_URL is not set'));
    assert.equal(warnings.length, 1, serving.output());
    assert.match(warnings[0]!, /"level":40/);

    // Every message is logged instead of being sent, without its link (till mail list shows that once).
    const owner = await createTestMerchant(server);
    const answer = await fetch(new URL('/oauth/forgot-password', serving.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: owner.email }),
    });
    assert.equal(answer.status, 200);
    const logged = await waitForOutbox(server, owner.email, /Reset your Till password/);
    const logLine = () => serving.output().split('\n').find((l) => l.includes('mail not sent') && l.includes(owner.email));
    // The log reaches this process through a pipe, possibly after the row reached the database.
    await until('the mail reaches the log', () => logLine() !== undefined);
    const line = logLine();
    assert.ok(line !== undefined, serving.output());
    assert.ok(!line.includes('token='), 'the log line holds no link');
    assert.match(logged.links[0]!, /^https:\/\/till\.example\.com\/oauth\/reset-password\?token=/, 'built from PUBLIC_URL');
    serving.child.kill('SIGTERM');
    assert.equal(await serving.exited, 0, serving.output());
  });

  test('with SMTP_URL it does not warn', STARTS_PROCESSES, async (t) => {
    const serving = await tillServe(server, { ...PRODUCTION, SMTP_URL: 'smtp://127.0.0.1:1', LOG_LEVEL: 'info' });
    t.after(() => serving.child.kill('SIGKILL'));
    assert.equal((await fetch(new URL('/healthz', serving.url))).status, 200);
    assert.doesNotMatch(serving.output(), /SMTP_URL is not set/);
    serving.child.kill('SIGTERM');
    assert.equal(await serving.exited, 0, serving.output());
  });
});
