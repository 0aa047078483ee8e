/**
 * Every regular expression of the sources, run through a ReDoS detector (recheck): a pattern that
 * can take more than linear time on some input fails the suite, named by file and line. The
 * patterns are found with the TypeScript compiler's own parser, not by a pattern over the text:
 * regex literals, `new RegExp(...)` and `RegExp(...)` with a literal pattern, and the `pattern` of a
 * schema (compiled by Ajv with the `u` flag).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import ts from 'typescript';
import { openApiDocument } from '../../src/docs/api-markdown.js';

// recheck's pure JavaScript checker, in this process: no Java, no native binary, no worker.
process.env.RECHECK_BACKEND = 'pure';
const { check } = await import('recheck');

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_FOLDERS = ['src', 'dashboard/src', 'packages/client/src'];
/**
 * recheck's default checker proves a pattern safe on its automaton, which for a long alternation (the
 * list of event types), or on a busy machine, takes longer than this; those are then checked by its
 * fuzzer, with no limit in time (its limits are in steps, below), so that its verdict does not depend
 * on the machine's load. An `unknown` answer fails the test as well.
 */
const AUTOMATON_TIMEOUT_MS = 3_000;
const FUZZ_TIMEOUT_MS = null;
/**
 * The fuzzer with its fixed seed and its limits counted in steps of its own matcher, not in
 * milliseconds: by default it also stops a match after a time, which on a busy machine (CI running
 * test files side by side) made a linear pattern look quadratic (`\bVersion\/[\d.]+ ...` was reported
 * so). The same pattern now gets the same answer however loaded the machine is.
 */
const FUZZ_OPTIONS = { checker: 'fuzz', randomSeed: 0, attackTimeout: null, incubationTimeout: null, seedingTimeout: null } as const;

export interface FoundPattern {
  /** `src/auth/users.ts:42` */
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The text of a string literal or a template without substitutions; undefined for anything computed. */
function literalText(node: ts.Node | undefined): string | undefined {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** Every regular expression written in `text`, parsed as TypeScript. */
export function patternsIn(fileName: string, text: string): FoundPattern[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FoundPattern[] = [];
  const add = (node: ts.Node, source: string, flags: string) => {
    found.push({ where: `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`, source, flags });
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(file);
      const end = literal.lastIndexOf('/');
      add(node, literal.slice(1, end), literal.slice(end + 1));
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const source = literalText(node.arguments?.[0]);
      if (source !== undefined) add(node, source, literalText(node.arguments?.[1]) ?? '');
    } else if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && node.name.text === 'pattern') {
      const source = literalText(node.initializer);
      if (source !== undefined) add(node, source, 'u');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The patterns recheck finds vulnerable (or cannot decide on), each with why. A pattern written in several places is checked once. */
async function unsafe(patterns: readonly FoundPattern[]): Promise<string[]> {
  const places = new Map<string, FoundPattern[]>();
  for (const pattern of patterns) {
    const key = `/${pattern.source}/${pattern.flags}`;
    places.set(key, [...(places.get(key) ?? []), pattern]);
  }
  const problems: string[] = [];
  for (const [shown, [first, ...others]] of places) {
    let result = await check(first!.source, first!.flags, { timeout: AUTOMATON_TIMEOUT_MS });
    if (result.status === 'unknown' && result.error.kind === 'timeout') result = await check(first!.source, first!.flags, { ...FUZZ_OPTIONS, timeout: FUZZ_TIMEOUT_MS });
    const why =
      result.status === 'vulnerable'
        ? `is ReDoS-vulnerable (${result.complexity.summary}; attack: ${result.attack.pattern})`
        : result.status === 'unknown'
          ? `could not be checked (${result.error.kind})`
          : undefined;
    if (why !== undefined) for (const pattern of [first!, ...others]) problems.push(`${pattern.where}: ${shown} ${why}`);
  }
  return problems;
}

test('the detector finds the old e-mail pattern vulnerable, and names its file and line', async () => {
  const old = patternsIn('src/auth/users.ts', "import x from 'y';\n\nconst EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;\n");
  assert.deepEqual(old, [{ where: 'src/auth/users.ts:3', source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', flags: '' }]);
  const problems = await unsafe(old);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /^src\/auth\/users\.ts:3: .* is ReDoS-vulnerable \(.*(2nd|polynomial|quadratic)/i);

  // Every form a pattern is written in is found; computed ones are not patterns of the source.
  const forms = patternsIn(
    'x.ts',
    [
      "const a = new RegExp('(a+)+$', 'i');",
      'const b = RegExp(`^(x|x)*$`);',
      "const c = { pattern: '^(\\\\d+)*$' };",
      'const d = new RegExp(`^${prefix}_x$`);',
      "const e = 'not /a regex/';",
    ].join('\n'),
  );
  assert.deepEqual(
    forms.map((f) => [f.where, f.source, f.flags]),
    [
      ['x.ts:1', '(a+)+$', 'i'],
      ['x.ts:2', '^(x|x)*$', ''],
      ['x.ts:3', '^(\\d+)*$', 'u'],
    ],
  );
  assert.equal((await unsafe(forms)).length, 3, 'each of them is exponential');
});

/** Every `pattern` of a schema in the OpenAPI document, named by its JSON path: those built at run time (lists of statuses, id prefixes) too. */
function documentPatterns(value: unknown, path: string, found: FoundPattern[] = []): FoundPattern[] {
  if (value === null || typeof value !== 'object') return found;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'pattern' && typeof child === 'string') found.push({ where: `openapi.json ${path}`, source: child, flags: 'u' });
    else documentPatterns(child, `${path}/${key}`, found);
  }
  return found;
}

// Longer than the suite's 60 s: 140 patterns through recheck's checkers, all CPU, took 18 s on a
// shared 2-core machine and takes several times that with the machine's cores busy.
test('no regular expression in src/, dashboard/src/ or packages/client/src/ (which runs in the dashboard), nor any pattern of the OpenAPI document, is vulnerable to ReDoS', { timeout: 300_000 }, async () => {
  const patterns: FoundPattern[] = [];
  for (const folder of SOURCE_FOLDERS) {
    for (const path of sourceFiles(join(ROOT, folder))) patterns.push(...patternsIn(relative(ROOT, path), readFileSync(path, 'utf8')));
  }
  // The sources hold a few dozen; far fewer would mean the walk missed them.
  assert.ok(patterns.length >= 30, `only ${patterns.length} patterns found`);
  const schemaPatterns = documentPatterns(await openApiDocument(), '#');
  assert.ok(schemaPatterns.some((p) => p.source.includes('partially_refunded')), 'the order-status list, built at run time, is among them');
  patterns.push(...schemaPatterns);
  const started = Date.now();
  const problems = await unsafe(patterns);
  console.log(`redos: ${patterns.length} patterns checked in ${Date.now() - started} ms`);
  assert.deepEqual(problems, []);
});
