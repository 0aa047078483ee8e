/**
 * Writes `packages/client/src/schema.ts` from the OpenAPI document: `npm run client:generate`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from './client-schema.js';

writeFileSync(CLIENT_SCHEMA_FILE, await renderClientSchema());
console.log(`wrote ${fileURLToPath(CLIENT_SCHEMA_FILE)}`);
