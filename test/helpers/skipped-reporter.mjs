/**
 * A test reporter that closes the run with what was not run and why. Node's own summary counts a
 * skipped test but not a skipped suite (a whole database or a service the machine lacks), so a run
 * without PostgreSQL, Redis or Chromium would otherwise say "skipped 0" while whole suites never ran.
 * Used beside the spec reporter: `--test-reporter=./test/helpers/skipped-reporter.mjs`. Its last line
 * is the run's count in one plain line, `tests: N passed, N failed, N skipped` (a skipped suite is one).
 * Before it, the files that took longest (their top-level tests' and suites' time added up), which is
 * where a slower run's time went.
 */
export default async function* skippedReporter(source) {
  /** reason -> { suites: names[], tests: names[] } */
  const byReason = new Map();
  let passed = 0;
  let failed = 0;
  /** file -> milliseconds of its top-level tests and suites */
  const fileTimes = new Map();
  let testFile;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    // A file's events come together; a suite made by a helper (describeEachBackend) names the helper
    // as its file, so it counts for the test file whose events came last.
    if (event.data.file !== undefined && !event.data.file.includes('/test/helpers/')) testFile = event.data.file;
    if (event.data.nesting === 0 && testFile !== undefined) {
      fileTimes.set(testFile, (fileTimes.get(testFile) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
    if (!event.data.skip) {
      if (event.data.details?.type !== 'suite') event.type === 'test:pass' ? passed++ : failed++;
      continue;
    }
    const reason = event.data.skip === true ? '(no reason given)' : String(event.data.skip);
    const entry = byReason.get(reason) ?? { suites: [], tests: [] };
    (event.data.details?.type === 'suite' ? entry.suites : entry.tests).push(event.data.name);
    byReason.set(reason, entry);
  }
  const suites = [...byReason.values()].reduce((n, entry) => n + entry.suites.length, 0);
  const tests = [...byReason.values()].reduce((n, entry) => n + entry.tests.length, 0);
  if (suites + tests === 0) yield 'ℹ nothing skipped: every suite ran\n';
  else yield `ℹ skipped: ${plural(suites, 'suite')} and ${plural(tests, 'test')}, by reason:\n`;
  for (const [reason, { suites: skippedSuites, tests: skippedTests }] of byReason) {
    const counts = [];
    if (skippedSuites.length > 0) counts.push(plural(skippedSuites.length, 'suite'));
    if (skippedTests.length > 0) counts.push(plural(skippedTests.length, 'test'));
    const names = [...skippedSuites, ...skippedTests];
    const shown = names.slice(0, 3).map((name) => `"${name}"`).join(', ') + (names.length > 3 ? `, and ${names.length - 3} more` : '');
    yield `ℹ   ${reason}: ${counts.join(' and ')} (${shown})\n`;
  }
  const slowest = [...fileTimes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (slowest.length > 0) {
    const cwd = `${process.cwd()}/`;
    yield `ℹ slowest files: ${slowest.map(([file, ms]) => `${file.replace(cwd, '')} ${Math.round(ms / 1000)} s`).join(', ')}\n`;
  }
  yield `tests: ${passed} passed, ${failed} failed, ${suites + tests} skipped\n`;
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
