/**
 * Phone numbers as a customer's `phone` stores them and `q` finds them: the `+` (kept only in front)
 * and the digits, without the spaces, dashes, dots and parentheses people write between them, so that
 * `+44 20 7946 0958` and `+44-20-7946-0958` are one number and a prefix of it reads an index range.
 */
import { PHONE_PATTERN } from '../http/schemas.js';

const PHONE = new RegExp(PHONE_PATTERN);

/** The stored form of a phone number the schema accepted (`PHONE_PATTERN`). */
export function storedPhone(written: string): string {
  const digits = written.replace(/[^0-9]/g, '');
  return written.trimStart().startsWith('+') ? `+${digits}` : digits;
}

/**
 * The prefixes of stored phones a search text finds: none when the text is no phone number; digits
 * without a `+` find numbers stored with one as well as without.
 *
 * @example phonePrefixes('(020) 79') // ['02079', '+02079']
 */
export function phonePrefixes(text: string): string[] {
  if (!PHONE.test(text)) return [];
  const stored = storedPhone(text);
  return stored.startsWith('+') ? [stored] : [stored, `+${stored}`];
}
