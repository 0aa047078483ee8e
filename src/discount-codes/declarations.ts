/**
 * What the discount codes module adds to the API's lists: its event types (gathered by
 * `events/event-types.ts`). Codes are read and changed with the products' scopes.
 */
import type { EventDeclarations } from '../events/event-types.js';

export const DISCOUNT_CODE_EVENTS = {
  'discount_code.created': {
    description: 'Create Discount Code succeeded; `data.object` is the code.',
    label: 'A discount code is added',
    readScope: 'products:read',
  },
  'discount_code.updated': {
    description: 'Update Discount Code changed at least one field; `data.object` is the code as it now is. Redemptions by orders record no event.',
    label: 'A discount code is changed',
    readScope: 'products:read',
  },
} as const satisfies EventDeclarations;
