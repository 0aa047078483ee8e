/**
 * An independent reference for an order's figures, written from the rules as the API reference states
 * them, not from `orders/money.ts`: exact division with its remainder, rounded half up by comparing
 * twice the remainder with the divisor.
 */

/** `round_half_up(n / d)` for non-negative n and positive d. */
function roundHalfUp(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n - quotient * d;
  return remainder * 2n >= d ? quotient + 1n : quotient;
}

/**
 * Tax on top: `tax = round_half_up(lines * rate / 10000)`, `subtotal = lines`.
 * Prices that include tax: `tax = round_half_up(lines * rate / (10000 + rate))`, `subtotal = lines - tax`.
 * Either way `total = subtotal + tax`.
 */
export function includedTaxReference(linesTotal: number, rateBps: number, inclusive: boolean): { subtotal: number; tax: number; total: number } {
  const lines = BigInt(linesTotal);
  const rate = BigInt(rateBps);
  if (!inclusive) {
    const tax = roundHalfUp(lines * rate, 10_000n);
    return { subtotal: linesTotal, tax: Number(tax), total: Number(lines + tax) };
  }
  const tax = roundHalfUp(lines * rate, 10_000n + rate);
  return { subtotal: Number(lines - tax), tax: Number(tax), total: linesTotal };
}
