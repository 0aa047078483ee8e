/**
 * Order numbers: per merchant and environment, from 1001 with no gap, whatever the concurrency and
 * however many processes. `order_numbers` holds the last number given; Create Order takes the next
 * one in its own transaction, by one upsert that increments the tenant's row (or makes it at 1001):
 * - PostgreSQL: the upsert holds the row's lock until the transaction ends, so a second Create Order
 *   of the tenant waits for the first's commit (and then reads its number) or rollback (and then
 *   takes the same number again): no two orders share a number and a failed one leaves no gap. Two
 *   first orders at once: `on conflict` makes the second wait for the first's row, then update it.
 * - SQLite: transactions begin IMMEDIATE and hold the one write lock until they end.
 * The unique index `orders_number` (merchant, environment, number) is the last guard.
 */
import { preparedOnce, runPrepared } from '../prepared.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

const NEXT = `insert into order_numbers (merchant_id, environment, last_number) values (?, ?, 1001)
  on conflict (merchant_id, environment) do update set last_number = order_numbers.last_number + 1
  returning last_number`;

/** The number of the tenant's next order, taken for the caller's transaction (given back if it rolls back). */
export async function nextOrderNumber(trx: DbTransaction, tenant: Tenant): Promise<number> {
  const [row] = await runPrepared<{ last_number: number }>(trx, preparedOnce(trx.dialect, 'next order number', () => NEXT), [tenant.merchantId, tenant.environment]);
  return Number(row!.last_number);
}
