/**
 * The money rules of an order: tax on a subtotal or included in a total, and the tax share of part
 * of an order.
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
 * The tax included in `total` when prices include tax:
 * `tax = round_half_up(total * tax_rate_bps / (10000 + tax_rate_bps))`; the subtotal is `total - tax`.
 */
export function taxIncludedIn(total: number, taxRateBps: number): number {
  return divideRoundHalfUp(BigInt(total) * BigInt(taxRateBps), 10_000n + BigInt(taxRateBps));
}

/**
 * The order's subtotal and tax from the sum of its lines: tax added on top, or, when prices include
 * tax, the part of the lines' sum that is tax. Either way `total = subtotal + tax`.
 */
export function orderFigures(linesTotal: number, taxRateBps: number, pricesIncludeTax: boolean): { subtotal: number; tax: number } {
  if (!pricesIncludeTax) return { subtotal: linesTotal, tax: taxOn(linesTotal, taxRateBps) };
  const tax = taxIncludedIn(linesTotal, taxRateBps);
  return { subtotal: linesTotal - tax, tax };
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

/**
 * What `goods` (units times unit price) of an order's lines give back: with tax on top (the lines
 * sum to the subtotal), the goods plus their share of the tax; with prices that include tax (the
 * lines sum to the total), the goods alone, their tax being inside them.
 */
export function returnedValue(goods: number, order: { subtotal: number; tax: number }, linesTotal: number): number {
  return linesTotal === order.subtotal ? goods + taxShare(goods, order.tax, order.subtotal) : goods;
}

/**
 * A tip of `percentageBps` basis points of `base` (the order's total before the tip), rounded half
 * up: `round_half_up(base * percentage_bps / 10000)`.
 */
export function tipOf(base: number, percentageBps: number): number {
  return divideRoundHalfUp(BigInt(base) * BigInt(percentageBps), 10_000n);
}
