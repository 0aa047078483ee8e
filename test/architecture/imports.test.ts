/**
 * The layers of docs/architecture.md, held by the code: every import of src/ (static imports,
 * `export ... from`, `import type` and `import(`), and every read of `.kysely` or `.dialect`, is
 * checked against the rules below, which the page quotes. A broken rule fails with its file, line
 * and rule, as the tenant-scope watcher does for SQL.
 *
 * The scan reads the source with TypeScript's parser, so an import in a comment or a string is no
 * import, and `typeof import('x')` (a type) is no load.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

// ---- The rules (docs/architecture.md quotes this block) ------------------------------------------

/** Base files: importable from anywhere, importing nothing of src/ but each other. */
const BASE = ['src/errors.ts', 'src/ids.ts', 'src/time.ts', 'src/config.ts'];

/** The modules: domain rules, routes, schemas and operations, no SQL. */
const MODULES = [
  'orders', 'products', 'customers', 'events', 'webhooks', 'payments', 'auth', 'oauth', 'account',
  'team', 'api-keys', 'reports', 'mail', 'merchants', 'idempotency', 'dashboard', 'discount-codes',
  'cash-drawers', 'receipts',
].map((name) => `src/${name}/`);

/** The assembly: the only place that knows every module. */
const APP = ['src/app/'];

/** Entry points: the only importers of the assembly. */
const ENTRY_POINTS = ['src/server.ts', 'src/cli/', 'src/docs/'];

/**
 * Each rule names the files it holds (`files`, less `except`), and either the only places they may
 * import from (`mayImportOnly`) or the places they may not (`mayNotImport`). A path ending in `/` is a
 * folder; libraries (`kysely`, `node:fs`) are never judged.
 */
const IMPORT_RULES: readonly ImportRule[] = [
  { id: 'db-down', rule: 'db/ imports nothing above it: only db/, the base files and libraries', files: ['src/db/'], mayImportOnly: ['src/db/', ...BASE] },
  { id: 'base-down', rule: 'the base files import only each other and libraries', files: BASE, mayImportOnly: BASE },
  { id: 'http-no-module', rule: 'http/ imports no module', files: ['src/http/'], mayNotImport: MODULES },
  { id: 'module-no-app', rule: 'no module imports app/', files: MODULES, mayNotImport: APP },
  { id: 'app-from-entry-points', rule: 'only server.ts, cli/ and docs/ import app/', files: ['src/'], except: [...ENTRY_POINTS, ...APP, ...MODULES], mayNotImport: APP },
];

/** Properties only db/ reads: the query builder and the database's name stay in the stores. */
const READ_RULES: readonly ReadRule[] = [
  { id: 'kysely-in-db', rule: 'no .kysely read outside db/', property: 'kysely', files: ['src/'], except: ['src/db/'] },
  { id: 'dialect-in-db', rule: 'no .dialect read outside db/', property: 'dialect', files: ['src/'], except: ['src/db/'] },
  ...['selectFrom', 'insertInto', 'updateTable', 'deleteFrom'].map((property) => ({ id: 'statement-in-db', rule: 'no statement built outside db/', property, files: ['src/'], except: ['src/db/'] })),
];

/** `import(` of a file of src/ hides a cycle; the command line alone loads a command's code lazily. A library may be loaded lazily anywhere. */
const DYNAMIC_IMPORT_RULE: DynamicImportRule = { id: 'no-dynamic-import', rule: 'no import( of a file of src/ outside cli/', files: ['src/'], except: ['src/cli/'] };

/**
 * What breaks the rules on this branch today, by `rule-id file -> what`. Other branches of the
 * refactor (issue 28) remove these; once they are merged this list must be EMPTY, and a new entry is
 * never the way to make this test pass.
 */
const ALLOWED_TODAY: readonly string[] = [
];

// ---- The scan ---------------------------------------------------------------------------------

interface Scope {
  id: string;
  rule: string;
  files: readonly string[];
  except?: readonly string[];
}
interface ImportRule extends Scope {
  mayImportOnly?: readonly string[];
  mayNotImport?: readonly string[];
}
interface ReadRule extends Scope {
  property: string;
}
type DynamicImportRule = Scope;

interface Rules {
  imports: readonly ImportRule[];
  reads: readonly ReadRule[];
  dynamicImport: DynamicImportRule;
}

interface SourceFile {
  /** Relative to the repository, `src/orders/get-order.ts`. */
  path: string;
  text: string;
}

interface Violation {
  file: string;
  line: number;
  id: string;
  rule: string;
  /** The file imported, or `.kysely`. */
  what: string;
}

const under = (path: string, places: readonly string[]) => places.some((place) => (place.endsWith('/') ? path.startsWith(place) : path === place));
const holds = (scope: Scope, path: string) => under(path, scope.files) && !under(path, scope.except ?? []);

/** The file of src/ that `specifier` in `from` names, or undefined for a library. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
}

interface Reference {
  line: number;
  kind: 'static' | 'dynamic' | 'read';
  /** The specifier, or the property read. */
  name: string;
}

/** Every import, re-export, `import(` and property read of `file`. */
function referencesOf(file: SourceFile): Reference[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Reference[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ line: lineOf(node), kind: 'static', name: node.moduleSpecifier.text });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      found.push({ line: lineOf(node), kind: 'dynamic', name: argument !== undefined && ts.isStringLiteralLike(argument) ? argument.text : '(computed)' });
    } else if (ts.isPropertyAccessExpression(node)) {
      found.push({ line: lineOf(node.name), kind: 'read', name: node.name.text });
    } else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
      found.push({ line: lineOf(node.argumentExpression), kind: 'read', name: node.argumentExpression.text });
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if (ts.isIdentifier(key)) found.push({ line: lineOf(key), kind: 'read', name: key.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What in `files` breaks `rules`, in file and line order. */
function violationsOf(files: readonly SourceFile[], rules: Rules): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const reference of referencesOf(file)) {
      const broke = (scope: Scope, what: string) => violations.push({ file: file.path, line: reference.line, id: scope.id, rule: scope.rule, what });
      if (reference.kind === 'read') {
        for (const rule of rules.reads) if (reference.name === rule.property && holds(rule, file.path)) broke(rule, `.${rule.property}`);
        continue;
      }
      const target = resolve(file.path, reference.name);
      if (target === undefined) continue;
      if (reference.kind === 'dynamic' && holds(rules.dynamicImport, file.path)) broke(rules.dynamicImport, target);
      for (const rule of rules.imports) {
        if (!holds(rule, file.path)) continue;
        const refused = (rule.mayImportOnly !== undefined && !under(target, rule.mayImportOnly)) || under(target, rule.mayNotImport ?? []);
        if (refused) broke(rule, target);
      }
    }
  }
  return violations;
}

const keyOf = (v: Violation) => `${v.id} ${v.file} -> ${v.what}`;
const describe = (v: Violation) => `${v.file}:${v.line}: ${v.rule} (${v.what.startsWith('.') ? `reads ${v.what}` : `imports ${v.what}`})`;

const RULES: Rules = { imports: IMPORT_RULES, reads: READ_RULES, dynamicImport: DYNAMIC_IMPORT_RULE };
const ROOT = new URL('../../', import.meta.url);

function sourcesOf(folder: string): SourceFile[] {
  return (readdirSync(new URL(folder, ROOT), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => posix.join(folder, name.split('\\').join('/')))
    .sort()
    .map((path) => ({ path, text: readFileSync(new URL(path, ROOT), 'utf8') }));
}

// ---- The tests --------------------------------------------------------------------------------

test('every import of src/ runs down the layers (docs/architecture.md)', (t) => {
  const violations = violationsOf(sourcesOf('src'), RULES);
  const allowed = new Set(ALLOWED_TODAY);
  const found = new Set(violations.map(keyOf));
  const gone = ALLOWED_TODAY.filter((key) => !found.has(key));
  if (gone.length > 0) t.diagnostic(`no longer broken, remove from ALLOWED_TODAY:\n${gone.join('\n')}`);
  if (allowed.size > 0) t.diagnostic(`${violations.filter((v) => allowed.has(keyOf(v))).length} known violations still allowed (ALLOWED_TODAY must become empty)`);
  const refused = violations.filter((v) => !allowed.has(keyOf(v)));
  assert.ok(refused.length === 0, `${refused.length} imports or reads run against the layers:\n${refused.map(describe).join('\n')}`);
});

test('docs/architecture.md quotes these rules as they are', () => {
  const page = readFileSync(new URL('docs/architecture.md', ROOT), 'utf8');
  const quoted = /### The import rules[\s\S]*?```ts\n([\s\S]*?)```/.exec(page);
  assert.ok(quoted, 'the page has a ts block under "The import rules"');
  const own = new Set(readFileSync(new URL(import.meta.url), 'utf8').split('\n'));
  const stale = quoted[1]!.split('\n').filter((line) => line.trim() !== '' && !own.has(line));
  assert.deepEqual(stale, [], 'lines of the page that are not the rules of test/architecture/imports.test.ts: copy the rules again');
});

const fake = (path: string, text: string): SourceFile => ({ path, text });
const brokenRules = (...files: SourceFile[]) => violationsOf(files, RULES).map((v) => `${v.id} ${v.file}:${v.line} ${v.what}`);

test('the scan finds imports, re-exports, type imports and import( calls, and nothing in comments or strings', () => {
  const text = [
    "import { a } from '../events/a.js';",
    "import type { B } from '../webhooks/b.js';",
    "export { c } from '../orders/c.js';",
    "export * from '../http/d.js';",
    "// import { e } from '../orders/e.js';",
    "const f = \"import { f } from '../orders/f.js'\";",
    "type G = typeof import('../orders/g.js');",
    "import { sql } from 'kysely';",
    "import { h } from './h.js';",
    "import { errors } from '../errors.js';",
  ].join('\n');
  assert.deepEqual(brokenRules(fake('src/db/x.ts', text)), [
    'db-down src/db/x.ts:1 src/events/a.ts',
    'db-down src/db/x.ts:2 src/webhooks/b.ts',
    'db-down src/db/x.ts:3 src/orders/c.ts',
    'db-down src/db/x.ts:4 src/http/d.ts',
  ]);
});

test('each rule fails when broken', () => {
  assert.deepEqual(brokenRules(fake('src/db/orders/store.ts', "import { Order } from '../../orders/schemas.js';")), ['db-down src/db/orders/store.ts:1 src/orders/schemas.ts']);
  assert.deepEqual(brokenRules(fake('src/db/x.ts', "import { services } from '../services.js';")), ['db-down src/db/x.ts:1 src/services.ts']);
  assert.deepEqual(brokenRules(fake('src/ids.ts', "import { Clock } from './services.js';")), ['base-down src/ids.ts:1 src/services.ts']);
  assert.deepEqual(brokenRules(fake('src/http/validation.ts', "import { Order } from '../orders/schemas.js';")), ['http-no-module src/http/validation.ts:1 src/orders/schemas.ts']);
  assert.deepEqual(brokenRules(fake('src/orders/routes.ts', "import { buildApp } from '../app/build-app.js';")), ['module-no-app src/orders/routes.ts:1 src/app/build-app.ts']);
  assert.deepEqual(brokenRules(fake('src/http/hooks.ts', "import { buildApp } from '../app/build-app.js';")), ['app-from-entry-points src/http/hooks.ts:1 src/app/build-app.ts']);
  assert.deepEqual(brokenRules(fake('src/workers.ts', "export { buildApp } from './app/build-app.js';")), ['app-from-entry-points src/workers.ts:1 src/app/build-app.ts']);
  assert.deepEqual(brokenRules(fake('src/orders/get-order.ts', 'const q = services.db.kysely;')), ['kysely-in-db src/orders/get-order.ts:1 .kysely']);
  assert.deepEqual(brokenRules(fake('src/orders/get-order.ts', 'const { kysely } = db;')), ['kysely-in-db src/orders/get-order.ts:1 .kysely']);
  assert.deepEqual(brokenRules(fake('src/webhooks/w.ts', "if (trx['dialect'] === 'postgres') {}")), ['dialect-in-db src/webhooks/w.ts:1 .dialect']);
  assert.deepEqual(brokenRules(fake('src/auth/users.ts', "const m = await trx.selectFrom('merchants').select('id');")), ['statement-in-db src/auth/users.ts:1 .selectFrom']);
  assert.deepEqual(brokenRules(fake('src/team/t.ts', "await trx.updateTable('users').set({});")), ['statement-in-db src/team/t.ts:1 .updateTable']);
  assert.deepEqual(brokenRules(fake('src/orders/capture-order.ts', "const m = await import('./refund-order.js');")), ['no-dynamic-import src/orders/capture-order.ts:1 src/orders/refund-order.ts']);
  assert.deepEqual(brokenRules(fake('src/orders/capture-order.ts', "\nreturn import('./refund-order.js').then(({ f }) => f());")), ['no-dynamic-import src/orders/capture-order.ts:2 src/orders/refund-order.ts']);
});

test('what the rules allow passes', () => {
  assert.deepEqual(
    brokenRules(
      fake('src/db/orders/store.ts', "import { kyselyOf } from '../handle.js';\nimport { ApiError } from '../../errors.js';\nconst k = handle.kysely; if (db.dialect === 'sqlite') {}"),
      fake('src/config.ts', "import ipaddr from 'ipaddr.js';\nimport { newId } from './ids.js';"),
      fake('src/http/validation.ts', "import { ApiError } from '../errors.js';\nimport { ReadHandle } from '../db/handle.js';"),
      fake('src/orders/routes.ts', "import { getOrder } from './get-order.js';\nimport { recordEvent } from '../db/outbox/events.js';\nimport { Scope } from '../auth/permissions.js';"),
      fake('src/server.ts', "import { buildApp } from './app/build-app.js';"),
      fake('src/cli/serve.ts', "import { buildApp } from '../app/build-app.js';\nconst { startServer } = await import('../server.js');"),
      fake('src/docs/openapi.ts', "import { buildApp } from '../app/build-app.js';"),
      fake('src/app/build-app.ts', "import { orderRoutes } from '../orders/routes.js';\nimport { jobs } from './jobs.js';"),
      fake('src/payments/stripe-client.ts', "const stripe = await import('stripe');\nconst config = { kysely: 1, dialect: 2 };"),
    ),
    [],
  );
});
