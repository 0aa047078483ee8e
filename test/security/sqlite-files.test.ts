/**
 * The SQLite database is private to the server's account whatever the umask: the directory Till
 * makes for it is 0700, the database file and its -wal and -shm files are 0600 (read with `stat`).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openSqlite } from '../../src/db/sqlite.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { runTill } from '../helpers/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'till-modes-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The octal permission bits `stat` reports. */
const modeOf = (path: string) => execFileSync('stat', ['-c', '%a', path], { encoding: 'utf8' }).trim();

test('with umask 022, a new database directory is 0700 and the database, -wal and -shm are 0600', async () => {
  const previous = process.umask(0o022);
  try {
    const directory = join(scratch, 'fresh', 'data');
    const path = join(directory, 'till.db');
    const db = openSqlite(`sqlite:${path}`, 1000);
    try {
      await migrateToLatest(db);
      // A write while open: the write-ahead log and its index exist now.
      await db.kysely.selectFrom('merchants').select('id').execute();
      assert.equal(modeOf(join(scratch, 'fresh')), '700', 'a parent Till made too');
      assert.equal(modeOf(directory), '700');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(modeOf(file), '600', file);
    } finally {
      await db.close();
    }
  } finally {
    process.umask(previous);
  }
});

test('files an earlier version left readable by others are made 0600 when the server opens them; a read-only file stays read-only', async () => {
  const previous = process.umask(0o022);
  try {
    const path = join(scratch, 'old.db');
    const first = openSqlite(`sqlite:${path}`, 1000);
    await migrateToLatest(first);
    await first.close();
    chmodSync(path, 0o644);
    writeFileSync(`${path}-wal`, '');
    chmodSync(`${path}-wal`, 0o666);
    const again = openSqlite(`sqlite:${path}`, 1000);
    try {
      assert.equal(modeOf(path), '600');
      assert.equal(modeOf(`${path}-wal`), '600');
    } finally {
      await again.close();
    }
    const readOnly = join(scratch, 'read-only.db');
    const made = openSqlite(`sqlite:${readOnly}`, 1000);
    await made.close();
    chmodSync(readOnly, 0o444);
    const opened = openSqlite(`sqlite:${readOnly}`, 1000);
    try {
      assert.equal(modeOf(readOnly), '400');
    } finally {
      await opened.close();
    }
  } finally {
    process.umask(previous);
  }
});

test('till demo, which writes its key file beside the database first, makes the directory 0700 too', async () => {
  const previous = process.umask(0o022);
  try {
    const directory = join(scratch, 'demo', 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `sqlite:${join(directory, 'till.db')}`, LOG_LEVEL: 'silent', NODE_ENV: 'development' };
    delete env.SIGNING_KEY_ENCRYPTION_KEY;
    const demo = await runTill(['demo', '--json'], env);
    assert.equal(demo.code, 0, demo.stderr);
    assert.equal(modeOf(directory), '700');
    for (const file of ['till.db', 'till.db.signing-key-encryption-key']) assert.equal(modeOf(join(directory, file)), '600', file);
  } finally {
    process.umask(previous);
  }
});
