import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderDashboardSchema, SCHEMA_FILE } from '../../scripts/dashboard-schema.js';

test("the dashboard's API types are generated from the current OpenAPI document (run `npm run dashboard:api` after a change)", async () => {
  const expected = await renderDashboardSchema();
  const actual = readFileSync(SCHEMA_FILE, 'utf8');
  assert.ok(actual === expected, 'dashboard/src/api/schema.d.ts is stale: run `npm run dashboard:api` and commit the result');
  // The operations the dashboard calls are in it.
  for (const path of ['/v1/account', '/v1/orders/{id}/refund', '/v1/api_keys/{id}/revoke', '/v1/auth/refresh']) {
    assert.ok(actual.includes(`"${path}": {`), path);
  }
});
