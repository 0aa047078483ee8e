/**
 * Permission scopes (`<resource>:<read|write>`) and what each user role is given. Each module
 * declares its own scopes beside itself (`<module>/declarations.ts`), with what the API reference says
 * a scope allows (`description`) and the dashboard's words for it (`label`); this file gathers them
 * into the one list, in the order the reference, the answers and the dashboard show them.
 */
import { API_KEY_MANAGEMENT_SCOPES } from '../api-keys/declarations.js';
import { CASH_DRAWER_SCOPES } from '../cash-drawers/declarations.js';
import { CUSTOMER_SCOPES } from '../customers/declarations.js';
import type { Role } from '../db/schema.js';
import { MERCHANT_SCOPES } from '../merchants/declarations.js';
import { ORDER_SCOPES } from '../orders/declarations.js';
import { PRODUCT_SCOPES } from '../products/declarations.js';
import { REPORT_SCOPES } from '../reports/declarations.js';
import { WEBHOOK_SCOPES } from '../webhooks/declarations.js';

export interface ScopeDeclaration {
  /** What the scope allows, as the API reference's table of permissions says (Markdown). */
  readonly description: string;
  /** The dashboard's words for it, where a key's permissions are chosen. */
  readonly label: string;
}

export type ScopeDeclarations = Readonly<Record<string, ScopeDeclaration>>;

export const SCOPE_DECLARATIONS = {
  ...ORDER_SCOPES,
  ...PRODUCT_SCOPES,
  ...CUSTOMER_SCOPES,
  ...API_KEY_MANAGEMENT_SCOPES,
  ...WEBHOOK_SCOPES,
  ...MERCHANT_SCOPES,
  ...CASH_DRAWER_SCOPES,
  ...REPORT_SCOPES,
} as const satisfies ScopeDeclarations;

export type Scope = keyof typeof SCOPE_DECLARATIONS;

/** Every permission that lets a credential do something. Only those are offered. */
export const SCOPES = Object.keys(SCOPE_DECLARATIONS) as Scope[];

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
  manager: SCOPES.filter((s) => s !== 'api_keys:write' && s !== 'merchant:read' && s !== 'merchant:write'),
  cashier: ['orders:read', 'orders:write', 'products:read', 'customers:read', 'cash_drawers:read', 'cash_drawers:write'],
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
