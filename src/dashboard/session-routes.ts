/**
 * The dashboard's own sign-in keeper, a backend-for-frontend as the OAuth 2.0 for Browser-Based
 * Applications BCP describes it: the refresh token lives in an `HttpOnly; Secure; SameSite=Strict`
 * cookie on `/dashboard/session` only, where no script can read it, and the page gets short-lived
 * access tokens from these same-origin endpoints. So a reload or a second tab stays signed in for the
 * refresh token's life, and a script injected into the page could at worst use an access token while
 * the page is open, never carry the sign-in away.
 *
 * - `POST /dashboard/session` `{code, code_verifier, redirect_uri}`: finishes the sign-in the page
 *   started (the code flow with PKCE of the built-in client `cli_dashboard`), keeps the refresh token.
 * - `POST /dashboard/session/refresh` `{environment?}`: rotates the kept refresh token. Without a
 *   live sign-in it answers 200 `{"signed_in": false}`: a page that finds nobody signed in is not an
 *   error (the browser would log a 401 on every first visit).
 * - `POST /dashboard/session/end`: ends the sign-in and forgets the cookie.
 *
 * Served over HTTPS (`PUBLIC_URL` is https, or the request came over https), the cookie is
 * `__Host-till_dashboard_session` on `Path=/`: the `__Host-` prefix makes the browser refuse it unless
 * it is `Secure`, has no `Domain` and has `Path=/`, so no sibling subdomain and no plain-HTTP page can
 * set or overwrite it. The prefix requires `Path=/`, so the cookie then travels with every request to
 * the origin; no other route reads it (the API authenticates by the `Authorization` header only).
 * Over plain HTTP (a development server on localhost), where a browser may refuse a `__Host-` cookie,
 * it keeps the name `till_dashboard_session` on `/dashboard/session`.
 *
 * Cross-site request forgery: besides SameSite=Strict, every call must come from a page of this
 * origin (`Origin`, and `Sec-Fetch-Site` where the browser sends it) and carry the header
 * `X-Till-Dashboard: 1`, which a cross-site form cannot send and a cross-site script cannot send
 * without a CORS preflight that Till never grants.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exchangeAuthorizationCode } from '../auth/exchange-authorization-code.js';
import { refreshTokens } from '../auth/refresh-tokens.js';
import { revokeSession } from '../auth/revoke-session.js';
import { liveSignInOfRefreshToken, type GrantResult } from '../auth/sessions.js';
import { throttledHeaders } from '../auth/sign-in-limits.js';
import { ENVIRONMENTS, type Environment } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import { DASHBOARD_CLIENT_ID } from '../db/migrations/0005-dashboard-client.js';

export const SESSION_COOKIE = 'till_dashboard_session';
/** The cookie's name over HTTPS. */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_PATH = '/dashboard/session';
export const CSRF_HEADER = 'x-till-dashboard';

/** The sign-ins and the sign-in limits come from the request's Services (`request.services`). */
export interface DashboardSessionOptions {
  /** PUBLIC_URL is https: every request is taken as served over HTTPS (TLS ends at a proxy in front). */
  publicHttps: boolean;
}

/** The cookie a request's answer keeps the refresh token in: `__Host-` over HTTPS, else the plain name on the session path. */
function cookieOf(request: FastifyRequest, publicHttps: boolean): { name: string; path: string } {
  return publicHttps || request.protocol === 'https' ? { name: HOST_SESSION_COOKIE, path: '/' } : { name: SESSION_COOKIE, path: SESSION_PATH };
}

type TokenAnswer = { signed_in: true; access_token: string; expires_in: number } | { signed_in: false };

export async function dashboardSessionRoutes(app: FastifyInstance, { publicHttps }: DashboardSessionOptions): Promise<void> {
  await app.register(cookie);
  const config = { public: true } as const;
  const schema = { hide: true } as const;

  /**
   * The refresh token the browser sent: over HTTPS, the `__Host-` cookie, or the plain one a browser
   * still holds from before the server was reached over HTTPS (it is then replaced by the `__Host-` one).
   */
  const sentToken = (request: FastifyRequest): string | undefined => {
    const jar = cookieOf(request, publicHttps);
    const token = request.cookies[jar.name];
    return token !== undefined && token !== '' ? token : jar.name === HOST_SESSION_COOKIE ? request.cookies[SESSION_COOKIE] : undefined;
  };
  const keep = (request: FastifyRequest, reply: FastifyReply, refreshToken: string) => {
    const jar = cookieOf(request, publicHttps);
    if (jar.name === HOST_SESSION_COOKIE && request.cookies[SESSION_COOKIE] !== undefined) forgetPlain(reply);
    reply.setCookie(jar.name, refreshToken, { path: jar.path, httpOnly: true, secure: true, sameSite: 'strict', maxAge: request.services.sessions.refreshTokenTtlSeconds });
  };
  const forgetPlain = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: SESSION_PATH, httpOnly: true, secure: true, sameSite: 'strict' });
  const forget = (request: FastifyRequest, reply: FastifyReply) => {
    const jar = cookieOf(request, publicHttps);
    if (jar.name === HOST_SESSION_COOKIE && request.cookies[SESSION_COOKIE] !== undefined) forgetPlain(reply);
    reply.clearCookie(jar.name, { path: jar.path, httpOnly: true, secure: true, sameSite: 'strict' });
  };

  /** The access token for the page; the refresh token goes into the cookie only. */
  const answer = (request: FastifyRequest, reply: FastifyReply, result: Extract<GrantResult, { ok: true }>): TokenAnswer => {
    keep(request, reply, result.tokens.refresh_token);
    return { signed_in: true, access_token: result.tokens.access_token, expires_in: result.tokens.expires_in };
  };

  /**
   * Same-origin calls only, counted against the address like the token endpoints; a refresh of a
   * live sign-in counts against that sign-in instead, so that many people behind one address are
   * never refused their own refresh.
   */
  const guard = async (request: FastifyRequest, reply: FastifyReply, signIn?: string) => {
    reply.header('Cache-Control', 'no-store');
    if (!sameOrigin(request)) throw new ApiError('insufficient_permissions', 'The dashboard session is reached only from the dashboard itself.');
    const throttled = await request.services.signInLimits.tokenRequest(clientAddress(request), signIn);
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      throw new ApiError('rate_limited', `Too many sign-in requests; retry in ${throttled.retryAfterSeconds} seconds.`);
    }
  };

  app.post<{ Body: { code?: unknown; code_verifier?: unknown; redirect_uri?: unknown } }>(SESSION_PATH, { schema, config }, async (request, reply) => {
    await guard(request, reply);
    const { code, code_verifier: codeVerifier, redirect_uri: redirectUri } = request.body ?? {};
    for (const [name, value] of [['code', code], ['code_verifier', codeVerifier], ['redirect_uri', redirectUri]] as const) {
      if (typeof value !== 'string' || value === '' || value.length > 2048) throw new ApiError('parameter_missing', `${name} is required.`, name);
    }
    const result = await exchangeAuthorizationCode(request.services, {
      code: code as string,
      codeVerifier: codeVerifier as string,
      redirectUri: redirectUri as string,
      clientId: DASHBOARD_CLIENT_ID,
      seenFrom: { userAgent: request.headers['user-agent'], address: request.ip },
    });
    if (!result.ok) throw new ApiError('invalid_credentials', 'This sign-in link has expired or was already used. Sign in again.');
    return answer(request, reply, result);
  });

  app.post<{ Body: { environment?: unknown } }>(`${SESSION_PATH}/refresh`, { schema, config }, async (request, reply) => {
    const { sessions } = request.services;
    const refreshToken = sentToken(request);
    const live = refreshToken ? await liveSignInOfRefreshToken(sessions.db, refreshToken, sessions.clock.now()) : undefined;
    await guard(request, reply, live);
    const environment = request.body?.environment;
    if (environment !== undefined && !(ENVIRONMENTS as readonly unknown[]).includes(environment)) {
      throw new ApiError('parameter_invalid', 'environment must be "sandbox" or "production".', 'environment');
    }
    if (refreshToken === undefined || refreshToken === '') return { signed_in: false } satisfies TokenAnswer;
    const result = await refreshTokens(request.services, {
      refreshToken,
      clientId: DASHBOARD_CLIENT_ID,
      seenFrom: { userAgent: request.headers['user-agent'], address: clientAddress(request) },
      ...(environment === undefined ? {} : { environment: environment as Environment }),
    });
    if (!result.ok) {
      // Another tab rotated the token a moment ago: its cookie is the newer one, so keep it.
      if (result.reason === 'already_used') throw new ApiError('refresh_token_used', 'Another tab renewed the sign-in a moment ago; retry.');
      forget(request, reply);
      return { signed_in: false } satisfies TokenAnswer;
    }
    return answer(request, reply, result);
  });

  app.post(`${SESSION_PATH}/end`, { schema, config }, async (request, reply) => {
    await guard(request, reply);
    const refreshToken = sentToken(request);
    if (refreshToken !== undefined && refreshToken !== '') await revokeSession(request.services, { refreshToken });
    forget(request, reply);
    return reply.code(204).send();
  });
}

/**
 * Whether the request comes from a page of this server: the custom header (which no cross-site form
 * can send), `Sec-Fetch-Site` where the browser sends it, and an `Origin` naming this host.
 */
function sameOrigin(request: FastifyRequest): boolean {
  if (request.headers[CSRF_HEADER] !== '1') return false;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return site === 'same-origin';
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
