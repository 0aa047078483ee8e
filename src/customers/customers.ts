/**
 * Customers of a merchant. Orders name them by id; Get Order embeds their current name and e-mail.
 */
import type { Tenant } from '../auth/principal.js';
import { customerPage, findCustomer, insertCustomer, otherEnvironmentOfCustomer, updateCustomerRow, type CustomerFields } from '../db/catalog/customers.js';
import type { Pagination } from '../db/paginate.js';
import { notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { CreateCustomerBody, Customer, ListCustomersQuery, UpdateCustomerBody } from './schemas.js';

function toCustomer(row: CustomerFields): Customer {
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
    await insertCustomer(trx, row);
    const customer = toCustomer(row);
    await recordEvent(trx, tenant, 'customer.created', customer, now);
    return customer;
  });
}

export async function getCustomer({ db }: Services, tenant: Tenant, customerId: string): Promise<Customer> {
  const row = await findCustomer(db, tenant, customerId);
  if (row === undefined) throw notFound('customer', customerId, 'id', await otherEnvironmentOfCustomer(db, tenant, customerId));
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
    if (!(await updateCustomerRow(trx, tenant, customerId, changes, now))) {
      throw notFound('customer', customerId, 'id', await otherEnvironmentOfCustomer(trx, tenant, customerId));
    }
    const customer = toCustomer((await findCustomer(trx, tenant, customerId))!);
    await recordEvent(trx, tenant, 'customer.updated', customer, now);
    return customer;
  });
}

export async function listCustomers(
  { db }: Services,
  tenant: Tenant,
  query: ListCustomersQuery,
): Promise<{ data: Customer[]; pagination: Pagination }> {
  const { rows, pagination } = await customerPage(db, tenant, query.email, query);
  return { data: rows.map(toCustomer), pagination };
}
