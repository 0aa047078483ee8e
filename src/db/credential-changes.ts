/**
 * How a server process learns that a credential it remembers may have changed on another process
 * (or in the CLI): the migration `0013-credential-generation` fires a trigger in every transaction
 * that revokes a key, removes a user, changes a role or ends a sign-in, and this reads its effect.
 *
 * - SQLite: the trigger bumps one integer row; `generation()` reads it, a prepared one-row select on
 *   the process's connection (microseconds, no round trip). A request that starts after the revoking
 *   transaction committed reads the new number.
 * - PostgreSQL: the trigger sends `NOTIFY till_credentials`; a connection of its own LISTENs, and
 *   each notice moves the number. While that connection is down or not yet listening, `generation()`
 *   is undefined and nothing may be remembered: a notice sent then would be lost. It reconnects
 *   with back-off (0.1 s doubling to 5 s), and never lets its errors end the process.
 *
 * A notice reaches the other processes a little after the commit, and a client told "revoked" may
 * be quicker (seen in tests under load). So the write that changes a credential says so itself
 * (`announceCredentialChange`, called by the identity store's revoking, removing, role-changing and
 * sign-in-ending functions), and on PostgreSQL the transaction (`postgres.ts`) then calls `settle()`
 * after its commit, before the caller hears of it: a second notice on the same channel that every
 * listening process acknowledges. PostgreSQL delivers notices in commit order, so a process that
 * acknowledges the second has taken in the first. The wait ends after 1 s whatever happens (a
 * process that froze holds nobody up). Nothing reads the text of a statement to decide: a key's
 * last-use update announces nothing, whatever its SQL looks like.
 */
import { randomUUID } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { ReadHandle } from './handle.js';

export const CREDENTIALS_CHANNEL = 'till_credentials';
const ACK_CHANNEL = 'till_credentials_ack';
/** The listening connections' `application_name` starts so; the schema follows. */
export const LISTENER_NAME = 'till-credentials';
/** How long `settle()` waits for the other processes at most. */
const SETTLE_MS = 1_000;

export interface CredentialChanges {
  /**
   * A number that changes whenever a credential may have changed, or undefined when changes cannot
   * be seen now (PostgreSQL's listener is down): then every credential must be checked in the database.
   */
  generation(): number | undefined;
  /** Resolves once every process has seen the changes committed before the call (or after 1 s). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** What a write changed, as the identity store announces it. */
export type CredentialChange = 'api_key_revoked' | 'user_removed' | 'role_changed' | 'password_changed' | 'sign_ins_ended' | 'environment_switched';

/** Transactions that announced a credential change, until they end. */
const announcing = new WeakSet<object>();

/**
 * Says that `handle` has just changed a credential a check reads (the triggers of migration 0013
 * tell the other processes; this makes the caller wait until they have heard). In a transaction:
 * every process has taken the change in before the transaction's caller hears of its commit
 * (`settleAfterCommit`); on the database itself (a statement committed on its own): before this
 * resolves. `what` names the change at the call; every kind is waited for alike.
 *
 * @example
 *   if (revoked) await announceCredentialChange(trx, 'api_key_revoked');
 */
export async function announceCredentialChange(handle: ReadHandle, _what: CredentialChange): Promise<void> {
  if ('kysely' in handle) await handle.watchCredentials().settle();
  else announcing.add(handle);
}

/**
 * Runs a transaction through `run`, then, when its work announced a credential change and it
 * committed, `settle()`s before answering. (`postgres.ts`; SQLite's requests read the number
 * themselves, so there is nothing to wait for.)
 */
export async function settleAfterCommit<T, Trx extends object>(
  run: (work: (trx: Trx) => Promise<T>) => Promise<T>,
  work: (trx: Trx) => Promise<T>,
  settle: () => Promise<void>,
): Promise<T> {
  let ran: Trx | undefined;
  const result = await run((trx) => work((ran = trx)));
  if (ran !== undefined && announcing.has(ran)) await settle();
  return result;
}

/** SQLite: the number the triggers keep in `credential_generation`, read per request. */
export function sqliteCredentialChanges(database: BetterSqlite3.Database): CredentialChanges {
  let statement: BetterSqlite3.Statement | undefined;
  return {
    generation() {
      if (!database.open) return undefined;
      try {
        statement ??= database.prepare('select generation from credential_generation where id = 1').pluck();
        const value = statement.get();
        return typeof value === 'number' ? value : undefined;
      } catch {
        // Not migrated yet, or the file is out of reach: check every credential in the database.
        return undefined;
      }
    },
    // Every request reads the row itself: a change is seen by the next one, nothing to wait for.
    settle: async () => {},
    close: async () => {},
  };
}

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

export interface ListenerOptions {
  connectionString: string;
  /** `-c search_path=...` when DATABASE_SCHEMA is set: notices are sent with the schema's name. */
  options?: string;
  connectTimeoutMs: number;
  /** Told when the listener goes down or comes back (for the log). */
  onState?: (state: 'listening' | 'down', error?: unknown) => void;
}

/**
 * PostgreSQL: a dedicated `pg.Client` that LISTENs on `till_credentials`. Notices carry the schema
 * they were sent from (several Tills may share one database in separate schemas); a notice for
 * another schema is ignored.
 */
export function postgresCredentialChanges(options: ListenerOptions): CredentialChanges {
  let counter = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let schema = '';
  /** `settle()` calls waiting for acknowledgements, by nonce. */
  const waiting = new Map<string, { acks: number; expected: number; done: () => void }>();

  const lost = (from: pg.Client, error?: unknown) => {
    if (client !== from) return;
    client = undefined;
    if (listening) options.onState?.('down', error);
    listening = false;
    counter += 1;
    from.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(connect, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
      // Renamed with the schema once listening (below): an operator, or a test, finds it in pg_stat_activity.
      application_name: `${LISTENER_NAME} connecting`,
      ...(options.options === undefined ? {} : { options: options.options }),
    });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      schema = (await next.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? '';
      const syncPrefix = `${schema}|sync|`;
      next.on('notification', (notice) => {
        const payload = notice.payload ?? '';
        if (notice.channel === CREDENTIALS_CHANNEL && (payload === schema || payload.startsWith(syncPrefix))) {
          counter += 1;
          // Taken in (above, synchronously): say so to the process waiting in settle().
          if (payload !== schema) next.query('select pg_notify($1, $2)', [ACK_CHANNEL, `${schema}|${payload.slice(syncPrefix.length)}`]).catch(() => undefined);
        } else if (notice.channel === ACK_CHANNEL && payload.startsWith(`${schema}|`)) {
          const wait = waiting.get(payload.slice(schema.length + 1));
          if (wait !== undefined && ++wait.acks >= wait.expected) wait.done();
        }
      });
      await next.query(`listen ${CREDENTIALS_CHANNEL}`);
      await next.query(`listen ${ACK_CHANNEL}`);
      // Named once listening, so that settle() counts only connections that will acknowledge.
      await next.query('select set_config($1, $2, false)', ['application_name', `${LISTENER_NAME} ${schema}`.slice(0, 63)]);
      if (client !== next || closed) return;
      // Whatever changed while nobody listened is unknown: a new number drops everything remembered.
      counter += 1;
      listening = true;
      retryMs = FIRST_RETRY_MS;
      options.onState?.('listening');
    } catch (error) {
      lost(next, error);
    }
  }
  void connect();

  /** Resolves once listening, or after `ms`. */
  async function listeningWithin(ms: number): Promise<boolean> {
    const until = performance.now() + ms;
    while (!listening && !closed && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    return listening;
  }

  async function settle(): Promise<void> {
    const started = performance.now();
    // Just opened (a command), or reconnecting: the others are asked once this one listens.
    if (!listening && !(await listeningWithin(SETTLE_MS))) return;
    const open = client;
    if (open === undefined) return;
    const nonce = randomUUID();
    let timeout: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        timeout = setTimeout(resolve, Math.max(0, SETTLE_MS - (performance.now() - started)));
        timeout.unref();
        const name = `${LISTENER_NAME} ${schema}`.slice(0, 63);
        open
          .query<{ listeners: number }>('select count(*)::int as listeners from pg_stat_activity where application_name = $1', [name])
          .then(({ rows }) => {
            waiting.set(nonce, { acks: 0, expected: rows[0]?.listeners ?? 0, done: resolve });
            return open.query('select pg_notify($1, $2)', [CREDENTIALS_CHANNEL, `${schema}|sync|${nonce}`]);
          })
          .catch(reject);
      });
    } catch {
      // The listener broke meanwhile: it drops what it remembered, and the others have had the time the query took.
    } finally {
      clearTimeout(timeout);
      waiting.delete(nonce);
    }
  }

  return {
    generation: () => (listening ? counter : undefined),
    settle,
    async close() {
      closed = true;
      listening = false;
      if (timer !== undefined) clearTimeout(timer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
