/**
 * List Customers: the tenant's customers, a page at a time, optionally those with one e-mail only.
 */
import type { Tenant } from '../auth/principal.js';
import { customerPage } from '../db/catalog/customers.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toCustomer } from './customer-view.js';
import type { Customer, ListCustomersQuery } from './schemas.js';

export async function listCustomers({ db }: Services, tenant: Tenant, query: ListCustomersQuery): Promise<{ data: Customer[]; pagination: Pagination }> {
  const { rows, pagination } = await customerPage(db, tenant, query.email, query);
  return { data: rows.map(toCustomer), pagination };
}
