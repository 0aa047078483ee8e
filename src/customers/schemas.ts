import Type, { type Static } from 'typebox';
import { IdOf, IdParam, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 250 });
const Email = Type.String({ format: 'email', maxLength: 254 });

export const Customer = Type.Object(
  { id: IdOf('cus'), name: Type.String(), email: Nullable(Type.String()), created_at: Timestamp },
  { $id: 'Customer', title: 'Customer' },
);
export type Customer = Static<typeof Customer>;

export const CustomerList = Type.Object({ data: Type.Array(Customer), pagination: Pagination }, { $id: 'CustomerList' });

export const CreateCustomerBody = Type.Object(
  { name: Name, email: Type.Optional(Nullable(Email)) },
  { additionalProperties: false },
);
export type CreateCustomerBody = Static<typeof CreateCustomerBody>;

export const UpdateCustomerBody = Type.Object(
  { name: Type.Optional(Name), email: Type.Optional(Nullable(Email)) },
  { additionalProperties: false, description: 'Only the fields sent change.' },
);
export type UpdateCustomerBody = Static<typeof UpdateCustomerBody>;

export const ListCustomersQuery = Type.Object(
  { ...PaginationQuery, email: Type.Optional(Type.String({ maxLength: 254, description: 'Only customers with exactly this e-mail address.' })) },
  { additionalProperties: false },
);
export type ListCustomersQuery = Static<typeof ListCustomersQuery>;

export const CustomerIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
