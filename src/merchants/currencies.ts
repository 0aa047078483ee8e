/**
 * The currencies a merchant may sell in: the ISO 4217 codes the runtime knows (`Intl`), the one list
 * both sign-up and `till merchant create` check against.
 */
export const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * The ISO 4217 code a merchant typed, in capitals, or undefined when it is none.
 *
 * @example
 *   currencyCode(' usd '); // 'USD'
 *   currencyCode('XYZ');   // undefined
 */
export function currencyCode(input: string): string | undefined {
  const code = input.trim().toUpperCase();
  return CURRENCIES.has(code) ? code : undefined;
}
