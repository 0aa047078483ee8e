import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, DatabaseUrlError, loadConfig, serviceUrl } from '../../src/config.js';

test('defaults: SQLite file under ./data, loopback, port 3000', () => {
  const config = loadConfig({});
  assert.equal(config.databaseUrl, 'sqlite:./data/till.db');
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 3000);
  assert.equal(config.publicUrl, undefined);
  assert.equal(config.migrateOnStart, true);
  assert.equal(config.rateLimitMax, 100);
  assert.equal(config.rateLimitWindowMs, 1000);
  assert.equal(config.heapGrowingPercent, 50);
});

test('RATE_LIMIT_MAX=0 is accepted: it turns rate limiting off', () => {
  const config = loadConfig({ RATE_LIMIT_MAX: '0', RATE_LIMIT_WINDOW_MS: '300' });
  assert.equal(config.rateLimitMax, 0);
  assert.equal(config.rateLimitWindowMs, 300);
});

test('an empty variable means "not set", never an empty database URL or host', () => {
  const config = loadConfig({ DATABASE_URL: '', HOST: '', PUBLIC_URL: '', DATABASE_SCHEMA: '' });
  assert.equal(config.databaseUrl, 'sqlite:./data/till.db');
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.publicUrl, undefined);
  assert.equal(config.databaseSchema, undefined);
});

test('bad values are refused with the variable named', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'eighty' }, /^PORT must be a whole number from 0 to 65535, got "eighty"$/],
    [{ PORT: '70000' }, /^PORT/],
    [{ DATABASE_POOL_SIZE: '0' }, /^DATABASE_POOL_SIZE/],
    [{ WEBHOOK_DATABASE_POOL_SIZE: '0' }, /^WEBHOOK_DATABASE_POOL_SIZE must be a whole number from 1 to 100, got "0"$/],
    [{ WEBHOOK_DATABASE_POOL_SIZE: '101' }, /^WEBHOOK_DATABASE_POOL_SIZE/],
    [{ HEAP_GROWING_PERCENT: '401' }, /^HEAP_GROWING_PERCENT must be a whole number from 0 to 400, got "401"$/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ MIGRATE_ON_START: 'yes' }, /^MIGRATE_ON_START must be one of true, false/],
    [{ SIGN_UP_ENABLED: 'no' }, /^SIGN_UP_ENABLED must be one of true, false/],
    [{ RATE_LIMIT_MAX: '-1' }, /^RATE_LIMIT_MAX must be a whole number from 0 to 1000000, got "-1"$/],
    [{ RATE_LIMIT_MAX: '2.5' }, /^RATE_LIMIT_MAX must be a whole number/],
    [{ RATE_LIMIT_MAX: '100/s' }, /^RATE_LIMIT_MAX must be a whole number/],
    [{ RATE_LIMIT_MAX: '1000001' }, /^RATE_LIMIT_MAX must be a whole number/],
    [{ RATE_LIMIT_WINDOW_MS: '0' }, /^RATE_LIMIT_WINDOW_MS must be a whole number from 1 to 86400000, got "0"$/],
    [{ RATE_LIMIT_WINDOW_MS: '1s' }, /^RATE_LIMIT_WINDOW_MS must be a whole number/],
    [{ RATE_LIMIT_WINDOW_MS: '86400001' }, /^RATE_LIMIT_WINDOW_MS must be a whole number/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
  }
});

test('auth settings: token lifetimes, reuse grace and sign-in limits have the documented defaults', () => {
  const config = loadConfig({});
  assert.equal(config.accessTokenTtlSeconds, 3600);
  assert.equal(config.refreshTokenTtlSeconds, 30 * 86_400);
  assert.equal(config.refreshReuseGraceSeconds, 10);
  assert.equal(config.signInLimitPerAddress, 30);
  assert.equal(config.signInLimitPerAccount, 10);
  assert.equal(config.signUpEnabled, true, 'sign-up is offered unless turned off');
  assert.equal(loadConfig({ SIGN_UP_ENABLED: 'false' }).signUpEnabled, false);
  assert.throws(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '10' }), /ACCESS_TOKEN_TTL_SECONDS must be a whole number from 60 to 86400/);
});

test('SESSION_MAX_AGE_DAYS: 90 by default, 1 to 3650, a bad value names the variable', () => {
  assert.equal(loadConfig({}).sessionMaxAgeDays, 90);
  assert.equal(loadConfig({ SESSION_MAX_AGE_DAYS: '1' }).sessionMaxAgeDays, 1);
  assert.equal(loadConfig({ SESSION_MAX_AGE_DAYS: '3650' }).sessionMaxAgeDays, 3650);
  for (const bad of ['0', '3651', '30d', '-1', '1.5']) {
    assert.throws(
      () => loadConfig({ SESSION_MAX_AGE_DAYS: bad }),
      (error: unknown) => error instanceof ConfigError && error.message === `SESSION_MAX_AGE_DAYS must be a whole number from 1 to 3650, got "${bad}"`,
    );
  }
});

test('PUBLIC_URL must be an absolute http(s) address; without it the listening address is the service URL', () => {
  assert.throws(() => loadConfig({ PUBLIC_URL: 'till.example.com' }), /PUBLIC_URL must be an absolute/);
  assert.throws(() => loadConfig({ PUBLIC_URL: 'ftp://till.example.com' }), /PUBLIC_URL must be an http\(s\) address/);
  assert.equal(serviceUrl(loadConfig({}), 4123), 'http://127.0.0.1:4123');
  assert.equal(serviceUrl(loadConfig({ HOST: '0.0.0.0' }), 4123), 'http://localhost:4123');
  assert.equal(serviceUrl(loadConfig({ HOST: '::1' }), 4123), 'http://[::1]:4123');
  assert.equal(serviceUrl(loadConfig({ PUBLIC_URL: 'https://till.example.com/' }), 4123), 'https://till.example.com');
});

test('PUBLIC_URL loses its trailing slashes', () => {
  assert.equal(loadConfig({ PUBLIC_URL: 'https://api.example.com//' }).publicUrl, 'https://api.example.com');
});

test('Redis, body, timeout and shutdown settings: defaults, and bad values refused with the variable named', () => {
  const config = loadConfig({});
  assert.equal(config.redisUrl, undefined);
  assert.equal(config.redisPrefix, 'till:');
  assert.equal(config.bodyLimitBytes, 1024 * 1024);
  assert.equal(config.requestTimeoutMs, 30_000);
  assert.equal(config.databaseStatementTimeoutMs, 10_000);
  assert.equal(config.shutdownTimeoutMs, 10_000);
  const set = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_PREFIX: 'shop-eu:', BODY_LIMIT_BYTES: '65536', REQUEST_TIMEOUT_MS: '0' });
  assert.equal(set.redisUrl, 'redis://127.0.0.1:6379/2');
  assert.equal(set.redisPrefix, 'shop-eu:');
  assert.equal(set.bodyLimitBytes, 65_536);
  assert.equal(set.requestTimeoutMs, 0, '0 turns the request timeout off');
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ REDIS_URL: '127.0.0.1:6379' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ address, got "127.0.0.1:6379"$/],
    [{ BODY_LIMIT_BYTES: '100' }, /^BODY_LIMIT_BYTES must be a whole number from 1024 to 104857600/],
    [{ REQUEST_TIMEOUT_MS: '30s' }, /^REQUEST_TIMEOUT_MS must be a whole number/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '0' }, /^DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 1/],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, /^SHUTDOWN_TIMEOUT_MS must be a whole number/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
  }
});

test('SMTP_URL: unset means mail goes to the log; a bad value is refused with the variable named and without its password; MAIL_FROM is an address', () => {
  const unset = loadConfig({});
  assert.equal(unset.smtpUrl, undefined);
  assert.equal(unset.mailFrom, 'Till <no-reply@localhost>');
  const set = loadConfig({ SMTP_URL: 'smtps://till:s3cret@mail.example.com:465', MAIL_FROM: 'Corner Till <till@corner.example>' });
  assert.equal(set.smtpUrl, 'smtps://till:s3cret@mail.example.com:465');
  assert.equal(set.mailFrom, 'Corner Till <till@corner.example>');
  assert.equal(loadConfig({ MAIL_FROM: 'till@corner.example' }).mailFrom, 'till@corner.example');
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ SMTP_URL: 'mail.example.com:25' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/],
    [{ SMTP_URL: 'https://user:hunter22@mail.example.com' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address[^]*got "https:\/\/user:\*\*\*@mail\.example\.com"$/],
    [{ MAIL_FROM: 'no address' }, /^MAIL_FROM must be an e-mail address/],
    [{ MAIL_FROM: 'Till <a@b.c>\r\nBcc: x@evil.example' }, /^MAIL_FROM must be an e-mail address/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message) && !error.message.includes('hunter22'));
  }
});

test('DATABASE_URL: SQLite and PostgreSQL forms are accepted, any other scheme is refused without repeating the URL', () => {
  for (const url of ['sqlite:./data/till.db', 'sqlite::memory:', 'file:./x.db', './x.db', 'x.db', '/var/lib/till.db', 'C:\\till\\till.db', 'postgres://u:p@h:5432/d', 'POSTGRESQL://h/d']) {
    assert.equal(loadConfig({ DATABASE_URL: url }).databaseUrl, url);
  }
  const cases: Array<[string, RegExp]> = [
    ['postgress://postgres@127.0.0.1:5432/x', /^DATABASE_URL has the scheme "postgress:\/\/", which Till does not accept; use sqlite:PATH, file:PATH or a plain file path \(SQLite\), or postgres:\/\/ or postgresql:\/\/ \(PostgreSQL\)$/],
    ['mysql://x@y/z', /^DATABASE_URL has the scheme "mysql:\/\/"/],
    ['postgres:/postgres@127.0.0.1/x', /^DATABASE_URL is not a valid PostgreSQL URL/],
    ['postgres://u:secret@[::1/x', /^DATABASE_URL is not a valid PostgreSQL URL/],
  ];
  for (const [url, message] of cases) {
    assert.throws(
      () => loadConfig({ DATABASE_URL: url }),
      (error: unknown) => error instanceof DatabaseUrlError && error instanceof ConfigError && message.test(error.message) && !error.message.includes('secret'),
      url,
    );
  }
});

test('DATABASE_READ_URL: unset by default (every read on DATABASE_URL); a PostgreSQL URL beside a PostgreSQL DATABASE_URL; DATABASE_READ_MAX_LAG_MS 10 s by default', () => {
  const primary = 'postgres://till@db-primary:5000/till';
  assert.equal(loadConfig({ DATABASE_URL: primary }).databaseReadUrl, undefined);
  const config = loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://till@db-replicas:5001/till' });
  assert.equal(config.databaseReadUrl, 'postgres://till@db-replicas:5001/till');
  assert.equal(config.databaseReadMaxLagMs, 10_000);
  assert.equal(loadConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG_MS: '0' }).databaseReadMaxLagMs, 0);
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ DATABASE_URL: primary, DATABASE_READ_URL: 'sqlite:./replica.db' }, /^DATABASE_READ_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ DATABASE_URL: primary, DATABASE_READ_URL: 'postgress://u:secret@h/d' }, /^DATABASE_READ_URL has the scheme "postgress:\/\/"/],
    [{ DATABASE_URL: 'sqlite:./till.db', DATABASE_READ_URL: 'postgres://u:secret@h/d' }, /^DATABASE_READ_URL is for PostgreSQL read replicas: DATABASE_URL must then be a PostgreSQL URL too$/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof DatabaseUrlError && message.test(error.message) && !error.message.includes('secret'), JSON.stringify(env));
  }
  assert.throws(
    () => loadConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG_MS: 'soon' }),
    (error: unknown) => error instanceof ConfigError && error.message === 'DATABASE_READ_MAX_LAG_MS must be a whole number from 0 to 600000, got "soon"',
  );
});

test('TRUST_PROXY: none by default; addresses, CIDR ranges and proxy-addr names separated by commas; anything else refused with the variable named', () => {
  assert.equal(loadConfig({}).trustProxy, undefined);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32,::1,loopback' }).trustProxy, ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1', 'loopback']);
  for (const bad of ['true', '*', '10.0.0.0/33', '10', '0x0a.0.0.1', '192.0.2.7,', 'balancer.internal']) {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: bad }),
      (error: unknown) => error instanceof ConfigError && /^TRUST_PROXY must be the load balancers' addresses or CIDR ranges/.test(error.message),
      bad,
    );
  }
});
const KEY_HEX = 'a1'.repeat(32);
const KEY_BASE64 = Buffer.alloc(32, 7).toString('base64');

test('NODE_ENV=production refuses to start without PUBLIC_URL or SIGNING_KEY_ENCRYPTION_KEY, naming each one missing', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://till.example.com', SIGNING_KEY_ENCRYPTION_KEY: KEY_BASE64 };
  assert.equal(loadConfig(production).production, true);
  const refused = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      assert.doesNotMatch(error.message, /\n/, 'one line');
      return error.message;
    }
    assert.fail(`started with ${JSON.stringify(env)}`);
  };
  const { PUBLIC_URL: _url, ...withoutUrl } = production;
  assert.match(refused(withoutUrl), /^NODE_ENV=production requires PUBLIC_URL \(/);
  assert.doesNotMatch(refused(withoutUrl), /SIGNING_KEY_ENCRYPTION_KEY/);
  const { SIGNING_KEY_ENCRYPTION_KEY: _key, ...withoutKey } = production;
  assert.match(refused(withoutKey), /^NODE_ENV=production requires SIGNING_KEY_ENCRYPTION_KEY \(/);
  assert.match(refused({ NODE_ENV: 'production', PUBLIC_URL: '' }), /requires PUBLIC_URL .* and SIGNING_KEY_ENCRYPTION_KEY .*Production checklist$/);
  // Outside production both may be left out.
  assert.equal(loadConfig({ NODE_ENV: 'development' }).signingKeyEncryptionKey, undefined);
});

test('SIGNING_KEY_ENCRYPTION_KEY: 32 bytes in base64 (standard or URL-safe) or 64 hex characters; anything else is refused without echoing it', () => {
  assert.deepEqual(loadConfig({ SIGNING_KEY_ENCRYPTION_KEY: KEY_HEX }).signingKeyEncryptionKey, Buffer.alloc(32, 0xa1));
  assert.deepEqual(loadConfig({ SIGNING_KEY_ENCRYPTION_KEY: KEY_BASE64 }).signingKeyEncryptionKey, Buffer.alloc(32, 7));
  const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
  assert.deepEqual(loadConfig({ SIGNING_KEY_ENCRYPTION_KEY: urlSafe }).signingKeyEncryptionKey, Buffer.alloc(32, 0xfb));
  assert.deepEqual(loadConfig({ SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS: KEY_HEX }).signingKeyEncryptionKeyPrevious, Buffer.alloc(32, 0xa1));
  for (const [name, value] of [
    ['SIGNING_KEY_ENCRYPTION_KEY', 'a1'.repeat(16)],
    ['SIGNING_KEY_ENCRYPTION_KEY', Buffer.alloc(16, 1).toString('base64')],
    ['SIGNING_KEY_ENCRYPTION_KEY', Buffer.alloc(48, 1).toString('base64')],
    ['SIGNING_KEY_ENCRYPTION_KEY', 'correct horse battery staple correct horse!'],
    ['SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS', 'zz'.repeat(32)],
  ] as const) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (error: unknown) => error instanceof ConfigError && error.message.startsWith(`${name} must be 32 random bytes`) && !error.message.includes(value),
      `${name}=${value}`,
    );
  }
});

test('METRICS_TOKEN, METRICS_HOST, METRICS_PORT: off by default; a short token or a bad port is refused', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.metricsToken, undefined);
  assert.equal(defaults.metricsPort, undefined);
  assert.equal(defaults.metricsHost, '127.0.0.1');
  assert.equal(defaults.metricsPublic, false);
  const set = loadConfig({ METRICS_TOKEN: 'f'.repeat(32), METRICS_HOST: '0.0.0.0', METRICS_PORT: '9464' });
  assert.deepEqual([set.metricsToken, set.metricsHost, set.metricsPort], ['f'.repeat(32), '0.0.0.0', 9464]);
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /^Error: METRICS_TOKEN must be at least 16 printable characters/);
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'has a space in it, long enough' }), /METRICS_TOKEN must be/);
  assert.throws(() => loadConfig({ METRICS_PORT: '70000' }), /^Error: METRICS_PORT must be a whole number from 0 to 65535/);
});

test('DATABASE_CONNECT_TIMEOUT_MS (default 5 s) and DATABASE_WAIT_SECONDS (default 0: no waiting) are read and checked', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.databaseConnectTimeoutMs, 5_000);
  assert.equal(defaults.databaseWaitSeconds, 0);
  const set = loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '1500', DATABASE_WAIT_SECONDS: '120' });
  assert.equal(set.databaseConnectTimeoutMs, 1_500);
  assert.equal(set.databaseWaitSeconds, 120);
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ DATABASE_CONNECT_TIMEOUT_MS: '50' }, /^DATABASE_CONNECT_TIMEOUT_MS must be a whole number from 100 to 600000, got "50"$/],
    [{ DATABASE_WAIT_SECONDS: '1m' }, /^DATABASE_WAIT_SECONDS must be a whole number from 0 to 86400, got "1m"$/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
  }
});

test('Stripe: PAYMENT_PROCESSOR=stripe needs a Stripe key; keys and STRIPE_API_BASE are checked, with the variable named', () => {
  const stripe = loadConfig({ PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
  assert.equal(stripe.paymentProcessor, 'stripe');
  assert.equal(stripe.stripeSecretKey, 'sk_live_abc123');
  assert.equal(stripe.stripeApiBase, 'http://127.0.0.1:12111');
  assert.equal(loadConfig({}).stripeSecretKey, undefined);
  assert.equal(loadConfig({ STRIPE_SANDBOX_SECRET_KEY: 'sk_test_abc' }).stripeSandboxSecretKey, 'sk_test_abc');
  assert.deepEqual(loadConfig({}).stripeWebhookSecrets, []);
  assert.deepEqual(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_live1, whsec_test2' }).stripeWebhookSecrets, ['whsec_live1', 'whsec_test2']);
  for (const [env, message] of [
    [{ STRIPE_WEBHOOK_SECRET: 'sk_live_abc' }, /STRIPE_WEBHOOK_SECRET must be/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_ok,whsec bad' }, /STRIPE_WEBHOOK_SECRET must be/],
    [{ PAYMENT_PROCESSOR: 'stripe' }, /STRIPE_SECRET_KEY is required/],
    [{ PAYMENT_PROCESSOR: 'square' }, /PAYMENT_PROCESSOR/],
    [{ PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'pk_live_abc' }, /STRIPE_SECRET_KEY must be/],
    [{ STRIPE_SANDBOX_SECRET_KEY: 'sk_live_abc' }, /STRIPE_SANDBOX_SECRET_KEY must be a Stripe test-mode key/],
    [{ STRIPE_API_BASE: 'ftp://stripe.test' }, /STRIPE_API_BASE/],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:1/v1' }, /STRIPE_API_BASE/],
  ] as const) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
  }
});

test('webhook settings: the documented defaults, a schedule parsed, bad values refused with the variable named', () => {
  const defaults = loadConfig({});
  assert.deepEqual(
    [defaults.webhookDispatch, defaults.webhookRetryScheduleSeconds, defaults.webhookTimeoutMs, defaults.webhookAllowPrivateNetworks, defaults.webhookPollIntervalMs],
    [true, [0, 5, 300, 1800, 7200, 18000, 36000, 36000], 10_000, false, 1_000],
  );
  const set = loadConfig({ WEBHOOK_DISPATCH: 'off', WEBHOOK_RETRY_SCHEDULE: '0, 1,60', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  assert.deepEqual([set.webhookDispatch, set.webhookRetryScheduleSeconds, set.webhookAllowPrivateNetworks], [false, [0, 1, 60], true]);
  assert.throws(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '0,5s' }), /WEBHOOK_RETRY_SCHEDULE must be 1 to 20 delays/);
  assert.throws(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '0,,5' }), /WEBHOOK_RETRY_SCHEDULE/);
  assert.throws(() => loadConfig({ WEBHOOK_DISPATCH: 'yes' }), /WEBHOOK_DISPATCH must be one of on, off/);
  assert.throws(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '50' }), /WEBHOOK_TIMEOUT_MS must be a whole number from 100 to 60000/);
  assert.throws(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' }), /WEBHOOK_ALLOW_PRIVATE_NETWORKS must be one of true, false/);
});
