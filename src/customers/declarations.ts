/**
 * What the customers module adds to the API's lists: its permissions (gathered by
 * `auth/permissions.ts`) and its event types (gathered by `events/event-types.ts`).
 */
import type { ScopeDeclarations } from '../auth/permissions.js';
import type { EventDeclarations } from '../events/event-types.js';

export const CUSTOMER_SCOPES = {
  'customers:read': { description: 'read customers', label: 'Read customers' },
  'customers:write': { description: 'create and change customers', label: 'Create and change customers' },
} as const satisfies ScopeDeclarations;

export const CUSTOMER_EVENTS = {
  'customer.created': { description: 'Create Customer succeeded; `data.object` is the customer.', label: 'A customer is added', readScope: 'customers:read' },
  'customer.updated': {
    description: 'Update Customer changed at least one field; `data.object` is the customer as it now is.',
    label: 'A customer is changed',
    readScope: 'customers:read',
  },
} as const satisfies EventDeclarations;
