/**
 * The one handle a transaction's work is given: the transaction itself, carrying the locks, which
 * differ between the databases. A helper that reads and locks rows then takes this one argument for
 * the database, not a `Db` beside a `Kysely`.
 *
 * @example
 *   db.transaction(async (trx) => {
 *     const order = await trx.forUpdate(selectScoped(trx, 'orders', tenant).selectAll().where('id', '=', id)).executeTakeFirst();
 *   });
 */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { DialectName } from './connection.js';
import type { Database } from './schema.js';

/** The locks a transaction takes, as its database takes them (`sqlite.ts`, `postgres.ts`). */
export interface TransactionLocks {
  /** Which database runs the transaction: statements written per database (`order-writes.ts`) pick theirs. */
  readonly dialect: DialectName;
  /**
   * Locks the selected rows until the transaction ends. PostgreSQL takes row locks; SQLite has one
   * writer, and every transaction here begins IMMEDIATE, so the rows are already held.
   */
  forUpdate<O>(query: SelectQueryBuilder<Database, any, O>): SelectQueryBuilder<Database, any, O>;
  /**
   * Holds `table` against every other writer until the transaction ends. PostgreSQL locks the table
   * in exclusive mode (reads go on); SQLite's IMMEDIATE transactions already hold its one write lock.
   */
  lockTable(table: keyof Database & string): Promise<void>;
  /**
   * Claims rows for a work queue: PostgreSQL locks the selected rows of `of` (a table or alias of the
   * query) and skips those another transaction holds, so that claimers never wait on each other;
   * SQLite's one writer already runs each claiming transaction alone.
   */
  skipLocked<O>(query: SelectQueryBuilder<Database, any, O>, of: string): SelectQueryBuilder<Database, any, O>;
}

export type DbTransaction = Transaction<Database> & TransactionLocks;

/** Runs `work` in one transaction of `kysely`, handing it the transaction with the locks `locksOf` gives for it. */
export function runTransaction<T>(
  kysely: Kysely<Database>,
  locksOf: (trx: Transaction<Database>) => TransactionLocks,
  work: (trx: DbTransaction) => Promise<T>,
): Promise<T> {
  // Kysely makes this object for this work alone: the locks are set on it rather than on a wrapper,
  // so that it stays the Kysely every query helper takes.
  return kysely.transaction().execute((trx) => work(Object.assign(trx, locksOf(trx))));
}
