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
 * A start that has neither listened nor ended by then has hung: it fails the test at once (a
 * generous bound for a machine under heavy load, not a wait).
 */
const START_BOUND_MS = 60_000;
/**
 * Twenty starts and stops of a server in one test, each a second or two, many more under load: the
 * test may take longer than a test usually does, though never longer than twenty hung starts would.
 */
const TIMEOUT_MS = STARTS * START_BOUND_MS;

interface Outcome {
  listened: boolean;
  hung: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `till <args>`, waits for the line `listening` matches (or the end), stops it with SIGTERM. */
async function startAndStop(args: string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<Outcome> {
  const till = RunningTill.start(args, env);
  const closed = new Promise<NodeJS.Signals | null>((resolve) => till.child.once('close', (_code, signal) => resolve(signal)));
  // RunningTill adds each chunk to `stdout` in its own listener, registered before this one.
  let hung = false;
  const listened = await new Promise<boolean>((resolve) => {
    const bound = setTimeout(() => {
      hung = true;
      resolve(false);
    }, START_BOUND_MS);
    const check = () => {
      if (!listening.test(till.stdout)) return;
      clearTimeout(bound);
      resolve(true);
    };
    till.child.stdout.on('data', check);
    void closed.then(() => {
      clearTimeout(bound);
      resolve(listening.test(till.stdout));
    });
  });
  // A start that hung is killed outright; one that listened is asked to stop, as an operator would.
  if (!listened && till.child.exitCode === null && till.child.signalCode === null) till.child.kill('SIGKILL');
  const code = await till.stop();
  return { listened, hung, code, signal: await closed, stdout: till.stdout, stderr: till.stderr };
}

/** Runs `STARTS` starts in a row (fewer if one hangs) and fails with every start that did not listen or stop cleanly. */
async function startRepeatedly(args: string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<void> {
  const failures: string[] = [];
  let started = 0;
  for (let i = 1; i <= STARTS; i++) {
    started = i;
    const outcome = await startAndStop(args, env, listening);
    const clean = outcome.listened && outcome.code === 0 && outcome.signal === null && outcome.stderr.trim() === '';
    if (!clean) {
      failures.push(
        `start ${i}: ${outcome.listened ? 'listened' : outcome.hung ? `neither listened nor ended within ${START_BOUND_MS} ms` : 'did not listen'}, exit ${outcome.code ?? outcome.signal}` +
          `${outcome.stderr.trim() === '' ? '' : `, stderr: ${outcome.stderr.trim().split('\n').slice(0, 3).join(' | ')}`}`,
      );
    }
    if (outcome.hung) break;
  }
  assert.deepEqual(failures, [], `${started - failures.length} of ${started} starts listened and stopped cleanly on Node.js ${process.version}`);
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
