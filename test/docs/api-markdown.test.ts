import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { openApiDocument, renderApiMarkdown } from '../../src/docs/api-markdown.js';
import { ERROR_CODES } from '../../src/errors.js';

const API_MD = new URL('../../docs/api.md', import.meta.url);

test('docs/api.md is the reference generated from the current code (run `npm run docs:api` after a change)', async () => {
  const document = await openApiDocument();
  const expected = renderApiMarkdown(document);
  const actual = readFileSync(API_MD, 'utf8');
  assert.ok(actual === expected, 'docs/api.md is stale: run `npm run docs:api` and commit the result');
});

test('the reference lists every error code with its status, and every operation', async () => {
  const markdown = readFileSync(API_MD, 'utf8');
  for (const [code, { status, type }] of Object.entries(ERROR_CODES)) {
    assert.match(markdown, new RegExp(`^\\| \`${code}\` \\| ${status} \\| \\S`, 'm'), code);
    assert.match(markdown, new RegExp(`^\\| ${status} \\| \`${type}\` \\|$`, 'm'), `${status} is ${type}`);
  }
  for (const summary of ['List orders', 'Create an order', 'Get an order', 'Capture payment for an order', 'Cancel a pending order', 'Refund an order', 'List events', 'Get an event']) {
    assert.match(markdown, new RegExp(`^### ${summary}$`, 'm'));
  }
  assert.match(markdown, /`POST \/v1\/orders\/\{id\}\/refund`/);
  assert.match(markdown, /^## Authentication$/m);
});
