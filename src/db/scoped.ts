/**
 * The one way request code reads a tenant table: every select starts scoped to a merchant and an
 * environment, so no query can forget either (and a later shard key is always present).
 *
 * @example selectScoped(db.kysely, 'orders', tenant).selectAll().where('id', '=', orderId)
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Tenant } from '../auth/principal.js';
import type { Database } from './schema.js';

/** Tables whose rows belong to one merchant and one environment. */
export type TenantTable = 'products' | 'customers' | 'orders' | 'events';

export function selectScoped<T extends TenantTable>(db: Kysely<Database>, table: T, tenant: Tenant): SelectQueryBuilder<Database, T, {}> {
  // Kysely cannot see that every table of the union has both columns; the casts state it.
  return (db.selectFrom(table) as unknown as SelectQueryBuilder<Database, TenantTable, {}>)
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment) as unknown as SelectQueryBuilder<Database, T, {}>;
}
