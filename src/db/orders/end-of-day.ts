/**
 * The end-of-day report's sums: the orders paid and the refunds made over a range, added up by the
 * database per register (the register of the cash drawer a sale was rung up on; null for a sale
 * made without one), on SQLite and PostgreSQL alike.
 *
 * A refund counts on the register of the drawer its cash came out of (`refunds.cash_drawer_id`);
 * one paid from no drawer (a card refund, say) on the register its order was rung up on.
 *
 * Timestamps are stored as ISO 8601 UTC text of one shape, so a range is a comparison of text.
 * PostgreSQL answers count and sum of bigint as text: callers read every figure with `Number`.
 */
import { sql } from 'kysely';
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { Tenant } from '../scoped.js';

/** The orders paid in the range on one register: how many, and the sums of their totals, tips, tax and cash parts. */
export interface RegisterSalesRow {
  register: string | null;
  orders: number | string;
  total: number | string;
  tips: number | string;
  tax: number | string;
  cash: number | string;
}

/** The refunds made in the range on one register: the sum of their amounts and of their cash parts. */
export interface RegisterRefundsRow {
  register: string | null;
  amount: number | string;
  cash: number | string;
}

/** Per register, the orders paid in [from, to) and the refunds made in it. */
export async function endOfDaySums(handle: ReadHandle, tenant: Tenant, from: string, to: string): Promise<{ sales: RegisterSalesRow[]; refunds: RegisterRefundsRow[] }> {
  const db = kyselyOf(handle);
  const [sales, refunds] = await Promise.all([
    db
      .selectFrom('orders as o')
      .leftJoin('cash_drawers as d', (join) => join.onRef('d.merchant_id', '=', 'o.merchant_id').onRef('d.id', '=', 'o.cash_drawer_id'))
      .select((eb) => [
        'd.register as register',
        eb.fn.countAll<number | string>().as('orders'),
        eb.fn.sum<number | string>('o.total').as('total'),
        eb.fn.sum<number | string>('o.tip').as('tips'),
        eb.fn.sum<number | string>('o.tax').as('tax'),
        eb.fn.sum<number | string>('o.cash_amount').as('cash'),
      ])
      .where('o.merchant_id', '=', tenant.merchantId)
      .where('o.environment', '=', tenant.environment)
      .where('o.paid_at', '>=', from)
      .where('o.paid_at', '<', to)
      .where('o.status', 'in', ['paid', 'partially_refunded', 'refunded'])
      .groupBy('d.register')
      .execute(),
    db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', (join) => join.onRef('o.merchant_id', '=', 'r.merchant_id').onRef('o.id', '=', 'r.order_id'))
      .leftJoin('cash_drawers as d', (join) => join.onRef('d.merchant_id', '=', 'r.merchant_id').on('d.id', '=', sql<string>`coalesce(${sql.ref('r.cash_drawer_id')}, ${sql.ref('o.cash_drawer_id')})`))
      .select((eb) => ['d.register as register', eb.fn.sum<number | string>('r.amount').as('amount'), eb.fn.sum<number | string>('r.cash_amount').as('cash')])
      .where('r.merchant_id', '=', tenant.merchantId)
      .where('r.environment', '=', tenant.environment)
      .where('r.created_at', '>=', from)
      .where('r.created_at', '<', to)
      .groupBy('d.register')
      .execute(),
  ]);
  return { sales, refunds };
}
