/**
 * What the products module adds to the API's lists: its permissions (gathered by
 * `auth/permissions.ts`) and its event types (gathered by `events/event-types.ts`).
 */
import type { ScopeDeclarations } from '../auth/permissions.js';
import type { EventDeclarations } from '../events/event-types.js';

export const PRODUCT_SCOPES = {
  'products:read': { description: 'read products', label: 'Read products' },
  'products:write': { description: 'create and change products', label: 'Create and change products' },
} as const satisfies ScopeDeclarations;

export const PRODUCT_EVENTS = {
  'product.created': { description: 'Create Product succeeded, or Copy from Sandbox made this production product; `data.object` is the product.', label: 'A product is added', readScope: 'products:read' },
  'product.updated': {
    description: 'Update Product changed at least one field; `data.object` is the product as it now is.',
    label: 'A product is changed',
    readScope: 'products:read',
  },
  'inventory.shortfall': {
    description:
      "An offline sale (Create Order with `recorded_at`) left a product's tracked stock below zero, one event per such product, recorded with the order; `data.object` is the shortfall (`object: \"inventory_shortfall\"`: the product, the order, its receipt number, the units sold, the units beyond the stock there was, and the stock now).",
    label: 'An offline sale leaves a product short of stock',
    readScope: 'products:read',
  },
} as const satisfies EventDeclarations;
