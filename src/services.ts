/**
 * What business operations are given to work with. Built once in `app.ts`, which sets it on every request
 * (`request.services`) for the route to hand to its operation.
 */
import type { Db } from './db/connection.js';
import type { DbTransaction } from './db/transaction.js';
import type { ProcessorFor } from './payments/processor.js';
import type { Clock } from './time.js';

export interface Services {
  db: Db;
  clock: Clock;
  processorFor: ProcessorFor;
  /**
   * Runs `work` in one database transaction. Every write of a POST operation goes through here, so
   * that a request with an Idempotency-Key records its answer in the same transaction as its change.
   */
  transaction<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T>;
}

/** Services whose transactions are plain database transactions. */
export function baseServices(db: Db, clock: Clock, processorFor: ProcessorFor): Services {
  return { db, clock, processorFor, transaction: (work) => db.transaction(work) };
}
