/**
 * What the cash drawers module adds to the API's lists: its permissions (gathered by
 * `auth/permissions.ts`) and its event types (gathered by `events/event-types.ts`).
 */
import type { ScopeDeclarations } from '../auth/permissions.js';
import type { EventDeclarations } from '../events/event-types.js';

export const CASH_DRAWER_SCOPES = {
  'cash_drawers:read': { description: "read cash drawers (a register's drawer sessions)", label: 'Read cash drawers' },
  'cash_drawers:write': { description: 'open and close cash drawers, and pay cash in and out of them', label: 'Open, count and close cash drawers' },
} as const satisfies ScopeDeclarations;

export const CASH_DRAWER_EVENTS = {
  'cash_drawer.opened': {
    description: 'Open Cash Drawer succeeded; `data.object` is the drawer.',
    label: 'A cash drawer is opened',
    readScope: 'cash_drawers:read',
  },
  'cash_drawer.closed': {
    description: 'Close Cash Drawer succeeded; `data.object` is the drawer as closed, with its `counted_cash` and `over_short`. Cash paid in or out records no event.',
    label: 'A cash drawer is counted and closed',
    readScope: 'cash_drawers:read',
  },
} as const satisfies EventDeclarations;
