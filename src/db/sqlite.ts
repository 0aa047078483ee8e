/**
 * SQLite through better-sqlite3: one connection per process, WAL, transactions that take the write
 * lock when they begin (waiting for it off the event loop), compiled statements kept, the write-ahead
 * log checkpointed off the event loop, and writes refused once the file at the path is not the one open.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type Driver, type SqliteDatabase } from 'kysely';
import { runPrepared, type Prepared } from './prepared.js';
import type { DatabaseFault, Db } from './connection.js';
import { sqliteCredentialChanges } from './credential-changes.js';
import type { Database } from './schema.js';
import type { CheckpointerData } from './sqlite-checkpointer.js';
import { LockWaitingSqliteDriver } from './sqlite-driver.js';
import { prepareSqliteFiles, SqliteFile } from './sqlite-file.js';
import { runTransaction, type DatabaseRefusals, type TransactionLocks } from './transaction.js';

/** `sqlite:./data/till.db`, `sqlite::memory:`, `file:./x.db` or a bare path. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:/i, '');
  return path === '' ? ':memory:' : path;
}

export function openSqlite(url: string, lockWaitMs: number): Db {
  const path = sqlitePath(url);
  if (path !== ':memory:') prepareSqliteFiles(path);
  const database = new BetterSqlite3(path);
  const file = path === ':memory:' ? undefined : new SqliteFile(path);
  // SQLite opens a file it may not write read-only, without a word, and the connection stays so.
  const openedReadOnly = file !== undefined && !file.writable();
  // WAL lets readers run beside the writer; NORMAL sync keeps every committed transaction through a
  // process crash (only an operating-system crash can lose the last ones). No busy timeout: SQLite's
  // busy handler would wait for another process's write lock inside the statement, on the event
  // loop; the driver waits with timers instead (sqlite-driver.ts).
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 0');
  database.pragma('foreign_keys = ON');
  const stopCheckpoints = path === ':memory:' ? async () => {} : checkpointInBackground(database, path);
  const writes = new WriteOutcomes();
  const faultOf = (error: unknown) => sqliteFault(error, file);
  const driver = new LockWaitingSqliteDriver({
    database,
    prepare: withStatementCache(database),
    file,
    lockWaitMs,
    onWriteFailed: (error) => writes.failed(faultOf(error)),
  });
  const kysely = new Kysely<Database>({ dialect: new LockWaitingSqliteDialect(driver) });
  let lastAnsweredAt: number | undefined;
  const db: Db = {
    kysely,
    dialect: 'sqlite',
    usesRequestDeadlines: false,
    read: async <Row>(statement: Prepared, parameters: readonly unknown[]) =>
      driver.readAtOnce<Row>(statement.text, parameters) ?? runPrepared<Row>(kysely, statement, parameters),
    withOwnConnections: async () => db,
    transaction: (work) => runTransaction(kysely, () => SQLITE_LOCKS, SQLITE_REFUSALS, work),
    ...SQLITE_REFUSALS,
    ping: async () => {
      database.prepare('select 1').get();
      lastAnsweredAt = Date.now();
    },
    faultOf,
    readiness: async () => {
      if (file?.moved() !== undefined) return 'unreachable';
      if (openedReadOnly || (file !== undefined && !file.writable())) return 'read_only';
      const recent = writes.recentFault();
      if (recent !== undefined) return recent;
      // The write lock, taken and given back at once: it tells a lock another process has held
      // longer than READINESS_LOCK_WAIT_MS, or a file SQLite can no longer read, from one that serves.
      // (It writes nothing: a connection opened read-only takes the lock all the same, hence the checks above.)
      try {
        await driver.probeWriteLock(Math.min(lockWaitMs, READINESS_LOCK_WAIT_MS));
        lastAnsweredAt = Date.now();
        return undefined;
      } catch (error) {
        return faultOf(error) ?? 'unreachable';
      }
    },
    stats: () => ({ connections: database.open ? 1 : 0, idle: database.open ? 1 : 0, waiting: 0, lastAnsweredAt }),
    watchCredentials: () => sqliteCredentialChanges(database),
    close: async () => {
      await stopCheckpoints();
      await kysely.destroy();
    },
  };
  return db;
}

/** One writer, and every transaction begins IMMEDIATE: whatever a transaction would lock, it already holds. */
const SQLITE_LOCKS: TransactionLocks = {
  dialect: 'sqlite',
  forUpdate: (query) => query,
  skipLocked: (query) => query,
  lockTable: async () => undefined,
};

const SQLITE_REFUSALS: DatabaseRefusals = {
  isUniqueViolation: (error) => (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE',
};

/** `/readyz` answers within 2 s: its wait for the write lock stops here. */
const READINESS_LOCK_WAIT_MS = 1_000;
/**
 * How long a write that failed on a full disk or a read-only file keeps `/readyz` answering 503.
 * SQLite learns that the disk is full only when it writes pages, which a probe that rolls back never
 * does; and a small write may still succeed on a full disk (a delete, a write into log space already
 * there) while the next order fails. So the last failure stands for a while, whatever succeeded since,
 * and then `/readyz` answers ready again, letting traffic find out whether space has been freed.
 */
const WRITE_FAULT_MEMORY_MS = 5_000;

/** The fault of the last write that failed on the database itself (a full disk, a read-only file). */
class WriteOutcomes {
  #last: { fault: DatabaseFault; at: number } | undefined;

  failed(fault: DatabaseFault | undefined): void {
    if (fault === 'disk_full' || fault === 'read_only') this.#last = { fault, at: performance.now() };
  }

  recentFault(): DatabaseFault | undefined {
    const last = this.#last;
    return last !== undefined && performance.now() - last.at < WRITE_FAULT_MEMORY_MS ? last.fault : undefined;
  }
}

/** A passive checkpoint with nothing to copy only reads the log's header. */
const CHECKPOINT_EVERY_MS = 10;
/**
 * WAL pages past which the server's own connection checkpoints. Under a steady stream of writes the
 * thread never sees the log fully copied at a moment when no write follows, so the log only starts
 * over after such a checkpoint; the thread has copied all but the last few milliseconds of it by then.
 */
const WAL_BACKSTOP_PAGES = 4_000;

/** The checkpoint thread's module, beside this one (`.ts` when run from source, `.js` once built). */
const CHECKPOINTER = new URL(`./sqlite-checkpointer${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

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
  const worker = new Worker(CHECKPOINTER, { workerData: { path, everyMs: CHECKPOINT_EVERY_MS } satisfies CheckpointerData });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => {
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
  });
  worker.unref();
  database.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  return async () => {
    // The thread stops its timer and closes its connection itself, then ends; it is terminated only
    // if it has not within 5 s (a checkpoint copying a very long log), which better-sqlite3 13.2
    // survives even mid-call.
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
function withStatementCache(database: BetterSqlite3.Database): (sql: string) => BetterSqlite3.Statement {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return (sqlText) => {
    let statement = statements.get(sqlText);
    if (statement === undefined) {
      statement = database.prepare(sqlText);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sqlText, statement);
    }
    return statement;
  };
}

/** Kysely's SQLite dialect (its SQL, its introspection) over the driver of `sqlite-driver.ts`. */
class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(private readonly driver: LockWaitingSqliteDriver) {
    // The database given here would only reach Kysely's own driver, which createDriver replaces.
    super({ database: {} as SqliteDatabase });
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/**
 * The fault an error of better-sqlite3 (or of the file check) is, by its SQLite result code:
 * SQLITE_BUSY is the write lock still taken at the deadline (the transaction was rolled back whole),
 * and so is the connection still held by another transaction of this process;
 * SQLITE_FULL a full disk; SQLITE_READONLY a file opened read-only; an I/O error on a file the
 * process may no longer write (a file system remounted read-only, an immutable file) is read-only too,
 * any other, and a file that cannot be opened or is not a database, unreachable.
 */
function sqliteFault(error: unknown, file: SqliteFile | undefined): DatabaseFault | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED' || code === 'TILL_SQLITE_CONNECTION_WAIT') return 'timeout';
  if (code === 'SQLITE_FULL') return 'disk_full';
  if (code === 'SQLITE_READONLY_DBMOVED' || code === 'TILL_SQLITE_FILE_MOVED') return 'unreachable';
  if (code.startsWith('SQLITE_READONLY')) return 'read_only';
  if (code.startsWith('SQLITE_IOERR')) return file !== undefined && !file.writable() ? 'read_only' : 'unreachable';
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_NOTADB') return 'unreachable';
  return undefined;
}
