/**
 * Kysely's driver for better-sqlite3, with the wait for SQLite's write lock taken off the event loop.
 *
 * better-sqlite3 runs every statement synchronously, and SQLite's busy handler sleeps inside the
 * statement while another process holds the write lock: with a 10 s busy timeout, one write waiting
 * froze the whole process for 10 s, `/healthz` included, and the writes queued behind it waited one
 * after the other. Here the busy timeout is 0: a `begin immediate` (or a statement outside a
 * transaction) that finds the lock taken fails at once with SQLITE_BUSY, and is tried again after a
 * timer, up to the statement timeout, while the event loop serves everything else. Past the deadline
 * the last SQLITE_BUSY is thrown: nothing was written.
 *
 * Kysely runs one statement at a time on the single connection (the mutex below, as in Kysely's own
 * driver). A transaction waiting for the lock does not hold the mutex while it sleeps, so reads,
 * which never wait for the write lock in WAL mode, go on being served.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SqliteFile } from './sqlite-file.js';

/** The pauses between two tries for the write lock, in milliseconds (SQLite's own busy handler: 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100). */
const RETRY_DELAYS_MS = [1, 2, 5, 10, 15, 20, 25];

export interface SqliteDriverOptions {
  database: BetterSqlite3.Database;
  /** Compiles each SQL text once (see `withStatementCache`). */
  prepare(sql: string): BetterSqlite3.Statement;
  /** The file opened, checked before each write commits; undefined in memory. */
  file: SqliteFile | undefined;
  /** How long a write waits for the write lock. */
  lockWaitMs: number;
  /** Told the error of every write that failed. */
  onWriteFailed(error: unknown): void;
}

export class LockWaitingSqliteDriver implements Driver {
  readonly #mutex = new Mutex();

  constructor(readonly options: SqliteDriverOptions) {}

  async init(): Promise<void> {}

  /**
   * The connection, once the statements and transactions asked for before are done. The wait counts
   * toward the deadline: a transaction of this process holding the connection long (a capture while
   * the processor charges the card) answers the requests behind it `database_timeout` at their deadline.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new LockWaitingConnection(this, performance.now() + this.options.lockWaitMs);
    await this.#lock(connection);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, _settings?: TransactionSettings): Promise<void> {
    const { database } = this.options;
    // IMMEDIATE: the write lock is taken when the transaction begins. A deferred transaction that reads
    // and then writes can fail with SQLITE_BUSY when another process wrote in between; this one waits.
    await this.whileBusy(connection as LockWaitingConnection, () => database.exec('begin immediate'));
  }

  async commitTransaction(): Promise<void> {
    const { database, file } = this.options;
    try {
      file?.checkUnmoved();
      database.exec('commit');
    } catch (error) {
      this.options.onWriteFailed(error);
      throw error;
    }
  }

  async rollbackTransaction(): Promise<void> {
    // A commit that failed on a full disk or an I/O error has already rolled the transaction back.
    if (this.options.database.inTransaction) this.options.database.exec('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#unlock(connection as LockWaitingConnection);
  }

  async destroy(): Promise<void> {
    if (this.options.database.open) this.options.database.close();
  }

  /**
   * Takes the write lock and gives it back at once (`/readyz`), waiting at most `waitMs` for it.
   * Throws what a write would meet: SQLITE_BUSY, SQLITE_READONLY, an I/O error.
   */
  async probeWriteLock(waitMs: number): Promise<void> {
    const { database } = this.options;
    const connection = new LockWaitingConnection(this, performance.now() + waitMs);
    try {
      await this.#lock(connection);
      await this.whileBusy(connection, () => database.exec('begin immediate'));
      database.exec('rollback');
    } finally {
      this.#unlock(connection);
    }
  }

  /**
   * The rows of a read run at once, when no work of this process holds the connection (so no
   * transaction is open on it, and nothing else can run before the read ends: it is synchronous).
   * Undefined when the connection is held, or the file is busy (another connection recovering the
   * log): the caller then queues the read as usual, which waits for both.
   */
  readAtOnce<R>(sql: string, parameters: readonly unknown[]): R[] | undefined {
    if (this.#mutex.held) return undefined;
    const statement = this.options.prepare(sql);
    if (!statement.reader) throw new Error('readAtOnce runs reads only');
    try {
      return statement.all(parameters as unknown[]) as R[];
    } catch (error) {
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  /**
   * Runs `work` (the connection holding the mutex) until it does not fail with SQLITE_BUSY, pausing
   * between tries with the mutex released; the last SQLITE_BUSY is thrown once the connection's
   * deadline has passed.
   */
  async whileBusy<T>(connection: LockWaitingConnection, work: () => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return work();
      } catch (error) {
        const left = connection.deadline - performance.now();
        if (!isBusy(error) || left <= 0) throw error;
        this.#unlock(connection);
        await sleep(Math.min(left, RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!));
        await this.#lock(connection);
      }
    }
  }

  async #lock(connection: LockWaitingConnection): Promise<void> {
    if (!(await this.#mutex.lock(connection.deadline - performance.now()))) {
      throw new ConnectionWaitError(`Waited ${this.options.lockWaitMs} ms for the database connection, held all along by another transaction of this process.`);
    }
    connection.holding = true;
  }

  #unlock(connection: LockWaitingConnection): void {
    if (!connection.holding) return;
    connection.holding = false;
    this.#mutex.unlock();
  }
}

class LockWaitingConnection implements DatabaseConnection {
  /** Whether this holder has the mutex now (it gives it back while it sleeps). */
  holding = false;

  constructor(
    readonly driver: LockWaitingSqliteDriver,
    /** The `performance.now()` past which waiting for the connection or the write lock gives up. */
    readonly deadline: number,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { database, prepare, file, onWriteFailed } = this.driver.options;
    const statement = prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) {
      // A read inside a transaction never waits; outside one it waits only in rare moments (another
      // connection recovering the log after a crash), and then as a write does.
      return { rows: await this.driver.whileBusy(this, () => statement.all(parameters) as R[]) };
    }
    const autocommit = !database.inTransaction;
    try {
      const { changes, lastInsertRowid } = await this.driver.whileBusy(this, () => {
        // A write outside a transaction commits by itself: the file is checked first, as at a commit.
        if (autocommit) file?.checkUnmoved();
        return statement.run(parameters);
      });
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      onWriteFailed(error);
      throw error;
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite.');
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The connection was held by this process's other work until the deadline; nothing was done. */
export class ConnectionWaitError extends Error {
  readonly code = 'TILL_SQLITE_CONNECTION_WAIT';
}

/** One holder at a time, in the order they asked; a waiter may give up at its deadline. */
class Mutex {
  #held = false;
  readonly #waiting: Array<(granted: boolean) => void> = [];

  get held(): boolean {
    return this.#held;
  }

  /** True once held; false when `timeoutMs` passed first (the mutex is then not held by this caller). */
  async lock(timeoutMs: number): Promise<boolean> {
    if (!this.#held) {
      this.#held = true;
      return true;
    }
    if (timeoutMs <= 0) return false;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(grant), 1);
        resolve(false);
      }, timeoutMs);
      const grant = (granted: boolean) => {
        clearTimeout(timer);
        resolve(granted);
      };
      this.#waiting.push(grant);
    });
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#held = false;
    else next(true);
  }
}
