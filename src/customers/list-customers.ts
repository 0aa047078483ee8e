/**
 * List Customers: the tenant's customers, a page at a time, optionally those with one e-mail only, or
 * those a search (`q`) finds by name, e-mail or phone prefix.
 */
import type { Tenant } from '../auth/principal.js';
import { customerPage } from '../db/catalog/customers.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import { toCustomer } from './customer-view.js';
import { phonePrefixes } from './phone.js';
import type { Customer, ListCustomersQuery } from './schemas.js';

export async function listCustomers({ db }: Services, tenant: Tenant, query: ListCustomersQuery): Promise<{ data: Customer[]; pagination: Pagination }> {
  const text = query.q?.trim() ?? '';
  const search = text === '' ? undefined : { text, phones: phonePrefixes(text) };
  const { rows, pagination } = await customerPage(db, tenant, { email: query.email, search }, query);
  return { data: rows.map(toCustomer), pagination };
}
