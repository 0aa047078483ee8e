/**
 * The one way request code reads a tenant table: every select starts scoped to a merchant and an
 * environment, so no query can forget either (and a later shard key is always present).
 *
 * @example selectScoped(db.kysely, 'orders', tenant).selectAll().where('id', '=', orderId)
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, Environment } from './schema.js';

/** The (merchant, environment) pair every query on a tenant table is scoped to. */
export interface Tenant {
  merchantId: string;
  environment: Environment;
}

/** Tables whose rows belong to one merchant and one environment. */
export type TenantTable =
  | 'products'
  | 'customers'
  | 'discount_codes'
  | 'orders'
  | 'cash_drawers'
  | 'cash_drawer_movements'
  | 'events'
  | 'webhook_endpoints'
  | 'webhook_deliveries'
  | 'webhook_attempts';

export function selectScoped<T extends TenantTable>(db: Kysely<Database>, table: T, tenant: Tenant): SelectQueryBuilder<Database, T, {}> {
  // Kysely cannot see that every table of the union has both columns; the casts state it.
  return (db.selectFrom(table) as unknown as SelectQueryBuilder<Database, TenantTable, {}>)
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment) as unknown as SelectQueryBuilder<Database, T, {}>;
}

/**
 * The tenant's other environment when it holds a row with this id, for a 404 that can say so
 * ("a similar object exists in the sandbox"), as Stripe does for test and live mode. Only the
 * tenant's own merchant is searched, so another merchant's id stays a plain 404.
 *
 * @example
 *   if (row === undefined) throw notFound('order', id, 'id', await otherEnvironmentHolding(db, 'orders', tenant, id));
 */
export async function otherEnvironmentHolding(db: Kysely<Database>, table: TenantTable, tenant: Tenant, id: string): Promise<Environment | undefined> {
  const other: Environment = tenant.environment === 'sandbox' ? 'production' : 'sandbox';
  const row = await selectScoped(db, table, { ...tenant, environment: other })
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : other;
}
