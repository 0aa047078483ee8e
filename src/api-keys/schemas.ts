import Type, { type Static } from 'typebox';
import { KEY_PREFIXES } from '../auth/api-keys.js';
import { API_KEY_SCOPES } from '../auth/permissions.js';
import { ENVIRONMENTS } from '../db/schema.js';
import { IdOf, IdParam, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

// Enums rather than unions of literals, so that a wrong value is answered with the values allowed.
const KeyEnvironment = Type.Enum(ENVIRONMENTS, {
  description: `\`sandbox\` (keys start with \`${KEY_PREFIXES.sandbox}\`) or \`production\` (\`${KEY_PREFIXES.production}\`).`,
});
// What a key can use; `api_keys:write` is for user sign-ins alone.
const Permission = Type.Enum(API_KEY_SCOPES);

export const ApiKey = Type.Object(
  {
    id: IdOf('key'),
    name: Type.String(),
    environment: KeyEnvironment,
    permissions: Type.Array(Permission, { description: 'What the key may do.' }),
    last4: Type.String({ description: 'The last four characters of the key, to tell keys apart. The key itself is never shown again.' }),
    created_at: Timestamp,
    last_used_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the key last authenticated a request (recorded at most once a minute); null if never.',
    }),
    revoked_at: Type.Union([Timestamp, Type.Null()], { description: 'When the key was revoked; null while it works.' }),
  },
  { $id: 'ApiKey', title: 'ApiKey', description: 'An API key as stored: never the key itself, nor its hash.' },
);
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeyList = Type.Object({ data: Type.Array(ApiKey), pagination: Pagination }, { $id: 'ApiKeyList' });

/** Revoking takes no parameters: a body, if sent, must be an empty JSON object. */
export const RevokeApiKeyBody = Type.Object({}, { additionalProperties: false });

export const CreatedApiKey = Type.Object(
  {
    ...ApiKey.properties,
    key: Type.String({
      pattern: '^sk_(test|live)_[0-9A-Za-z]{32,}$',
      description: 'The API key itself. It is in this response only: store it now, as only its hash is kept.',
      examples: [`${KEY_PREFIXES.sandbox}4eC39HqLyjWDarjtT1zdp7dcX8mQ2vNb`],
    }),
  },
  { $id: 'CreatedApiKey', title: 'CreatedApiKey', description: 'A new API key: its record, plus the key itself, shown this once.' },
);
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      description: 'A label to tell keys apart, e.g. "Register 3". Not blank; leading and trailing spaces are dropped.',
    }),
    environment: KeyEnvironment,
    permissions: Type.Optional(
      Type.Array(Permission, { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true, description: 'The permissions the key carries, each once. Default: all a key can use.' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ListApiKeysQuery = Type.Object(
  {
    ...PaginationQuery,
    environment: Type.Optional(
      Type.Enum(ENVIRONMENTS, { description: 'Only the keys of this environment; both when left out.' }),
    ),
  },
  { additionalProperties: false },
);
export type ListApiKeysQuery = Static<typeof ListApiKeysQuery>;

export const ApiKeyIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
