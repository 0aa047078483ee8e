/**
 * `npm test`'s runner: Node's test runner over test/*\/*.test.ts, four files at a time, with a
 * per-test timeout of 60 s (a hung test fails in a minute; the suites that need longer set their own,
 * with the reason).
 *
 * Node.js 22 applies `--test-timeout` to each test file as a whole, not to each test in it (24 and
 * later apply it per test): there a file of many tests would fail at 60 s however healthy. So on 22
 * the bound is per file, 20 minutes, and a hung test fails at that bound instead.
 */
import { spawn } from 'node:child_process';

const major = Number(process.versions.node.split('.')[0]);
const timeoutMs = major >= 24 ? 60_000 : 20 * 60_000;
const args = [
  '--import', 'tsx', '--test', '--test-concurrency=4', `--test-timeout=${timeoutMs}`, '--test-force-exit',
  '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=./test/helpers/skipped-reporter.mjs', '--test-reporter-destination=stdout',
  ...(process.argv.length > 2 ? process.argv.slice(2) : ['test/*/*.test.ts']),
];
const child = spawn(process.execPath, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
