/**
 * What the reports module adds to the API's lists: its permission (gathered by `auth/permissions.ts`).
 * The sales report reads with `orders:read`; the end-of-day report and the orders export, which a
 * cashier's sign-in may not use, need `reports:read`.
 */
import type { ScopeDeclarations } from '../auth/permissions.js';

export const REPORT_SCOPES = {
  'reports:read': { description: 'read end-of-day reports and export orders as CSV (admins, managers and full-access API keys)', label: 'Read end-of-day reports and export orders' },
} as const satisfies ScopeDeclarations;
