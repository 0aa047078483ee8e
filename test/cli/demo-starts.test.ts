/**
 * The built `till demo --serve` starts and stops cleanly many times in a row on the running Node.js
 * (see starts.test.ts for `till serve` and why).
 */
import { test } from 'node:test';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { tillEnv } from '../helpers/cli.js';
import { STARTS, STARTS_TIMEOUT_MS, startRepeatedly } from '../helpers/starts.js';

describeEachBackend('till demo --serve starts and stops every time', (backend) => {
  test(`till demo --serve: ${STARTS} starts in a row`, { timeout: STARTS_TIMEOUT_MS }, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    await startRepeatedly(['demo', '--serve'], tillEnv(database), /^The server is listening on http:\/\/\S+/m);
  });
});
