/**
 * Runs the real `till` command (bin/till.js over the compiled dist/, which `npm test` builds first) as
 * a child process against a test database.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestDatabase } from './backends.js';
import { endAtExit } from './processes.js';
import { until } from './wait.js';

export const TILL_BIN = fileURLToPath(new URL('../../bin/till.js', import.meta.url));

/** Variables of config.ts that the parent's environment must not leak into the child. */
const CONFIG_VARIABLES = ['NODE_ENV', 'SIGNING_KEY_ENCRYPTION_KEY', 'SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS', 'METRICS_TOKEN', 'METRICS_HOST', 'METRICS_PORT', 'DATABASE_URL', 'DATABASE_SCHEMA', 'DATABASE_POOL_SIZE', 'HOST', 'PORT', 'LOG_LEVEL', 'PUBLIC_URL', 'PAYMENT_PROCESSOR', 'MIGRATE_ON_START', 'RATE_LIMIT_MAX', 'RATE_LIMIT_WINDOW_MS', 'ACCESS_TOKEN_TTL_SECONDS', 'REFRESH_TOKEN_TTL_SECONDS', 'REFRESH_REUSE_GRACE_SECONDS', 'SIGN_IN_LIMIT_PER_ADDRESS', 'SIGN_IN_LIMIT_PER_ACCOUNT', 'SESSION_MAX_AGE_DAYS', 'TRUST_PROXY', 'WORKERS', 'DATABASE_CONNECT_TIMEOUT_MS', 'DATABASE_WAIT_SECONDS', 'SMTP_URL', 'MAIL_FROM', 'HEAP_GROWING_PERCENT'];

/** The child's environment: this process's, with the test database and a silent log. */
export function tillEnv(database: TestDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return {
    ...env,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database.url,
    ...(database.schema === undefined ? {} : { DATABASE_SCHEMA: database.schema }),
    ...extra,
  };
}

export interface TillResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `till <args>` to its end (at most 180 s, as a test that starts processes), feeding `input` on standard input, in `cwd` if given.
 * A `--password <p>` in `args` is handed over as `till` takes a password, on standard input with
 * `--password-stdin` (the command line would show it in the process list), unless `input` is given.
 */
export function runTill(givenArgs: string[], env: NodeJS.ProcessEnv, givenInput = '', cwd?: string): Promise<TillResult> {
  const { args, input } = passwordOnStdin(givenArgs, givenInput);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TILL_BIN, ...args], { env, timeout: 180_000, ...(cwd === undefined ? {} : { cwd }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

function passwordOnStdin(args: string[], input: string): { args: string[]; input: string } {
  const at = args.indexOf('--password');
  if (at === -1 || input !== '' || at + 1 >= args.length) return { args, input };
  return { args: [...args.slice(0, at), '--password-stdin', ...args.slice(at + 2)], input: `${args[at + 1]}\n` };
}

/** Runs `till <args>` and parses its `--json` output; fails with its stderr when it did not succeed. */
export async function runTillJson<T = any>(args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  const result = await runTill([...args, '--json'], env);
  if (result.code !== 0) throw new Error(`till ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** A `till` process that keeps running (serve, demo --serve). */
export class RunningTill {
  stdout = '';
  stderr = '';
  private readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    // 'close': once the output has all been read, so what a test reads after the end is complete.
    this.exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  }

  static start(args: string[], env: NodeJS.ProcessEnv): RunningTill {
    return new RunningTill(endAtExit(spawn(process.execPath, [TILL_BIN, ...args], { env })));
  }

  /** Waits until standard output satisfies `ready` (at most 30 s); fails early if the process ends. */
  async waitForOutput(ready: (stdout: string) => boolean): Promise<string> {
    let ended = false;
    void this.exited.then(() => (ended = true));
    try {
      await until('till prints what the test waits for', () => {
        if (ready(this.stdout)) return true;
        if (ended) throw new Error('till exited');
        return false;
      }, 30_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}; stdout: ${this.stdout}\nstderr: ${this.stderr}`);
    }
    return this.stdout;
  }

  /** Sends SIGTERM and returns the exit code (0 after a graceful shutdown). */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

/** Starts `till serve --json` on a free port and returns the process and the URL it printed. */
export async function startTillServer(env: NodeJS.ProcessEnv): Promise<{ server: RunningTill; url: string }> {
  const server = RunningTill.start(['serve', '--json'], env);
  const stdout = await server.waitForOutput((out) => out.includes('\n'));
  return { server, url: (JSON.parse(stdout.split('\n')[0]!) as { url: string }).url };
}
