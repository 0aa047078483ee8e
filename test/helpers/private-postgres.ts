/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, a free port), which the
 * test may stop, kill, restart and freeze without disturbing any other suite's database.
 *
 * initdb refuses to run as root: when the tests run as root, every PostgreSQL program runs as the
 * `postgres` operating-system user (runuser), in a directory that user owns.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { until } from './wait.js';
import { childrenOf } from '../../scripts/child-processes.js';

const run = promisify(execFile);

const BINARY_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];
const PROGRAMS = ['initdb', 'pg_ctl', 'postgres'] as const;

/** The directory holding initdb, pg_ctl and postgres, or why the cluster cannot be made. */
function findBinaries(): { dir: string } | { missing: string } {
  for (const dir of BINARY_DIRS) {
    if (PROGRAMS.every((program) => existsSync(join(dir, program)))) {
      if (process.getuid?.() === 0 && !hasPostgresUser()) return { missing: 'an operating-system user "postgres" (initdb refuses to run as root)' };
      return { dir };
    }
  }
  return { missing: `${PROGRAMS.join(', ')} (looked in ${BINARY_DIRS.join(', ')})` };
}

function hasPostgresUser(): boolean {
  return readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .some((line) => line.startsWith('postgres:'));
}

const found = findBinaries();
/** `skip` for the suites that need a private cluster: false, or the message naming what is missing. */
export const PRIVATE_POSTGRES_SKIP: string | false = 'missing' in found ? `PostgreSQL faults not tested: no ${found.missing}` : false;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class PrivateCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** A new cluster, started. `settings` are server settings (`-c name=value`) for every start. */
  static async create(): Promise<PrivateCluster> {
    if ('missing' in found) throw new Error(PRIVATE_POSTGRES_SKIP as string);
    const dir = mkdtempSync(join(tmpdir(), 'till-pg-'));
    const cluster = new PrivateCluster(found.dir, dir, await freePort());
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await cluster.as('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
    await cluster.start();
    return cluster;
  }

  /** Runs one of the PostgreSQL programs, as the postgres user when this process is root. */
  private async as(program: string, args: string[]): Promise<string> {
    const path = join(this.bin, program);
    const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    const { stdout } = await run(file, argv, { timeout: 60_000 });
    return stdout;
  }

  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      "-c listen_addresses='127.0.0.1'",
      `-k ${this.dir}`,
      '-c fsync=off',
      '-c max_connections=40',
      // No slots kept for superusers: Till connects as one, and "too many clients" must reach it.
      '-c superuser_reserved_connections=0',
    ].join(' ');
    await this.as('pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /** `pg_ctl stop -m fast` (sessions ended, as in a routine restart) or `-m immediate` (as a crash). */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    await this.as('pg_ctl', ['-D', join(this.dir, 'data'), '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** The postmaster's process id. */
  postmasterPid(): number {
    return Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** Every process of the server: the postmaster and its children. */
  processes(): number[] {
    const postmaster = this.postmasterPid();
    return [postmaster, ...childrenOf(postmaster)];
  }

  /** SIGKILL to every process of the server, as the kernel's OOM killer or a pulled plug would. */
  async kill(): Promise<void> {
    const pids = this.processes();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    // Wait for them to be gone, so that a start finds no shared memory still attached.
    await until('every PostgreSQL process is gone after SIGKILL', () => !pids.some((pid) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')));
    // The killed postmaster may linger as a zombie where nothing reaps orphans (a container's init),
    // and PostgreSQL would take its lock file for a live server's: it goes, as after a reboot.
    rmSync(join(this.dir, 'data', 'postmaster.pid'), { force: true });
    for (const name of [`.s.PGSQL.${this.port}`, `.s.PGSQL.${this.port}.lock`]) rmSync(join(this.dir, name), { force: true });
  }

  /** SIGSTOP to every process of the server: connections stay open and nothing answers. Returns the thaw. */
  freeze(): () => void {
    const pids = this.processes();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    return () => {
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // already gone
        }
      }
    };
  }

  /** Runs SQL on a connection of its own. */
  async sql<T extends pg.QueryResultRow = any>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops the server (if it runs) and removes its files. */
  async destroy(): Promise<void> {
    try {
      await this.stop('immediate');
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
