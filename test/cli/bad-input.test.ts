import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';
import { runTill, runTillJson, tillEnv, type TillResult } from '../helpers/cli.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

/** Exit code 1, nothing on stdout, and one line of explanation on stderr, without a stack trace. */
function assertRefused(result: TillResult, message: RegExp): void {
  assert.equal(result.code, 1, `exit code; stderr: ${result.stderr}`);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got: ${result.stderr}`);
  assert.match(lines[0]!, /^error: /);
  assert.match(lines[0]!, message);
  assert.doesNotMatch(result.stderr, /^\s+at /m);
}

describeEachBackend('till refuses bad input', (backend) => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let merchantId: string;
  before(async () => {
    database = await createTestDatabase(backend);
    env = tillEnv(database);
    const created = await runTillJson(['merchant', 'create', '--name', 'Shop', '--email', 'taken@example.com', '--password', 'long enough secret'], env);
    merchantId = created.merchant.id;
  });
  after(() => database.drop());

  const merchant = (...args: string[]) => ['merchant', 'create', '--name', 'Shop', ...args];
  const key = (...args: string[]) => ['api-key', 'create', '--merchant', merchantId, ...args];

  const cases: Array<[string, () => string[], RegExp]> = [
    ['a bad e-mail', () => merchant('--email', 'not-an-email', '--password', 'long enough secret'), /"not-an-email" is not an e-mail address/],
    ['an e-mail already taken', () => merchant('--email', 'TAKEN@example.com', '--password', 'long enough secret'), /already exists/],
    ['a short password', () => merchant('--email', 'new@example.com', '--password', 'short'), /at least 10 characters/],
    ['no password', () => merchant('--email', 'new@example.com'), /--password/],
    ['no name', () => ['merchant', 'create', '--email', 'new@example.com', '--password', 'long enough secret'], /required option '--name/],
    ['a bad currency', () => merchant('--email', 'new@example.com', '--password', 'long enough secret', '--currency', 'dollars'), /ISO 4217/],
    ['three letters that are no currency', () => merchant('--email', 'new@example.com', '--password', 'long enough secret', '--currency', 'XYZ'), /currency must be an ISO 4217 code such as USD, EUR or GBP, got "XYZ"/],
    ['a bad tax rate', () => merchant('--email', 'new@example.com', '--password', 'long enough secret', '--tax-rate-bps', '12.5'), /--tax-rate-bps/],
    ['an unknown merchant', () => ['api-key', 'create', '--merchant', 'mer_doesnotexist0000000', '--environment', 'sandbox'], /no merchant with id "mer_doesnotexist0000000"/],
    ['a bad environment', () => key('--environment', 'staging'), /'staging' is invalid.*sandbox, production/],
    ['no environment', () => key(), /required option '--environment/],
    ['an unknown permission', () => key('--environment', 'sandbox', '--permissions', 'orders:read,orders:delete'), /unknown permission "orders:delete"/],
    ['api_keys:write on a key', () => key('--environment', 'sandbox', '--permissions', 'orders:read,api_keys:write'), /"api_keys:write" is for user sign-ins only: an API key can never manage API keys/],
    ['a permission that does not exist', () => key('--environment', 'sandbox', '--permissions', 'webhooks:delete'), /unknown permission "webhooks:delete"/],
    ['an empty permission list', () => key('--environment', 'sandbox', '--permissions', ','), /at least one permission/],
    ['an unknown key to revoke', () => ['api-key', 'revoke', 'key_doesnotexist000000'], /no API key with id "key_doesnotexist000000"/],
    ['a revoke without a key', () => ['api-key', 'revoke'], /missing required argument/],
    ['an extra argument', () => ['migrate', 'now'], /too many arguments/],
    ['an unknown option', () => ['migrate', '--fast'], /unknown option '--fast'/],
  ];
  // Each case only reads the database, so they run side by side.
  describe('options and arguments', { concurrency: 4 }, () => {
    for (const [what, args, message] of cases) {
      test(what, STARTS_PROCESSES, async () => assertRefused(await runTill(args(), env), message));
    }
  });

  test('an unknown command suggests the right one', STARTS_PROCESSES, async () => {
    const result = await runTill(['api-keys', 'create'], env);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^error: unknown command 'api-keys'\n\(Did you mean api-key\?\)\n$/);
  });

  test('a bad configuration variable is named', STARTS_PROCESSES, async () => {
    assertRefused(await runTill(['serve'], { ...env, PORT: '70000' }), /PORT must be a whole number from 0 to 65535, got "70000"/);
    assertRefused(await runTill(['migrate'], { ...env, LOG_LEVEL: 'loud' }), /LOG_LEVEL must be one of/);
  });

  test('a database that cannot be reached is named, without its password', STARTS_PROCESSES, async () => {
    const result = await runTill(['migrate'], { ...env, DATABASE_URL: 'postgres://till:s3cret@127.0.0.1:1/till', DATABASE_SCHEMA: '' });
    assertRefused(result, /cannot open the database postgres:\/\/till:\*\*\*@127\.0\.0\.1:1\/till: .*ECONNREFUSED/);
    assert.doesNotMatch(result.stderr, /s3cret/);
  });

  test('an in-memory database is refused by commands that write, as their changes would vanish', STARTS_PROCESSES, async () => {
    for (const url of ['sqlite::memory:', 'sqlite:']) {
      const args = ['merchant', 'create', '--name', 'Shop', '--email', 'memory@example.com', '--password', 'long enough secret'];
      assertRefused(await runTill(args, { ...env, DATABASE_URL: url, DATABASE_SCHEMA: '' }), /is an in-memory SQLite database/);
    }
  });

  test('a port in use is reported in one line', STARTS_PROCESSES, async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((blocker.address() as { port: number }).port);
      assertRefused(await runTill(['serve'], { ...env, PORT: port }), new RegExp(`cannot start the server on 127\\.0\\.0\\.1:${port} .*EADDRINUSE`));
    } finally {
      blocker.close();
    }
  });
});

describe('a DATABASE_URL Till cannot use', () => {
  // Each typo once opened a SQLite file named after the URL (./postgress:/...) and reported success.
  const cases: Array<[string, RegExp]> = [
    ['postgress://postgres@127.0.0.1:5432/x', /DATABASE_URL has the scheme "postgress:\/\/", which Till does not accept; use sqlite:PATH, file:PATH or a plain file path \(SQLite\), or postgres:\/\/ or postgresql:\/\/ \(PostgreSQL\)/],
    ['mysql://x@y/z', /DATABASE_URL has the scheme "mysql:\/\/"/],
    ['postgres:/postgres@127.0.0.1/x', /DATABASE_URL is not a valid PostgreSQL URL; write it as postgres:\/\/user:password@host:5432\/database/],
    ['postgresql://till:s3cret@[bad/x', /DATABASE_URL is not a valid PostgreSQL URL/],
  ];
  for (const [url, message] of cases) {
    for (const command of [['migrate'], ['serve'], ['merchant', 'create', '--name', 'Shop', '--email', 'a@example.com', '--password', 'long enough secret'], ['demo']]) {
      test(`${url}: till ${command[0]} exits 2 naming the variable, and creates nothing`, STARTS_PROCESSES, async () => {
        const cwd = mkdtempSync(join(tmpdir(), 'till-bad-url-'));
        try {
          const env = { ...tillEnv({ url, schema: undefined, drop: async () => {} }), DATABASE_SCHEMA: '' };
          const result = await runTill(command, env, '', cwd);
          assert.equal(result.code, 2, `exit code; stderr: ${result.stderr}`);
          assert.equal(result.stdout, '');
          assert.match(result.stderr, /^error: [^\n]+\n$/);
          assert.match(result.stderr, message);
          assert.doesNotMatch(result.stderr, /s3cret/);
          assert.deepEqual(readdirSync(cwd), [], 'no file or folder was created');
        } finally {
          rmSync(cwd, { recursive: true, force: true });
        }
      });
    }
  }

  test('the accepted SQLite forms run: sqlite:PATH, file:PATH and a plain path', STARTS_PROCESSES, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'till-good-url-'));
    try {
      for (const url of ['sqlite:./a/till.db', 'file:./b/till.db', 'c/till.db']) {
        const result = await runTill(['migrate', '--json'], { ...tillEnv({ url, schema: undefined, drop: async () => {} }), DATABASE_SCHEMA: '' }, '', cwd);
        assert.equal(result.code, 0, `${url}: ${result.stderr}`);
        assert.ok((JSON.parse(result.stdout) as { migrations: string[] }).migrations.length > 0);
      }
      assert.deepEqual(readdirSync(cwd).sort(), ['a', 'b', 'c']);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
