/**
 * Permission scopes (`<resource>:<read|write>`) and what each user role is given.
 */
import type { Role } from '../db/schema.js';

/** Every permission that lets a credential do something. Only those are offered. */
export const SCOPES = [
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'customers:read',
  'customers:write',
  'api_keys:write',
  'webhooks:read',
  'webhooks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

/** A permission an API key can use: every one but `api_keys:write`, as keys never manage keys. */
export type ApiKeyScope = Exclude<Scope, 'api_keys:write'>;

export const API_KEY_SCOPES: readonly ApiKeyScope[] = SCOPES.filter((scope): scope is ApiKeyScope => scope !== 'api_keys:write');

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes a new API key gets when none are asked for: all it can use. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = API_KEY_SCOPES;

/**
 * The permissions of a stored API key (its JSON column), keeping only what a key can use: keys
 * created while `api_keys:write` was offered to keys still hold it, and it grants a key nothing, so
 * it is neither shown nor checked.
 */
export function storedApiKeyScopes(json: string): ApiKeyScope[] {
  const stored = JSON.parse(json) as string[];
  return API_KEY_SCOPES.filter((scope) => stored.includes(scope));
}

export const ROLE_PERMISSIONS: Record<Role, readonly Scope[]> = {
  admin: SCOPES,
  manager: SCOPES.filter((s) => s !== 'api_keys:write'),
  cashier: ['orders:read', 'orders:write', 'products:read', 'customers:read'],
};

/** Parses an API key's `orders:read,orders:write`; throws with the first unknown or unusable scope named. */
export function parseApiKeyScopes(list: string): ApiKeyScope[] {
  const scopes = list.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const scope of scopes) {
    if (scope === 'api_keys:write') throw new Error('"api_keys:write" is for user sign-ins only: an API key can never manage API keys');
    if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) throw new Error(`unknown permission "${scope}"; known: ${API_KEY_SCOPES.join(', ')}`);
  }
  if (scopes.length === 0) throw new Error('at least one permission is needed');
  return [...new Set(scopes)] as ApiKeyScope[];
}
