/**
 * Who a request acts for. Route code sees only this, never the credential: an API key and a user's
 * access token both resolve to a principal, so the order code does not know which one was used.
 */
import type { Environment, Role } from '../db/schema.js';
import type { ErrorCode } from '../errors.js';
import type { Scope } from './permissions.js';

export interface Principal {
  kind: 'api_key' | 'user';
  /** `key_...` for an API key, `usr_...` for a user. */
  id: string;
  merchantId: string;
  environment: Environment;
  permissions: ReadonlySet<Scope>;
  /** The user's role as it stands now (read with the token's check); null for an API key. */
  role: Role | null;
  /** The sign-in (`ses_...`) a user access token belongs to; null for an API key. */
  sessionId: string | null;
}

/** The tenant is the database's notion (`db/scoped.ts`); a principal is one. */
export type { Tenant } from '../db/scoped.js';

/** A refused credential is a normal result, not an exception. */
export type AuthResult =
  | { ok: true; principal: Principal }
  | { ok: false; code: Extract<ErrorCode, 'invalid_credentials' | 'token_expired' | 'credential_revoked'>; message: string };

/**
 * Turns a bearer token into a principal. `accepts` is checked first, so each kind of credential
 * (API key, JWT) only sees tokens of its own shape.
 */
export interface Authenticator {
  accepts(token: string): boolean;
  authenticate(token: string): Promise<AuthResult>;
}
