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
import { sql, type Updateable } from 'kysely';

/** A product's columns as the API reads them. */
export type ProductFields = Omit<ProductRow, 'merchant_id' | 'environment' | 'copied_from_product_id'>;

const COLUMNS = ['id', 'name', 'price', 'currency', 'inventory', 'active', 'sku', 'barcode', 'category', 'created_at', 'updated_at', 'modifier_groups'] as const satisfies ReadonlyArray<keyof ProductRow>;

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

/**
 * The tenant's products as whole rows, every column the migrations gave the table (not the API's
 * `COLUMNS`), oldest first: what a copy of the catalogue starts from, so that a column added later
 * comes along without a change here.
 */
export function wholeProductRows(handle: ReadHandle, tenant: Tenant): Promise<ProductRow[]> {
  return selectScoped(kyselyOf(handle), 'products', tenant).selectAll().orderBy('created_at').orderBy('id').execute();
}

/** The sources of the tenant's copies: the ids in `copied_from_product_id` of its products. */
export async function copiedSourceIds(handle: ReadHandle, tenant: Tenant): Promise<Set<string>> {
  const rows = await selectScoped(kyselyOf(handle), 'products', tenant).select('copied_from_product_id').where('copied_from_product_id', 'is not', null).execute();
  return new Set(rows.map((row) => row.copied_from_product_id!));
}

/** Rows per INSERT of `insertProductCopies`: far under either database's limit of bound parameters (SQLite's 32766) however many columns products gain. */
const COPIES_PER_STATEMENT = 200;

/**
 * Inserts copies of products, skipping each that a unique index refuses: above all
 * `products_copied_from` (the tenant already holds a copy of the same source), and any unique
 * field of the products a later migration adds (a production product already holds that value).
 * `insert ... on conflict do nothing`, without a target so that it covers them all: a copy running
 * at the same time waits for the other's commit and then inserts nothing, and a clash is a product
 * already there rather than an error that would undo the whole copy. Rows go in `rows`' order, a
 * few hundred per statement. Returns the sources of the copies this call inserted.
 */
export async function insertProductCopies(trx: DbTransaction, rows: ReadonlyArray<ProductRow & { copied_from_product_id: string }>): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let from = 0; from < rows.length; from += COPIES_PER_STATEMENT) {
    const returned = await kyselyOf(trx)
      .insertInto('products')
      .values(rows.slice(from, from + COPIES_PER_STATEMENT))
      .onConflict((oc) => oc.doNothing())
      .returning('copied_from_product_id')
      .execute();
    for (const row of returned) inserted.add(row.copied_from_product_id!);
  }
  return inserted;
}
