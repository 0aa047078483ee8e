/**
 * The products store: every statement on `products` but stock (`stock.ts`) and Create Order's
 * reservation (`db/orders/create-order.ts`), with the one column list the API reads.
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { Db } from '../connection.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { Environment, ProductRow, ProductsTable } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';
import { sql, type Updateable } from 'kysely';

/** A product's columns as the API reads them. */
export type ProductFields = Omit<ProductRow, 'merchant_id' | 'environment'>;

const COLUMNS = ['id', 'name', 'price', 'currency', 'inventory', 'active', 'sku', 'barcode', 'category', 'created_at', 'updated_at'] as const satisfies ReadonlyArray<keyof ProductRow>;

export async function insertProduct(trx: DbTransaction, row: ProductRow): Promise<void> {
  await kyselyOf(trx).insertInto('products').values(row).execute();
}

/** The tenant's product, or undefined. */
export function findProduct(handle: ReadHandle, tenant: Tenant, productId: string): Promise<ProductFields | undefined> {
  return selectScoped(kyselyOf(handle), 'products', tenant).select(COLUMNS).where('id', '=', productId).executeTakeFirst();
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

/** What List Products filters on; each is left out when undefined. */
export interface ProductFilter {
  active: boolean | undefined;
  category: string | undefined;
  /** Trimmed and not blank: a prefix of the name (ignoring case), or an exact SKU or barcode. */
  search: string | undefined;
}

/** Above every character: `prefix + HIGHEST` bounds the texts that start with `prefix`, byte by byte. */
const HIGHEST = '\u{10FFFF}';

/**
 * A page of the tenant's products, newest first, filtered as `filter` says.
 *
 * The search is three index ranges united (migration 0019): `products_sku` and `products_barcode`
 * for the exact codes, `products_by_name` for the lower-cased name's prefix, compared byte by byte
 * (SQLite's `lower` changes ASCII letters only). An `or` of the three would read every product of
 * the tenant.
 *
 * @example const { rows } = await productPage(db, tenant, { active: true, category: undefined, search: 'esp' }, { page: 1 });
 */
export async function productPage(db: Db, tenant: Tenant, filter: ProductFilter, request: PageRequest): Promise<{ rows: ProductFields[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'products', tenant);
  if (filter.active !== undefined) filtered = filtered.where('active', '=', filter.active ? 1 : 0);
  if (filter.category !== undefined) filtered = filtered.where('category', '=', filter.category);
  const { search } = filter;
  if (search !== undefined) {
    const lowered = db.dialect === 'postgres' ? sql`(lower(name) collate "C")` : sql`lower(name)`;
    const scopedIds = () => selectScoped(db.kysely, 'products', tenant).select('id');
    filtered = filtered.where('id', 'in', () =>
      scopedIds()
        .where('sku', '=', search)
        .unionAll(scopedIds().where('barcode', '=', search))
        .unionAll(scopedIds().where(sql<boolean>`${lowered} >= lower(${search}) and ${lowered} < lower(${`${search}${HIGHEST}`})`)),
    );
  }
  return pageOf<ProductFields>(filtered, COLUMNS, request);
}

/**
 * Which of `codes` another product of the tenant holds already (`sku` first), or undefined: the
 * check before a write that the unique indexes `products_sku` and `products_barcode` back.
 */
export async function takenProductCode(
  handle: ReadHandle,
  tenant: Tenant,
  codes: { sku?: string | null | undefined; barcode?: string | null | undefined },
  exceptId?: string,
): Promise<'sku' | 'barcode' | undefined> {
  for (const field of ['sku', 'barcode'] as const) {
    const value = codes[field];
    if (value === undefined || value === null) continue;
    let holders = selectScoped(kyselyOf(handle), 'products', tenant).select('id').where(field, '=', value);
    if (exceptId !== undefined) holders = holders.where('id', '!=', exceptId);
    if ((await holders.executeTakeFirst()) !== undefined) return field;
  }
  return undefined;
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
