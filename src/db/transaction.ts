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
  /** Which database runs the transaction: statements written per database (the orders and outbox stores) pick theirs. */
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

/** How the database refuses a statement, told the same way on the database and in a transaction. */
export interface DatabaseRefusals {
  /** Whether `error` is a unique constraint refusing a row (PostgreSQL's 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE). */
  isUniqueViolation(error: unknown): boolean;
}

export type DbTransaction = Transaction<Database> & TransactionLocks & DatabaseRefusals;

/** Transactions that queued webhook deliveries (`noteDeliveriesQueued`), until they end. */
const queuingDeliveries = new WeakSet<object>();
/** How many transactions of this process have committed webhook deliveries. */
let deliveriesCommitted = 0;

/** Notes that `trx` queued webhook deliveries: once it commits, `committedDeliveries()` counts it. */
export function noteDeliveriesQueued(trx: object): void {
  queuingDeliveries.add(trx);
}

/**
 * How many transactions of this process have committed webhook deliveries so far: the dispatcher
 * need only look for due deliveries when this has moved (`app/dispatcher.ts`).
 */
export function committedDeliveries(): number {
  return deliveriesCommitted;
}

/** Runs `work` in one transaction of `kysely`, handing it the transaction with the locks `locksOf` gives for it and the database's `refusals`. */
export async function runTransaction<T>(
  kysely: Kysely<Database>,
  locksOf: (trx: Transaction<Database>) => TransactionLocks,
  refusals: DatabaseRefusals,
  work: (trx: DbTransaction) => Promise<T>,
): Promise<T> {
  let ran: object | undefined;
  // Kysely makes this object for this work alone: the locks are set on it rather than on a wrapper,
  // so that it stays the Kysely every query helper takes.
  const result = await kysely.transaction().execute((trx) => work((ran = Object.assign(trx, locksOf(trx), refusals))));
  if (ran !== undefined && queuingDeliveries.has(ran)) deliveriesCommitted += 1;
  return result;
}
