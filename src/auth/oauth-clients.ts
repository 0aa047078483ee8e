/**
 * OAuth clients: the apps users sign in to (a cashier's mobile app, say). They are public clients,
 * with no secret, registered by the operator with the redirect URIs they may use.
 *
 * A redirect URI of a request must be one of those registered, character for character, with one
 * exception (RFC 8252, section 7.3): a loopback `http` URI matches whatever its port, because a
 * native app listening on 127.0.0.1 gets a port from the operating system at each sign-in.
 */
import type { ReadHandle } from '../db/handle.js';
import { insertOAuthClient, oauthClientRow } from '../db/identity/signing-keys.js';
import { InvalidInput } from '../errors.js';
import { newId } from '../ids.js';
import { isoNow, type Clock } from '../time.js';

export interface OAuthClient {
  id: string;
  name: string;
  redirect_uris: string[];
  created_at: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Refuses what RFC 6749 and RFC 8252 rule out: relative URIs, fragments, and plain `http` except
 * on a loopback address. Private-use schemes (`com.example.app:/callback`) and `https` are allowed.
 */
export function checkRedirectUri(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new InvalidInput(`"${uri}" is not an absolute URI`);
  }
  if (uri.includes('#')) throw new InvalidInput(`"${uri}" has a fragment, which a redirect URI must not have`);
  if (url.protocol === 'http:' && !isLoopback(url)) {
    throw new InvalidInput(`"${uri}" uses plain http on a host other than a loopback address; use https or a private-use scheme`);
  }
  if (['javascript:', 'data:', 'file:', 'vbscript:'].includes(url.protocol)) {
    throw new InvalidInput(`"${uri}" uses the ${url.protocol} scheme, which cannot be a redirect URI`);
  }
}

export async function createOAuthClient(db: ReadHandle, clock: Clock, input: { name: string; redirectUris: string[] }): Promise<OAuthClient> {
  const name = input.name.trim();
  if (name === '') throw new InvalidInput('the client name must not be empty');
  if (input.redirectUris.length === 0) throw new InvalidInput('at least one redirect URI is needed');
  input.redirectUris.forEach(checkRedirectUri);
  const client: OAuthClient = { id: newId('cli'), name, redirect_uris: [...new Set(input.redirectUris)], created_at: isoNow(clock) };
  await insertOAuthClient(db, { ...client, redirect_uris: JSON.stringify(client.redirect_uris) });
  return client;
}

export async function findOAuthClient(db: ReadHandle, id: string): Promise<OAuthClient | undefined> {
  const row = await oauthClientRow(db, id);
  return row && { ...row, redirect_uris: JSON.parse(row.redirect_uris) as string[] };
}

/**
 * True when `requested` is one of the client's redirect URIs (any port for a loopback one).
 *
 * A registered URI that is a path (`/dashboard/callback`, which only a migration can register) means
 * that path on `origin`: the origin of `PUBLIC_URL`, or else the one the authorization request was
 * sent to. The browser is sent back to the very origin it is already on, where this server's own
 * page takes the code; any other origin or path is refused like any unregistered URI.
 */
export function redirectUriAllowed(client: OAuthClient, requested: string, origin?: string): boolean {
  const sameOrigin = (registered: string) => registered.startsWith('/');
  if (client.redirect_uris.some((registered) => sameOrigin(registered) ? origin !== undefined && requested === origin + registered : requested === registered)) return true;
  const portless = loopbackWithoutPort(requested);
  return portless !== undefined && client.redirect_uris.some((registered) => !sameOrigin(registered) && loopbackWithoutPort(registered) === portless);
}

/** A loopback `http` URI with its port taken out; undefined for any other URI. */
function loopbackWithoutPort(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (!isLoopback(url)) return undefined;
  // The first `host:port` of the text is its authority: only the scheme comes before it.
  return url.port === '' ? uri : uri.replace(`${url.hostname}:${url.port}`, url.hostname);
}
