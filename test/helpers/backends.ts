/**
 * The databases every data test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Each test server gets a database of its own (a fresh SQLite file, or a fresh PostgreSQL schema that
 * is dropped afterwards), so no test sees another's rows and earlier runs leave nothing that matters.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import pg from 'pg';
import { randomBase62 } from '../../src/ids.js';

export type BackendName = 'sqlite' | 'postgres';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;
export const POSTGRES_SKIP = POSTGRES_URL ? false : 'PostgreSQL not tested: set TEST_DATABASE_URL=postgres://... to run this on PostgreSQL';

export const BACKENDS: readonly BackendName[] = ['sqlite', 'postgres'];

/** Runs `suite` once per database, naming the database in the suite's title. */
export function describeEachBackend(title: string, suite: (backend: BackendName) => void): void {
  for (const backend of BACKENDS) {
    describe(`${title} [${backend}]`, { skip: backend === 'postgres' ? POSTGRES_SKIP : false }, () => suite(backend));
  }
}

export interface TestDatabase {
  url: string;
  schema: string | undefined;
  drop(): Promise<void>;
}

/** A new, empty database for one test server. */
export async function createTestDatabase(backend: BackendName): Promise<TestDatabase> {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'till-test-'));
    return { url: `sqlite:${join(dir, 'till.db')}`, schema: undefined, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (POSTGRES_URL === undefined) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `till_test_${randomBase62(12).toLowerCase()}`;
  return {
    url: POSTGRES_URL,
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
