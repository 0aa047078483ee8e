/**
 * A database of its own for one benchmark run: a temporary SQLite file or a new PostgreSQL schema,
 * migrated, with a merchant and an API key made by Till's own functions, then filled in bulk (not
 * through the HTTP API, which would take hours for a million orders). Dropped at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { createApiKey } from '../src/auth/api-keys.js';
import { createOAuthClient } from '../src/auth/oauth-clients.js';
import { DEFAULT_API_KEY_SCOPES } from '../src/auth/permissions.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { randomBase62 } from '../src/ids.js';
import { createMerchant } from '../src/merchants/create-merchant.js';
import { systemClock } from '../src/time.js';
import {
  CURRENCY,
  CUSTOMER_COLUMNS,
  FILL_ENVIRONMENT,
  FillData,
  LINE_ITEM_COLUMNS,
  ORDER_COLUMNS,
  PRODUCT_COLUMNS,
  REFUND_COLUMNS,
  TAX_RATE_BPS,
  type ListFilter,
  type OrderBatch,
  type Row,
} from './fill-data.js';
import type { DatabaseKind } from './options.js';

const BATCH_ORDERS = 10_000;

export interface FillSummary {
  orders: number;
  lineItems: number;
  refunds: number;
  products: number;
  customers: number;
  seconds: number;
  listFilter: ListFilter;
  getOrderId: string;
  productIds: string[];
}

const BENCH_REDIRECT_URI = 'http://127.0.0.1/callback';

export interface BenchDatabase {
  kind: DatabaseKind;
  /** DATABASE_URL and DATABASE_SCHEMA for the server under test. */
  env: Record<string, string>;
  merchantId: string;
  /** The merchant's admin user. */
  userId: string;
  apiKey: string;
  /** How the admin signs in to get a user access token: credentials and a registered OAuth client. */
  signIn: { email: string; password: string; clientId: string; redirectUri: string };
  /** Ids of paid orders, newest first, at most `limit`. */
  paidOrderIds(limit: number): Promise<string[]>;
  /** The database server's own version line. */
  version(): Promise<string>;
  drop(): Promise<void>;
}

/** Creates, migrates and sets up an empty database with a merchant and a sandbox API key. */
export async function createBenchDatabase(kind: DatabaseKind, postgresUrl: string): Promise<BenchDatabase> {
  const target = kind === 'sqlite' ? sqliteTarget() : postgresTarget(postgresUrl);
  try {
    const db = await openDatabase({ url: target.url, schema: target.schema });
    try {
      await migrateToLatest(db);
      const email = `bench-${randomBase62(8).toLowerCase()}@example.com`;
      const password = randomBase62(24);
      const { merchant, user } = await createMerchant(db, systemClock, {
        name: 'Bench Shop',
        email,
        password,
        currency: CURRENCY,
        taxRateBps: TAX_RATE_BPS,
      });
      const key = await createApiKey(db, systemClock, {
        merchantId: merchant.id,
        environment: FILL_ENVIRONMENT,
        name: 'bench',
        permissions: DEFAULT_API_KEY_SCOPES,
      });
      const client = await createOAuthClient(db, systemClock, { name: 'Bench app', redirectUris: [BENCH_REDIRECT_URI] });
      const signIn = { email, password, clientId: client.id, redirectUri: BENCH_REDIRECT_URI };
      return { ...target, merchantId: merchant.id, userId: user.id, apiKey: key.key, signIn };
    } finally {
      await db.close();
    }
  } catch (error) {
    await target.drop();
    throw error;
  }
}

type Target = Omit<BenchDatabase, 'merchantId' | 'userId' | 'apiKey' | 'signIn'> & { url: string; schema: string | undefined };

function sqliteTarget(): Target {
  const dir = mkdtempSync(join(tmpdir(), 'till-bench-'));
  const path = join(dir, 'till.db');
  const url = `sqlite:${path}`;
  return {
    kind: 'sqlite',
    url,
    schema: undefined,
    env: { DATABASE_URL: url },
    async paidOrderIds(limit) {
      const db = new BetterSqlite3(path, { readonly: true });
      try {
        const rows = db
          .prepare(`select id from orders where status = 'paid' order by created_at desc, id desc limit ?`)
          .all(limit) as Array<{ id: string }>;
        return rows.map((r) => r.id);
      } finally {
        db.close();
      }
    },
    async version() {
      const db = new BetterSqlite3(':memory:');
      try {
        return `SQLite ${(db.prepare('select sqlite_version() as v').get() as { v: string }).v} (better-sqlite3, WAL)`;
      } finally {
        db.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresTarget(url: string): Target {
  const schema = `bench_${randomBase62(10).toLowerCase()}`;
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>, inSchema = true): Promise<T> => {
    const client = new pg.Client({ connectionString: url, ...(inSchema ? { options: `-c search_path=${schema}` } : {}) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    kind: 'postgres',
    url,
    schema,
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    paidOrderIds: (limit) =>
      withClient(async (client) => {
        const { rows } = await client.query<{ id: string }>(`select id from orders where status = 'paid' order by created_at desc, id desc limit $1`, [limit]);
        return rows.map((r) => r.id);
      }),
    version: () => withClient(async (client) => `PostgreSQL ${(await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v}`),
    drop: () => withClient((client) => client.query(`drop schema if exists "${schema}" cascade`).then(() => undefined), false),
  };
}

/**
 * Fills the database with `orders` orders of the bench merchant (and their line items and refunds),
 * a catalogue and customers, printing a line after each tenth of the orders.
 */
export async function fillDatabase(database: BenchDatabase, orders: number, log: (line: string) => void): Promise<FillSummary> {
  const started = performance.now();
  const data = new FillData(database.merchantId, orders, new Date(Date.now() - 24 * 60 * 60 * 1000));
  const writer = database.kind === 'sqlite' ? sqliteWriter(database.env.DATABASE_URL!) : await postgresWriter(database.env.DATABASE_URL!, database.env.DATABASE_SCHEMA!);
  const counts = { orders: 0, lineItems: 0, refunds: 0 };
  try {
    await writer.insert('products', PRODUCT_COLUMNS, data.productRows());
    await writer.insert('customers', CUSTOMER_COLUMNS, data.customerRows());
    // The next batch is generated while the database writes the last one.
    let nextReport = orders / 10;
    let writing: Promise<void> = Promise.resolve();
    while (!data.done) {
      const batch: OrderBatch = data.nextBatch(BATCH_ORDERS);
      await writing;
      writing = writer.batch(batch);
      counts.orders += batch.orders.length;
      counts.lineItems += batch.lineItems.length;
      counts.refunds += batch.refunds.length;
      if (counts.orders >= nextReport) {
        log(`${counts.orders.toLocaleString('en-US')} of ${orders.toLocaleString('en-US')} orders, ${counts.lineItems.toLocaleString('en-US')} line items (${seconds(started)} s)`);
        nextReport += orders / 10;
      }
    }
    await writing;
    log(`building keys and indexes${database.kind === 'postgres' ? ', vacuum analyze' : ''} (${seconds(started)} s)`);
    await writer.finish();
  } finally {
    await writer.close();
  }
  if (data.getOrderId === undefined) throw new Error('the fill made no paid order with a customer and three items');
  return {
    ...counts,
    products: data.products.length,
    customers: data.customers.length,
    seconds: (performance.now() - started) / 1000,
    listFilter: data.listFilter,
    getOrderId: data.getOrderId,
    productIds: data.products.map((p) => p.id),
  };
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

interface Writer {
  insert(table: string, columns: readonly string[], rows: Row[]): Promise<void>;
  batch(batch: OrderBatch): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

/** The filled tables' secondary indexes: dropped before the fill and built again after it, from their own definitions. */
const FILLED_TABLES = ['orders', 'line_items', 'refunds'];

/**
 * What the triggers on `orders` (migration 0004) would have counted, row by row, during the fill:
 * they are off while it runs, and the counts are made in one statement at the end.
 */
const REBUILD_ORDER_COUNTS = `
  insert into order_counts (merchant_id, environment, status, day, slot, count)
  select merchant_id, environment, status, substr(created_at, 1, 10), 0, count(*)
    from orders
   group by merchant_id, environment, status, substr(created_at, 1, 10)`;

/** The last order number given per tenant (migration 0018), for Create Order to go on from. */
const SET_ORDER_NUMBERS = `
  insert into order_numbers (merchant_id, environment, last_number)
  select merchant_id, environment, max(number) from orders group by merchant_id, environment`;

/**
 * SQLite: prepared statements, one transaction per batch, no journal and no syncing until the end
 * (a failed fill is thrown away anyway).
 */
function sqliteWriter(url: string): Writer {
  const db = new BetterSqlite3(url.replace(/^sqlite:/, ''));
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  const indexes = db
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${FILLED_TABLES.map(() => '?').join(', ')})`)
    .all(...FILLED_TABLES) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  const triggers = db.prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'orders'`).all() as Array<{ name: string; sql: string }>;
  for (const trigger of triggers) db.exec(`drop trigger ${trigger.name}`);
  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (table: string, columns: readonly string[]) => {
    let prepared = statements.get(table);
    if (prepared === undefined) {
      prepared = db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      statements.set(table, prepared);
    }
    return prepared;
  };
  const insertAll = db.transaction((table: string, columns: readonly string[], rows: Row[]) => {
    const insert = statement(table, columns);
    for (const row of rows) insert.run(row);
  });
  const insertBatch = db.transaction((batch: OrderBatch) => {
    insertAll('orders', ORDER_COLUMNS, batch.orders);
    insertAll('line_items', LINE_ITEM_COLUMNS, batch.lineItems);
    insertAll('refunds', REFUND_COLUMNS, batch.refunds);
  });
  return {
    insert: async (table, columns, rows) => insertAll(table, columns, rows),
    batch: async (batch) => insertBatch(batch),
    finish: async () => {
      for (const index of indexes) db.exec(index.sql);
      for (const trigger of triggers) db.exec(trigger.sql);
      if (triggers.length > 0) db.exec(REBUILD_ORDER_COUNTS);
      db.exec(SET_ORDER_NUMBERS);
      db.pragma('journal_mode = WAL');
    },
    close: async () => {
      db.close();
    },
  };
}

const BIGINT_COLUMNS = new Set(['number', 'subtotal', 'tax', 'total', 'refunded_amount', 'unit_price', 'amount', 'price', 'inventory']);
const INTEGER_COLUMNS = new Set(['items_count', 'position', 'quantity', 'refunded_quantity', 'active']);

/**
 * PostgreSQL: one `insert ... select from unnest(...)` per table and batch, each column sent as one
 * array parameter, so a batch of ten thousand orders is three statements.
 */
async function postgresWriter(url: string, schema: string): Promise<Writer> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await client.query(`set maintenance_work_mem = '256MB'`);
  // Keys and indexes are built once at the end, by sorting, rather than row by row: foreign keys
  // first out and last in, since they lean on the primary keys.
  const { rows: constraints } = await client.query<{ table: string; name: string; definition: string; type: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition, contype as type
       from pg_constraint
      where connamespace = $1::regnamespace and contype in ('p', 'f') and conrelid::regclass::text = any($2)
      order by contype`,
    [schema, FILLED_TABLES],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = $1 and tablename = any($2) and indexname not in (select conname from pg_constraint where connamespace = $1::regnamespace)`,
    [schema, FILLED_TABLES],
  );
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  for (const constraint of constraints) await client.query(`alter table ${constraint.table} drop constraint "${constraint.name}"`);
  const { rows: triggers } = await client.query(`select 1 from pg_trigger where tgrelid = 'orders'::regclass and not tgisinternal`);
  if (triggers.length > 0) await client.query('alter table orders disable trigger user');
  const insert = async (table: string, columns: readonly string[], rows: Row[]) => {
    if (rows.length === 0) return;
    const arrays = columns.map((_, c) => rows.map((row) => row[c]));
    const types = columns.map((column, c) => `$${c + 1}::${BIGINT_COLUMNS.has(column) ? 'bigint' : INTEGER_COLUMNS.has(column) ? 'integer' : 'text'}[]`);
    await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${types.join(', ')})`, arrays);
  };
  return {
    insert,
    async batch(batch) {
      await client.query('begin');
      await insert('orders', ORDER_COLUMNS, batch.orders);
      await insert('line_items', LINE_ITEM_COLUMNS, batch.lineItems);
      await insert('refunds', REFUND_COLUMNS, batch.refunds);
      await client.query('commit');
    },
    // What autovacuum does to a table after bulk inserts: statistics for the planner, and the
    // visibility map that lets counts read the index alone.
    finish: async () => {
      for (const constraint of [...constraints].reverse()) {
        await client.query(`alter table ${constraint.table} add constraint "${constraint.name}" ${constraint.definition}`);
      }
      for (const index of indexes) await client.query(index.definition);
      if (triggers.length > 0) {
        await client.query('alter table orders enable trigger user');
        await client.query(REBUILD_ORDER_COUNTS);
      }
      await client.query(SET_ORDER_NUMBERS);
      for (const table of ['products', 'customers', 'orders', 'line_items', 'refunds', ...(triggers.length > 0 ? ['order_counts'] : [])]) {
        await client.query(`vacuum analyze ${table}`);
      }
    },
    close: () => client.end(),
  };
}
