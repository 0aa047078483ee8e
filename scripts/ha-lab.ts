/**
 * A highly available PostgreSQL on one machine, for trying Till against it: etcd (Patroni's store),
 * three PostgreSQL nodes managed by Patroni with synchronous replication, and HAProxy in front with a
 * primary port and a replicas port, each routed by Patroni's REST health checks. Everything listens on
 * free loopback ports and lives in one temporary directory, removed by `stop()`.
 *
 * `npm run lab:ha` (scripts/lab-ha.ts) runs it until Ctrl+C; the cluster test
 * (test/reliability/ha-cluster.test.ts) and `npm run bench:ha` start it themselves.
 *
 * PostgreSQL refuses to run as root: when this process is root, Patroni (and the PostgreSQL it
 * starts) runs as the `postgres` operating-system user, in a directory that user owns.
 *
 * @example
 *   const lab = await HaLab.start({ progress: console.log });
 *   // DATABASE_URL=lab.primaryUrl DATABASE_READ_URL=lab.replicasUrl till serve
 *   await lab.stop();
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { childrenOf } from './child-processes.js';

const run = promisify(execFile);

const POSTGRES_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((dir) => existsSync(join(dir, 'postgres')));
const PROGRAMS = { patroni: '/usr/bin/patroni', patronictl: '/usr/bin/patronictl', etcd: '/usr/bin/etcd', haproxy: '/usr/sbin/haproxy' };

/** Why the lab cannot start on this machine (the packages or the user it needs), or undefined when it can. */
export function haLabMissing(): string | undefined {
  const missing = Object.entries(PROGRAMS)
    .filter(([, path]) => !existsSync(path))
    .map(([name]) => name);
  if (POSTGRES_BIN === undefined) missing.push('PostgreSQL server binaries (/usr/lib/postgresql/15-17/bin)');
  if (missing.length > 0) return `${missing.join(', ')} not found (apt-get install patroni etcd-server haproxy)`;
  if (process.getuid?.() === 0 && !readFileSync('/etc/passwd', 'utf8').split('\n').some((line) => line.startsWith('postgres:'))) {
    return 'no operating-system user "postgres" to run PostgreSQL as (it refuses to run as root)';
  }
  return undefined;
}

export interface HaLabOptions {
  /** Called with each step of the start ("etcd up", "node1 is primary", ...). */
  progress?: (line: string) => void;
  /**
   * PostgreSQL's `fsync`. On (the default) for figures worth quoting; the cluster test turns it off,
   * as a killed process (unlike a machine losing power) loses nothing the kernel has been given.
   */
  fsync?: boolean;
  /**
   * The replicas port routes to a replica only while it has replayed the primary's WAL to within
   * this many bytes (Patroni's `GET /replica?lag=`). Default 16 MB.
   */
  replicaMaxLagBytes?: number;
  /** Leave the directory (logs, data) in place on `stop()`, to read what happened; Patroni then logs each decision (INFO). */
  keepFiles?: boolean;
}

/** One member as Patroni's `GET /cluster` lists it. */
export interface Member {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | string;
  state: string;
  host?: string;
  port?: number;
  lag?: number | string;
}

interface Node {
  name: string;
  pgPort: number;
  restPort: number;
  dir: string;
  config: string;
  patroni: ChildProcess | undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once `check` holds, asking every 100 ms; throws naming `what` (or what it returns then) after `ms`. */
async function until(what: string | (() => string), check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    let held = false;
    try {
      held = await check();
    } catch {
      held = false;
    }
    if (held) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting until ${typeof what === 'string' ? what : what()}`);
    await sleep(100);
  }
}

const STARTS_MS = 120_000;

export class HaLab {
  readonly nodes: Node[] = [];
  private etcd: ChildProcess | undefined;
  private haproxy: ChildProcess | undefined;
  private stopped = false;
  /** HAProxy's statistics page, which says which servers its checks count up. */
  private statsPort = 0;
  private forget = () => undefined as void;

  private constructor(
    readonly dir: string,
    private readonly etcdPort: number,
    readonly primaryPort: number,
    readonly replicasPort: number,
    private readonly options: HaLabOptions,
  ) {}

  /** `postgres://postgres@127.0.0.1:<primary port>/postgres`: HAProxy's port that always reaches the primary. */
  get primaryUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.primaryPort}/postgres`;
  }

  /** HAProxy's port that reaches the replicas in turn (the primary never). */
  get replicasUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.replicasPort}/postgres`;
  }

  /** Starts etcd, three Patroni nodes and HAProxy; resolves once node1 is primary and both replicas stream, one of them synchronously. */
  static async start(options: HaLabOptions = {}): Promise<HaLab> {
    const missing = haLabMissing();
    if (missing !== undefined) throw new Error(`the HA lab cannot start: ${missing}`);
    const dir = mkdtempSync(join(tmpdir(), 'till-ha-'));
    const lab = new HaLab(dir, await freePort(), await freePort(), await freePort(), options);
    // A process that ends without stop() (a test run cut short) leaves no server behind.
    const leftBehind = () => lab.kill();
    process.once('exit', leftBehind);
    lab.forget = () => process.off('exit', leftBehind);
    try {
      await lab.startAll();
    } catch (error) {
      await lab.stop();
      throw error;
    }
    return lab;
  }

  private say(line: string): void {
    this.options.progress?.(line);
  }

  private async startAll(): Promise<void> {
    if (process.getuid?.() === 0) await this.ownedByPostgres(this.dir);
    await this.startEtcd();
    for (let i = 1; i <= 3; i++) {
      const node: Node = { name: `node${i}`, pgPort: await freePort(), restPort: await freePort(), dir: join(this.dir, `node${i}`), config: '', patroni: undefined };
      mkdirSync(node.dir, { mode: 0o700 });
      if (process.getuid?.() === 0) await this.ownedByPostgres(node.dir);
      node.config = join(node.dir, 'patroni.yml');
      writeFileSync(node.config, this.patroniConfig(node));
      this.nodes.push(node);
    }
    // node1 first, alone, so that it bootstraps the cluster and is the first primary.
    this.startPatroni(this.nodes[0]!);
    await until('node1 is primary', async () => (await this.members()).some((m) => m.name === 'node1' && m.role === 'leader' && m.state === 'running'), STARTS_MS);
    this.say('node1 is primary');
    for (const node of this.nodes.slice(1)) this.startPatroni(node);
    await this.waitForReplicas(2);
    this.say('2 replicas streaming, 1 synchronous');
    await this.startHaproxy();
    await this.waitForRouting();
    await until('HAProxy routes the primary port to the primary', async () => !(await this.inRecovery(this.primaryUrl)), STARTS_MS);
    await until('HAProxy routes the replicas port to a replica', async () => this.inRecovery(this.replicasUrl), STARTS_MS);
    this.say(`HAProxy up: primary ${this.primaryUrl}, replicas ${this.replicasUrl}`);
  }

  private async ownedByPostgres(path: string): Promise<void> {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(path, Number(uid.trim()), Number(gid.trim()));
  }

  private async startEtcd(): Promise<void> {
    const peerPort = await freePort();
    const data = join(this.dir, 'etcd');
    this.etcd = this.spawnLogged(
      PROGRAMS.etcd,
      [
        '--name', 'lab', '--data-dir', data,
        '--listen-client-urls', `http://127.0.0.1:${this.etcdPort}`, '--advertise-client-urls', `http://127.0.0.1:${this.etcdPort}`,
        '--listen-peer-urls', `http://127.0.0.1:${peerPort}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${peerPort}`,
        '--initial-cluster', `lab=http://127.0.0.1:${peerPort}`, '--initial-cluster-state', 'new',
      ],
      join(this.dir, 'etcd.log'),
      false,
    );
    await until('etcd answers /health', async () => ((await (await fetch(`http://127.0.0.1:${this.etcdPort}/health`)).json()) as { health: string }).health === 'true', STARTS_MS);
    this.say(`etcd up on 127.0.0.1:${this.etcdPort}`);
  }

  /**
   * A node's Patroni settings. `ttl`, `loop_wait` and `retry_timeout` are Patroni's smallest sensible
   * ones (loop_wait + 2 * retry_timeout <= ttl), so that a dead primary's leader key expires within
   * 10 s; `synchronous_mode` makes every commit wait for one replica to have it, so a failover never
   * drops an acknowledged commit.
   */
  private patroniConfig(node: Node): string {
    const fsync = this.options.fsync === false ? 'off' : 'on';
    return `scope: till-lab
namespace: /till-lab/
name: ${node.name}
log:
  level: ${this.options.keepFiles === true ? 'INFO' : 'WARNING'}
  dir: ${node.dir}
restapi:
  listen: 127.0.0.1:${node.restPort}
  connect_address: 127.0.0.1:${node.restPort}
etcd3:
  host: 127.0.0.1:${this.etcdPort}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 200
        wal_level: replica
        hot_standby: 'on'
        wal_log_hints: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        fsync: '${fsync}'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${join(node.dir, 'data')}
  bin_dir: ${POSTGRES_BIN}
  pgpass: ${join(node.dir, 'pgpass')}
  authentication:
    superuser:
      username: postgres
      password: lab
    replication:
      username: replicator
      password: lab
    rewind:
      username: postgres
      password: lab
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication replicator 127.0.0.1/32 trust
  parameters:
    unix_socket_directories: '${node.dir}'
`;
  }

  /** Starts (or starts again) a node's Patroni, which starts its PostgreSQL. */
  startPatroni(node: Node): void {
    node.patroni = this.spawnLogged(PROGRAMS.patroni, [node.config], join(node.dir, 'patroni.out'), true);
  }

  /**
   * A process whose output goes to `log`; as the postgres user when `asPostgres` and this process is
   * root (setpriv runs the program in its own place, so its id is the program's and a signal reaches it).
   */
  private spawnLogged(program: string, args: string[], log: string, asPostgres: boolean): ChildProcess {
    const [file, argv] =
      asPostgres && process.getuid?.() === 0 ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', program, ...args]] : [program, args];
    const out = openSync(log, 'a');
    const child = spawn(file, argv, { stdio: ['ignore', out, out], env: { ...process.env, HOME: this.dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' } });
    child.on('error', () => undefined);
    return child;
  }

  /**
   * Waits until HAProxy's checks agree with Patroni: the primary port routes to the leader alone,
   * and the replicas port to the running replicas alone. (HAProxy counts a server up until its
   * checks have failed, so at its start the primary port would reach every node for a moment.)
   */
  async waitForRouting(ms = STARTS_MS): Promise<void> {
    await until(
      'HAProxy routes the primary port to the leader alone and the replicas port to the replicas',
      async () => {
        const members = await this.members();
        const up = await this.haproxyUp();
        const leader = members.filter((m) => m.role === 'leader' && m.state === 'running').map((m) => m.name);
        const replicas = members.filter((m) => m.role !== 'leader' && m.state === 'running').map((m) => m.name).sort();
        return leader.length === 1 && same(up.primary, leader) && same(up.replicas, replicas);
      },
      ms,
    );
  }

  /** The servers HAProxy counts up in each of its two proxies, from its statistics page. */
  private async haproxyUp(): Promise<{ primary: string[]; replicas: string[] }> {
    const csv = await (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`, { signal: AbortSignal.timeout(2_000) })).text();
    const [header, ...rows] = csv.split('\n').filter((line) => line !== '');
    const columns = header!.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const up = { primary: [] as string[], replicas: [] as string[] };
    for (const row of rows.map((line) => line.split(','))) {
      const proxy = row[at('pxname')] as 'primary' | 'replicas';
      if ((proxy === 'primary' || proxy === 'replicas') && row[at('status')] === 'UP' && row[at('svname')]!.startsWith('node')) up[proxy].push(row[at('svname')]!);
    }
    return { primary: up.primary.sort(), replicas: up.replicas.sort() };
  }

  private async startHaproxy(): Promise<void> {
    const lag = this.options.replicaMaxLagBytes ?? 16 * 1024 * 1024;
    this.statsPort = await freePort();
    // `on-marked-down shutdown-sessions`: when a node stops being primary (or replica), HAProxy cuts
    // the connections it carried to it, so that clients reconnect to the new one rather than keep
    // talking to a demoted server. Checks every 500 ms, two in a row to change a node's state.
    // (`default-server` holds for the `server` lines after it.)
    const servers = (path: string) =>
      `  option httpchk GET ${path}\n  http-check expect status 200\n  default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions\n` +
      this.nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`).join('\n');
    const config = `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check 2s
listen stats
  mode http
  bind 127.0.0.1:${this.statsPort}
  stats enable
  stats uri /stats
listen primary
  bind 127.0.0.1:${this.primaryPort}
${servers('/primary')}
listen replicas
  bind 127.0.0.1:${this.replicasPort}
  balance roundrobin
${servers(`/replica?lag=${lag}`)}
`;
    const file = join(this.dir, 'haproxy.cfg');
    writeFileSync(file, config);
    this.haproxy = this.spawnLogged(PROGRAMS.haproxy, ['-db', '-f', file], join(this.dir, 'haproxy.log'), false);
  }

  /** Patroni's view of the cluster (`GET /cluster`), asked of the first node that answers. */
  async members(): Promise<Member[]> {
    for (const node of this.nodes) {
      try {
        const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return ((await response.json()) as { members: Member[] }).members;
      } catch {
        // this node's Patroni is down: ask the next
      }
    }
    return [];
  }

  /** The member holding the leader key with its PostgreSQL running, if any. */
  async leader(): Promise<Member | undefined> {
    return (await this.members()).find((m) => m.role === 'leader' && m.state === 'running');
  }

  /** Waits until `count` replicas stream from a running leader, one of them its synchronous standby. */
  async waitForReplicas(count: number, ms = STARTS_MS): Promise<void> {
    await until(
      `a leader runs with ${count} replicas streaming, one synchronous`,
      async () => {
        const members = await this.members();
        const replicas = members.filter((m) => (m.role === 'replica' || m.role === 'sync_standby') && (m.state === 'running' || m.state === 'streaming'));
        return members.some((m) => m.role === 'leader' && m.state === 'running') && replicas.length >= count && replicas.some((m) => m.role === 'sync_standby');
      },
      ms,
    );
    if (this.haproxy !== undefined) await this.waitForRouting(ms);
  }

  /** Whether the server `url` reaches is a standby. */
  private async inRecovery(url: string): Promise<boolean> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery')).rows[0]!.recovery;
    } finally {
      await client.end();
    }
  }

  /** A planned switchover to the synchronous standby (`patronictl switchover --force --candidate`); returns the old and new leader's names. */
  async switchover(): Promise<{ from: string; to: string }> {
    const members = await this.members();
    const from = members.find((m) => m.role === 'leader')?.name;
    const to = members.find((m) => m.role === 'sync_standby')?.name;
    if (from === undefined || to === undefined) throw new Error(`no leader and synchronous standby to switch over between: ${JSON.stringify(members)}`);
    await run(PROGRAMS.patronictl, ['-c', this.nodes[0]!.config, 'switchover', '--force', '--leader', from, '--candidate', to, 'till-lab'], { timeout: 60_000 });
    return { from, to };
  }

  /** SIGKILL to the leader's postmaster (its Patroni lives on); returns the leader's name. */
  async killPrimaryPostmaster(): Promise<string> {
    const leader = await this.leader();
    if (leader === undefined) throw new Error('no running leader to kill');
    const node = this.node(leader.name);
    process.kill(postmasterPid(node), 'SIGKILL');
    return leader.name;
  }

  /**
   * The leader's whole node lost, as a machine that dies: SIGKILL to its Patroni, its postmaster and
   * the postmaster's children. Its leader key then expires (`ttl`) and Patroni promotes the
   * synchronous standby. Returns the lost node's name; `startPatroni` brings it back as a replica.
   */
  async loseLeaderNode(): Promise<string> {
    const leader = await this.leader();
    if (leader === undefined) throw new Error('no running leader to lose');
    const node = this.node(leader.name);
    const postmaster = postmasterPid(node);
    const pids = [node.patroni!.pid!, postmaster, ...childrenOf(postmaster)];
    for (const pid of pids) killIfRunning(pid);
    await until(`every process of ${node.name} is gone`, () => pids.every((pid) => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')), 30_000);
    // The killed postmaster may linger as a zombie where nothing reaps orphans (a container's init),
    // and PostgreSQL would take its lock file for a live server's: it goes, as after a reboot.
    rmSync(join(node.dir, 'data', 'postmaster.pid'), { force: true });
    node.patroni = undefined;
    return node.name;
  }

  /**
   * Stops a node's Patroni (SIGTERM), which shuts its PostgreSQL down and leaves the cluster; resolves
   * once it has exited and the leader has settled its synchronous replication without it
   * (`waitForSyncSettled`). Replicas stopped one after the other through this never leave commits
   * waiting for a standby that is gone.
   */
  async stopNode(name: string): Promise<void> {
    const node = this.node(name);
    const patroni = node.patroni;
    if (patroni === undefined || patroni.exitCode !== null || patroni.signalCode !== null) return;
    const exited = once(patroni, 'exit');
    patroni.kill('SIGTERM');
    await exited;
    node.patroni = undefined;
    await this.waitForSyncSettled();
  }

  /**
   * Waits until the leader's synchronous replication rests on the replicas still running: one of them
   * is its synchronous standby in Patroni's `/sync` key (published only once it has caught up), or,
   * with none running, `synchronous_standby_names` is empty and commits wait for no one.
   *
   * Patroni before 4.0.6 (Debian 12 ships 3.0.2) decides whether to act by comparing the replicas it
   * would pick with its `/sync` key, not with `synchronous_standby_names`. When the synchronous
   * standby leaves, it empties `/sync`, names the other replica in `synchronous_standby_names` and
   * waits 2 s for it to catch up; if that replica stops meanwhile, both are empty, it sees nothing to
   * do, and every commit waits for the gone replica until one comes back. Stopping a replica only
   * once this has resolved for the previous one leaves no such moment; a stall fails here, named.
   */
  async waitForSyncSettled(ms = 60_000): Promise<void> {
    let seen = '';
    await until(
      () => `the leader's synchronous standby is a running replica, or, with none running, synchronous_standby_names is empty (last seen: ${seen})`,
      async () => {
        const members = await this.members();
        const leader = members.find((m) => m.role === 'leader' && m.state === 'running');
        const replicas = members.filter((m) => m.role !== 'leader' && (m.state === 'running' || m.state === 'streaming'));
        if (leader === undefined) return false;
        const names = await this.setting(leader.name, 'synchronous_standby_names');
        seen = `synchronous_standby_names '${names}', members ${members.map((m) => `${m.name} ${m.role} ${m.state}`).join(', ')}`;
        return replicas.length > 0 ? replicas.some((m) => m.role === 'sync_standby') : names === '';
      },
      ms,
    );
  }

  /** A setting of a node's PostgreSQL, asked past HAProxy. */
  private async setting(name: string, setting: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.nodeUrl(name), connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<{ value: string }>('select current_setting($1) as value', [setting])).rows[0]!.value;
    } finally {
      await client.end();
    }
  }

  /** A URL straight to a node's PostgreSQL, past HAProxy. */
  nodeUrl(name: string): string {
    return `postgres://postgres@127.0.0.1:${this.node(name).pgPort}/postgres`;
  }

  node(name: string): Node {
    const node = this.nodes.find((n) => n.name === name);
    if (node === undefined) throw new Error(`no node ${name}`);
    return node;
  }

  /** Stops HAProxy, every node and etcd, and removes the directory. Safe to call twice. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await ended(this.haproxy, 5_000);
    await Promise.all(this.nodes.map((node) => ended(node.patroni, 30_000)));
    // A PostgreSQL left behind by a Patroni that had to be killed.
    for (const node of this.nodes) {
      try {
        process.kill(postmasterPid(node), 'SIGKILL');
      } catch {
        // not running
      }
    }
    await ended(this.etcd, 5_000);
    if (this.options.keepFiles === true) this.say(`files kept in ${this.dir}`);
    else rmSync(this.dir, { recursive: true, force: true });
    this.forget();
  }

  /** SIGKILL to every process of the lab, and its directory removed, at once (when this process exits). */
  private kill(): void {
    for (const child of [this.haproxy, this.etcd, ...this.nodes.map((node) => node.patroni)]) child?.kill('SIGKILL');
    for (const node of this.nodes) {
      try {
        process.kill(postmasterPid(node), 'SIGKILL');
      } catch {
        // not running
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

/** A node's postmaster process id, from its data directory. */
function postmasterPid(node: Node): number {
  return Number(readFileSync(join(node.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** SIGTERM, then SIGKILL if the process has not exited within `ms`. */
async function ended(child: ChildProcess | undefined, ms: number): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

/** SIGKILL to `pid`, unless it has ended already (a backend that finished since it was listed). */
function killIfRunning(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
