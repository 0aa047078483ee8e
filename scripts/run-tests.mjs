/**
 * `npm test`'s runner: Node's test runner over test/*\/*.test.ts, four files at a time (or
 * TEST_CONCURRENCY), with a per-test timeout of 60 s (a hung test fails in a minute; the suites that
 * need longer set their own, with the reason).
 *
 * Node.js 22 applies `--test-timeout` to each test file as a whole, not to each test in it (24 and
 * later apply it per test): there a file of many tests would fail at 60 s however healthy. So on 22
 * the bound is per file, 20 minutes, and a hung test fails at that bound instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const major = Number(process.versions.node.split('.')[0]);
const timeoutMs = major >= 24 ? 60_000 : 20 * 60_000;
// Files at a time: TEST_CONCURRENCY, else 4 (each file has its own databases and ports).
const concurrency = /^[1-9][0-9]?$/.test(process.env.TEST_CONCURRENCY ?? '') ? Number(process.env.TEST_CONCURRENCY) : 4;
// `--test-force-exit` ends the run before a reporter's last lines reach a pipe, so the closing report
// (what was skipped, and why) goes to a file, printed once the run has ended.
const reportDirectory = mkdtempSync(join(tmpdir(), 'till-test-report-'));
const closingReport = join(reportDirectory, 'closing.txt');
const args = [
  '--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, `--test-timeout=${timeoutMs}`, '--test-force-exit',
  '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=./test/helpers/skipped-reporter.mjs', `--test-reporter-destination=${closingReport}`,
  ...(process.argv.length > 2 ? process.argv.slice(2) : ['test/*/*.test.ts']),
];
const child = spawn(process.execPath, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  try {
    process.stdout.write(readFileSync(closingReport, 'utf8'));
  } catch {
    process.stdout.write('ℹ the run ended before its closing report was written\n');
  }
  rmSync(reportDirectory, { recursive: true, force: true });
  process.exitCode = code ?? (signal === null ? 1 : 128);
});
