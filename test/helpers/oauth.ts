/**
 * Signing in as a real OAuth client does, with openid-client: discovery, PKCE, the authorization
 * URL, the sign-in form (fetched and submitted as a browser would), and the code exchange.
 */
import * as client from 'openid-client';
import { createOAuthClient, type OAuthClient } from '../../src/auth/oauth-clients.js';
import { createUser } from '../../src/auth/users.js';
import type { Environment, Role } from '../../src/db/schema.js';
import { randomBase62 } from '../../src/ids.js';
import { Api, type TestMerchant, type TestServer } from './server.js';

export const REDIRECT_URI = 'http://127.0.0.1/callback';

export async function registerClient(server: TestServer, redirectUris: string[] = [REDIRECT_URI]): Promise<OAuthClient> {
  return createOAuthClient(server.db, server.clock, { name: 'Till Register', redirectUris });
}

/** openid-client's configuration for a public client of this server, found by RFC 8414 discovery. */
export async function discover(server: TestServer, clientId: string, url = server.url): Promise<client.Configuration> {
  return client.discovery(new URL(url), clientId, undefined, client.None(), { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });
}

/** The hidden and visible fields of the sign-in form on an HTML page. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  }
  return fields;
}

export interface SubmittedForm {
  status: number;
  /** Where the browser is sent (the app's redirect URI with the answer), when it is. */
  location: URL | undefined;
  html: string;
  headers: Headers;
}

/** Opens the authorization URL and submits the sign-in form on it, as a browser would. */
export async function submitSignIn(authorizationUrl: URL, email: string, password: string, headers: Record<string, string> = {}): Promise<SubmittedForm> {
  const page = await fetch(authorizationUrl, { headers });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the sign-in page answered ${page.status}: ${html.slice(0, 300)}`);
  const action = new URL('authorize', authorizationUrl);
  const response = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ...formFields(html), email, password }),
  });
  const location = response.headers.get('location');
  return { status: response.status, location: location === null ? undefined : new URL(location), html: await response.text(), headers: response.headers };
}

export interface SignedIn {
  config: client.Configuration;
  tokens: client.TokenEndpointResponse;
  accessToken: string;
  refreshToken: string;
  /** An API client holding the access token. */
  api: Api;
}

export interface AuthorizationRequest {
  clientId: string;
  config: client.Configuration;
  verifier: string;
  state: string;
  /** The authorization URL, with a fresh PKCE challenge and state. */
  url: URL;
}

/** What an app prepares before opening the sign-in page: its configuration, a PKCE pair, a state, the URL. */
export async function authorizationRequest(
  server: TestServer,
  options: { clientId?: string; environment?: Environment; redirectUri?: string; state?: string } = {},
): Promise<AuthorizationRequest> {
  const clientId = options.clientId ?? (await registerClient(server)).id;
  const config = await discover(server, clientId);
  const verifier = client.randomPKCECodeVerifier();
  const state = options.state ?? client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  });
  return { clientId, config, verifier, state, url };
}

/** The whole authorization code flow with PKCE, as a mobile app runs it. */
export async function signIn(
  server: TestServer,
  credentials: { email: string; password: string },
  options: { clientId?: string; environment?: Environment; redirectUri?: string; newPassword?: string } = {},
): Promise<SignedIn> {
  const { config, verifier, state, url } = await authorizationRequest(server, options);
  let submitted = await submitSignIn(url, credentials.email, credentials.password);
  if (options.newPassword !== undefined) {
    // A temporary password: the sign-in asks for the user's own before any code is issued.
    if (!/<h1>Choose a new password<\/h1>/.test(submitted.html)) throw new Error(`sign-in did not ask for a new password (${submitted.status}): ${submitted.html.slice(0, 500)}`);
    const response = await fetch(new URL('reset-password', url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...formFields(submitted.html), password: options.newPassword, password_confirmation: options.newPassword }),
    });
    const location = response.headers.get('location');
    submitted = { status: response.status, location: location === null ? undefined : new URL(location), html: await response.text(), headers: response.headers };
  }
  if (submitted.location === undefined) throw new Error(`sign-in did not redirect (${submitted.status}): ${submitted.html.slice(0, 500)}`);
  const tokens = await client.authorizationCodeGrant(config, submitted.location, { pkceCodeVerifier: verifier, expectedState: state });
  return { config, tokens, accessToken: tokens.access_token, refreshToken: tokens.refresh_token!, api: new Api(server.url, tokens.access_token) };
}

/** A new user of the merchant with this role, signed in: their access token in an API client. */
export async function signInAs(
  server: TestServer,
  merchant: Pick<TestMerchant, 'merchantId'>,
  role: Role,
  options: { environment?: Environment; clientId?: string } = {},
): Promise<SignedIn & { userId: string; email: string; password: string }> {
  const email = `${role}-${randomBase62(10).toLowerCase()}@example.com`;
  const password = `pw-${randomBase62(16)}`;
  const user = await createUser(server.db, server.clock, { merchantId: merchant.merchantId, email, password, role });
  return { ...(await signIn(server, { email, password }, options)), userId: user.id, email, password };
}

/** Opens a mailed link (a page with a form) and submits its form as a browser would, with `fields` added. */
export async function submitLinkForm(link: string, fields: Record<string, string> = {}): Promise<SubmittedForm & { pageStatus: number; pageHtml: string }> {
  const page = await fetch(link);
  const pageHtml = await page.text();
  if (page.status !== 200) return { status: page.status, location: undefined, html: pageHtml, headers: page.headers, pageStatus: page.status, pageHtml };
  const action = pageHtml.match(/<form method="post" action="([^"]+)">/)?.[1];
  if (action === undefined) throw new Error(`no form on ${link}: ${pageHtml.slice(0, 300)}`);
  const response = await fetch(new URL(action, link), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...formFields(pageHtml), ...fields }),
  });
  const location = response.headers.get('location');
  return { status: response.status, location: location === null ? undefined : new URL(location), html: await response.text(), headers: response.headers, pageStatus: page.status, pageHtml };
}
