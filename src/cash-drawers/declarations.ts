/**
 * What the cash drawers module adds to the API's lists: its permissions (gathered by
 * `auth/permissions.ts`). Its event types are declared beside its routes.
 */
import type { ScopeDeclarations } from '../auth/permissions.js';

export const CASH_DRAWER_SCOPES = {
  'cash_drawers:read': { description: "read cash drawers (a register's drawer sessions)", label: 'Read cash drawers' },
  'cash_drawers:write': { description: 'open and close cash drawers, and pay cash in and out of them', label: 'Open, count and close cash drawers' },
} as const satisfies ScopeDeclarations;
