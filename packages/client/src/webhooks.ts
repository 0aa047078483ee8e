/**
 * Verifying a webhook delivery: the Standard Webhooks scheme Till signs with (HMAC-SHA256 over
 * `${webhook-id}.${webhook-timestamp}.${body}`, key the base64 after `whsec_`), with WebCrypto only, so
 * it runs on Node, in browsers, workers and React Native alike.
 */
import { WebhookVerificationError } from './errors.js';
import type { Event } from './resources.js';

/** What a delivery carries: an event of the API, or the `ping` of `POST /v1/webhook_endpoints/{id}/test`. */
export type WebhookEvent = Event | { id: string; type: 'ping'; created_at: string; data: { object: { endpoint_id: string } } };

export type HeadersLike = Headers | Record<string, string | readonly string[] | undefined>;

function header(headers: HeadersLike, name: string): string {
  let value: string | readonly string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') value = (headers as Headers).get(name);
  else {
    const record = headers as Record<string, string | readonly string[] | undefined>;
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  if (Array.isArray(value)) value = value.join(' ');
  if (typeof value !== 'string' || value === '') throw new WebhookVerificationError(`The delivery has no ${name} header.`);
  return value as string;
}

function bytesOfBase64(text: string) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Equal bytes, in a time that depends on the length only. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * The event of a delivery, once its signature matches one of `secret` (several during a rotation) and
 * its timestamp is within `toleranceSeconds` (default 300) of now; otherwise a `WebhookVerificationError`.
 * `rawBody` must be the body exactly as received, before any JSON parsing.
 */
export async function verify(
  rawBody: string | Uint8Array,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('The webhook-timestamp header is not a number of seconds.');
  const age = (options.now ?? new Date()).getTime() / 1000 - Number(timestamp);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(age) > tolerance) throw new WebhookVerificationError(`The delivery's timestamp is ${Math.round(Math.abs(age))} s ${age > 0 ? 'old' : 'ahead'}, more than the ${tolerance} s allowed.`);

  const encoder = new TextEncoder();
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);

  const presented: Uint8Array[] = [];
  for (const part of signatures.split(' ')) {
    const [version, value] = part.split(',');
    if (version === 'v1' && value !== undefined) {
      try {
        presented.push(bytesOfBase64(value));
      } catch {
        // not base64: matches nothing
      }
    }
  }
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('No secret to verify with.');
  for (const each of secrets) {
    let keyBytes;
    try {
      keyBytes = bytesOfBase64(each.startsWith('whsec_') ? each.slice(6) : each);
    } catch {
      throw new WebhookVerificationError('The secret is not a webhook secret (whsec_ followed by base64).');
    }
    const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, signed));
    if (presented.some((candidate) => sameBytes(candidate, expected))) {
      return JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody)) as WebhookEvent;
    }
  }
  throw new WebhookVerificationError('No signature of the delivery matches the secret.');
}
