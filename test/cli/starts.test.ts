/**
 * The built `till serve` starts and stops cleanly many times in a row on the running Node.js: each
 * start reaches its listening line, and each stop (SIGTERM) exits 0 with nothing on standard error.
 * A native driver that mishandles the process's or a thread's exit (better-sqlite3 12 on Node.js 24
 * aborted in `Database::~Database` in about half the starts) fails here. `till demo --serve`:
 * demo-starts.test.ts, a file of its own so that the two run side by side.
 */
import { test } from 'node:test';
import { createTestDatabase, describeEachBackend } from '../helpers/backends.js';
import { tillEnv } from '../helpers/cli.js';
import { STARTS, STARTS_TIMEOUT_MS, startRepeatedly } from '../helpers/starts.js';

describeEachBackend('till serve starts and stops every time', (backend) => {
  test(`till serve: ${STARTS} starts in a row`, { timeout: STARTS_TIMEOUT_MS }, async (t) => {
    const database = await createTestDatabase(backend);
    t.after(() => database.drop());
    await startRepeatedly(['serve'], tillEnv(database), /^Till is listening on http:\/\/\S+/m);
  });
});
