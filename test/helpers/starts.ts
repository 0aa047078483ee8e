/**
 * Starting a built `till` command many times in a row and stopping it with SIGTERM, for the start
 * tests (test/cli/starts.test.ts, test/cli/demo-starts.test.ts): each start must reach its listening
 * line, and each stop exit 0 with nothing on standard error.
 */
import assert from 'node:assert/strict';
import { RunningTill } from './cli.js';

export const STARTS = 20;
/**
 * Twenty starts and stops of a server in one test, each a second or two on an idle machine and half
 * a minute on one loaded many times over: such a test may take far longer than a test usually does,
 * and a start that hangs is caught by this timeout (under the test runner's 10 minutes per file).
 * Each start waits for its events (the listening line, the process's end), never for a time.
 */
export const STARTS_TIMEOUT_MS = 8 * 60_000;

interface Outcome {
  listened: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts `till <args>`, waits for the line `listening` matches (or the end), stops it with SIGTERM. */
async function startAndStop(args: string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<Outcome> {
  const till = RunningTill.start(args, env);
  const closed = new Promise<NodeJS.Signals | null>((resolve) => till.child.once('close', (_code, signal) => resolve(signal)));
  // RunningTill adds each chunk to `stdout` in its own listener, registered before this one.
  const listened = await new Promise<boolean>((resolve) => {
    till.child.stdout.on('data', () => {
      if (listening.test(till.stdout)) resolve(true);
    });
    void closed.then(() => resolve(listening.test(till.stdout)));
  });
  const code = await till.stop();
  return { listened, code, signal: await closed, stderr: till.stderr };
}

/** Runs `STARTS` starts in a row and fails with every start that did not listen or stop cleanly. */
export async function startRepeatedly(args: string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<void> {
  const failures: string[] = [];
  for (let i = 1; i <= STARTS; i++) {
    const outcome = await startAndStop(args, env, listening);
    const clean = outcome.listened && outcome.code === 0 && outcome.signal === null && outcome.stderr.trim() === '';
    if (!clean) {
      failures.push(
        `start ${i}: ${outcome.listened ? 'listened' : 'did not listen'}, exit ${outcome.code ?? outcome.signal}` +
          `${outcome.stderr.trim() === '' ? '' : `, stderr: ${outcome.stderr.trim().split('\n').slice(0, 3).join(' | ')}`}`,
      );
    }
  }
  assert.deepEqual(failures, [], `${STARTS - failures.length} of ${STARTS} starts listened and stopped cleanly on Node.js ${process.version}`);
}

