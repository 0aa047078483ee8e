/**
 * Update Customer: changes the fields given and records `customer.updated` with the customer as it
 * now is, in one transaction. A body that changes nothing records no event.
 */
import type { Tenant } from '../auth/principal.js';
import { findCustomer, otherEnvironmentOfCustomer, updateCustomerRow } from '../db/catalog/customers.js';
import { notFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { toCustomer } from './customer-view.js';
import { getCustomer } from './get-customer.js';
import { storedPhone } from './phone.js';
import type { Customer, UpdateCustomerBody } from './schemas.js';

export async function updateCustomer(services: Services, tenant: Tenant, customerId: string, input: UpdateCustomerBody): Promise<Customer> {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.email === undefined ? {} : { email: input.email }),
    ...(input.phone === undefined ? {} : { phone: input.phone === null ? null : storedPhone(input.phone) }),
    ...(input.note === undefined ? {} : { note: input.note }),
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
