/**
 * More server processes on a test server's database, as a deployment with several replicas has.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './server.js';

const SERVER_MODULE = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Kills `child` when this test process exits, if it is still running then: a test or hook that
 * timed out before it could stop its process leaves none behind (`npm test` ends each test file's
 * process once its tests are done, `--test-force-exit`).
 */
export function endAtExit<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** What a server process needs to serve the test server's (already migrated) database on a free port. */
export function serverProcessEnv(server: TestServer): Record<string, string> {
  return {
    DATABASE_URL: server.database.url,
    ...(server.database.schema === undefined ? {} : { DATABASE_SCHEMA: server.database.schema }),
    MIGRATE_ON_START: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
  };
}

/**
 * A second server process on the test server's database, as a deployment with two replicas would
 * have. Its URL is printed on stdout once it listens.
 */
export async function startSecondProcess(server: TestServer, env: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess }> {
  const script = `const { startServer } = await import(${JSON.stringify(SERVER_MODULE)}); const { url } = await startServer(); process.stdout.write(url + '\\n');`;
  const child = endAtExit(spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: {
      ...process.env,
      ...serverProcessEnv(server),
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'silent',
      // As on the first server: the races, not the rate limit, are under test.
      RATE_LIMIT_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  }));
  let output = '';
  child.stdout!.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('http://'));
      if (line !== undefined) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`second server exited with ${code} before listening`)));
  });
  return { url, process: child };
}

/**
 * The options of a hook or test that starts processes (`till serve`, a browser): a start takes a
 * few seconds on an idle machine and can take more than the suite's 60 s per test on a loaded one.
 */
export const STARTS_PROCESSES = { timeout: 180_000 };

export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

