/**
 * What the API keys module adds to the API's lists: its permission (gathered by
 * `auth/permissions.ts`) and its event types (gathered by `events/event-types.ts`). An API key's
 * events show its public record, so only those who manage keys read them.
 */
import type { ScopeDeclarations } from '../auth/permissions.js';
import type { EventDeclarations } from '../events/event-types.js';

export const API_KEY_MANAGEMENT_SCOPES = {
  'api_keys:write': {
    description: 'list, create and revoke API keys (user access tokens only: never offered on an API key)',
    label: 'List, create and revoke API keys',
  },
} as const satisfies ScopeDeclarations;

export const API_KEY_EVENTS = {
  'api_key.created': {
    description:
      'An API key was created (by a user, or with `till api-key create`), in the key\'s environment; `data.object` is its record as List API keys shows it, never the key.',
    label: 'An API key is created',
    readScope: 'api_keys:write',
  },
  'api_key.revoked': {
    description: 'An API key was revoked (the first time only), in the key\'s environment; `data.object` is its record.',
    label: 'An API key is revoked',
    readScope: 'api_keys:write',
  },
} as const satisfies EventDeclarations;
