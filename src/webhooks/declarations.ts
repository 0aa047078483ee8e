/**
 * What the webhooks module adds to the API's lists: its permissions (gathered by
 * `auth/permissions.ts`). It records no events of its own.
 */
import type { ScopeDeclarations } from '../auth/permissions.js';

export const WEBHOOK_SCOPES = {
  'webhooks:read': { description: 'read webhooks', label: 'Read webhook endpoints and their delivery logs' },
  'webhooks:write': { description: 'create and change webhooks', label: 'Manage webhook endpoints, resend events' },
} as const satisfies ScopeDeclarations;
