/**
 * The products store: every statement on `products` but stock (`stock.ts`) and Create Order's
 * reservation (`db/orders/create-order.ts`), with the one column list the API reads.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import { preparedOnce, runPrepared } from '../prepared.js';
import type { Db } from '../connection.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { Environment, ProductRow, ProductsTable } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';
import type { Updateable } from 'kysely';

/** A product's columns as the API reads them. */
export type ProductFields = Omit<ProductRow, 'merchant_id' | 'environment'>;

const COLUMNS = ['id', 'name', 'price', 'currency', 'inventory', 'active', 'created_at', 'updated_at', 'modifier_groups'] as const satisfies ReadonlyArray<keyof ProductRow>;

export async function insertProduct(trx: DbTransaction, row: ProductRow): Promise<void> {
  await kyselyOf(trx).insertInto('products').values(row).execute();
}

/** The tenant's product, or undefined. */
export function findProduct(handle: ReadHandle, tenant: Tenant, productId: string): Promise<ProductFields | undefined> {
  return selectScoped(kyselyOf(handle), 'products', tenant).select(COLUMNS).where('id', '=', productId).executeTakeFirst();
}

/**
 * The tenant's product, its row held until the transaction ends (PostgreSQL locks it; SQLite's
 * transactions already hold the one write lock), so that a change checked against it (Update
 * Product's modifier groups) is not lost to another one; undefined when there is none.
 */
export async function findProductForUpdate(trx: DbTransaction, tenant: Tenant, productId: string): Promise<ProductFields | undefined> {
  const { dialect } = trx;
  const lock = preparedOnce(
    dialect,
    'lock product',
    () => `select ${COLUMNS.join(', ')} from products where merchant_id = ? and environment = ? and id = ?${dialect === 'postgres' ? ' for update' : ''}`,
  );
  const [row] = await runPrepared<ProductFields>(trx, lock, [tenant.merchantId, tenant.environment, productId]);
  return row;
}

/** The tenant's other environment when it holds a product with this id (for the 404's hint). */
export function otherEnvironmentOfProduct(handle: ReadHandle, tenant: Tenant, productId: string): Promise<Environment | undefined> {
  return otherEnvironmentHolding(kyselyOf(handle), 'products', tenant, productId);
}

/** Changes the tenant's product; false when it has none of this id. */
export async function updateProductRow(trx: DbTransaction, tenant: Tenant, productId: string, changes: Updateable<ProductsTable>, now: string): Promise<boolean> {
  const result = await kyselyOf(trx)
    .updateTable('products')
    .set({ ...changes, updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', productId)
    .executeTakeFirst();
  return result.numUpdatedRows !== 0n;
}

/** A page of the tenant's products, newest first, active or not when `active` says. */
export async function productPage(db: Db, tenant: Tenant, active: boolean | undefined, request: PageRequest): Promise<{ rows: ProductFields[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'products', tenant);
  if (active !== undefined) filtered = filtered.where('active', '=', active ? 1 : 0);
  return pageOf<ProductFields>(filtered, COLUMNS, request);
}

/** How many products the tenant has, active or not. */
export async function countProducts(handle: ReadHandle, tenant: Tenant): Promise<number> {
  const { n } = await selectScoped(kyselyOf(handle), 'products', tenant).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** The tenant's active products that an order can take `minimumUnits` of: stock not tracked, or at least that many left. */
export async function orderableProducts(handle: ReadHandle, tenant: Tenant, minimumUnits: number): Promise<Pick<ProductFields, 'id' | 'name' | 'price' | 'inventory'>[]> {
  return selectScoped(kyselyOf(handle), 'products', tenant)
    .select(['id', 'name', 'price', 'inventory'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('inventory', 'is', null), eb('inventory', '>=', minimumUnits)]))
    .execute();
}
