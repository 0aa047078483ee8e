/**
 * The sales report's statements: orders paid and refunds made over a range, counted and added up by
 * the database per bucket (GROUP BY), on SQLite and PostgreSQL alike.
 *
 * Timestamps are stored as ISO 8601 UTC text of one shape (`2026-11-21T10:00:00.000Z`), so the first
 * `keyLength` characters name the bucket (13: the UTC hour, 10: the UTC day) on both databases, with
 * no date functions that differ between them.
 */
import { sql } from 'kysely';
import type { Db } from '../connection.js';
import type { Tenant } from '../scoped.js';

/** A bucket's count and amount, as the database answers them (PostgreSQL: count and sum of bigint as text). */
export interface SalesBucketRow {
  bucket: string;
  count: number | string;
  amount: number | string;
}

/** A bucket of paid orders: their count, the sum of their totals (tips included) and of their tips. */
export interface PaidBucketRow extends SalesBucketRow {
  tips: number | string;
}

/** Per bucket, the orders paid in [from, to) (count, total and tips) and the refunds made in it (count and amount). */
export async function salesByBucket(db: Db, tenant: Tenant, from: string, to: string, keyLength: number): Promise<{ sales: PaidBucketRow[]; refunds: SalesBucketRow[] }> {
  const bucketOf = (column: 'paid_at' | 'created_at') => sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(keyLength)})`;
  const [sales, refunds] = await Promise.all([
    db.kysely
      .selectFrom('orders')
      .select((eb) => [bucketOf('paid_at').as('bucket'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('total').as('amount'), eb.fn.sum<number>('tip').as('tips')])
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .where('status', 'in', ['paid', 'partially_refunded', 'refunded'])
      .groupBy(bucketOf('paid_at'))
      .execute(),
    db.kysely
      .selectFrom('refunds')
      .select((eb) => [bucketOf('created_at').as('bucket'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount').as('amount')])
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(bucketOf('created_at'))
      .execute(),
  ]);
  return { sales, refunds };
}
