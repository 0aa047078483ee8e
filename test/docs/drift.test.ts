/**
 * What the documentation states that the code also knows, held together: the README's list of the
 * migrations `till migrate` applies to a new database, and the OpenAPI document's `info.version`.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { openApiDocument } from '../../src/docs/api-markdown.js';

const ROOT = new URL('../../', import.meta.url);

test("the README's migration list names every file of src/db/migrations, in order", () => {
  const files = readdirSync(new URL('src/db/migrations/', ROOT))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
  const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
  const listed = /`\{"migrations": (\[[^\]]*\])\}` on a new database/.exec(readme);
  assert.ok(listed, 'the README shows the output of till migrate --json on a new database');
  assert.deepEqual(JSON.parse(listed[1]!), files);
});

test("the OpenAPI document's info.version is the package's version", async () => {
  const { version } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { version: string };
  const document = (await openApiDocument()) as { info: { version: string } };
  assert.equal(document.info.version, version);
});
