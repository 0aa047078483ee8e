/**
 * SQL text written once and run with parameters bound per request, for the hot paths (List Orders,
 * Create Order): no Kysely building or compiling per request, only the driver's own work. The
 * statement runs through Kysely's driver like every other, so the SQLite write lock, deadlines and
 * PostgreSQL's named prepared statements (one parse per connection) apply as usual.
 *
 * The text is written with `?` placeholders, SQLite's; PostgreSQL's `$1`, `$2`, ... are numbered once,
 * when the statement is made. Write no `?` anywhere else in the text.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from './connection.js';
import type { Database } from './schema.js';

/** A statement's text for one database, ready to run with its parameters. */
export interface Prepared {
  readonly text: string;
}

/**
 * @example const statement = prepared('postgres', 'select id from orders where merchant_id = ? and id = ?');
 */
export function prepared(dialect: DialectName, text: string): Prepared {
  if (dialect === 'sqlite') return { text };
  let n = 0;
  return { text: text.replace(/\?/g, () => `$${++n}`) };
}

const kept = new Map<string, Prepared>();

/**
 * The statement kept under `key` for `dialect`, its text made by `text()` on first use only: a hot
 * path names its statements and pays for their text once per process.
 *
 * @example const statement = preparedOnce(db.dialect, `list-orders ${shape}`, () => `select ... where ${filters}`);
 */
export function preparedOnce(dialect: DialectName, key: string, text: () => string): Prepared {
  const id = `${dialect} ${key}`;
  let statement = kept.get(id);
  if (statement === undefined) kept.set(id, (statement = prepared(dialect, text())));
  return statement;
}

/** The rows of `statement` run with `parameters`, in the order of the text's placeholders. */
export async function runPrepared<Row>(db: Kysely<Database>, statement: Prepared, parameters: readonly unknown[]): Promise<Row[]> {
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(statement.text, parameters as unknown[]));
  return rows;
}
