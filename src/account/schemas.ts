import Type, { type Static } from 'typebox';
import { SCOPES } from '../auth/permissions.js';
import { MIN_PASSWORD_LENGTH, ROLES } from '../auth/users.js';
import { ENVIRONMENTS } from '../db/schema.js';
import { Currency, IdOf, IdParam, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

export const RoleName = Type.Enum(ROLES, { description: 'What the user may do: `admin`, `manager` or `cashier`.' });

export const AccountUser = Type.Object(
  {
    id: IdOf('usr'),
    email: Type.String({ description: 'The e-mail the user signs in with (lower case).' }),
    role: RoleName,
  },
  { $id: 'AccountUser', additionalProperties: false, description: 'The signed-in user.' },
);

export const Account = Type.Object(
  {
    id: IdOf('mer', 'The merchant the credential acts for.'),
    name: Type.String({ description: "The merchant's business name." }),
    currency: Currency,
    tax_rate_bps: Type.Integer({ minimum: 0, maximum: 10_000, description: 'Tax rate in basis points (825 is 8.25%), applied to every order.' }),
    prices_include_tax: Type.Boolean({
      description: "Whether prices include the tax (the tax is then the part of a sale's total that is tax) or it is added on top: with `tax_rate_bps`, what a register needs to work out a total without the network.",
    }),
    environment: Type.Enum(ENVIRONMENTS, { description: 'The data set the credential acts on: `sandbox` or `production`.' }),
    permissions: Type.Array(Type.Enum(SCOPES), { description: 'What the credential may do now (for a user: what the role grants).' }),
    user: Type.Union([AccountUser, Type.Null()], { description: 'The user a user access token belongs to; null for an API key.' }),
  },
  {
    $id: 'Account',
    additionalProperties: false,
    title: 'Account',
    description: 'The merchant a credential acts for, the environment it acts on, and what it may do.',
  },
);
export type Account = Static<typeof Account>;

export const SessionClient = Type.Object(
  {
    id: IdOf('cli', 'The OAuth client (app) the user signed in to.'),
    name: Type.String({ description: 'Its name, e.g. "Till dashboard".' }),
  },
  { $id: 'SessionClient', additionalProperties: false, description: 'The app the sign-in was made with.' },
);

export const Session = Type.Object(
  {
    id: IdOf('ses', 'The sign-in; its access tokens carry it as the `sid` claim.'),
    client: SessionClient,
    device: Type.String({ description: 'A short summary of `user_agent` for people, e.g. "Chrome on macOS" or "okhttp 4.12"; "Unknown device" without one.' }),
    user_agent: Nullable(Type.String({ maxLength: 512, description: 'The `User-Agent` header of its last token request (sign-in or refresh), cut at 512 characters.' })),
    ip_address: Nullable(Type.String({ description: 'The client address of its last token request, as the server saw it (behind a proxy: the proxy\'s).' })),
    environment: Type.Enum(ENVIRONMENTS, { description: 'The data set its tokens act on now.' }),
    created_at: Timestamp,
    last_used_at: { ...Timestamp, description: 'When it last got tokens: its sign-in or its last refresh (requests with an access token do not count).' },
    expires_at: {
      ...Timestamp,
      description:
        'The latest it can end: the lifetime of a refresh token (30 days by default) after its last refresh, and never later than `SESSION_MAX_AGE_DAYS` (90 by default) after `created_at`.',
    },
    ended_at: Nullable({ ...Timestamp, description: 'When it was ended; null while it is open.' }),
    current: Type.Boolean({ description: 'True for the sign-in making this request.' }),
  },
  {
    $id: 'Session',
    additionalProperties: false,
    title: 'Session',
    description: 'One sign-in of the user: an app or browser holding a refresh token. Never shows a token.',
  },
);
export type Session = Static<typeof Session>;

export const SessionList = Type.Object({ data: Type.Array(Session), pagination: Pagination }, { $id: 'SessionList', title: 'SessionList' });
export type SessionList = Static<typeof SessionList>;

export const ListSessionsQuery = Type.Object({ ...PaginationQuery }, { additionalProperties: false });
export type ListSessionsQuery = Static<typeof ListSessionsQuery>;

export const SessionIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

const PasswordField = (description: string) => Type.String({ minLength: 1, maxLength: 1024, description });

export const ChangePasswordBody = Type.Object(
  {
    current_password: PasswordField('The password the user signs in with now.'),
    new_password: PasswordField(`The new password, at least ${MIN_PASSWORD_LENGTH} characters, different from the current one. Only its Argon2id hash is kept.`),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChanged = Type.Object(
  {
    user: AccountUser,
    sessions_ended: Type.Integer({ minimum: 0, description: 'How many other sign-ins of the user the change ended.' }),
  },
  { $id: 'PasswordChanged', additionalProperties: false, title: 'PasswordChanged', description: 'The password was changed; every other sign-in of the user has ended.' },
);
export type PasswordChanged = Static<typeof PasswordChanged>;
