import Type, { type Static } from 'typebox';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES } from '../auth/users.js';
import { IdOf, IdParam, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

const RoleField = Type.Enum(ROLES, {
  description: 'What the user may do: `admin` (everything, the Team API and API keys included), `manager` (all but API keys and the team) or `cashier` (orders, reading products and customers).',
});

export const User = Type.Object(
  {
    id: IdOf('usr'),
    email: Type.String({ description: 'The e-mail the user signs in with, in lower case. Unique across all merchants.' }),
    role: RoleField,
    created_at: Timestamp,
    removed_at: Nullable(Timestamp),
  },
  {
    $id: 'User',
    additionalProperties: false,
    title: 'User',
    description: 'A person of the merchant who signs in to apps. Never shows the password or its hash. `removed_at` is set once the user was removed.',
  },
);
export type User = Static<typeof User>;

export const UserList = Type.Object({ data: Type.Array(User), pagination: Pagination }, { $id: 'UserList', title: 'UserList' });

export const ListUsersQuery = Type.Object({ ...PaginationQuery }, { additionalProperties: false });
export type ListUsersQuery = Static<typeof ListUsersQuery>;

export const CreateUserBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH, description: 'The e-mail the person will sign in with; stored in lower case. Must not belong to any user yet.' }),
    password: Type.String({
      minLength: 1,
      maxLength: MAX_PASSWORD_LENGTH,
      description: `The initial password, at least ${MIN_PASSWORD_LENGTH} characters, that the admin gives the person. It is temporary: the person must choose their own at their first sign-in. Only its Argon2id hash is kept.`,
    }),
    role: RoleField,
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object({ role: RoleField }, { additionalProperties: false });
export type UpdateUserBody = Static<typeof UpdateUserBody>;

/** Signing a user out takes nothing; an empty body (or none) is fine, any field is unknown. */
export const SignOutUserBody = Type.Object({}, { additionalProperties: false });

export const UserIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
