/**
 * Signing in to Till: the authorization code flow with PKCE (S256, WebCrypto), finished by the
 * dashboard's own backend (`/dashboard/session`), which keeps the refresh token in an HttpOnly cookie
 * no script can read and hands the page short-lived access tokens. The state and the verifier live in
 * sessionStorage for the round trip only; the access token lives in memory only. A reload or a new
 * tab asks the backend for a fresh access token, so the sign-in lasts as long as its refresh token.
 */
import type { components } from '@till/client';

export const CLIENT_ID = 'cli_dashboard';
export type Environment = 'sandbox' | 'production';
export type Role = components['schemas']['User']['role'];
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

const SESSION_ENDPOINT = '/dashboard/session';
/** Another tab may rotate the kept refresh token at the same moment: wait this long, then ask once more. */
const RACE_RETRY_MS = 300;

export const redirectUri = () => `${location.origin}/dashboard/callback`;
export const currentSession = () => session;
export function onSessionChange(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, ''); // '=' is only ever padding
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

/**
 * What the sign-in page shows for each error a callback can carry (RFC 6749, section 4.1.2.1). The
 * callback's own `error_description` is never shown: anyone can make a link to this page with any
 * text in it, and the words would look like Till's.
 */
const CALLBACK_ERRORS: Readonly<Record<string, string>> = {
  access_denied: 'The sign-in was cancelled. Sign in again.',
  invalid_request: 'The sign-in request was not valid. Sign in again.',
  unsupported_response_type: 'The sign-in request was not valid. Sign in again.',
  invalid_scope: 'The sign-in request was not valid. Sign in again.',
  unauthorized_client: 'This app may not sign in here. Sign in again from the dashboard.',
  server_error: 'Till could not complete the sign-in. Try again in a moment.',
  temporarily_unavailable: 'Till could not complete the sign-in. Try again in a moment.',
};

function callbackErrorMessage(error: string): string {
  return Object.hasOwn(CALLBACK_ERRORS, error) ? CALLBACK_ERRORS[error]! : 'The sign-in did not complete. Sign in again.';
}

/** Finishes the flow on `/dashboard/callback`: checks the state, exchanges the code, returns the page to go back to. */
export async function completeAuthorization(callback: URL): Promise<string> {
  const pending = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  const error = callback.searchParams.get('error');
  if (error !== null) throw new SignInError(callbackErrorMessage(error));
  const { state, verifier } = pending === null ? { state: undefined, verifier: '' } : (JSON.parse(pending) as { state: string; verifier: string });
  const returned = callback.searchParams.get('state');
  const code = callback.searchParams.get('code');
  if (state === undefined || returned !== state || code === null) throw new SignInError('This sign-in link is not the one this tab started. Sign in again.');
  const answer = await sessionCall('', { code, code_verifier: verifier, redirect_uri: redirectUri() });
  if (!answer.ok) throw new SignInError(answer.message ?? 'The sign-in could not be completed. Sign in again.');
  setSession(answer.accessToken);
  const encoded = state.split('.')[1] ?? '';
  return new TextDecoder().decode(Uint8Array.from(atob(encoded.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));
}

type SessionAnswer = { ok: true; accessToken: string } | { ok: false; status: number; code?: string; message?: string };

/** A call to the dashboard's backend, same-origin, with the header that proves it comes from this page. */
async function sessionCall(path: '' | '/refresh' | '/end', body: Record<string, string> = {}): Promise<SessionAnswer> {
  const response = await fetch(`${SESSION_ENDPOINT}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-till-dashboard': '1' },
    body: JSON.stringify(body),
  });
  if (response.status === 204) return { ok: true, accessToken: '' };
  const json = (await response.json().catch(() => undefined)) as { access_token?: string; error?: { code: string; message: string } } | undefined;
  if (response.ok && json?.access_token !== undefined) return { ok: true, accessToken: json.access_token };
  // `{"signed_in": false}`: the sign-in has ended, or there was none.
  return { ok: false, status: response.status, code: json?.error?.code, message: json?.error?.message ?? 'The sign-in has ended. Sign in again.' };
}

function setSession(accessToken: string): void {
  const claims = decodeClaims(accessToken);
  session = { accessToken, claims };
  sessionStorage.setItem(MODE, claims.env);
  clearTimeout(refreshTimer);
  const wait = Math.max(claims.exp * 1000 - Date.now() - REFRESH_MARGIN_MS, 5_000);
  refreshTimer = setTimeout(() => void refresh().catch(() => undefined), wait);
  for (const listener of listeners) listener(session);
}

/**
 * A fresh access token from the sign-in the backend keeps (after a reload, or in a new tab), or
 * undefined when there is none.
 */
export async function resumeSession(): Promise<Session | undefined> {
  // In the environment the sign-in is in: the switch in another tab moved it for every tab.
  const answer = await renew();
  if (!answer.ok) return undefined;
  setSession(answer.accessToken);
  return session;
}

/** Rotates the kept refresh token; once more if another tab rotated it at the same moment. */
async function renew(environment?: Environment): Promise<SessionAnswer> {
  const body: Record<string, string> = environment === undefined ? {} : { environment };
  const answer = await sessionCall('/refresh', body);
  if (answer.ok || answer.code !== 'refresh_token_used') return answer;
  await new Promise((resolve) => setTimeout(resolve, RACE_RETRY_MS));
  return sessionCall('/refresh', body);
}

/**
 * Rotates the refresh token the backend keeps, optionally moving the sign-in to the other
 * environment. One refresh at a time: concurrent callers share it.
 */
export function refresh(environment?: Environment): Promise<Session> {
  if (refreshing !== undefined) {
    // A switch waits for the refresh under way, then rotates the token that one returned.
    if (environment === undefined) return refreshing;
    return refreshing.catch(() => undefined).then(() => refresh(environment));
  }
  if (session === undefined) return Promise.reject(new SignInError('Not signed in.'));
  const run = (async () => {
    const answer = await renew(environment);
    if (!answer.ok) {
      endSession('ended');
      throw new SignInError(answer.message ?? 'The sign-in has ended. Sign in again.');
    }
    setSession(answer.accessToken);
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

/** Ends the sign-in (its access tokens stop working too) and forgets the cookie, then shows the sign-in page. */
export async function signOut(): Promise<void> {
  endSession('signed-out');
  await sessionCall('/end').catch(() => undefined);
  await startAuthorization('/dashboard');
}
