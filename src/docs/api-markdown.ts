/**
 * `docs/api.md`: the same reference as `/docs`, as Markdown for readers of the repository. It is
 * generated from the OpenAPI document (`npm run docs:api`), and a test fails when it is stale.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/build-app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

type Schema = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The OpenAPI document served at `GET /v1/openapi.json` by an app built over a new in-memory database (building reads the signing keys). */
export async function openApiDocument(): Promise<Schema> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:', PUBLIC_URL: 'https://api.example.com' });
  const db = await openDatabase({ url: config.databaseUrl });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    app = await buildApp({ config, db, logger: false });
    await app.ready();
    return (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Schema;
  } finally {
    await app?.close();
    await db.close();
  }
}

const refName = (ref: string) => ref.replace('#/components/schemas/', '');
const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

/** A short type for a schema: `string (date-time)`, `array of [LineItem](#lineitem)`, `"card" or "cash"`. */
export function typeOf(schema: Schema | undefined): string {
  if (schema === undefined) return 'any';
  if (schema.$ref !== undefined) return `[${refName(schema.$ref)}](#${anchor(refName(schema.$ref))})`;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeOf).join(' or ');
  if (Array.isArray(schema.enum)) return schema.enum.map((value: unknown) => `\`${JSON.stringify(value)}\``).join(', ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.type === 'array') return `array of ${typeOf(schema.items)}`;
  if (schema.type === 'object' && schema.properties === undefined && schema.additionalProperties !== undefined) {
    return `object of ${typeOf(schema.additionalProperties)}`;
  }
  return schema.format !== undefined ? `${schema.type} (${schema.format})` : String(schema.type);
}

/** Constraints worth a reader's eye, in words. */
function constraints(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`${schema.minLength ?? 0} to ${schema.maxLength} characters`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0} to ${schema.maxItems} entries`);
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
  return parts.join('; ');
}

/** One row per field, nested objects (also inside arrays) flattened as `items[].quantity`. */
function fieldRows(schema: Schema, prefix = ''): string[][] {
  const rows: string[][] = [];
  const required = new Set<string>(schema.required ?? []);
  for (const [name, field] of Object.entries<Schema>(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    const notes = [field.description, constraints(field)].filter((text) => text !== undefined && text !== '').join(' ');
    rows.push([`\`${path}\``, typeOf(field), required.has(name) ? 'yes' : 'no', notes]);
    if (field.type === 'object' && field.properties !== undefined) rows.push(...fieldRows(field, `${path}.`));
    if (field.type === 'array' && field.items?.properties !== undefined) rows.push(...fieldRows(field.items, `${path}[].`));
  }
  return rows;
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

function operationMarkdown(method: string, path: string, operation: Schema): string {
  const out = [`### ${operation.summary}`, '', `\`${method.toUpperCase()} ${path}\` (\`${operation.operationId}\`)`, ''];
  if (operation.description) out.push(operation.description, '');
  const parameters: Schema[] = operation.parameters ?? [];
  if (parameters.length > 0) {
    out.push(
      'Parameters:',
      '',
      table(
        ['name', 'in', 'type', 'required', 'notes'],
        parameters.map((p) => [`\`${p.name}\``, p.in, typeOf(p.schema), p.required ? 'yes' : 'no', [p.description ?? p.schema?.description, constraints(p.schema ?? {})].filter(Boolean).join(' ')]),
      ),
      '',
    );
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body !== undefined) {
    const rows = fieldRows(body);
    out.push(
      `Request body${operation.requestBody.required ? '' : ' (may be empty)'}:`,
      '',
      rows.length > 0 ? table(['field', 'type', 'required', 'notes'], rows) : 'No fields: send `{}` or nothing.',
      '',
    );
  }
  // A JSON body is the rule and goes unnamed; another media type (the end-of-day report's CSV) is named beside it.
  const responses = Object.entries<Schema>(operation.responses ?? {}).map(([status, response]) => {
    const bodies = Object.entries<Schema>(response.content ?? {}).map(([type, media]) => (type === 'application/json' ? typeOf(media.schema) : `\`${type}\`: ${typeOf(media.schema)}`));
    return [status, response.description, bodies.join(', or ')];
  });
  out.push('Responses:', '', table(['status', 'meaning', 'body'], responses), '');
  return out.join('\n');
}

/** The whole reference as Markdown: conventions, then operations by tag, then the shared schemas. */
export function renderApiMarkdown(document: Schema): string {
  const out = [
    `# ${document.info.title} reference`,
    '',
    '<!-- Generated from the OpenAPI document by `npm run docs:api`; edit the code, not this file. -->',
    '',
    // The conventions' sections are top-level (`#`) in the document; here they sit under the title.
    document.info.description.replace(/^(#+) /gm, '#$1 ').trim(),
    '',
    '# Operations',
    '',
  ];
  const tags: Array<{ name: string; description?: string }> = document.tags ?? [];
  for (const tag of tags) {
    out.push(`## ${tag.name}`, '');
    if (tag.description) out.push(tag.description, '');
    for (const [path, item] of Object.entries<Schema>(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (operation?.tags?.includes(tag.name)) out.push(operationMarkdown(method, path, operation));
      }
    }
  }
  out.push('# Schemas', '');
  for (const [name, schema] of Object.entries<Schema>(document.components.schemas)) {
    out.push(`## ${name}`, '');
    if (schema.description) out.push(schema.description, '');
    out.push(schema.properties !== undefined ? table(['field', 'type', 'required', 'notes'], fieldRows(schema)) : `${typeOf(schema)}`, '');
  }
  return `${out.join('\n').trim()}\n`;
}
