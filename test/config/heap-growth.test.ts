import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { createTestDatabase } from '../helpers/backends.js';
import { RunningTill, TILL_BIN, tillEnv } from '../helpers/cli.js';

const run = promisify(execFile);
const MODULE = new URL('../../src/heap-growth.ts', import.meta.url).href;

/**
 * The factors V8 traced (`--trace-gc-verbose`) setting the old generation's next limit, in order.
 * Node.js 22's V8 prints the factor it used on the limit's line ("[HeapController] Limit: old size:
 * 12345 KB, new limit: 23456 KB (1.5)"; its "factor" line comes before the flag is applied); later
 * ones print it on a line of its own ("[HeapController] factor 1.5 based on ...").
 */
function tracedFactors(trace: string): string[] {
  const onLimit = [...trace.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)$/gm)].map((match) => match[1]!);
  const own = [...trace.matchAll(/\[HeapController\] factor (\d+\.\d) based on/gm)].map((match) => match[1]!);
  return onLimit.length > 0 ? onLimit : own;
}

/**
 * The factors V8 set the old generation's next limit with after a full collection, in a Node.js
 * process (this one's version) that called limitHeapGrowth(percent) first.
 */
async function limitFactors(percent: number): Promise<string[]> {
  const script = `
    const { limitHeapGrowth } = await import(${JSON.stringify(MODULE)});
    limitHeapGrowth(${percent});
    const kept = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    globalThis.gc();
    globalThis.gc();
    if (kept.length === 0) process.exit(1);
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--expose-gc', '--trace-gc-verbose', '--input-type=module', '-e', script], { maxBuffer: 64 * 2 ** 20 });
  return tracedFactors(stdout);
}

test('HEAP_GROWING_PERCENT sets the factor V8 grows the old generation by after each full collection', async () => {
  const [half, more] = await Promise.all([limitFactors(50), limitFactors(150)]);
  assert.ok(half.length >= 2, 'two full collections were traced');
  assert.deepEqual(new Set(half), new Set(['1.5']));
  assert.deepEqual(new Set(more), new Set(['2.5']));
});

test('till serve sets it from HEAP_GROWING_PERCENT before building the server', async () => {
  const database = await createTestDatabase('sqlite');
  // --gc-global makes every collection a full one, so that some follow the setting during start-up.
  // 333% is a factor of 4.3, which V8's own (at most 4.0) never is.
  const server = new RunningTill(
    spawn(process.execPath, ['--gc-global', '--trace-gc-verbose', TILL_BIN, 'serve', '--json'], { env: tillEnv(database, { HEAP_GROWING_PERCENT: '333' }) }),
  );
  try {
    const trace = await server.waitForOutput((stdout) => stdout.includes('{"url":'));
    const factors = tracedFactors(trace);
    assert.equal(factors.at(-1), '4.3', `the factors traced: ${factors.join(', ')}`);
  } finally {
    await server.stop();
    await database.drop();
  }
});
