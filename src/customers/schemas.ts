import Type, { type Static } from 'typebox';
import { IdOf, IdParam, Nullable, Pagination, PaginationQuery, PHONE_PATTERN, Timestamp } from '../http/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 250 });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Phone = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: PHONE_PATTERN,
  description: 'Up to 32 characters: an optional leading `+` (E.164 style), digits, and spaces, dashes, dots or parentheses, which are removed before it is stored.',
  examples: ['+44 20 7946 0958'],
});
const Note = Type.String({ maxLength: 1000, description: 'Free text for the staff, at most 1000 characters.' });

export const Customer = Type.Object(
  {
    id: IdOf('cus'),
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String({ description: 'A leading `+` and digits only, as stored; `null` without one.', examples: ['+442079460958'] })),
    note: Nullable(Type.String({ description: '`null` without one.' })),
    created_at: Timestamp,
  },
  { $id: 'Customer', title: 'Customer' },
);
export type Customer = Static<typeof Customer>;

export const CustomerList = Type.Object({ data: Type.Array(Customer), pagination: Pagination }, { $id: 'CustomerList' });

export const CreateCustomerBody = Type.Object(
  { name: Name, email: Type.Optional(Nullable(Email)), phone: Type.Optional(Nullable(Phone)), note: Type.Optional(Nullable(Note)) },
  { additionalProperties: false },
);
export type CreateCustomerBody = Static<typeof CreateCustomerBody>;

export const UpdateCustomerBody = Type.Object(
  { name: Type.Optional(Name), email: Type.Optional(Nullable(Email)), phone: Type.Optional(Nullable(Phone)), note: Type.Optional(Nullable(Note)) },
  { additionalProperties: false, description: 'Only the fields sent change; `null` removes an `email`, `phone` or `note`.' },
);
export type UpdateCustomerBody = Static<typeof UpdateCustomerBody>;

export const ListCustomersQuery = Type.Object(
  {
    ...PaginationQuery,
    email: Type.Optional(Type.String({ maxLength: 254, description: 'Only customers with exactly this e-mail address.' })),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Search text, trimmed: customers whose name or e-mail starts with it, ignoring case (ASCII letters on SQLite), or, when it reads as a phone number, whose stored `phone` starts with its `+` and digits (digits without `+` also match after the `+`). Each kind reads an index; combines with `email`. Blank text matches every customer.',
        examples: ['ada', 'ada@example', '+4420'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListCustomersQuery = Static<typeof ListCustomersQuery>;

export const CustomerIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
