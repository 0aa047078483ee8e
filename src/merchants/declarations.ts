/**
 * What the merchants module adds to the API's lists: its permissions (gathered by
 * `auth/permissions.ts`) and its event type (gathered by `events/event-types.ts`). Only admin users
 * are given the merchant's permissions; an API key holds them when it was made with every permission
 * (a key made without a list of permissions gets every one).
 */
import type { ScopeDeclarations } from '../auth/permissions.js';
import type { EventDeclarations } from '../events/event-types.js';

export const MERCHANT_SCOPES = {
  'merchant:read': { description: "read the merchant's settings (admins and full-access API keys)", label: "Read the shop's settings" },
  'merchant:write': { description: "change the merchant's settings (admins and full-access API keys)", label: "Change the shop's settings" },
} as const satisfies ScopeDeclarations;

export const MERCHANT_EVENTS = {
  'merchant.updated': {
    description:
      "Update Merchant changed at least one setting; `data.object` is the merchant as it now is. The settings are the merchant's, shared by both environments, so the event is recorded in each.",
    label: "The shop's settings are changed",
    readScope: 'merchant:read',
  },
} as const satisfies EventDeclarations;
