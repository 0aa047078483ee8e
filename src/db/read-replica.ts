/**
 * Reads that tolerate a moment's lag (lists and reports), served by PostgreSQL's streaming replicas
 * (`DATABASE_READ_URL`, e.g. HAProxy's replicas port in front of Patroni) so that they take no
 * connection and no work from the primary. See docs/deployment.md.
 *
 * Three rules keep a reader from seeing less than it should:
 * - A replica connection is lent only while its replica is within `maxLagMs` of the primary: the lag
 *   is measured on that connection (`REPLICA_LAG`), and a measure `m` taken `e` ms ago still holds
 *   while `m + e <= maxLagMs` (a replica that stopped replaying falls behind by at most `e`); past
 *   that it is measured again.
 * - A credential that has just written (`wrote`) reads from the primary for `maxLagMs` plus a
 *   margin: every replica lent after that has replayed its write. This is kept by each process.
 * - A read that fails on a replica, for any reason (down, behind, cancelled by a conflict with
 *   replay), runs again on the primary, and the replicas are left alone for a second.
 * A read never runs inside a write's transaction: the operations given these handles only read.
 *
 * @example
 *   const reads = await openReadReplicas(primary, { url, maxLagMs: 1_000, poolSize: 10 });
 *   const page = await reads.run(principal.id, (db) => orderPage(db, ...));
 */
import type pg from 'pg';
import { openDatabase, type Db, type OpenOptions } from './connection.js';

/**
 * How far behind its primary the replica may be, in milliseconds: 0 when it streams from a primary
 * and has replayed all it received (or is no standby at all); otherwise the age of the last
 * transaction it replayed: the most its data can have missed. A replica cut off from its primary (the
 * primary died, a failover re-points it) so ages by the second, and serves reads for the bound after
 * its last transaction, which lets lists be read through a failover when the bound is longer than it.
 * Null when it has replayed no transaction at all. (`pg_stat_wal_receiver.status` is shown only to
 * superusers and members of `pg_read_all_stats`: to any other role a replica counts as not
 * streaming, so an idle one ages too, and its reads go to the primary once it is past the bound.)
 */
const REPLICA_LAG = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
  else greatest(0, floor(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000))::bigint
end as lag_ms`;

/** How long the lag question may take before the replica counts as unreachable. */
const LAG_QUESTION_MS = 1_000;
/** After a read failed on a replica, reads go to the primary this long before a replica is tried again. */
const REST_AFTER_FAILURE_MS = 1_000;
/** Added to `maxLagMs` for a writer's window: the lag measure's own error (clocks, streaming delay). */
const WRITER_WINDOW_MARGIN_MS = 1_000;

export interface LagTolerantReads {
  /** Whether there are replicas at all (DATABASE_READ_URL set). */
  readonly replicated: boolean;
  /**
   * Runs `read` on a replica when one may serve `reader` (a credential's id), else on the primary;
   * a read that fails on a replica runs again on the primary.
   */
  run<T>(reader: string, read: (db: Db) => Promise<T>): Promise<T>;
  /** `reader` has just written: its reads go to the primary until every replica has its write. */
  wrote(reader: string): void;
  close(): Promise<void>;
}

export interface ReplicaOptions extends Pick<OpenOptions, 'schema' | 'statementTimeoutMs' | 'connectTimeoutMs'> {
  url: string;
  poolSize: number;
  /** DATABASE_READ_MAX_LAG_MS: the most a replica may be behind to serve a read. */
  maxLagMs: number;
  /** Hears the replicas go out of use (a read failed there; reads go to the primary) and come back. */
  onState?: (state: 'replica' | 'primary', error?: unknown) => void;
}

/** Without replicas: every read on the primary. */
export function primaryReads(primary: Db): LagTolerantReads {
  return {
    replicated: false,
    run: (_reader, read) => read(primary),
    wrote: () => undefined,
    close: async () => undefined,
  };
}

/** Opens the replicas' pool (no connection is made until the first read) beside the primary's. */
export async function openReadReplicas(primary: Db, options: ReplicaOptions): Promise<LagTolerantReads> {
  const now = Date.now;
  const measured = new WeakMap<pg.PoolClient, { lagMs: number; at: number }>();
  const replica = await openDatabase({
    url: options.url,
    schema: options.schema,
    createSchema: false,
    poolSize: options.poolSize,
    statementTimeoutMs: options.statementTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs,
    beforeLend: async (connection) => {
      const last = measured.get(connection);
      if (last !== undefined && last.lagMs + (now() - last.at) <= options.maxLagMs) return;
      const { rows } = await connection.query<{ lag_ms: number | null }>({ text: REPLICA_LAG, query_timeout: LAG_QUESTION_MS } as pg.QueryConfig);
      const lagMs = rows[0]?.lag_ms ?? null;
      if (lagMs === null) throw new ReplicaBehind('the replica has replayed no transaction yet');
      measured.set(connection, { lagMs, at: now() });
      if (lagMs > options.maxLagMs) throw new ReplicaBehind(`the replica is ${lagMs} ms behind its primary (DATABASE_READ_MAX_LAG_MS=${options.maxLagMs})`);
    },
  });
  /** Credentials' last writes (epoch ms), kept for a window; the oldest are dropped as the map is read. */
  const writes = new Map<string, number>();
  const windowMs = options.maxLagMs + WRITER_WINDOW_MARGIN_MS;
  let restingUntil = 0;
  let onReplica = true;

  const wroteLately = (reader: string): boolean => {
    const at = writes.get(reader);
    if (at === undefined) return false;
    if (now() - at <= windowMs) return true;
    writes.delete(reader);
    return false;
  };
  const state = (next: boolean, error?: unknown) => {
    if (next === onReplica) return;
    onReplica = next;
    options.onState?.(next ? 'replica' : 'primary', error);
  };

  return {
    replicated: true,
    async run(reader, read) {
      if (wroteLately(reader) || now() < restingUntil) return read(primary);
      let result: Awaited<ReturnType<typeof read>>;
      try {
        result = await read(replica);
      } catch (error) {
        restingUntil = now() + REST_AFTER_FAILURE_MS;
        state(false, error);
        return read(primary);
      }
      state(true);
      return result;
    },
    wrote(reader) {
      // Insertion order is time order: a reader written again moves to the end.
      writes.delete(reader);
      writes.set(reader, now());
      for (const [oldest, at] of writes) {
        if (now() - at <= windowMs) break;
        writes.delete(oldest);
      }
    },
    close: () => replica.close(),
  };
}

/** A replica refused because it is too far behind its primary, or has replayed nothing yet. */
class ReplicaBehind extends Error {}
