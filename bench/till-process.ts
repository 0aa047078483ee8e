/**
 * The servers under load, each in a process of its own: the compiled `till serve`, as in production,
 * and the baseline. Their resident memory is read from /proc while the load runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TILL_BIN = fileURLToPath(new URL('../bin/till.js', import.meta.url));
const BASELINE_SERVER = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
const CEILING_SERVER = fileURLToPath(new URL('./ceiling-server.ts', import.meta.url));

/** Variables of src/config.ts that the bench sets itself, so the caller's shell cannot change the server. */
const CONFIG_VARIABLES = ['SIGNING_KEY_ENCRYPTION_KEY', 'SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS', 'METRICS_TOKEN', 'METRICS_PORT', 'DATABASE_URL', 'DATABASE_SCHEMA', 'DATABASE_POOL_SIZE', 'HOST', 'PORT', 'LOG_LEVEL', 'PUBLIC_URL', 'PAYMENT_PROCESSOR', 'MIGRATE_ON_START', 'RATE_LIMIT_MAX', 'RATE_LIMIT_WINDOW_MS'];

/** One encryption key for every server of the run: a later server on a database must read the signing key an earlier one stored. */
const ENCRYPTION_KEY = randomBytes(32).toString('base64');

export interface StartOptions {
  /** DATABASE_URL and DATABASE_SCHEMA. */
  databaseEnv: Record<string, string>;
  logLevel: string;
  /** Standard output and error of the server go here. */
  logFile: string;
  /** Directory and file name of a V8 CPU profile written when the server exits. */
  cpuProfile?: { dir: string; name: string } | undefined;
  /** More variables for this server (the webhook scenarios allow the loopback receiver). */
  extraEnv?: Record<string, string>;
}

function profileFlags(profile: StartOptions['cpuProfile']): string[] {
  return profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile.dir}`, `--cpu-prof-name=${profile.name}`];
}

/** This process's environment without the variables of CONFIG_VARIABLES, then `settings` laid over it in order. */
function serverEnv(...settings: Array<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return Object.assign(env, ...settings);
}

export class ServerProcess {
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  get pid(): number {
    return this.child.pid!;
  }

  /**
   * Starts `till serve` and waits for the address it prints. Rate limiting is off (the load comes
   * from one credential) and migrations are already applied.
   */
  static startTill(options: StartOptions): Promise<ServerProcess> {
    const env = serverEnv(options.databaseEnv, {
      NODE_ENV: 'production',
      // Required in production. The load uses an API key only: no token is issued, no signing key is made.
      PUBLIC_URL: 'http://127.0.0.1',
      SIGNING_KEY_ENCRYPTION_KEY: ENCRYPTION_KEY,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: options.logLevel,
      RATE_LIMIT_MAX: '0',
      MIGRATE_ON_START: 'false',
      ...options.extraEnv,
    });
    return ServerProcess.spawn([...profileFlags(options.cpuProfile), TILL_BIN, 'serve', '--json'], env, options.logFile);
  }

  /** Starts the baseline server (baseline-server.ts) answering `bodyFile` to the key whose SHA-256 is `keyHash`. */
  static startBaseline(bodyFile: string, keyHash: string, logFile: string): Promise<ServerProcess> {
    const env = { ...process.env, BASELINE_BODY_FILE: bodyFile, BASELINE_KEY_HASH: keyHash, NODE_ENV: 'production' };
    return ServerProcess.spawn(['--import', 'tsx', BASELINE_SERVER], env, logFile);
  }

  /** Starts the ceiling server (ceiling-server.ts): Fastify and the driver alone, on the bench's database. */
  static startCeiling(
    databaseEnv: Record<string, string>,
    key: { hash: string; merchantId: string; environment: string },
    logFile: string,
    cpuProfile?: StartOptions['cpuProfile'],
  ): Promise<ServerProcess> {
    const env = serverEnv(databaseEnv, {
      NODE_ENV: 'production',
      CEILING_KEY_HASH: key.hash,
      CEILING_MERCHANT_ID: key.merchantId,
      CEILING_ENVIRONMENT: key.environment,
    });
    return ServerProcess.spawn([...profileFlags(cpuProfile), '--import', 'tsx', CEILING_SERVER], env, logFile);
  }

  /** Runs `node <args>` with its output in `logFile`, until it prints `{"url": ...}` (at most 60 s). */
  private static async spawn(args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<ServerProcess> {
    const log = openSync(logFile, 'w');
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, args, { env, stdio: ['ignore', log, log] });
    } finally {
      closeSync(log);
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const url = printedUrl(readFileSync(logFile, 'utf8'));
      if (url !== undefined) return new ServerProcess(child, url);
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`node ${args.join(' ')} did not start; its output:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Resident memory now, in bytes (VmRSS). */
  rssBytes(): number {
    return statusField(this.pid, 'VmRSS');
  }

  /** CPU time (user and system) the serving processes have used so far, in milliseconds (from /proc, in 10 ms ticks). */
  cpuMs(): number {
    return this.workerPids().reduce((sum, pid) => {
      // Fields 14 and 15 of /proc/PID/stat (utime, stime), counted after the command name in parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    }, 0);
  }

  /**
   * The processes that serve requests: the workers when `till serve` runs with `WORKERS` (the
   * primary's children, read from /proc), else the process itself.
   */
  workerPids(): number[] {
    const own = commandOf(readFileSync(`/proc/${this.pid}/stat`, 'utf8'));
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          // Field 4 of /proc/PID/stat, after the command name in parentheses, is the parent's pid.
          // Only children running the same command (node) are workers: tsx, which runs the baseline
          // and the ceiling servers, starts an esbuild process of its own.
          const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === this.pid && commandOf(stat) === own;
        } catch {
          return false; // ended while listed
        }
      })
      .map(Number);
    return children.length > 0 ? children : [this.pid];
  }

  /**
   * Starts watching the peak resident memory of each serving process; the returned function gives the
   * largest peak since then, in bytes (per process: with WORKERS, that of the largest worker). The
   * kernel's high-water mark (VmHWM) is reset through clear_refs where allowed and read at the end;
   * samples every 100 ms cover kernels that do not allow the reset.
   */
  watchPeakRss(): () => number {
    const pids = this.workerPids();
    const rss = () => Math.max(...pids.map((pid) => statusField(pid, 'VmRSS')));
    let peak = rss();
    let hwmReset = true;
    try {
      for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      hwmReset = false;
    }
    const timer = setInterval(() => {
      try {
        peak = Math.max(peak, rss());
      } catch {
        // A process ended; the caller finds out on its own.
      }
    }, 100);
    return () => {
      clearInterval(timer);
      const sampled = Math.max(peak, rss());
      return hwmReset ? Math.max(sampled, ...pids.map((pid) => statusField(pid, 'VmHWM'))) : sampled;
    };
  }

  /** SIGTERM, then waits for the graceful shutdown (and the CPU profile to be written). */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timeout = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timeout);
  }
}

/** The `{"url": ...}` line of `till serve --json`, among the server's log lines. */
function printedUrl(output: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"url":')) continue;
    try {
      return (JSON.parse(line) as { url: string }).url;
    } catch {
      // A line still being written.
    }
  }
  return undefined;
}

/** Linux's USER_HZ, the unit of /proc/PID/stat's times (100 on every common configuration). */
const CLOCK_TICKS_PER_SECOND = 100;

/** The command name of a /proc/PID/stat line (field 2, in parentheses). */
function commandOf(stat: string): string {
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) * 1024;
}
