/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=1 npm run bench`): where the
 * time went, by package or source area, by function's own time, and by function including its callees.
 *
 * @example node --import tsx bench/profile-summary.ts bench/tmp/profiles/sqlite-get-order-1.cpuprofile [--top 30] [--filter kysely]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Milliseconds outside the idle loop. */
  busyMs: number;
  byArea: Array<[string, number]>;
  bySelf: Array<[string, number]>;
  byTotal: Array<[string, number]>;
}

/** `node_modules/<package>`, a source file of Till, `node:` internals, or V8's own entries (GC, program, idle). */
function areaOf(url: string, functionName: string): string {
  if (url === '') return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module !== null) return module[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(dist|src|bench)\/(.+)$/.exec(url);
  return own === null ? url : `till ${own[2]}`;
}

function nameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url === '' ? '' : ` ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(dist|src|bench)\//, '$1/')}:${lineNumber + 1}`;
  return `${functionName || '(anonymous)'}${where}`;
}

export function summarize(profile: CpuProfile, filter?: string): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const area = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(profile.samples[i]!)!;
    totalUs += delta;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += delta;
      continue;
    }
    const leaf = nameOf(node);
    self.set(leaf, (self.get(leaf) ?? 0) + delta);
    const leafArea = areaOf(node.callFrame.url, node.callFrame.functionName);
    area.set(leafArea, (area.get(leafArea) ?? 0) + delta);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = nameOf(byId.get(id)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + delta);
    }
  }
  const sorted = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => filter === undefined || name.includes(filter))
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => [name, us / 1000] as [string, number]);
  return { totalMs: totalUs / 1000, busyMs: (totalUs - idleUs) / 1000, byArea: sorted(area), bySelf: sorted(self), byTotal: sorted(total) };
}

function print(summary: ProfileSummary, top: number): void {
  const share = (ms: number) => `${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)}%`;
  const table = (title: string, rows: Array<[string, number]>) => {
    console.log(`\n${title}`);
    for (const [name, ms] of rows.slice(0, top)) console.log(`  ${share(ms)} ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  };
  console.log(`profile: ${summary.totalMs.toFixed(0)} ms, busy ${summary.busyMs.toFixed(0)} ms (shares below are of busy time)`);
  table('Own time by area', summary.byArea);
  table('Own time by function', summary.bySelf);
  table('Time including callees', summary.byTotal);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string' }, filter: { type: 'string' } } });
  if (positionals.length !== 1) {
    console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 30] [--filter text]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as CpuProfile;
  print(summarize(profile, values.filter), Number(values.top ?? 30));
}
