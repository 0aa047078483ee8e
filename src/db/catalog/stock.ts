/**
 * The products' stock column, given back: when an order is canceled or its units are refunded.
 * (Stock is taken by Create Order's own statements, `db/orders/create-order.ts`.) Products whose
 * stock is not tracked (`inventory` null) stay untracked.
 */
import { sql } from 'kysely';
import { kyselyOf } from '../handle.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** Puts units back on the shelf of products whose stock is tracked, one UPDATE per product, in id order. */
export async function restock(trx: DbTransaction, tenant: Tenant, units: ReadonlyArray<{ product_id: string; quantity: number }>, now: string): Promise<void> {
  for (const { product_id, quantity } of [...units].sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0))) {
    await kyselyOf(trx)
      .updateTable('products')
      .set({ inventory: sql`inventory + ${quantity}`, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', product_id)
      .where('inventory', 'is not', null)
      .execute();
  }
}
