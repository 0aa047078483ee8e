/**
 * `till serve --json` (the built command) as a child process against a database a test made for it,
 * its output kept: what the database-fault and cluster tests drive and watch. Migrations are the
 * test's to run; rate limits are off, so that a load test measures the database, not the limiter.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { TILL_BIN } from './cli.js';
import { endAtExit } from './processes.js';
import { until } from './wait.js';

export interface TillServeOptions {
  /** `DATABASE_POOL_SIZE`. */
  poolSize: number;
  /** `DATABASE_STATEMENT_TIMEOUT_MS`: the deadline the test's answers are held to. */
  statementTimeoutMs: number;
}

export class TillServe {
  output = '';
  /** Resolves with the exit code once the process has ended and its output been read. */
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    this.exited = once(child, 'close').then(([code]) => code as number | null);
  }

  /** Starts it with `env` over the test defaults (loopback, a free port, warnings and errors logged). */
  static start(env: Record<string, string>, options: TillServeOptions): TillServe {
    return new TillServe(
      endAtExit(
        spawn(process.execPath, [TILL_BIN, 'serve', '--json'], {
          env: {
            ...process.env,
            HOST: '127.0.0.1',
            PORT: '0',
            MIGRATE_ON_START: 'false',
            LOG_LEVEL: 'warn',
            RATE_LIMIT_MAX: '0',
            DATABASE_POOL_SIZE: String(options.poolSize),
            DATABASE_STATEMENT_TIMEOUT_MS: String(options.statementTimeoutMs),
            DATABASE_CONNECT_TIMEOUT_MS: '1000',
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ),
    );
  }

  /** The URL it printed once listening. */
  async url(timeoutMs = 60_000): Promise<string> {
    const line = () => this.output.split('\n').find((l) => l.startsWith('{"url":'));
    await until(
      'till serve prints its URL',
      () => {
        if (line() === undefined && this.child.exitCode !== null) throw new Error(`till serve did not start:\n${this.output}`);
        return line() !== undefined;
      },
      timeoutMs,
    );
    return (JSON.parse(line()!) as { url: string }).url;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Kills it (a test's server has nothing to finish) and waits for its end. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
