/**
 * The money rules of an order: tax on a subtotal, and the tax share of part of an order.
 * Products of amounts and rates can pass 2^53, so they are computed in BigInt.
 */

/** `round_half_up(numerator / denominator)` for non-negative integers. */
function divideRoundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** `tax = round_half_up(subtotal * tax_rate_bps / 10000)` */
export function taxOn(subtotal: number, taxRateBps: number): number {
  return divideRoundHalfUp(BigInt(subtotal) * BigInt(taxRateBps), 10_000n);
}

/**
 * The part of an order's tax that belongs to `value` of its subtotal, rounded half up:
 * `round_half_up(value * tax / subtotal)`. Uses the tax the order was charged, so a later change of
 * the merchant's rate does not change what a refund gives back.
 */
export function taxShare(value: number, orderTax: number, orderSubtotal: number): number {
  if (orderSubtotal === 0) return 0;
  return divideRoundHalfUp(BigInt(value) * BigInt(orderTax), BigInt(orderSubtotal));
}
