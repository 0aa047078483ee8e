/**
 * The authorization server: OAuth 2.0 authorization code flow with PKCE (S256 only) for public
 * clients, served by the API process (and splittable later: it shares nothing with the API but the
 * database).
 *
 * - `GET /oauth/authorize` shows the sign-in form; `POST /oauth/authorize` checks the password and
 *   redirects to the app with `code`, `state` and `iss` (RFC 9207). With `prompt=create` (OpenID
 *   Connect "Initiating User Registration") they show and take the sign-up form instead: a new
 *   merchant and its admin, who is then signed in the same way.
 * - `POST /oauth/token` exchanges a code or a refresh token (RFC 6749, form-encoded).
 * - `POST /oauth/revoke` ends the sign-in a token belongs to (RFC 7009).
 * - `/.well-known/oauth-authorization-server` (RFC 8414) and `/.well-known/jwks.json`.
 *
 * Errors follow RFC 6749: a request that cannot be trusted to redirect (unknown client, unregistered
 * redirect URI) is answered with a page; other authorization errors go back to the app in the
 * redirect; token endpoint errors are `{"error", "error_description"}`.
 */
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.js';
import { findOAuthClient, redirectUriAllowed, type OAuthClient } from '../auth/oauth-clients.js';
import {
  clientOfSession,
  createAuthorizationCode,
  exchangeAuthorizationCode,
  purgeExpiredGrants,
  refreshTokens,
  revokeSession,
  sessionOfRefreshToken,
  userOfCode,
  type GrantRefusal,
  type SessionSettings,
} from '../auth/sessions.js';
import { isThrottled, throttledHeaders, type SignInLimits, type Throttled } from '../auth/sign-in-limits.js';
import type { KeyRing } from '../auth/signing-keys.js';
import { checkPassword, UserInputError } from '../auth/users.js';
import { ENVIRONMENTS, type Database, type Environment } from '../db/schema.js';
import { asSentence } from '../errors.js';
import { repeatWhileOpen } from '../http/repeat.js';
import { MerchantInputError, createMerchant } from '../merchants/create-merchant.js';
import { errorPage, PAGE_HEADERS, signInPage } from './sign-in-page.js';
import { signUpPage, type SignUpField } from './sign-up-page.js';

export interface OAuthOptions {
  db: Kysely<Database>;
  /** PUBLIC_URL, when set: the origin of same-origin redirect URIs (else the request's own). */
  publicUrl: string | undefined;
  /** Whether `prompt=create` offers the sign-up form (SIGN_UP_ENABLED). */
  signUpEnabled: boolean;
  sessions: SessionSettings;
  keys: KeyRing;
  limits: SignInLimits;
}

/** Form bodies are small: a few identifiers and a password. */
const FORM_BODY_LIMIT = 16 * 1024;
const MAX_STATE_LENGTH = 1024;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** The authorization request's own parameters, carried from the form back to the POST. */
const AUTHORIZE_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'environment', 'prompt'] as const;

/** Business names are at most this long. */
const MAX_BUSINESS_NAME_LENGTH = 200;
/** The ISO 4217 codes the runtime knows (Intl), which is what a currency of a new merchant must be. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  environment: Environment;
  hidden: Record<string, string>;
}

type Checked =
  | { ok: true; request: AuthorizeRequest }
  /** Not to be redirected: the client or redirect URI is not to be trusted. */
  | { ok: false; page: string }
  /** To be sent back to the app (RFC 6749, section 4.1.2.1). */
  | { ok: false; redirect: string };

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly throttled?: Throttled,
  ) {
    super(description);
  }
}

export async function oauthRoutes(app: FastifyInstance, options: OAuthOptions): Promise<void> {
  const { db, sessions, keys, limits } = options;
  /** The origin the browser reached this server at: PUBLIC_URL's, or the request's scheme and Host. */
  const originOf = (request: FastifyRequest): string | undefined => {
    if (options.publicUrl !== undefined) return new URL(options.publicUrl).origin;
    const host = request.host;
    return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `${request.protocol}://${host}` : undefined;
  };
  const issuer = sessions.issuer;
  await app.register(formBody, { bodyLimit: FORM_BODY_LIMIT });

  // Anything thrown here (an unreadable form, say) is answered the OAuth way, not with the API envelope.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const known = error instanceof OAuthError ? error : undefined;
    const status = known?.status ?? (error.statusCode !== undefined && error.statusCode < 500 ? 400 : 500);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (known?.throttled !== undefined) reply.headers(throttledHeaders(known.throttled));
    reply
      .code(status)
      .header('Request-Id', request.id)
      .header('Cache-Control', 'no-store')
      .send({
        error: known?.error ?? (status >= 500 ? 'server_error' : 'invalid_request'),
        error_description: known?.description ?? (status >= 500 ? 'Something went wrong on our side.' : 'The request could not be read.'),
      });
  });

  repeatWhileOpen(app, PURGE_EVERY_MS, 'purging expired refresh tokens and codes failed', () => purgeExpiredGrants(db, sessions.clock.now()));

  const hide = { hide: true } as const;
  const open = { public: true } as const;

  app.get('/.well-known/oauth-authorization-server', { schema: hide, config: open }, async (_request, reply) => {
    const base = issuer();
    reply.header('Cache-Control', 'public, max-age=300');
    return {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      ...(options.signUpEnabled ? { prompt_values_supported: ['create'] } : {}),
      service_documentation: `${base}/docs`,
    };
  });

  app.get('/.well-known/jwks.json', { schema: hide, config: open }, async (_request, reply) => {
    // Short: a verifier learns of a new key within a minute (and at once by refetching on an unknown kid).
    reply.header('Cache-Control', 'public, max-age=60');
    return keys.jwks();
  });

  app.get('/oauth/authorize', { schema: hide, config: open }, async (request, reply) => {
    const checked = await checkAuthorizeRequest(db, issuer(), request.query, originOf(request));
    if (!checked.ok) return answerUnchecked(reply, checked);
    const { client, environment, hidden } = checked.request;
    if (hidden.prompt === 'create' && options.signUpEnabled) {
      return sendPage(reply, 200, signUpPage({ clientName: client.name, environment, hidden, signInHref: signInHref(hidden) }));
    }
    return sendPage(reply, 200, signInPage({ clientName: client.name, environment, hidden: signInFields(hidden), ...signUpLink(hidden) }));
  });

  app.post('/oauth/authorize', { schema: hide, config: open }, async (request, reply) => {
    const form = formOf(request);
    const checked = await checkAuthorizeRequest(db, issuer(), form, originOf(request));
    if (!checked.ok) return answerUnchecked(reply, checked);
    const authorize = checked.request;
    if (authorize.hidden.prompt === 'create') return signUp(request, reply, form, authorize);
    const again = (status: number, error: string, email?: string) =>
      sendPage(
        reply,
        status,
        signInPage({
          clientName: authorize.client.name,
          environment: authorize.environment,
          hidden: authorize.hidden,
          error,
          ...(email === undefined ? {} : { email }),
          ...signUpLink(authorize.hidden),
        }),
      );

    const email = single(form.email)?.trim() ?? '';
    const password = single(form.password) ?? '';
    const throttled = (await limits.request(addressOf(request))) ?? (email === '' ? undefined : await limits.accountBlocked(accountKey(email)));
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      return again(429, `Too many sign-in attempts. Wait ${describeWait(throttled)} and try again.`, email);
    }
    if (email === '' || password === '') return again(400, 'Enter your e-mail and your password.', email);
    const user = await checkPassword(db, email, password);
    if (user === undefined) {
      await limits.failed(accountKey(email));
      // The same words for an unknown e-mail and a wrong password, so the form does not tell which e-mails exist.
      return again(401, 'That e-mail and password do not match an account. Check them and try again.', email);
    }
    await limits.succeeded(accountKey(email));
    return backToApp(reply, authorize, user.id);
  });

  /** Sends the browser back to the app with a code for the user who just signed in (or up). */
  async function backToApp(reply: FastifyReply, authorize: AuthorizeRequest, userId: string) {
    const code = await createAuthorizationCode(db, sessions.clock, {
      clientId: authorize.client.id,
      userId,
      environment: authorize.environment,
      redirectUri: authorize.redirectUri,
      codeChallenge: authorize.codeChallenge,
    });
    return reply.code(303).header('Cache-Control', 'no-store').redirect(redirectWith(authorize.redirectUri, { code, state: authorize.state, iss: issuer() }), 303);
  }

  /** The sign-in page's link to the sign-up form of the same request, when sign-up is offered. */
  function signUpLink(hidden: Record<string, string>): { signUpHref?: string } {
    return options.signUpEnabled ? { signUpHref: `authorize?${new URLSearchParams({ ...signInFields(hidden), prompt: 'create' })}` } : {};
  }

  /**
   * `POST /oauth/authorize` with `prompt=create`: creates the merchant and its admin, then continues
   * exactly as a sign-in. Every attempt counts against the per-address limit of the sign-in form.
   */
  async function signUp(request: FastifyRequest, reply: FastifyReply, form: Parameters, authorize: AuthorizeRequest) {
    if (!options.signUpEnabled) {
      return sendPage(reply, 403, errorPage('Sign-up is turned off', 'This Till server does not take new accounts. Sign in with an existing account, or ask the operator of this server for one.'));
    }
    const values = {
      business_name: single(form.business_name)?.trim() ?? '',
      currency: (single(form.currency) ?? '').trim().toUpperCase(),
      email: single(form.email)?.trim() ?? '',
    };
    const password = single(form.password) ?? '';
    const again = (status: number, message: string, field?: SignUpField) =>
      sendPage(
        reply,
        status,
        signUpPage({
          clientName: authorize.client.name,
          environment: authorize.environment,
          hidden: authorize.hidden,
          signInHref: signInHref(authorize.hidden),
          values,
          error: field === undefined ? { message } : { message, field },
        }),
      );

    const throttled = await limits.request(addressOf(request));
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      return again(429, `Too many attempts from your address. Wait ${describeWait(throttled)} and try again.`);
    }
    if (values.business_name === '') return again(400, 'Enter the name of your business.', 'business_name');
    if (values.business_name.length > MAX_BUSINESS_NAME_LENGTH) return again(400, `The business name must be at most ${MAX_BUSINESS_NAME_LENGTH} characters.`, 'business_name');
    if (!CURRENCIES.has(values.currency)) {
      return again(400, `"${values.currency}" is not an ISO 4217 currency code. Enter a code such as USD, EUR or GBP.`, 'currency');
    }
    if (values.email === '') return again(400, 'Enter your e-mail.', 'email');
    if (password === '') return again(400, 'Choose a password.', 'password');
    let userId: string;
    try {
      ({ user: { id: userId } } = await createMerchant(db, sessions.clock, { name: values.business_name, email: values.email, password, currency: values.currency }));
    } catch (error) {
      if (error instanceof UserInputError) return again(400, `${asSentence(error.message)} Sign in instead, or use another e-mail.`, 'email');
      if (error instanceof MerchantInputError) return again(400, asSentence(error.message), SIGN_UP_FIELDS[error.field ?? 'name']);
      throw error;
    }
    return backToApp(reply, authorize, userId);
  }

  app.post('/oauth/token', { schema: hide, config: open }, async (request, reply) => {
    const form = formOf(request);
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    throttle(await limits.request(addressOf(request)));
    const client = await requireClient(db, form);
    const grantType = requireParameter(form, 'grant_type');
    let result;
    if (grantType === 'authorization_code') {
      const code = requireParameter(form, 'code');
      result = await limits.grantFor(await userOfCode(db, code), () =>
        exchangeAuthorizationCode(sessions, {
          code,
          clientId: client.id,
          redirectUri: requireParameter(form, 'redirect_uri'),
          codeVerifier: requireParameter(form, 'code_verifier'),
        }),
      );
    } else if (grantType === 'refresh_token') {
      const refreshToken = requireParameter(form, 'refresh_token');
      result = await limits.grantFor((await sessionOfRefreshToken(db, refreshToken))?.userId, () =>
        refreshTokens(sessions, { refreshToken, clientId: client.id }),
      );
    } else {
      throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be "authorization_code" or "refresh_token".');
    }
    throttle(result);
    if (!result.ok) throw new OAuthError(400, 'invalid_grant', GRANT_REFUSALS[result.reason]);
    return result.tokens;
  });

  app.post('/oauth/revoke', { schema: hide, config: open }, async (request, reply) => {
    const form = formOf(request);
    reply.header('Cache-Control', 'no-store');
    throttle(await limits.request(addressOf(request)));
    const client = await requireClient(db, form);
    const token = requireParameter(form, 'token');
    // RFC 7009: an unknown, expired or already revoked token is answered 200 all the same.
    if (token.startsWith('rt_')) {
      const owner = (await sessionOfRefreshToken(db, token))?.clientId;
      if (owner === undefined) return reply.code(200).send();
      if (owner !== client.id) throw new OAuthError(400, 'unauthorized_client', 'This token was issued to another client.');
      await revokeSession(sessions, { refreshToken: token });
      return reply.code(200).send();
    }
    const verified = await verifyAccessToken(sessions, token);
    if (!verified.ok) return reply.code(200).send();
    const owner = await clientOfSession(db, verified.claims.sid);
    if (owner !== undefined && owner !== client.id) throw new OAuthError(400, 'unauthorized_client', 'This token was issued to another client.');
    await revokeSession(sessions, { sessionId: verified.claims.sid });
    return reply.code(200).send();
  });
}

/** The sign-up form's field for each field of a refused merchant. */
const SIGN_UP_FIELDS: Record<NonNullable<MerchantInputError['field']>, SignUpField | undefined> = {
  name: 'business_name',
  email: 'email',
  password: 'password',
  currency: 'currency',
  tax_rate_bps: undefined,
};

/** The authorization request's parameters for the sign-in form: all but `prompt=create`. */
function signInFields(hidden: Record<string, string>): Record<string, string> {
  const { prompt, ...rest } = hidden;
  return prompt === undefined || prompt === 'create' ? rest : { ...rest, prompt };
}

function signInHref(hidden: Record<string, string>): string {
  return `authorize?${new URLSearchParams(signInFields(hidden))}`;
}

/** What `invalid_grant` says for each reason; none tells an attacker more than "no". */
export const GRANT_REFUSALS: Record<GrantRefusal['reason'], string> = {
  unknown: 'The code or refresh token is not valid.',
  expired: 'The code or refresh token has expired; sign in again.',
  revoked: 'This sign-in has ended; sign in again.',
  already_used: 'This code or refresh token was already used. Use the refresh token that the earlier request returned.',
  reused: 'This refresh token was already used, so the sign-in has been ended for safety. Sign in again.',
  client_mismatch: 'The code or refresh token was issued to another client.',
  redirect_mismatch: 'redirect_uri must be exactly the one of the authorization request.',
  pkce_failed: 'code_verifier does not match the code_challenge of the authorization request.',
};

function accountKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

/** Refuses the request with 429 when a limit refused it. */
function throttle<T extends object>(outcome: T | Throttled | undefined): asserts outcome is Exclude<T, Throttled> | undefined {
  if (outcome !== undefined && isThrottled(outcome)) {
    throw new OAuthError(429, 'rate_limited', `Too many requests; retry in ${describeWait(outcome)}.`, outcome);
  }
}

function describeWait(throttled: Throttled): string {
  const s = throttled.retryAfterSeconds;
  return s < 120 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`;
}

function addressOf(request: FastifyRequest): string {
  return request.ip;
}

type Parameters = Record<string, string | string[] | undefined>;

function formOf(request: FastifyRequest): Parameters {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError(400, 'invalid_request', 'Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).');
  }
  return body as Parameters;
}

/** A parameter's one value; a parameter sent twice is refused (RFC 6749, section 3.1). */
function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return undefined;
  return value;
}

function requireParameter(form: Parameters, name: string): string {
  const value = form[name];
  if (Array.isArray(value)) throw new OAuthError(400, 'invalid_request', `${name} was sent more than once.`);
  if (value === undefined || value === '') throw new OAuthError(400, 'invalid_request', `${name} is required.`);
  return value;
}

async function requireClient(db: Kysely<Database>, form: Parameters): Promise<OAuthClient> {
  const id = single(form.client_id);
  const client = id === undefined || id === '' ? undefined : await findOAuthClient(db, id);
  if (client === undefined) throw new OAuthError(401, 'invalid_client', 'client_id must name a registered client.');
  return client;
}

async function checkAuthorizeRequest(db: Kysely<Database>, iss: string, raw: unknown, origin: string | undefined): Promise<Checked> {
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

function answerUnchecked(reply: FastifyReply, checked: Exclude<Checked, { ok: true }>) {
  if ('page' in checked) return sendPage(reply, 400, checked.page);
  return reply.code(303).header('Cache-Control', 'no-store').redirect(checked.redirect, 303);
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

/** The redirect URI with the answer added to its query (keeping any query it was registered with). */
function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

