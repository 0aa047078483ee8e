/**
 * Identifiers and secrets: a type prefix followed by random base62 characters.
 *
 * @example newId('ord') // 'ord_4Vq2c9XrT0bLkP7sYh1m'
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62 * 4 = 248: bytes at or above it are discarded so every character is equally likely. */
const UNBIASED_LIMIT = 248;

export const ID_PREFIXES = {
  order: 'ord',
  lineItem: 'li',
  product: 'prod',
  customer: 'cus',
  refund: 'ref',
  user: 'usr',
  merchant: 'mer',
  refreshToken: 'rt',
  apiKey: 'key',
  event: 'evt',
  oauthClient: 'cli',
  authSession: 'ses',
  signingKey: 'sig',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/** `length` unbiased random base62 characters from the operating system's CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}

/** SHA-256 as hex: how secrets (API keys, refresh tokens, codes) are stored and looked up. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
