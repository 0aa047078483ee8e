/**
 * Migrations, applied in order by Kysely's migrator on SQLite and PostgreSQL alike. They are listed
 * in code (not read from a folder) so that the compiled server and the test runner load the same set.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Db, DialectName } from './connection.js';
import { initial } from './migrations/0001-initial.js';
import { idempotencyKeys } from './migrations/0002-idempotency-keys.js';
import { userAuth } from './migrations/0003-user-auth.js';
import { orderCounts } from './migrations/0004-order-counts.js';
import { dashboardClient } from './migrations/0005-dashboard-client.js';
import { salesReport } from './migrations/0006-sales-report.js';
import { accountMail } from './migrations/0007-account-mail.js';
import { sessionDetails } from './migrations/0008-session-details.js';
import { processorPayments } from './migrations/0010-processor-payments.js';
import { webhooks } from './migrations/0011-webhooks.js';
import { credentialGeneration } from './migrations/0013-credential-generation.js';
import { webhookFairness } from './migrations/0014-webhook-fairness.js';
import { resetTokens } from './migrations/0015-reset-tokens.js';
import { stripeEvents } from './migrations/0016-stripe-events.js';
import { merchantSettings } from './migrations/0017-merchant-settings.js';
import { orderNumbers } from './migrations/0018-order-numbers.js';
import { catalogueFields } from './migrations/0019-catalogue-fields.js';
import { catalogueCopy } from './migrations/0020-catalogue-copy.js';
import { orderTips } from './migrations/0021-order-tips.js';
import { discounts } from './migrations/0022-discounts.js';
import { modifiers } from './migrations/0023-modifiers.js';
import { cashDrawers } from './migrations/0024-cash-drawers.js';
import { receiptLinks } from './migrations/0025-receipt-links.js';

function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-idempotency-keys': idempotencyKeys(dialect),
    '0003-user-auth': userAuth(dialect),
    '0004-order-counts': orderCounts(dialect),
    '0005-dashboard-client': dashboardClient(),
    '0006-sales-report': salesReport(),
    '0007-account-mail': accountMail(dialect),
    '0008-session-details': sessionDetails(),
    '0010-processor-payments': processorPayments(dialect),
    '0011-webhooks': webhooks(dialect),
    '0013-credential-generation': credentialGeneration(dialect),
    '0014-webhook-fairness': webhookFairness(dialect),
    '0015-reset-tokens': resetTokens(dialect),
    '0016-stripe-events': stripeEvents(dialect),
    '0017-merchant-settings': merchantSettings(),
    '0018-order-numbers': orderNumbers(dialect),
    '0019-catalogue-fields': catalogueFields(dialect),
    '0020-catalogue-copy': catalogueCopy(dialect),
    '0021-order-tips': orderTips(),
    '0022-discounts': discounts(dialect),
    '0023-modifiers': modifiers(),
    '0024-cash-drawers': cashDrawers(dialect),
    '0025-receipt-links': receiptLinks(dialect),
  };
}

/** Applies every migration not yet applied; returns the names of those it ran. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to `name`, included (a database as an older release left it, for tests of a later migration). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely as Kysely<any>,
    provider: { getMigrations: async () => migrations(db.dialect) },
    // Kysely looks for its own tables in every schema unless told which one: a second Till schema
    // in the same PostgreSQL database would then find the first one's and never create its own.
    ...(db.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const result: MigrationResultSet = await run(migrator);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The schema unqualified names resolve to: DATABASE_SCHEMA when set, else the first of search_path. */
async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
  const schema = rows[0]?.schema;
  if (schema == null) throw new Error('PostgreSQL has no current schema: the search_path names no schema that exists');
  return schema;
}
