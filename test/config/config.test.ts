import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig, serviceUrl } from '../../src/config.js';

test('defaults: SQLite file under ./data, loopback, port 3000', () => {
  const config = loadConfig({});
  assert.equal(config.databaseUrl, 'sqlite:./data/till.db');
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 3000);
  assert.equal(config.publicUrl, undefined);
  assert.equal(config.migrateOnStart, true);
  assert.equal(config.rateLimitMax, 100);
  assert.equal(config.rateLimitWindowMs, 1000);
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
