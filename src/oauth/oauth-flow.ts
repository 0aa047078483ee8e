/**
 * What the pages and endpoints of the authorization server share (see `routes.ts`): its options, the
 * checks of an authorization request, and the way back to the app with a code.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findOAuthClient, redirectUriAllowed, type OAuthClient } from '../auth/oauth-clients.js';
import { createAuthorizationCode } from '../auth/create-authorization-code.js';
import type { GrantRefusal, SeenFrom } from '../auth/sessions.js';
import { isThrottled, throttledHeaders, type Throttled } from '../auth/sign-in-limits.js';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../auth/users.js';
import type { ReadHandle } from '../db/handle.js';
import { ENVIRONMENTS, type Environment } from '../db/schema.js';
import { OAuthError } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import { isStorableText } from '../http/validation.js';
import type { Services } from '../services.js';
import { errorPage, PAGE_HEADERS } from './sign-in-page.js';

export interface OAuthOptions {
  /** The one Services container built in assembly: the database, the sign-ins, the sign-in limits and the mailer. */
  services: Services;
  /** The origin of same-origin redirect URIs (the dashboard's): see `Site.originOf`. */
  originOf: (request: FastifyRequest) => string | undefined;
  /** Whether `prompt=create` offers the sign-up form (SIGN_UP_ENABLED). */
  signUpEnabled: boolean;
}

/** The options and the issuer's address (the origin of this server, as the request tells it). */
export interface OAuthContext extends OAuthOptions {
  issuer: () => string;
}

/** Form bodies are small: a few identifiers and a password. */
export const FORM_BODY_LIMIT = 16 * 1024;
const MAX_STATE_LENGTH = 1024;

/** The authorization request's own parameters, carried from the form back to the POST. */
const AUTHORIZE_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'environment', 'prompt'] as const;

/** Business names are at most this long. */
export const MAX_BUSINESS_NAME_LENGTH = 200;

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  environment: Environment;
  hidden: Record<string, string>;
}

export type Checked =
  | { ok: true; request: AuthorizeRequest }
  /** Not to be redirected: the client or redirect URI is not to be trusted. */
  | { ok: false; page: string }
  /** To be sent back to the app (RFC 6749, section 4.1.2.1). */
  | { ok: false; redirect: string };

/** The authorization request as kept with a mailed link or a password token, to be continued later. */
export function storedRequest(ctx: OAuthContext, request: FastifyRequest, hidden: Record<string, string>): Record<string, string> {
  return { ...signInFields(hidden), origin: ctx.originOf(request) ?? '' };
}

/** Checks a stored authorization request again (its client may be gone since) and continues it with a code for the user. */
export async function resume(ctx: OAuthContext, reply: FastifyReply, stored: Record<string, string>, userId: string) {
  const { origin, ...params } = stored;
  const checked = await checkAuthorizeRequest(ctx.services.db, ctx.issuer(), params, origin === '' ? undefined : origin);
  if (!checked.ok) return answerUnchecked(reply, checked);
  return backToApp(ctx, reply, checked.request, userId);
}

/** Sends the browser back to the app with a code for the user who just signed in (or up). */
export async function backToApp(ctx: OAuthContext, reply: FastifyReply, authorize: AuthorizeRequest, userId: string) {
  const code = await createAuthorizationCode(ctx.services, {
    clientId: authorize.client.id,
    userId,
    environment: authorize.environment,
    redirectUri: authorize.redirectUri,
    codeChallenge: authorize.codeChallenge,
  });
  return reply.code(303).header('Cache-Control', 'no-store').redirect(redirectWith(authorize.redirectUri, { code, state: authorize.state, iss: ctx.issuer() }), 303);
}

/** The sign-in page's link to "Forgot password?", keeping the request so that the user can come back to it. */
export function forgotHref(hidden: Record<string, string>): string {
  return `forgot-password?${new URLSearchParams(signInFields(hidden))}`;
}

/** The sign-in page's link to the sign-up form of the same request, when sign-up is offered. */
export function signUpLink(ctx: OAuthContext, hidden: Record<string, string>): { signUpHref?: string } {
  return ctx.signUpEnabled ? { signUpHref: `authorize?${new URLSearchParams({ ...signInFields(hidden), prompt: 'create' })}` } : {};
}

/** Why a mailed link is refused, in the words of its page. */
export const LINK_REFUSALS = {
  unknown: 'This link is not valid. Open the whole link from the mail, or copy it into the address bar.',
  used: 'This link was already used; each link works once.',
  expired: 'This link has expired.',
} as const;

/** Every page and endpoint here: out of the OpenAPI document, and open to anyone. */
export const HIDE = { hide: true } as const;
export const OPEN = { public: true } as const;

/** The authorization request's parameters for the sign-in form: all but `prompt=create`. */
export function signInFields(hidden: Record<string, string>): Record<string, string> {
  const { prompt, ...rest } = hidden;
  return prompt === undefined || prompt === 'create' ? rest : { ...rest, prompt };
}

export function signInHref(hidden: Record<string, string>): string {
  return `authorize?${new URLSearchParams(signInFields(hidden))}`;
}

/** What `invalid_grant` says for each reason; none tells an attacker more than "no". */
export const GRANT_REFUSALS: Record<GrantRefusal['reason'], string> = {
  unknown: 'The code or refresh token is not valid.',
  expired: 'The code or refresh token has expired; sign in again.',
  session_expired: 'This sign-in has ended: it reached its maximum age. Sign in again.',
  revoked: 'This sign-in has ended; sign in again.',
  already_used: 'This code or refresh token was already used. Use the refresh token that the earlier request returned.',
  reused: 'This refresh token was already used, so the sign-in has been ended for safety. Sign in again.',
  client_mismatch: 'The code or refresh token was issued to another client.',
  redirect_mismatch: 'redirect_uri must be exactly the one of the authorization request.',
  pkce_failed: 'code_verifier does not match the code_challenge of the authorization request.',
};

/** Refuses the request with 429 when a limit refused it. */
export function throttle<T extends object>(outcome: T | Throttled | undefined): asserts outcome is Exclude<T, Throttled> | undefined {
  if (outcome !== undefined && isThrottled(outcome)) {
    throw new OAuthError('rate_limited', `Too many requests; retry in ${describeWait(outcome)}.`, throttledHeaders(outcome));
  }
}

export function describeWait(throttled: Throttled): string {
  const s = throttled.retryAfterSeconds;
  return s < 120 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`;
}

/** Where a sign-in is being used from, for the list of sign-ins a user can see and end. */
export function seenFrom(request: FastifyRequest): SeenFrom {
  return { userAgent: request.headers['user-agent'], address: clientAddress(request) };
}

export type Parameters = Record<string, string | string[] | undefined>;

/** The longest value any OAuth parameter may have (a JWT access token at `/oauth/revoke` is the longest sent). */
const MAX_PARAMETER_LENGTH = 4096;
/** The fields the sign-in and sign-up forms check the length of themselves (bounded meanwhile by FORM_BODY_LIMIT), to say so on the form. */
export const FORM_FIELDS = ['email', 'password', 'business_name'];

/**
 * What makes a query or form unreadable, if anything: a value longer than MAX_PARAMETER_LENGTH, or
 * text a database would not store as sent (NUL, a lone UTF-16 surrogate; PostgreSQL refuses the
 * whole statement for a NUL). Checked before any value is looked up or matched against a pattern.
 */
export function parametersProblem(raw: unknown, checkedByTheForm: readonly string[] = []): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  for (const [name, value] of Object.entries(raw)) {
    const shown = /^[a-z_]{1,32}$/.test(name) ? name : 'A parameter name';
    if (name.length > MAX_PARAMETER_LENGTH || !isStorableText(name)) return `${shown} holds characters that are not accepted.`;
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue;
      if (text.length > MAX_PARAMETER_LENGTH && !checkedByTheForm.includes(name)) return `${shown} is longer than ${MAX_PARAMETER_LENGTH} characters.`;
      if (!isStorableText(text)) return `${shown} holds a character that is not accepted (NUL, or a lone UTF-16 surrogate).`;
    }
  }
  return undefined;
}

/** The sign-in and sign-up forms' e-mail and password past their greatest length, said as the form shows it. */
export function lengthProblem(email: string, password: string): { message: string; field: 'email' | 'password' } | undefined {
  if (email.length > MAX_EMAIL_LENGTH) return { message: `An e-mail address has at most ${MAX_EMAIL_LENGTH} characters. Check the one you entered.`, field: 'email' };
  if (password.length > MAX_PASSWORD_LENGTH) return { message: `A password has at most ${MAX_PASSWORD_LENGTH} characters.`, field: 'password' };
  return undefined;
}

/**
 * Whether the browser says this form was sent from another site's page. `Sec-Fetch-Site` is what
 * current browsers send (`same-origin` for Till's own forms); without it, an `Origin` other than
 * Till's own. `Origin: null` is what a browser sends for Till's own form too (the page's
 * `Referrer-Policy: no-referrer` hides it), and clients that are not browsers send neither.
 */
export function sentFromAnotherSite(request: FastifyRequest, ownOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== 'null' && origin !== ownOrigin;
}

/** Answers to a request refused before a handler could read it, by Fastify's code; none quotes the request. */
export const UNREAD_REQUESTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).',
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than ${FORM_BODY_LIMIT} bytes.`,
};

/** A request refused before a handler ran (Fastify's 4xx), as RFC 6749's `invalid_request`; undefined for anything else. */
export function unreadRequest(error: Error & { statusCode?: number; code?: string }): OAuthError | undefined {
  if (error.statusCode === undefined || error.statusCode >= 500) return undefined;
  const code = error.code ?? '';
  return new OAuthError('invalid_request', Object.hasOwn(UNREAD_REQUESTS, code) ? UNREAD_REQUESTS[code]! : 'The request could not be read.');
}

export function formOf(request: FastifyRequest): Parameters {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).');
  }
  return body as Parameters;
}

/** The `token` parameter of a mailed link or a form: base62, else nothing (which no stored token matches). */
export function tokenOf(raw: unknown): string {
  const value = single(((typeof raw === 'object' && raw !== null ? raw : {}) as Parameters).token);
  return value !== undefined && /^[0-9A-Za-z]{43}$/.test(value) ? value : '';
}

/** A parameter's one value; a parameter sent twice is refused (RFC 6749, section 3.1). */
export function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return undefined;
  return value;
}

export function requireParameter(form: Parameters, name: string): string {
  const value = form[name];
  if (Array.isArray(value)) throw new OAuthError('invalid_request', `${name} was sent more than once.`);
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} is required.`);
  return value;
}

export async function requireClient(db: ReadHandle, form: Parameters): Promise<OAuthClient> {
  const id = single(form.client_id);
  const client = id === undefined || id === '' ? undefined : await findOAuthClient(db, id);
  if (client === undefined) throw new OAuthError('invalid_client', 'client_id must name a registered client.');
  return client;
}

export async function checkAuthorizeRequest(db: ReadHandle, iss: string, raw: unknown, origin: string | undefined): Promise<Checked> {
  const params = (typeof raw === 'object' && raw !== null ? raw : {}) as Parameters;
  const repeated = AUTHORIZE_PARAMETERS.filter((name) => Array.isArray(params[name]));
  const value = (name: (typeof AUTHORIZE_PARAMETERS)[number]) => single(params[name]);

  const clientId = value('client_id');
  const client = clientId === undefined || clientId === '' ? undefined : await findOAuthClient(db, clientId);
  if (client === undefined) {
    return { ok: false, page: errorPage('Unknown app', 'This sign-in link names an app (client_id) that is not registered with Till.') };
  }
  const redirectUri = value('redirect_uri');
  if (redirectUri === undefined || redirectUri === '' || !redirectUriAllowed(client, redirectUri, origin)) {
    return {
      ok: false,
      page: errorPage('Sign-in link not valid', `The redirect_uri of this sign-in link is not one that ${client.name} registered, so Till will not send you there.`),
    };
  }
  const state = value('state');
  const back = (error: string, description: string): Checked => ({ ok: false, redirect: redirectWith(redirectUri, { error, error_description: description, state, iss }) });
  if (repeated.length > 0) return back('invalid_request', `${repeated.join(', ')} must be sent once.`);
  if (value('response_type') !== 'code') return back('unsupported_response_type', 'response_type must be "code".');
  if (value('code_challenge_method') !== 'S256') return back('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  const codeChallenge = value('code_challenge') ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return back('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
  if (state !== undefined && state.length > MAX_STATE_LENGTH) return back('invalid_request', `state must be at most ${MAX_STATE_LENGTH} characters.`);
  const environment = value('environment') ?? 'production';
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) return back('invalid_request', 'environment must be "sandbox" or "production".');

  const hidden: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMETERS) {
    const v = value(name);
    if (v !== undefined) hidden[name] = v;
  }
  return { ok: true, request: { client, redirectUri, state, codeChallenge, environment: environment as Environment, hidden } };
}

export function answerUnchecked(reply: FastifyReply, checked: Exclude<Checked, { ok: true }>) {
  if ('page' in checked) return sendPage(reply, 400, checked.page);
  return reply.code(303).header('Cache-Control', 'no-store').redirect(checked.redirect, 303);
}

export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

/** The redirect URI with the answer added to its query (keeping any query it was registered with). */
function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

