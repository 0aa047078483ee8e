/**
 * The customers store: every statement on `customers` but Create Order's reading of one
 * (`db/orders/create-order.ts`) and the order's JSON (`db/orders/order-json.ts`), with the one column
 * list the API reads.
 */
import type { Updateable } from 'kysely';
import type { Db } from '../connection.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { CustomerRow, CustomersTable, Environment } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** A customer's columns as the API reads them. */
export type CustomerFields = Pick<CustomerRow, 'id' | 'name' | 'email' | 'created_at'>;

const COLUMNS = ['id', 'name', 'email', 'created_at'] as const satisfies ReadonlyArray<keyof CustomerRow>;

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

/** A page of the tenant's customers, newest first, of one e-mail address when `email` is given. */
export async function customerPage(db: Db, tenant: Tenant, email: string | undefined, request: PageRequest): Promise<{ rows: CustomerFields[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'customers', tenant);
  if (email !== undefined) filtered = filtered.where('email', '=', email);
  return pageOf<CustomerFields>(filtered, COLUMNS, request);
}

/** How many customers the tenant has. */
export async function countCustomers(handle: ReadHandle, tenant: Tenant): Promise<number> {
  const { n } = await selectScoped(kyselyOf(handle), 'customers', tenant).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
