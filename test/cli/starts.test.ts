/**
 * The built `till serve` and `till demo --serve` start and stop cleanly many times in a row on the
 * running Node.js: each start reaches its listening line, and each stop (SIGTERM) exits 0 with
 * nothing on standard error. A native driver that mishandles the process's or a thread's exit
 * (better-sqlite3 12 on Node.js 24 aborted in `Database::~Database` in about half the starts) fails here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { RunningTill, tillEnv } from '../helpers/cli.js';

const STARTS = 20;
/**
 * Twenty starts and stops of a server in one test, each a second or two on an idle machine and half
 * a minute on one loaded many times over: the test may take far longer than a test usually does.
 * A start that hangs is caught by this timeout; each start waits for its events (the listening line,
 * the process's end), never for a time.
 */
const TIMEOUT_MS = 20 * 60_000;

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
async function startRepeatedly(args: string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<void> {
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

describeEachBackend('till starts and stops every time', (backend) => {
  test(`till serve: ${STARTS} starts in a row`, { timeout: TIMEOUT_MS }, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    await startRepeatedly(['serve'], tillEnv(database), /^Till is listening on http:\/\/\S+/m);
  });

  test(`till demo --serve: ${STARTS} starts in a row`, { timeout: TIMEOUT_MS }, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    await startRepeatedly(['demo', '--serve'], tillEnv(database), /^The server is listening on http:\/\/\S+/m);
  });
});
