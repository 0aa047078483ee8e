/**
 * Writes `test/docs/openapi.expected.json`, the served OpenAPI document that a test compares with the
 * current one: `npm run docs:openapi-snapshot`, after a change to the API that is meant.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/docs/api-markdown.js';

const OPENAPI_SNAPSHOT_FILE = new URL('../test/docs/openapi.expected.json', import.meta.url);

writeFileSync(OPENAPI_SNAPSHOT_FILE, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`wrote ${fileURLToPath(OPENAPI_SNAPSHOT_FILE)}`);
