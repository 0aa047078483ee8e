/**
 * What a store's statements run on: the database, outside a transaction, or the transaction a write
 * runs in. Operations hand stores `services.db` or the `trx` their `services.transaction` gave them;
 * the Kysely beneath either is the stores' own business, under `src/db/`.
 */
import type { Kysely } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './schema.js';
import type { DbTransaction } from './transaction.js';

/** The one name for a handle that reads: the database, or a transaction's handle. */
export type ReadHandle = Db | DbTransaction;

/** The Kysely a statement runs on for `handle` (for stores under `src/db/` only). */
export function kyselyOf(handle: ReadHandle): Kysely<Database> {
  return isDb(handle) ? handle.kysely : handle;
}

function isDb(handle: ReadHandle): handle is Db {
  return 'kysely' in handle;
}
