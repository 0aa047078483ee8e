/**
 * A test reporter that closes the run with what was not run and why. Node's own summary counts a
 * skipped test but not a skipped suite (a whole database or a service the machine lacks), so a run
 * without PostgreSQL, Redis or Chromium would otherwise say "skipped 0" while whole suites never ran.
 * Used beside the spec reporter: `--test-reporter=./test/helpers/skipped-reporter.mjs`. Its last line
 * is the run's count in one plain line, `tests: N passed, N failed, N skipped` (a skipped suite is one).
 */
export default async function* skippedReporter(source) {
  /** reason -> { suites: names[], tests: names[] } */
  const byReason = new Map();
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
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
  yield `tests: ${passed} passed, ${failed} failed, ${suites + tests} skipped\n`;
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
