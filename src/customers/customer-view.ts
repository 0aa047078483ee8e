/**
 * A customer as the API shows it, from its stored row.
 */
import type { CustomerFields } from '../db/catalog/customers.js';
import type { Customer } from './schemas.js';

export function toCustomer(row: CustomerFields): Customer {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, note: row.note, created_at: row.created_at };
}
