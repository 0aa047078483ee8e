/**
 * Opens the database named by a URL: SQLite (default, a file, `sqlite.ts`) or PostgreSQL
 * (`postgres.ts`). `db/` is the only place where the two databases are told apart.
 *
 * @example
 *   const db = await openDatabase({ url: 'sqlite:./data/till.db' });
 *   const db = await openDatabase({ url: 'postgres://localhost/till', poolSize: 20 });
 */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { databaseDialectOf } from '../config.js';
import type { CredentialChanges } from './credential-changes.js';
import type { Prepared } from './prepared.js';
import { openPostgres } from './postgres.js';
import type { Database } from './schema.js';
import { openSqlite, sqlitePath } from './sqlite.js';
import type { DatabaseRefusals, DbTransaction } from './transaction.js';

export { sqlitePath };

export type DialectName = 'sqlite' | 'postgres';

/**
 * A failure of the database itself, as opposed to a request it refused (a unique key taken) or a bug.
 * Each answers 503 with `Retry-After`: nothing was written, and the same request may succeed later.
 */
export type DatabaseFault =
  /** A statement, or its wait for a lock or a connection, ran past its deadline; it was rolled back. */
  | 'timeout'
  /** No connection could be made or kept: the server is down, frozen or out of reach, or the file is gone. */
  | 'unreachable'
  /** PostgreSQL refused another connection (too many clients). */
  | 'too_many_connections'
  /** The disk holding the database is full. */
  | 'disk_full'
  /** The database takes no writes (a read-only file or server). */
  | 'read_only'
  /**
   * The connection broke or fell silent while the database was committing: whether the change was
   * made cannot be known here. Its retry with the same Idempotency-Key tells (a replay if it was).
   */
  | 'commit_unconfirmed';

export interface Db extends DatabaseRefusals {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  /**
   * Whether this database's waits are bounded by the request's deadline (`deadline.ts`), so that
   * the HTTP layer must open one per request. PostgreSQL: yes (the wait for a pooled connection and
   * each statement's answer). SQLite: no; its statements run on the event loop, and a write's wait
   * for the lock is bounded by the connection's own timeout.
   */
  readonly usesRequestDeadlines: boolean;
  /**
   * The rows of one read made outside any transaction (Get Order, List Orders), by the shortest way
   * this database has. SQLite runs it at once when no transaction of this process holds the
   * connection (nothing could be waited for, so no pass through Kysely's driver and its promises);
   * otherwise it queues as every statement does. PostgreSQL runs it as every statement.
   */
  read<Row>(statement: Prepared, parameters: readonly unknown[]): Promise<Row[]>;
  /**
   * Runs `work` in one transaction (on SQLite it begins IMMEDIATE, holding the write lock), handing
   * it the transaction with this database's locks.
   */
  transaction<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T>;
  /** Throws if the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** The kind of database failure `error` is, or undefined when it is none of them. */
  faultOf(error: unknown): DatabaseFault | undefined;
  /** What keeps the database from serving requests now (`/readyz`), or undefined when it is ready. */
  readiness(): Promise<DatabaseFault | undefined>;
  /** The connections and their use now, for `/metrics`. */
  stats(): DatabaseStats;
  /**
   * Starts watching for credential changes made by any process (`credential-changes.ts`), so that a
   * server may remember checked credentials; `onState` hears PostgreSQL's listener go down and come back.
   */
  watchCredentials(onState?: (state: 'listening' | 'down', error?: unknown) => void): CredentialChanges;
  /**
   * A handle to the same database with connections of its own, for work that must not queue behind
   * the requests (the webhook dispatcher). PostgreSQL opens a pool of `poolSize` more connections;
   * SQLite, whose one connection every statement of the process shares anyway, answers this handle.
   * The caller closes what it gets when that is not this handle.
   */
  withOwnConnections(poolSize: number): Promise<Db>;
  close(): Promise<void>;
}

export interface DatabaseStats {
  /** Connections open (SQLite: 1). */
  connections: number;
  /** Of those, connections not lent to a request. */
  idle: number;
  /** Requests waiting for a connection to be free. */
  waiting: number;
  /** When the database last answered a statement (epoch milliseconds), or undefined if it never has. */
  lastAnsweredAt: number | undefined;
}

/** Every kind of fault, in the order `/metrics` lists them. */
export const DATABASE_FAULTS: readonly DatabaseFault[] = ['timeout', 'unreachable', 'too_many_connections', 'disk_full', 'read_only', 'commit_unconfirmed'];

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
  /**
   * PostgreSQL: how long opening a connection may take (a server that accepts TCP but never answers,
   * or is out of reach) before it counts as unreachable. Default 5 s.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * PostgreSQL: create `schema` when it is missing (default true). A replica takes no writes, so the
   * read replicas' handle (`read-replica.ts`) only uses the schema the primary's handle made.
   */
  createSchema?: boolean;
  /**
   * PostgreSQL: asked before a connection is lent out; throwing refuses it (the connection is closed,
   * and the borrower gets the error). The read replicas' handle refuses a replica too far behind its
   * primary. Default: each new connection that reached a standby is refused (the primary's pool).
   */
  beforeLend?: (connection: pg.PoolClient) => Promise<void>;
}

/** The database a URL names, by the rule `loadConfig` checks DATABASE_URL with (an unknown scheme throws). */
export function dialectOf(url: string): DialectName {
  return databaseDialectOf(url);
}

export async function openDatabase(options: OpenOptions): Promise<Db> {
  return dialectOf(options.url) === 'postgres' ? openPostgres(options) : openSqlite(options.url, options.statementTimeoutMs ?? 5_000);
}
