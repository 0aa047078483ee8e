/**
 * Opens the database named by a URL: SQLite (default, a file) or PostgreSQL. This file and
 * `Db.forUpdate` are the only places where the two databases are told apart.
 *
 * @example
 *   const db = await openDatabase({ url: 'sqlite:./data/till.db' });
 *   const db = await openDatabase({ url: 'postgres://localhost/till', poolSize: 20 });
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type SelectQueryBuilder,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  /**
   * Locks the selected rows until the transaction ends. PostgreSQL takes row locks; SQLite has one
   * writer, and every transaction here begins IMMEDIATE, so the rows are already held.
   */
  forUpdate<O>(query: SelectQueryBuilder<Database, any, O>): SelectQueryBuilder<Database, any, O>;
  /** Throws if the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  url: string;
  /** PostgreSQL: schema to use as `search_path`; created when missing. */
  schema?: string | undefined;
  /** PostgreSQL: connections in the pool. */
  poolSize?: number;
  /**
   * PostgreSQL: `statement_timeout` of every connection (a statement running, or waiting for a
   * lock, longer is cancelled); SQLite: how long a write waits for the write lock. Default: no
   * timeout on PostgreSQL (migrations and commands may run long), 5 s on SQLite.
   */
  statementTimeoutMs?: number | undefined;
}

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

export async function openDatabase(options: OpenOptions): Promise<Db> {
  return dialectOf(options.url) === 'postgres' ? openPostgres(options) : openSqlite(options.url, options.statementTimeoutMs ?? 5_000);
}

/** `sqlite:./data/till.db`, `sqlite::memory:`, `file:./x.db` or a bare path. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:/i, '');
  return path === '' ? ':memory:' : path;
}

function openSqlite(url: string, busyTimeoutMs: number): Db {
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new BetterSqlite3(path);
  // WAL lets readers run beside the writer; NORMAL sync keeps every committed transaction through a
  // process crash (only an operating-system crash can lose the last ones). The busy timeout makes a
  // second process wait for the write lock instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma(`busy_timeout = ${Math.floor(busyTimeoutMs)}`);
  database.pragma('foreign_keys = ON');
  const stopCheckpoints = path === ':memory:' ? async () => {} : checkpointInBackground(database, path);
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }) });
  return {
    kysely,
    dialect: 'sqlite',
    forUpdate: (query) => query,
    ping: async () => {
      database.prepare('select 1').get();
    },
    close: async () => {
      await stopCheckpoints();
      await kysely.destroy();
    },
  };
}

/** A passive checkpoint with nothing to copy only reads the log's header. */
const CHECKPOINT_EVERY_MS = 10;
/**
 * WAL pages past which the server's own connection checkpoints. Under a steady stream of writes the
 * thread never sees the log fully copied at a moment when no write follows, so the log only starts
 * over after such a checkpoint; the thread has copied all but the last few milliseconds of it by then.
 */
const WAL_BACKSTOP_PAGES = 4_000;

/** The checkpoint thread: its own connection to the file, a passive checkpoint every few milliseconds. */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next round tries again.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies the write-ahead log into the database file from a worker thread. SQLite otherwise does it
 * in the committing connection every 1,000 pages, with an fsync, on the event loop: that was 40% of
 * a Create Order's time on a database of a million orders (a commit took 350 µs, 80 µs without).
 * Passive checkpoints never wait for, nor block, the server's reads and writes. The server's own
 * connection still checkpoints when the log passes WAL_BACKSTOP_PAGES, which lets the log start over,
 * and alone if the thread fails.
 * Returns the function that stops the thread.
 */
function checkpointInBackground(database: BetterSqlite3.Database, path: string): () => Promise<void> {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), path, everyMs: CHECKPOINT_EVERY_MS },
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => {
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
  });
  worker.unref();
  database.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  return async () => {
    worker.postMessage('stop');
    const timeout = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timeout);
  };
}

/** Compiled statements kept per SQLite database; the service runs far fewer distinct queries. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL anew on each `prepare`:
 * that was a sixth of a Get Order's time. The queries are parameterized, so their texts repeat;
 * the compiled statement of each text is kept and reused (the oldest is dropped past the limit).
 * Reuse is safe because Kysely runs one statement at a time on its single SQLite connection.
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (statement === undefined) {
        statement = database.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite transactions that take the write lock when they begin. A deferred transaction that reads and
 * then writes can fail with SQLITE_BUSY when another process wrote in between; an immediate one waits.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver() as SqliteDriver;
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Money columns are 64-bit; every value the service writes stays below 2^53, so a number is exact. */
function parseWholeNumber(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`database value ${value} is outside the safe integer range`);
  return parsed;
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return parseWholeNumber;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

async function openPostgres(options: OpenOptions): Promise<Db> {
  if (options.schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
      throw new Error(`DATABASE_SCHEMA must be a lower-case SQL identifier, got "${options.schema}"`);
    }
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      await client.query(`create schema if not exists "${options.schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  return {
    kysely,
    dialect: 'postgres',
    forUpdate: (query) => query.forUpdate(),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => kysely.destroy(),
  };
}

/** Distinct statement texts given a name, per process; texts past it run unnamed. */
const NAMED_STATEMENTS_LIMIT = 1000;
/** `select *` and `table.*`: their result columns would change with a migration that adds one. */
const SELECTS_ALL = /\bselect \*|"\.\*/;

/**
 * Named prepared statements on PostgreSQL. pg sends an unnamed statement with its text every time,
 * and PostgreSQL parses and plans it every time; a named one is parsed once per connection, then only
 * bound and executed (PostgreSQL switches it to a generic plan when that plans no worse). Each
 * distinct text with parameters gets a name, the same in every connection.
 *
 * Statements that select every column stay unnamed: PostgreSQL refuses to run a prepared statement
 * whose result columns have changed ("cached plan must not change result type"), which a migration
 * adding a column, run by another process while this one serves, would cause.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS_LIMIT && !SELECTS_ALL.test(text)) {
      name = `till_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let named = clients.get(client);
      if (named === undefined) {
        const query = (text: unknown, values?: ReadonlyArray<unknown>) => {
          if (typeof text !== 'string') return client.query(text as pg.Submittable);
          const name = values === undefined || values.length === 0 ? undefined : nameOf(text);
          return name === undefined ? client.query(text, values as unknown[]) : client.query({ name, text, values: values as unknown[] });
        };
        named = { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
        clients.set(client, named);
      }
      return named;
    },
    end: () => pool.end(),
  };
}
