import Type, { type Static } from 'typebox';
import { SCOPES } from '../auth/permissions.js';
import { ROLES } from '../auth/users.js';
import { ENVIRONMENTS } from '../db/schema.js';
import { Currency, IdOf } from '../http/schemas.js';

export const RoleName = Type.Enum(ROLES, { description: 'What the user may do: `admin`, `manager` or `cashier`.' });

export const AccountUser = Type.Object(
  {
    id: IdOf('usr'),
    email: Type.String({ description: 'The e-mail the user signs in with (lower case).' }),
    role: RoleName,
  },
  { additionalProperties: false, description: 'The signed-in user.' },
);

export const Account = Type.Object(
  {
    id: IdOf('mer', 'The merchant the credential acts for.'),
    name: Type.String({ description: "The merchant's business name." }),
    currency: Currency,
    tax_rate_bps: Type.Integer({ minimum: 0, maximum: 10_000, description: 'Tax rate in basis points (825 is 8.25%), applied to every order.' }),
    environment: Type.Enum(ENVIRONMENTS, { description: 'The data set the credential acts on: `sandbox` or `production`.' }),
    permissions: Type.Array(Type.Enum(SCOPES), { description: 'What the credential may do now (for a user: what the role grants).' }),
    user: Type.Union([AccountUser, Type.Null()], { description: 'The user a user access token belongs to; null for an API key.' }),
  },
  {
    additionalProperties: false,
    title: 'Account',
    description: 'The merchant a credential acts for, the environment it acts on, and what it may do.',
  },
);
export type Account = Static<typeof Account>;
