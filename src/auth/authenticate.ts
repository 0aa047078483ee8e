/**
 * Authentication and permission checks for `/v1` routes, run before the body is parsed so that a
 * request without a valid credential learns nothing about its input (401 before 400).
 *
 * Each route says what it needs in its config: `scope` (the permission), and optionally
 * `credentials` (which kinds of credential may call it), `role` (the user role it is kept for) or
 * `public: true` (no credential at all).
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Scope } from './permissions.js';
import type { AuthResult, Authenticator, Principal } from './principal.js';
import type { Role } from '../db/schema.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a credential needs for this route. */
    scope?: Scope;
    /** Which kinds of credential may call this route; default both. */
    credentials?: ReadonlyArray<Principal['kind']>;
    /** Only a user access token of a user with this role may call this route (the Team API: `admin`). */
    role?: Role;
    /** No credential needed (documents, token refresh). */
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

/** `Bearer <token>`: the scheme name is case-insensitive (RFC 7235) and followed by one or more spaces (RFC 6750). */
export const BEARER = /^Bearer +([\x21-\x7e]+)$/i;

/** Query parameters that carry a credential in other APIs; refused here wherever they appear. */
export const CREDENTIAL_QUERY_PARAMETERS = ['access_token', 'api_key', 'key'] as const;

/** The credential-like query parameter of a URL, if it has one. */
export function credentialInUrl(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start === -1) return undefined;
  const query = new URLSearchParams(url.slice(start + 1));
  return CREDENTIAL_QUERY_PARAMETERS.find((name) => query.has(name));
}

const NOT_BEARER: AuthResult = { ok: false, code: 'invalid_credentials', message: 'The Authorization header must be "Bearer <API key or access token>".' };
const checked = new WeakMap<FastifyRequest, Promise<AuthResult>>();

/**
 * The request's bearer token checked by the authenticator of its kind, once per request (the rate
 * limit keys a request by the credential it proves, and the authentication hook then needs the same
 * answer); undefined when the request sends no `Authorization: Bearer` header.
 *
 * @example const result = await checkBearer(request, authenticators); if (result?.ok) result.principal.id
 */
export function checkBearer(request: FastifyRequest, authenticators: readonly Authenticator[]): Promise<AuthResult> | undefined {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) return undefined;
  let result = checked.get(request);
  if (result === undefined) {
    const authenticator = authenticators.find((a) => a.accepts(token));
    result = authenticator === undefined ? Promise.resolve(NOT_BEARER) : authenticator.authenticate(token);
    checked.set(request, result);
  }
  return result;
}

export function authenticationHook(authenticators: readonly Authenticator[]): onRequestHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    // A credential in a URL ends up in access logs, proxies and browser history: refused on every
    // path, even with a valid Authorization header beside it. (Access lines log the path only.)
    const inUrl = credentialInUrl(request.url);
    if (inUrl !== undefined) {
      throw new ApiError(
        'invalid_credentials',
        `Credentials are not accepted in the URL ("${inUrl}" query parameter): send them as "Authorization: Bearer <credential>". Treat a credential that was sent in a URL as exposed, and roll it.`,
      );
    }
    const config = request.routeOptions.config;
    if (config.public === true || request.routeOptions.url === undefined) return;
    const header = request.headers.authorization;
    if (header === undefined || header === '') {
      throw new ApiError(
        'missing_credentials',
        'No credentials provided. Send your API key or access token as "Authorization: Bearer <credential>".',
      );
    }
    const result = (await checkBearer(request, authenticators)) ?? NOT_BEARER;
    if (!result.ok) throw new ApiError(result.code, result.message);
    const principal = result.principal;
    // Roles are users': a route kept for one takes user access tokens only.
    const kinds = config.role === undefined ? config.credentials : (['user'] as const);
    if (kinds !== undefined && !kinds.includes(principal.kind)) {
      throw new ApiError(
        'insufficient_permissions',
        principal.kind === 'api_key'
          ? `This endpoint cannot be called with an API key; sign in as a user${config.role === undefined ? '' : ` with the ${config.role} role`}.`
          : 'This endpoint cannot be called with a user access token.',
      );
    }
    if (config.role !== undefined && principal.role !== config.role) {
      throw new ApiError('insufficient_permissions', `This endpoint is for users with the ${config.role} role; yours is ${principal.role}.`);
    }
    if (config.scope !== undefined && !principal.permissions.has(config.scope)) {
      throw new ApiError('insufficient_permissions', `This credential lacks the "${config.scope}" permission.`);
    }
    request.principal = principal;
  };
}
