/**
 * PostgreSQL through node-postgres: a pool per process, 64-bit integers read as exact numbers, and
 * named prepared statements.
 */
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type PostgresPool,
  type PostgresPoolClient,
  type TableMetadata,
  type Transaction,
} from 'kysely';
import type { DatabaseFault, Db, OpenOptions } from './connection.js';
import { postgresCredentialChanges, settleAfterCommit, type CredentialChanges } from './credential-changes.js';
import { remainingMs } from './deadline.js';
import type { Database } from './schema.js';
import type { Prepared } from './prepared.js';
import { runTransaction, type DatabaseRefusals, type TransactionLocks } from './transaction.js';

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

/** A statement's answer may come this much after `statement_timeout` (PostgreSQL's own cancel) before the server counts as silent. */
const ANSWER_MARGIN_MS = 500;
/** The least time a request past its deadline is given to get a connection and an answer (to release its idempotency key, say). */
const LEAST_STATEMENT_MS = 500;
/** `/readyz` has this long for its question. */
const READINESS_MS = 1_500;
/** A failed write (disk full, read-only) keeps `/readyz` not ready this long, unless a write succeeds first. */
const WRITE_FAULT_MS = 15_000;

/** A failure Till names itself (a wait for a connection past the deadline, a silent server), with its kind. */
class PoolFault extends Error {
  constructor(
    readonly fault: DatabaseFault,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A pool of `poolSize` connections that survives the server: a connection that breaks (the server
 * restarted, the backend was terminated, the network cut) is dropped, and the next request opens a
 * new one; nothing is left to crash the process. See `docs/reliability.md`, "Database faults".
 */
export async function openPostgres(options: OpenOptions): Promise<Db> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const statementTimeoutMs = options.statementTimeoutMs;
  if (options.schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
      throw new Error(`DATABASE_SCHEMA must be a lower-case SQL identifier, got "${options.schema}"`);
    }
  }
  if (options.schema !== undefined && options.createSchema !== false) {
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: connectTimeoutMs, query_timeout: connectTimeoutMs });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(`create schema if not exists "${options.schema}"`);
    } finally {
      await client.end();
    }
  }
  const searchPath = options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` };
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    // Bounds both opening a connection (past it: unreachable) and waiting in pg-pool's queue while
    // every connection is lent out (past it: timeout); a request's deadline may end the wait sooner
    // (see `connectWithin`).
    connectionTimeoutMillis: connectTimeoutMs,
    // A connection through a cut network is noticed by the operating system, not only at the next query.
    keepAlive: true,
    ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs, lock_timeout: statementTimeoutMs }),
    ...searchPath,
  });
  const health = new PoolHealth();
  // An idle connection that breaks emits 'error' on the pool, which pg-pool has already dropped it
  // from; without a listener Node would end the process.
  pool.on('error', (error) => health.failed(error));
  // `/readyz` asks through a connection of its own, so that it answers even while every connection of
  // the pool is taken (a table lock holding them all).
  const probe = new pg.Pool({
    connectionString: options.url,
    max: 1,
    connectionTimeoutMillis: Math.min(connectTimeoutMs, READINESS_MS),
    query_timeout: READINESS_MS,
    statement_timeout: READINESS_MS,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    ...searchPath,
  });
  probe.on('error', () => undefined);
  // One listener per process (and Db), opened by the server, or by the first change a command makes.
  let credentialChanges: CredentialChanges | undefined;
  const watchCredentials = (onState?: (state: 'listening' | 'down', error?: unknown) => void): CredentialChanges =>
    (credentialChanges ??= postgresCredentialChanges({
      connectionString: options.url,
      connectTimeoutMs,
      ...(searchPath.options === undefined ? {} : { options: searchPath.options }),
      ...(onState === undefined ? {} : { onState }),
    }));
  const settle = () => watchCredentials().settle();
  const connections = withNamedStatements(pool, health, statementTimeoutMs, options.beforeLend ?? refusingStandbys(statementTimeoutMs));
  const kysely = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool: connections }) });
  const db: Db = {
    kysely,
    dialect: 'postgres',
    usesRequestDeadlines: true,
    // The pool Kysely is given, with its deadlines, fault handling and named statements, used without Kysely around it.
    read: async <Row>(statement: Prepared, parameters: readonly unknown[]) => {
      const client = await connections.connect();
      try {
        return (await client.query<Row>(statement.text, parameters)).rows;
      } finally {
        client.release();
      }
    },
    withOwnConnections: (poolSize) => openPostgres({ ...options, poolSize }),
    // A transaction that announced a credential change (`announceCredentialChange`) returns once every process has taken it in.
    transaction: (work) => settleAfterCommit((announced) => runTransaction(kysely, postgresLocks, POSTGRES_REFUSALS, announced), work, settle),
    ...POSTGRES_REFUSALS,
    ping: async () => {
      await pool.query('select 1');
      health.answered();
    },
    faultOf: postgresFault,
    readiness: async () => {
      try {
        const { rows } = await probe.query<{ recovery: boolean; read_only: string }>(
          "select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only",
        );
        health.answered();
        // A standby, or a server told to take no writes (default_transaction_read_only).
        if (rows[0]!.recovery || rows[0]!.read_only === 'on') return 'read_only';
        return health.recentWriteFault();
      } catch (error) {
        return postgresFault(error) ?? 'unreachable';
      }
    },
    stats: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, lastAnsweredAt: health.lastAnsweredAt }),
    watchCredentials,
    close: async () => {
      await Promise.all([kysely.destroy(), probe.end(), credentialChanges?.close()]);
    },
  };
  return db;
}

const POSTGRES_REFUSALS: DatabaseRefusals = {
  isUniqueViolation: (error) => (error as { code?: unknown } | null)?.code === '23505',
};

function postgresLocks(trx: Transaction<Database>): TransactionLocks {
  return {
    dialect: 'postgres',
    forUpdate: (query) => query.forUpdate(),
    skipLocked: (query, of) => query.forUpdate(of as never).skipLocked(),
    lockTable: async (table) => {
      await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
    },
  };
}

/** What the pool has seen: when the database last answered, and the last write it refused. */
class PoolHealth {
  lastAnsweredAt: number | undefined;
  private writeFault: { fault: DatabaseFault; at: number } | undefined;

  answered(): void {
    this.lastAnsweredAt = Date.now();
  }

  wrote(): void {
    this.writeFault = undefined;
  }

  failed(error: unknown): DatabaseFault | undefined {
    const fault = postgresFault(error);
    if (fault === 'disk_full' || fault === 'read_only') this.writeFault = { fault, at: Date.now() };
    return fault;
  }

  /** A write refused for want of space or by a read-only server, lately and not followed by a successful one. */
  recentWriteFault(): DatabaseFault | undefined {
    if (this.writeFault === undefined || Date.now() - this.writeFault.at > WRITE_FAULT_MS) return undefined;
    return this.writeFault.fault;
  }
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
function withNamedStatements(pool: pg.Pool, health: PoolHealth, statementTimeoutMs: number | undefined, beforeLend: OpenOptions['beforeLend']): PostgresPool {
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
  /** Connections that broke while lent out, and how: released with an error, so that pg-pool closes them. */
  const broken = new WeakMap<pg.PoolClient, DatabaseFault>();
  // A lent-out connection that breaks emits 'error' on itself, and Node ends the process when nothing
  // listens. pg-pool takes its own listener off as it lends a connection out, and the borrower's
  // would come a promise later: a termination read in the same chunk as the new connection's
  // ReadyForQuery (pg_terminate_backend, a restart) would land in between. So every connection gets
  // its listener as it is made, before pg-pool lends it (its 'connect' event).
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      health.failed(error);
      if (!broken.has(client)) broken.set(client, 'unreachable');
    }),
  );
  return {
    async connect() {
      const left = remainingMs();
      const client = await connectWithin(pool, left === undefined ? undefined : Math.max(left, LEAST_STATEMENT_MS));
      if (beforeLend !== undefined) {
        try {
          await beforeLend(client);
        } catch (error) {
          // Its state is unknown (a check cut short): closed rather than lent again.
          client.release(error instanceof Error ? error : new Error('refused before lending'));
          throw error;
        }
      }
      let named = clients.get(client);
      if (named === undefined) {
        const query = async (text: unknown, values?: ReadonlyArray<unknown>) => {
          if (typeof text !== 'string') return client.query(text as pg.Submittable);
          // A connection that broke (the rollback after its failed statement, say) fails at once, the same way.
          const brokenBy = broken.get(client);
          if (brokenBy !== undefined) throw new PoolFault(brokenBy, 'the database connection broke');
          const name = values === undefined || values.length === 0 ? undefined : nameOf(text);
          const timeoutMs = answerTimeout(statementTimeoutMs);
          try {
            const result = await client.query({ text, values: values as unknown[], ...(name === undefined ? {} : { name }), ...(timeoutMs === undefined ? {} : { query_timeout: timeoutMs }) });
            health.answered();
            if (text === 'commit' || result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE') health.wrote();
            return result;
          } catch (error) {
            // Silent or cut off while committing: PostgreSQL may have committed. Saying "nothing
            // was changed" would be a guess, and a client trusting it could charge or refund twice.
            // The rollback Kysely sends next must fail the same way, or its fault would replace this one.
            if (text === 'commit' && ((error as Error).message === 'Query read timeout' || postgresFault(error) === 'unreachable')) {
              broken.set(client, 'commit_unconfirmed');
              throw new PoolFault('commit_unconfirmed', 'the connection broke or fell silent while the database was committing');
            }
            if ((error as Error).message === 'Query read timeout') {
              // Past the request's deadline, or past the server's own statement timeout: the server is silent.
              const late =
                timeoutMs !== undefined && statementTimeoutMs !== undefined && timeoutMs < statementTimeoutMs + ANSWER_MARGIN_MS
                  ? new PoolFault('timeout', `the database did not answer within the request's deadline (${timeoutMs} ms)`)
                  : new PoolFault('unreachable', `the database did not answer within ${timeoutMs} ms`);
              broken.set(client, late.fault);
              throw late;
            }
            if (health.failed(error) === 'unreachable') broken.set(client, 'unreachable');
            throw error;
          }
        };
        named = {
          query: query as unknown as PostgresPoolClient['query'],
          release: () => client.release(broken.has(client) ? new Error('connection broken') : undefined),
        };
        clients.set(client, named);
      }
      return named;
    },
    end: () => pool.end(),
  };
}

/**
 * For the primary's pool: each new connection is asked once whether it reached a standby, and one
 * that did is closed, its borrower answered `read_only` (503, `Retry-After: 2`). Behind a proxy that
 * routes by health checks (HAProxy in front of Patroni), a primary demoted in a switchover comes back
 * as a standby a moment before the proxy stops routing to it, and a read there would miss the latest
 * commits; a connection made before the switch was closed by the demotion's restart.
 */
function refusingStandbys(statementTimeoutMs: number | undefined): (client: pg.PoolClient) => Promise<void> {
  const checked = new WeakSet<pg.PoolClient>();
  return async (client) => {
    if (checked.has(client)) return;
    const timeoutMs = answerTimeout(statementTimeoutMs);
    const { rows } = await client.query<{ recovery: boolean }>({ text: 'select pg_is_in_recovery() as recovery', ...(timeoutMs === undefined ? {} : { query_timeout: timeoutMs }) });
    if (rows[0]!.recovery) throw new PoolFault('read_only', 'the connection reached a standby, not the primary');
    checked.add(client);
  };
}

/**
 * How long a statement may wait for its answer: PostgreSQL's `statement_timeout` cancels a statement
 * itself; this is for a server that cannot even say so (frozen, cut off), and for a request whose
 * deadline comes first (it waited for a connection).
 */
function answerTimeout(statementTimeoutMs: number | undefined): number | undefined {
  if (statementTimeoutMs === undefined) return undefined;
  const left = remainingMs();
  const allowed = left === undefined ? statementTimeoutMs : Math.min(statementTimeoutMs, Math.max(left, LEAST_STATEMENT_MS));
  return allowed + ANSWER_MARGIN_MS;
}

/**
 * A connection from the pool, waiting at most until the request's deadline when every connection is
 * lent out (pg-pool's own queue waits `connectionTimeoutMillis`). A connection that arrives after
 * the wait was given up goes straight back.
 */
async function connectWithin(pool: pg.Pool, leftMs: number | undefined): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  if (leftMs === undefined) return connecting;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      connecting.then((client) => client.release(), () => undefined);
      reject(new PoolFault('timeout', 'every database connection stayed busy until the request\'s deadline'));
    }, leftMs);
  });
  try {
    return await Promise.race([connecting, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** SQLSTATEs of the faults (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const SQLSTATE_FAULTS: Record<string, DatabaseFault> = {
  // statement_timeout, lock_timeout: the transaction has been rolled back whole.
  '57014': 'timeout',
  '55P03': 'timeout',
  '53300': 'too_many_connections',
  '53100': 'disk_full',
  '25006': 'read_only',
  // admin_shutdown (pg_terminate_backend, a fast shutdown), crash_shutdown, cannot_connect_now (starting up).
  '57P01': 'unreachable',
  '57P02': 'unreachable',
  '57P03': 'unreachable',
  // idle_session_timeout
  '57P05': 'unreachable',
};
/** Node's errors for a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** pg's messages for a connection that could not be opened in time, ended or broke. */
const CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;
/** pg-pool's message when every connection stayed lent out for `connectionTimeoutMillis`. */
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';

function postgresFault(error: unknown): DatabaseFault | undefined {
  if (error instanceof PoolFault) return error.fault;
  if (error instanceof AggregateError) {
    return error.errors.some((e) => postgresFault(e) === 'unreachable') ? 'unreachable' : undefined;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (SQLSTATE_FAULTS[code] !== undefined) return SQLSTATE_FAULTS[code];
    // Class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code) || NETWORK_CODES.has(code)) return 'unreachable';
  }
  if (!(error instanceof Error)) return undefined;
  if (error.message === POOL_WAIT_MESSAGE) return 'timeout';
  return CONNECTION_MESSAGES.test(error.message) ? 'unreachable' : undefined;
}

/**
 * Kysely's PostgreSQL dialect with an introspector that sees the current schema only. The migrator
 * asks it whether its own tables exist; Kysely's introspector answers by reading every column of
 * every table of every schema, calling `pg_get_serial_sequence` on each by name, which fails ("schema
 * ... does not exist") when another schema is dropped meanwhile: installations sharing a database
 * through DATABASE_SCHEMA, and the test suite, which drops a schema per test server, hit it.
 */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

class CurrentSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<any>;

  constructor(db: Kysely<any>) {
    super(db);
    this.#db = db;
  }

  /** The tables and views of the current schema, by name (the migrator needs no more). */
  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')`.execute(this.#db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }
}

