/**
 * Create Customer: a customer of the merchant, recorded with `customer.created` in one transaction.
 * Orders name customers by id; Get Order embeds their current name and e-mail.
 */
import type { Tenant } from '../auth/principal.js';
import { insertCustomer } from '../db/catalog/customers.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { toCustomer } from './customer-view.js';
import { storedPhone } from './phone.js';
import type { CreateCustomerBody, Customer } from './schemas.js';

export async function createCustomer({ clock, transaction }: Services, tenant: Tenant, input: CreateCustomerBody): Promise<Customer> {
  const now = isoNow(clock);
  const row = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: newId('cus'),
    name: input.name,
    email: input.email ?? null,
    phone: input.phone == null ? null : storedPhone(input.phone),
    note: input.note ?? null,
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
