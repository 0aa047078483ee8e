/**
 * What a merchant's shop holds in one environment, in a few figures: the products an example order
 * could sell, and how many products, customers and orders (by status) there are. `till demo` prints
 * them. Reads the catalogue's and the orders' tables, each scoped to the merchant and environment.
 */
import type { ReadHandle } from '../handle.js';
import { kyselyOf } from '../handle.js';
import type { Environment, OrderStatus } from '../schema.js';
import { selectScoped, type Tenant } from '../scoped.js';

export interface ShopSummary {
  /** The active products with no stock tracked or at least `minimumStock` units left. */
  orderable: { id: string; name: string; price: number; inventory: number | null }[];
  ordersByStatus: { status: OrderStatus; n: number }[];
  products: number;
  customers: number;
}

export async function shopSummary(handle: ReadHandle, merchantId: string, environment: Environment, minimumStock: number): Promise<ShopSummary> {
  const tenant: Tenant = { merchantId, environment };
  const db = kyselyOf(handle);
  const orderable = await selectScoped(db, 'products', tenant)
    .select(['id', 'name', 'price', 'inventory'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('inventory', 'is', null), eb('inventory', '>=', minimumStock)]))
    .execute();
  const ordersByStatus = await selectScoped(db, 'orders', tenant).select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const count = async (table: 'products' | 'customers') =>
    Number((await selectScoped(db, table, tenant).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { orderable, ordersByStatus, products: await count('products'), customers: await count('customers') };
}
