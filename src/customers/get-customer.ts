/**
 * Get Customer: one customer of the tenant; another environment's customer is 404, with a hint.
 */
import type { Tenant } from '../auth/principal.js';
import { findCustomer, otherEnvironmentOfCustomer } from '../db/catalog/customers.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { toCustomer } from './customer-view.js';
import type { Customer } from './schemas.js';

export async function getCustomer({ db }: Services, tenant: Tenant, customerId: string): Promise<Customer> {
  const row = await findCustomer(db, tenant, customerId);
  if (row === undefined) throw notFound('customer', customerId, 'id', await otherEnvironmentOfCustomer(db, tenant, customerId));
  return toCustomer(row);
}
