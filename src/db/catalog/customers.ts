/**
 * The customers store: every statement on `customers` but Create Order's reading of one
 * (`db/orders/create-order.ts`) and the order's JSON (`db/orders/order-json.ts`), with the one column
 * list the API reads.
 */
import { sql, type Updateable } from 'kysely';
import type { Db } from '../connection.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { CustomerRow, CustomersTable, Environment } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** A customer's columns as the API reads them. */
export type CustomerFields = Pick<CustomerRow, 'id' | 'name' | 'email' | 'phone' | 'note' | 'created_at'>;

const COLUMNS = ['id', 'name', 'email', 'phone', 'note', 'created_at'] as const satisfies ReadonlyArray<keyof CustomerRow>;

export async function insertCustomer(trx: DbTransaction, row: CustomerRow): Promise<void> {
  await kyselyOf(trx).insertInto('customers').values(row).execute();
}

/** The tenant's customer, or undefined. */
export function findCustomer(handle: ReadHandle, tenant: Tenant, customerId: string): Promise<CustomerFields | undefined> {
  return selectScoped(kyselyOf(handle), 'customers', tenant).select(COLUMNS).where('id', '=', customerId).executeTakeFirst();
}

/** The tenant's other environment when it holds a customer with this id (for the 404's hint). */
export function otherEnvironmentOfCustomer(handle: ReadHandle, tenant: Tenant, customerId: string): Promise<Environment | undefined> {
  return otherEnvironmentHolding(kyselyOf(handle), 'customers', tenant, customerId);
}

/** Changes the tenant's customer; false when it has none of this id. */
export async function updateCustomerRow(trx: DbTransaction, tenant: Tenant, customerId: string, changes: Updateable<CustomersTable>, now: string): Promise<boolean> {
  const result = await kyselyOf(trx)
    .updateTable('customers')
    .set({ ...changes, updated_at: now })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return result.numUpdatedRows !== 0n;
}

/** What List Customers filters on; each is left out when undefined. */
export interface CustomerFilter {
  email: string | undefined;
  /**
   * Trimmed and not blank: `text` is a prefix of the name or e-mail (ignoring case); each of
   * `phones` (none when the text is no phone number) a prefix of the stored phone.
   */
  search: { text: string; phones: readonly string[] } | undefined;
}

/** Above every character: `prefix + HIGHEST` bounds the texts that start with `prefix`, byte by byte. */
const HIGHEST = '\u{10FFFF}';

/**
 * A page of the tenant's customers, newest first, filtered as `filter` says.
 *
 * The search is index ranges united: `customers_by_name` and `customers_by_email` (migration 0018,
 * lower-cased, compared byte by byte; SQLite's `lower` changes ASCII letters only) and
 * `customers_by_phone` (0019). An `or` of them would read every customer of the tenant.
 *
 * @example const { rows } = await customerPage(db, tenant, { email: undefined, search: { text: '4420', phones: ['4420', '+4420'] } }, { page: 1 });
 */
export async function customerPage(db: Db, tenant: Tenant, filter: CustomerFilter, request: PageRequest): Promise<{ rows: CustomerFields[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'customers', tenant);
  if (filter.email !== undefined) filtered = filtered.where('email', '=', filter.email);
  const { search } = filter;
  if (search !== undefined) {
    const lowered = (column: 'name' | 'email') => (db.dialect === 'postgres' ? sql`(lower(${sql.ref(column)}) collate "C")` : sql`lower(${sql.ref(column)})`);
    const scopedIds = () => selectScoped(db.kysely, 'customers', tenant).select('id');
    const byText = (column: 'name' | 'email') =>
      scopedIds().where(sql<boolean>`${lowered(column)} >= lower(${search.text}) and ${lowered(column)} < lower(${`${search.text}${HIGHEST}`})`);
    const storedPhone = db.dialect === 'postgres' ? sql`(phone collate "C")` : sql`phone`;
    const byPhone = (prefix: string) => scopedIds().where(sql<boolean>`${storedPhone} >= ${prefix} and ${storedPhone} < ${`${prefix}${HIGHEST}`}`);
    filtered = filtered.where('id', 'in', () => search.phones.reduce((united, prefix) => united.unionAll(byPhone(prefix)), byText('name').unionAll(byText('email'))));
  }
  return pageOf<CustomerFields>(filtered, COLUMNS, request);
}

/** How many customers the tenant has. */
export async function countCustomers(handle: ReadHandle, tenant: Tenant): Promise<number> {
  const { n } = await selectScoped(kyselyOf(handle), 'customers', tenant).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
