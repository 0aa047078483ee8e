/**
 * Permission scopes (`<resource>:<read|write>`) and what each user role is given.
 */
import type { Role } from '../db/schema.js';

export const SCOPES = [
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'customers:read',
  'customers:write',
  'api_keys:write',
  'webhooks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes a new API key gets when none are asked for: all of them. */
export const DEFAULT_API_KEY_SCOPES: readonly Scope[] = SCOPES;

export const ROLE_PERMISSIONS: Record<Role, readonly Scope[]> = {
  admin: SCOPES,
  manager: SCOPES.filter((s) => s !== 'api_keys:write'),
  cashier: ['orders:read', 'orders:write', 'products:read', 'customers:read'],
};

/** Parses `orders:read,orders:write`; throws with the first unknown scope named. */
export function parseScopes(list: string): Scope[] {
  const scopes = list.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const scope of scopes) {
    if (!isScope(scope)) throw new Error(`unknown permission "${scope}"; known: ${SCOPES.join(', ')}`);
  }
  if (scopes.length === 0) throw new Error('at least one permission is needed');
  return [...new Set(scopes)] as Scope[];
}
