/**
 * Signing a user in from an app (OAuth 2 authorization code with PKCE, as `/oauth/authorize` and
 * `/oauth/token` take it) and keeping the sign-in alive: the client built on tokens renews the access
 * token before it expires, or on a 401 `token_expired`, with one refresh at a time however many calls
 * wait on it. Two refreshes with one refresh token would end the sign-in (the API takes a refresh
 * token used twice as stolen), so this is not an optimisation but a rule.
 */
import { AuthenticationError, errorOf, type TillError } from './errors.js';
import { Transport, withoutTrailing, type ClientOptions, type Credentials } from './core.js';
import type { TokenResponse } from './resources.js';

/** A sign-in's tokens, as an app stores them. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

export interface TokenOptions {
  tokens: Tokens;
  /** The app's `client_id` (`cli_...`), sent with each refresh. */
  clientId?: string;
  /** Called with each new pair: store it, since the refresh token it replaces no longer works. */
  onTokens?: (tokens: Tokens) => void | Promise<void>;
  /** Renew this many seconds before the access token expires. Default 30. */
  refreshMarginSeconds?: number;
}

function base64url(bytes: Uint8Array): string {
  return withoutTrailing(btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_'), '=');
}

/** A PKCE pair: keep `verifier` until the code comes back, put `challenge` in the authorization URL. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

export interface AuthorizationUrlOptions {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  /** The PKCE challenge of `createPkce()`. */
  codeChallenge: string;
  /** A random value the app checks when the code comes back. */
  state?: string;
  /** The data set to sign in to: `sandbox` or `production`. */
  environment?: 'sandbox' | 'production';
  /** `create` opens the sign-up page instead. */
  prompt?: string;
}

/** The URL of Till's sign-in page to open in the browser. */
export function authorizationUrl(options: AuthorizationUrlOptions): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    code_challenge: options.codeChallenge,
    code_challenge_method: 'S256',
    state: options.state,
    environment: options.environment,
    prompt: options.prompt,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `${withoutTrailing(options.baseUrl, '/')}/oauth/authorize?${query}`;
}

function tokensOf(answer: TokenResponse): Tokens {
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresAt: Date.now() + answer.expires_in * 1000 };
}

/**
 * Exchanges the code of the redirect for tokens. Pass the whole redirect URL as `code` or the code
 * alone; with `state`, the redirect's state must equal it and an `error` in it is thrown.
 */
export async function exchangeCode(options: {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
  code: string;
  state?: string;
  fetch?: typeof fetch;
}): Promise<Tokens> {
  let code = options.code;
  if (/^[a-z][a-z0-9+.-]*:/i.test(code)) {
    const redirect = new URL(code).searchParams;
    const refused = redirect.get('error');
    if (refused !== null) throw new AuthenticationError(400, { type: 'authentication_error', code: refused, message: redirect.get('error_description') ?? `The sign-in answered ${refused}.` });
    if (options.state !== undefined && redirect.get('state') !== options.state) {
      throw new AuthenticationError(400, { type: 'authentication_error', code: 'state_mismatch', message: 'The state of the redirect is not the one of the authorization URL.' });
    }
    code = redirect.get('code') ?? '';
  }
  const response = await (options.fetch ?? fetch)(`${withoutTrailing(options.baseUrl, '/')}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: options.redirectUri, client_id: options.clientId, code_verifier: options.codeVerifier }),
  });
  const body = (await response.json().catch(() => undefined)) as (TokenResponse & { error?: unknown; error_description?: string }) | undefined;
  if (response.ok && body !== undefined) return tokensOf(body);
  if (typeof body?.error === 'string') {
    // OAuth's own error shape: `{"error": "invalid_grant", "error_description": "..."}`.
    throw new AuthenticationError(response.status, { type: 'authentication_error', code: body.error, message: body.error_description ?? body.error }, response.headers);
  }
  throw errorOf(response.status, body, response.headers);
}

/** The credential of a client built on tokens. */
export class TokenCredentials implements Credentials {
  private tokens: Tokens;
  private refreshing: Promise<Tokens> | undefined;
  private readonly refresher: Transport;

  constructor(
    client: ClientOptions,
    private readonly options: TokenOptions,
  ) {
    this.tokens = options.tokens;
    this.refresher = new Transport(client, undefined);
  }

  get current(): Tokens {
    return this.tokens;
  }

  async authorization(): Promise<string> {
    if (this.refreshing !== undefined) await this.refreshing;
    if (Date.now() >= this.tokens.expiresAt - (this.options.refreshMarginSeconds ?? 30) * 1000) await this.refresh();
    return `Bearer ${this.tokens.accessToken}`;
  }

  async refused(error: TillError): Promise<boolean> {
    if (error.code !== 'token_expired') return false;
    await this.refresh();
    return true;
  }

  /** Renews the tokens now; concurrent callers share the one refresh. */
  refresh(): Promise<Tokens> {
    this.refreshing ??= this.renew().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async renew(): Promise<Tokens> {
    const { clientId } = this.options;
    const body = { refresh_token: this.tokens.refreshToken, ...(clientId === undefined ? {} : { client_id: clientId }) };
    const { data } = await this.refresher.send<TokenResponse>('POST', '/v1/auth/refresh', body);
    this.tokens = tokensOf(data);
    await this.options.onTokens?.(this.tokens);
    return this.tokens;
  }
}

/**
 * A sign-in the app keeps itself instead of giving the client its refresh token: e.g. a backend that
 * holds the refresh token in an HttpOnly cookie and hands the page short-lived access tokens (the
 * backend-for-frontend of OAuth for browser-based apps).
 */
export interface AccessTokenSource {
  /** The access token to send now; none when undefined. */
  current(): string | undefined | Promise<string | undefined>;
  /** Renews the access token after a 401 `token_expired`, for the call to be sent again; throws when the sign-in has ended. */
  refresh(): Promise<unknown>;
  /** Told of any other 401 to the current token (`credential_revoked`: the sign-in was ended elsewhere). */
  onRefused?(error: TillError): void;
}

/** The credential of a client built on an `AccessTokenSource`: one renewal at a time, however many calls are refused at once. */
export class SourceCredentials implements Credentials {
  private refreshing: Promise<unknown> | undefined;

  constructor(private readonly source: AccessTokenSource) {}

  async authorization(): Promise<string | undefined> {
    if (this.refreshing !== undefined) await this.refreshing;
    const token = await this.source.current();
    return token === undefined ? undefined : `Bearer ${token}`;
  }

  async refused(error: TillError): Promise<boolean> {
    if (error.code !== 'token_expired') {
      this.source.onRefused?.(error);
      return false;
    }
    this.refreshing ??= this.source.refresh().finally(() => (this.refreshing = undefined));
    await this.refreshing;
    return true;
  }
}
