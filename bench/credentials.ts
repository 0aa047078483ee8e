/**
 * The bearer tokens the scenarios send, one per kind of credential: the bench's API key, and a user
 * access token that the merchant's admin gets by signing in through the OAuth flow, as an app would
 * (sign-in form, code, PKCE exchange). A kind left undefined marks its scenarios "not measured".
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BenchDatabase } from './bench-database.js';
import type { CredentialKind } from './scenarios.js';

export type Credentials = Record<CredentialKind, string | undefined>;

export async function benchCredentials(database: BenchDatabase, serverUrl: string): Promise<Credentials> {
  return { api_key: database.apiKey, jwt: await signIn(database, serverUrl) };
}

/** The authorization code flow with PKCE over HTTP, for the sandbox, where the bench's data is. */
async function signIn(database: BenchDatabase, serverUrl: string): Promise<string> {
  const { email, password, clientId, redirectUri } = database.signIn;
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = { response_type: 'code', client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256', state: 'bench', environment: 'sandbox' };
  const page = await fetch(`${serverUrl}/oauth/authorize?${new URLSearchParams(params)}`);
  if (page.status !== 200) throw new Error(`the sign-in page answered ${page.status}`);
  await page.text();
  const form = await fetch(`${serverUrl}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, email, password }),
  });
  const code = new URL(form.headers.get('location') ?? 'about:blank').searchParams.get('code');
  if (code === null) throw new Error(`signing in did not redirect with a code (${form.status})`);
  const token = await fetch(`${serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, redirect_uri: redirectUri, code_verifier: verifier, code }),
  });
  const body = (await token.json()) as { access_token?: string };
  if (token.status !== 200 || body.access_token === undefined) throw new Error(`the code exchange answered ${token.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}
