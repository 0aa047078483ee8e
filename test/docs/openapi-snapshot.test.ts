import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { openApiDocument } from '../../src/docs/api-markdown.js';

const SNAPSHOT = new URL('openapi.expected.json', import.meta.url);

/**
 * The paths (`$.paths./v1/orders.get.responses.200`) at which `actual` and `expected` first differ, at
 * most `limit` of them. Keys in another order differ too: the document is served as JSON, in its order.
 */
function differences(actual: unknown, expected: unknown, limit = 10, at = '$'): string[] {
  if (JSON.stringify(actual) === JSON.stringify(expected)) return [];
  const bothObjects = [actual, expected].every((value) => value !== null && typeof value === 'object' && Array.isArray(value) === Array.isArray(actual));
  if (!bothObjects) return [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`.slice(0, 300)];
  const found: string[] = [];
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
    if (found.length >= limit) break;
    const path = `${at}.${key}`;
    if (!Object.hasOwn(a, key)) found.push(`${path}: missing`);
    else if (!Object.hasOwn(e, key)) found.push(`${path}: not expected`);
    else found.push(...differences(a[key], e[key], limit - found.length, path));
  }
  if (found.length === 0) found.push(`${at}: the keys are in another order: expected ${Object.keys(e).join(', ')}; got ${Object.keys(a).join(', ')}`);
  return found;
}

test('the served OpenAPI document is the committed one (run `npm run docs:openapi-snapshot` after a change to the API that is meant)', async () => {
  const expected: unknown = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
  const actual = await openApiDocument();
  const found = differences(actual, expected);
  assert.ok(
    found.length === 0,
    `GET /v1/openapi.json differs from test/docs/openapi.expected.json at:\n  ${found.join('\n  ')}\n` +
      'If the API change is meant, run `npm run docs:openapi-snapshot` and commit the result.',
  );
});

test('the differences are told by path', () => {
  assert.deepEqual(differences({ a: { b: [1, 2] }, c: 1 }, { a: { b: [1, 3] }, c: 1, d: 2 }), ['$.a.b.1: expected 3, got 2', '$.d: missing']);
  assert.deepEqual(differences({ a: 1, b: 2 }, { b: 2, a: 1 }), ['$: the keys are in another order: expected b, a; got a, b']);
  assert.deepEqual(differences({ a: 1 }, { a: 1 }), []);
});
