/**
 * Signing in to Till as any public OAuth client does: the authorization code flow with PKCE (S256,
 * WebCrypto). The state and the verifier live in sessionStorage for the round trip only; tokens live
 * in memory only, so a reload signs in again and comes back to the page asked for (carried in state).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './api/schema';

export const CLIENT_ID = 'cli_dashboard';
export type Environment = 'sandbox' | 'production';
export type Role = 'admin' | 'manager' | 'cashier';
type Scope = components['schemas']['ApiKey']['permissions'][number];

export interface Claims {
  sub: string;
  merchant_id: string;
  role: Role;
  permissions: Scope[];
  env: Environment;
  exp: number;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  claims: Claims;
}

const PENDING = 'till.dashboard.pending';
const MODE = 'till.dashboard.environment';
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;

let session: Session | undefined;
let refreshing: Promise<Session> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
export type SessionEnd = 'ended' | 'signed-out';
type SessionListener = (session: Session | undefined, ended?: SessionEnd) => void;
const listeners = new Set<SessionListener>();

/** The token endpoints take no credential, so they go through a client without the auth middleware. */
const publicApi = createClient<paths>({ baseUrl: location.origin });

export const redirectUri = () => `${location.origin}/dashboard/callback`;
export const currentSession = () => session;
export function onSessionChange(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomText(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function decodeClaims(accessToken: string): Claims {
  const payload = accessToken.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(json) as Claims;
}

/** The environment asked for last in this tab; sandbox at first sign-in (a new merchant has no live data). */
export function preferredEnvironment(): Environment {
  return sessionStorage.getItem(MODE) === 'production' ? 'production' : 'sandbox';
}

/**
 * Sends the browser to Till's sign-in page (or, with `signUp`, the sign-up page), to come back to
 * `returnTo` once signed in.
 */
export async function startAuthorization(returnTo: string, options: { signUp?: boolean } = {}): Promise<never> {
  const verifier = randomText(48);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const safeReturn = returnTo.startsWith('/dashboard') && !returnTo.startsWith('/dashboard/callback') ? returnTo : '/dashboard';
  const state = `${randomText(16)}.${base64url(new TextEncoder().encode(safeReturn))}`;
  sessionStorage.setItem(PENDING, JSON.stringify({ state, verifier }));
  const url = new URL('/oauth/authorize', location.origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri(),
    code_challenge: base64url(digest),
    code_challenge_method: 'S256',
    state,
    environment: preferredEnvironment(),
    ...(options.signUp ? { prompt: 'create' } : {}),
  }).toString();
  location.assign(url.href);
  return new Promise<never>(() => {});
}

export class SignInError extends Error {}

/** Finishes the flow on `/dashboard/callback`: checks the state, exchanges the code, returns the page to go back to. */
export async function completeAuthorization(callback: URL): Promise<string> {
  const pending = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  const error = callback.searchParams.get('error');
  if (error !== null) throw new SignInError(callback.searchParams.get('error_description') ?? `Sign-in failed (${error}).`);
  const { state, verifier } = pending === null ? { state: undefined, verifier: '' } : (JSON.parse(pending) as { state: string; verifier: string });
  const returned = callback.searchParams.get('state');
  const code = callback.searchParams.get('code');
  if (state === undefined || returned !== state || code === null) throw new SignInError('This sign-in link is not the one this tab started. Sign in again.');
  const response = await fetch('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: CLIENT_ID, redirect_uri: redirectUri(), code, code_verifier: verifier }),
  });
  const body = (await response.json()) as { access_token?: string; refresh_token?: string; error_description?: string };
  if (!response.ok || body.access_token === undefined || body.refresh_token === undefined) {
    throw new SignInError(body.error_description ?? 'The sign-in could not be completed. Sign in again.');
  }
  setSession(body.access_token, body.refresh_token);
  const encoded = state.split('.')[1] ?? '';
  return new TextDecoder().decode(Uint8Array.from(atob(encoded.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));
}

function setSession(accessToken: string, refreshToken: string): void {
  const claims = decodeClaims(accessToken);
  session = { accessToken, refreshToken, claims };
  sessionStorage.setItem(MODE, claims.env);
  clearTimeout(refreshTimer);
  const wait = Math.max(claims.exp * 1000 - Date.now() - REFRESH_MARGIN_MS, 5_000);
  refreshTimer = setTimeout(() => void refresh().catch(() => undefined), wait);
  for (const listener of listeners) listener(session);
}

/**
 * Rotates the refresh token (storing the new one at once), optionally moving the sign-in to the
 * other environment. One refresh at a time: concurrent callers share it.
 */
export function refresh(environment?: Environment): Promise<Session> {
  if (refreshing !== undefined) {
    // A switch waits for the refresh under way, then rotates the token that one returned.
    if (environment === undefined) return refreshing;
    return refreshing.catch(() => undefined).then(() => refresh(environment));
  }
  const current = session;
  if (current === undefined) return Promise.reject(new SignInError('Not signed in.'));
  const run = (async () => {
    const { data, error } = await publicApi.POST('/v1/auth/refresh', {
      body: { refresh_token: current.refreshToken, ...(environment === undefined ? {} : { environment }) },
    });
    if (data === undefined) {
      endSession('ended');
      throw new SignInError(error?.error.message ?? 'The sign-in has ended. Sign in again.');
    }
    setSession(data.access_token, data.refresh_token);
    return session!;
  })();
  refreshing = run;
  void run.finally(() => {
    if (refreshing === run) refreshing = undefined;
  }).catch(() => undefined);
  return run;
}

/**
 * Forgets the tokens. `ended`: the server ended the sign-in (expired, revoked, the user removed), so
 * the app signs in again and comes back to the same page; `signed-out`: the user asked for it.
 */
export function endSession(reason: SessionEnd): void {
  if (session === undefined) return;
  session = undefined;
  clearTimeout(refreshTimer);
  for (const listener of listeners) listener(undefined, reason);
}

/** Revokes the refresh token (which ends the sign-in's access tokens too), then shows the sign-in page. */
export async function signOut(): Promise<void> {
  const current = session;
  endSession('signed-out');
  if (current !== undefined) {
    await fetch('/oauth/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, token: current.refreshToken }),
    }).catch(() => undefined);
  }
  await startAuthorization('/dashboard');
}
