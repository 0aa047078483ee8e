/**
 * Starts the real server on a free port, over a database of its own, and talks to it over HTTP.
 */
import { TenantScopeRecorder } from './tenant-scope.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app/build-app.js';
import { createApiKey } from '../../src/auth/api-keys.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/auth/permissions.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Environment } from '../../src/db/schema.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { randomBase62 } from '../../src/ids.js';
import type { Clock } from '../../src/time.js';
import { createTestDatabase, type BackendName, type TestDatabase } from './backends.js';

/** A clock the test moves by hand: starts at the real time, advances only when told. */
export class TestClock implements Clock {
  private ms = Date.now();
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
}

export interface TestServer {
  url: string;
  backend: BackendName;
  db: Db;
  clock: TestClock;
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * The database as the server is handed it, to watch what it asks (a wrapper that records and
   * passes every call on): `{ ...db, read: (statement, parameters) => { seen.push(statement); return db.read(statement, parameters); } }`.
   */
  watchDb?: (db: Db) => Db;
}

/**
 * A server of its own on a new database. `env` overrides the configuration; the rate limits (per
 * credential, and per address on the sign-in and token endpoints) are set far above what any suite
 * sends (races fire up to 200 requests at once with one key, and every test signs in from
 * 127.0.0.1), so only the suites about rate limits, which set them themselves, ever meet them.
 */
export async function startTestServer(backend: BackendName, env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(backend);
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', SIGN_IN_LIMIT_PER_ADDRESS: '1000000', DATABASE_URL: database.url, ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}), ...env });
  const clock = new TestClock();
  const scope = new TenantScopeRecorder();
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  let url: string;
  try {
    db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 20 });
    await migrateToLatest(db);
    const served: Db = { ...db, kysely: db.kysely.withPlugin(scope) };
    app = await buildApp({ config, db: options.watchDb?.(served) ?? served, clock, logger: false });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    // A server that failed to start leaves no schema or file behind.
    await app?.close();
    await db?.close();
    await database.drop();
    throw error;
  }
  const started = { app, db };
  return {
    url,
    backend,
    db: started.db,
    clock,
    app: started.app,
    database,
    async close() {
      await started.app.close();
      await started.db.close();
      await database.drop();
      // Every statement this server ran on a merchant's table was scoped to a merchant (tenant-scope.ts).
      const unscoped = [...scope.unscoped.values()];
      if (unscoped.length > 0) {
        throw new Error(`statements on a merchant's table without merchant_id:\n${unscoped.map((s) => `- ${s.at}: ${s.tables.join(', ')}: ${s.text}`).join('\n')}`);
      }
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A plain HTTP client holding one credential. */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly credential: string | undefined,
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(this.credential === undefined ? {} : { authorization: `Bearer ${this.credential}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text for the assertion to show
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
}

export interface TestMerchant {
  merchantId: string;
  userId: string;
  email: string;
  password: string;
  sandbox: Api;
  production: Api;
  sandboxKey: string;
  productionKey: string;
  /** A new key of this merchant with only the given scopes. */
  keyWith(environment: Environment, permissions: readonly ApiKeyScope[]): Promise<Api>;
}

/** A merchant of its own for one test, with a full-access key for each environment. */
export async function createTestMerchant(
  server: TestServer,
  options: { currency?: string; taxRateBps?: number } = {},
): Promise<TestMerchant> {
  const email = `owner-${randomBase62(10).toLowerCase()}@example.com`;
  const password = `pw-${randomBase62(16)}`;
  const { merchant, user } = await createMerchant(server.db, server.clock, {
    name: 'Test Shop',
    email,
    password,
    ...(options.currency ? { currency: options.currency } : {}),
    ...(options.taxRateBps !== undefined ? { taxRateBps: options.taxRateBps } : {}),
  });
  const keyWith = async (environment: Environment, permissions: readonly ApiKeyScope[]) => {
    const created = await createApiKey(server.db, server.clock, { merchantId: merchant.id, environment, name: 'test', permissions });
    return new Api(server.url, created.key);
  };
  const sandbox = await keyWith('sandbox', API_KEY_SCOPES);
  const production = await keyWith('production', API_KEY_SCOPES);
  return {
    merchantId: merchant.id,
    userId: user.id,
    email,
    password,
    sandbox,
    production,
    sandboxKey: sandbox.credential!,
    productionKey: production.credential!,
    keyWith,
  };
}

/** Creates a product through the API and returns it. */
export async function createProduct(api: Api, fields: { name?: string; price: number; inventory?: number | null; active?: boolean }) {
  const response = await api.post('/v1/products', { name: fields.name ?? 'Item', ...fields });
  if (response.status !== 201) throw new Error(`product not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; price: number; inventory: number | null };
}
