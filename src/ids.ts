/**
 * Identifiers and secrets. An identifier is its type's prefix, then the time it was made (milliseconds,
 * 8 base62 characters), then 16 random base62 characters: ids made one after another sort one after
 * another, so a new row lands at the right edge of each index instead of on a random page of it.
 * Ids made before this scheme (20 random characters) stay valid; lists never sort by id alone.
 *
 * @example newId('ord') // 'ord_0MvQZ7yq4Vq2c9XrT0bLkP7s'
 */
import { hash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62 * 4 = 248: bytes at or above it are discarded so every character is equally likely. */
const UNBIASED_LIMIT = 248;

export const ID_PREFIXES = {
  order: 'ord',
  lineItem: 'li',
  product: 'prod',
  modifierGroup: 'mgrp',
  modifierOption: 'mopt',
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
  mail: 'mail',
  processorCall: 'pc',
  webhookEndpoint: 'we',
  webhookDelivery: 'whd',
  webhookAttempt: 'wha',
  discountCode: 'dc',
  cashDrawer: 'drw',
  cashDrawerMovement: 'dmv',
  receiptLink: 'rcl',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/**
 * Bytes from the operating system's CSPRNG, drawn 4 KiB at a time, as `crypto.randomUUID` does: one
 * call into the generator serves a hundred ids (a request id, and every id of a new order, its items
 * and its event) instead of one call each. Each byte is used once.
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolAt = 0;

function randomByte(): number {
  if (randomPoolAt === randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolAt = 0;
  }
  return randomPool[randomPoolAt++]!;
}

/** `length` unbiased random base62 characters from the operating system's CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Width of the time part: 62^8 milliseconds reach the year 8888. */
const TIME_CHARACTERS = 8;
/** 16 random base62 characters: 95 bits, so two ids of the same millisecond never meet in practice. */
const RANDOM_CHARACTERS = 16;

/**
 * `ms` in base62, left-padded to a fixed width. The alphabet is in ASCII order, so the texts sort as
 * the numbers do under a byte-wise collation (PostgreSQL's `C`, SQLite's default BINARY).
 */
export function timeBase62(ms: number): string {
  let out = '';
  for (let rest = Math.floor(ms); rest > 0; rest = Math.floor(rest / 62)) out = ALPHABET[rest % 62] + out;
  return out.padStart(TIME_CHARACTERS, '0');
}

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${timeBase62(now)}${randomBase62(RANDOM_CHARACTERS)}`;
}

/** The token of a hosted receipt's link (`/r/<token>`): 32 base62 characters, 190 bits. */
export const RECEIPT_TOKEN_LENGTH = 32;

/** SHA-256 as hex: how secrets (API keys, refresh tokens, codes) are stored and looked up. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}
