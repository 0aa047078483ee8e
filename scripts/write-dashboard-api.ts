/**
 * Writes `dashboard/src/api/schema.d.ts` from the OpenAPI document: `npm run dashboard:api`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderDashboardSchema, SCHEMA_FILE } from './dashboard-schema.js';

writeFileSync(SCHEMA_FILE, await renderDashboardSchema());
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)}`);
