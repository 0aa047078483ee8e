/**
 * Every statement a test server runs on a table that holds a `merchant_id` must filter or write by
 * it, so that each request stays on one shard when Till runs on Citus distributed by merchant (see
 * docs/architecture.md). A Kysely plugin sees every statement the server sends, its raw SQL
 * included; `startTestServer` installs it and fails `close()` with the statements that break the
 * rule, so every suite that starts a server checks what it made the server do.
 *
 * The statements that may not filter are the few that must find a tenant or serve all of them, each
 * named in CROSS_TENANT with its reason.
 *
 * (The check is by statement shape: it reads which tables and columns a statement names. A filter on
 * `merchant_id` that compares it with the wrong value is for the tenancy tests to catch.)
 */
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Tables whose rows belong to one merchant: they all have `merchant_id`. */
export const MERCHANT_TABLES = new Set([
  'users',
  'api_keys',
  'products',
  'customers',
  'orders',
  'line_items',
  'discount_codes',
  'refunds',
  'cash_drawers',
  'cash_drawer_movements',
  'receipt_links',
  'processor_calls',
  'stripe_events',
  'events',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'idempotency_keys',
  'auth_sessions',
  'mail_outbox',
]);

/** One statement, in a form good enough to judge and to read in a failure. */
export interface Statement {
  /** Where the statement was built: the first line of Till's own code on the stack. */
  at: string;
  kind: string;
  tables: string[];
  /** Every table the statement names, merchant's or not, and every column. */
  allTables: string[];
  columns: string[];
  filtersByMerchant: boolean;
  text: string;
}

/**
 * What a statement names: the merchant tables it reads or writes, and whether each of them is
 * filtered (or written) by `merchant_id`: `t.merchant_id` for a table or its alias `t`, or a bare
 * `merchant_id` when the statement names one merchant table. Raw SQL is judged on its text.
 */
export function describeStatement(node: RootOperationNode): Statement {
  const tables = new Set<string>();
  const aliases = new Map<string, string>();
  const qualified = new Set<string>();
  const columns = new Set<string>();
  let bare = false;
  const raw: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const n = value as OperationNode & Record<string, any>;
    if (n.kind === 'AliasNode' && n.node?.kind === 'TableNode') aliases.set(n.alias.name, n.node.table.identifier.name);
    if (n.kind === 'ReferenceNode' && n.column?.kind === 'ColumnNode' && n.column.column.name === 'merchant_id') {
      if (n.table === undefined) bare = true;
      else qualified.add(n.table.table.identifier.name);
      return;
    }
    if (n.kind === 'ColumnNode') columns.add(n.column.name);
    if (n.kind === 'ColumnNode' && n.column.name === 'merchant_id') bare = true;
    if (n.kind === 'TableNode') tables.add(n.table.identifier.name);
    if (n.kind === 'RawNode') raw.push(...(n.sqlFragments as string[]));
    for (const child of Object.values(n)) visit(child);
  };
  visit(node);
  const rawText = raw.join(' ? ');
  for (const m of rawText.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?/gi)) tables.add(m[1]!);
  const named = [...tables].map((t) => aliases.get(t) ?? t).filter((t) => MERCHANT_TABLES.has(t));
  const distinct = [...new Set(named)].sort();
  const covered = new Set([...qualified].map((q) => aliases.get(q) ?? q));
  // A statement written as SQL text is judged on its text; SQL fragments inside a built one (an
  // expression such as `inventory - ?`) only name what they name.
  const whole = node.kind === 'RawNode';
  if (/\bmerchant_id\b/.test(rawText)) bare = true;
  const filtersByMerchant = whole ? /\bmerchant_id\b/.test(rawText) : distinct.every((t) => covered.has(t) || (bare && distinct.length === 1));
  const allTables = [...new Set([...tables].map((t) => aliases.get(t) ?? t))].sort();
  return { at: sourceLine(), kind: node.kind, tables: distinct, allTables, columns: [...columns].sort(), filtersByMerchant, text: whole ? rawText.replace(/\s+/g, ' ').slice(0, 300) : summarize(node) };
}

/** The statement's shape: names kept, values left out. */
function summarize(node: RootOperationNode): string {
  return JSON.stringify(node, (key, value) => (key === 'kind' || key === 'value' ? undefined : value)).slice(0, 400);
}

/** `function (src/file.ts)` of the first frame of Till's own code, past the database layer. */
function sourceLine(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const ours = frames.find((f) => /\/src\//.test(f) && !/\/src\/db\/(postgres|sqlite|sqlite-driver|connection)\.ts/.test(f));
  if (ours === undefined) return 'unknown';
  const file = /(src\/[\w/.-]+\.ts)/.exec(ours)?.[1] ?? 'unknown';
  const fn = /^\s*at (?:async )?([\w.<>$]+) \(/.exec(ours)?.[1] ?? '(anonymous)';
  return `${fn} (${file})`;
}

/** Tables of credentials that are not yet a merchant's: a token's hash in them finds its sign-in or user. */
const CREDENTIAL_TABLES = ['refresh_tokens', 'authorization_codes', 'password_tokens', 'sign_up_requests'];

/** The statements that find a tenant, or serve every tenant, and so cannot filter by one. */
export const CROSS_TENANT: ReadonlyArray<{ why: string; matches(statement: Statement): boolean }> = [
  {
    why: 'a refresh token, authorization code or password link, found by its hash, names its sign-in or user (and so the merchant)',
    matches: (s) => s.kind === 'SelectQueryNode' && s.allTables.some((t) => CREDENTIAL_TABLES.includes(t)),
  },
  {
    why: 'a receipt link, found by its token\'s hash (the hosted receipt page knows nothing else), names its order (and so the merchant)',
    matches: (s) => s.kind === 'SelectQueryNode' && s.tables.length === 1 && s.tables[0] === 'receipt_links' && s.columns.includes('token_hash'),
  },
  {
    why: 'an e-mail is unique across merchants: signing in or up finds the user by it',
    matches: (s) => s.kind === 'SelectQueryNode' && s.tables.length === 1 && s.tables[0] === 'users' && s.columns.includes('email'),
  },
  {
    why: "the webhook dispatcher takes the next due delivery of any merchant's outbox",
    matches: (s) => s.tables.includes('webhook_deliveries') && s.columns.includes('lease_until') && s.columns.includes('next_attempt_at'),
  },
  {
    why: '/metrics reports the oldest pending delivery of all merchants',
    matches: (s) => s.at.startsWith('oldestPendingDelivery (src/db/webhooks/metrics.ts)'),
  },
];

/** Records every statement that names a merchant's table without `merchant_id`. */
export class TenantScopeRecorder implements KyselyPlugin {
  readonly unscoped = new Map<string, Statement>();

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const statement = describeStatement(node);
    if (statement.tables.length > 0 && !statement.filtersByMerchant && !CROSS_TENANT.some((c) => c.matches(statement))) {
      this.unscoped.set(`${statement.at} ${statement.text}`, statement);
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
