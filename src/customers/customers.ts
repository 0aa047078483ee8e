/**
 * Customers of a merchant. Orders name them by id; Get Order embeds their current name and e-mail.
 */
import { pageOf, type Pagination } from '../db/paginate.js';
import type { Tenant } from '../auth/principal.js';
import type { CustomerRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { CreateCustomerBody, Customer, ListCustomersQuery, UpdateCustomerBody } from './schemas.js';
import { selectScoped, otherEnvironmentHolding } from '../db/scoped.js';

const COLUMNS = ['id', 'name', 'email', 'created_at'];

function toCustomer(row: Pick<CustomerRow, 'id' | 'name' | 'email' | 'created_at'>): Customer {
  return { id: row.id, name: row.name, email: row.email, created_at: row.created_at };
}

export async function createCustomer({ clock, transaction }: Services, tenant: Tenant, input: CreateCustomerBody): Promise<Customer> {
  const now = isoNow(clock);
  const row = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: newId('cus'),
    name: input.name,
    email: input.email ?? null,
    created_at: now,
    updated_at: now,
  };
  return transaction(async (trx) => {
    await trx.insertInto('customers').values(row).execute();
    const customer = toCustomer(row);
    await recordEvent(trx, tenant, 'customer.created', customer, now);
    return customer;
  });
}

export async function getCustomer({ db }: Services, tenant: Tenant, customerId: string): Promise<Customer> {
  const row = await selectScoped(db.kysely, 'customers', tenant)
    .select(['id', 'name', 'email', 'created_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('customer', customerId, 'id', await otherEnvironmentHolding(db.kysely, 'customers', tenant, customerId));
  return toCustomer(row);
}

/**
 * Changes the fields given and records `customer.updated` with the customer as it now is, in one
 * transaction. A body that changes nothing records no event.
 */
export async function updateCustomer(services: Services, tenant: Tenant, customerId: string, input: UpdateCustomerBody): Promise<Customer> {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.email === undefined ? {} : { email: input.email }),
  };
  if (Object.keys(changes).length === 0) return getCustomer(services, tenant, customerId);
  const now = isoNow(services.clock);
  return services.transaction(async (trx) => {
    const result = await trx
      .updateTable('customers')
      .set({ ...changes, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('environment', '=', tenant.environment)
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound('customer', customerId, 'id', await otherEnvironmentHolding(trx, 'customers', tenant, customerId));
    const row = await selectScoped(trx, 'customers', tenant).select(['id', 'name', 'email', 'created_at']).where('id', '=', customerId).executeTakeFirstOrThrow();
    const customer = toCustomer(row);
    await recordEvent(trx, tenant, 'customer.updated', customer, now);
    return customer;
  });
}

export async function listCustomers(
  { db }: Services,
  tenant: Tenant,
  query: ListCustomersQuery,
): Promise<{ data: Customer[]; pagination: Pagination }> {
  let filtered = selectScoped(db.kysely, 'customers', tenant);
  if (query.email !== undefined) filtered = filtered.where('email', '=', query.email);
  const { rows, pagination } = await pageOf<CustomerRow>(filtered, COLUMNS, query);
  return { data: rows.map(toCustomer), pagination };
}
