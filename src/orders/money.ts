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
 * What `goods` (of an order's lines, after discounts: `returnedGoods`) give back: with tax on top (the
 * lines' net values, `linesNet = Σ(total − discount_amount)`, sum to the subtotal), the goods plus their
 * share of the tax; with prices that include tax (the net values sum to the total), the goods alone,
 * their tax being inside them.
 */
export function returnedValue(goods: number, order: { subtotal: number; tax: number }, linesNet: number): number {
  return linesNet === order.subtotal ? goods + taxShare(goods, order.tax, order.subtotal) : goods;
}

/**
 * Discounts (issue 29). All money is integers in minor units; products of amounts and rates are
 * computed in BigInt, and `round_half_up` rounds a half away from zero (the figures are never negative).
 *
 * 1. A line's own discount: a percentage takes `round_half_up(total * percentage_bps / 10000)`; an
 *    amount takes itself, at most the line's `total` (more is refused: 400 naming the field).
 * 2. The order-level discounts apply to the base `B = Σ(total − own discount)`: each percentage on that
 *    same base, `round_half_up(B * percentage_bps / 10000)` (they do not compound), then the amounts.
 *    Together they never take more than `B`: an explicit discount that would is refused (400 naming
 *    `discounts[i]`); a discount code's discount, applied after every explicit one, is capped at what
 *    is left of `B` instead (a code never makes an order fail because the cart is small).
 * 3. The order-level discounts, summed (`D ≤ B`), are allocated to the lines in proportion to their
 *    value after their own discount (`w_i = total_i − own_i`): each line gets `floor(D * w_i / B)`,
 *    and the cents left go one each to the lines with the largest remainders (`D * w_i mod B`), the
 *    earlier line first on a tie. The shares sum to `D` exactly and no line's share passes `w_i`
 *    (allocating the sum once, not each discount apart, is what guarantees that). A line's
 *    `discount_amount` is its own discount plus its share; it sells for `net_i = total_i − discount_amount_i`.
 * 4. Tax is computed after discounts, on `Σ net_i`, with the usual rules (`orderFigures`): on top, or
 *    included in it.
 * 5. Refunding `k` more units of a line of `q` units of which `r` are already returned gives back goods
 *    `round_half_up(net * (r + k) / q) − round_half_up(net * r / q)` (cumulative, so returning every
 *    unit gives back exactly `net`), plus their share of the order's tax on top (`returnedValue`).
 *    Without a discount `net = q * unit_price` and this is `k * unit_price`, as before.
 */
export type DiscountSpec = { type: 'percentage'; percentage_bps: number } | { type: 'amount'; amount: number };

/** A line's own discount on its `total` (rule 1); an amount above the total is the caller's to refuse. */
export function lineDiscountAmount(total: number, discount: DiscountSpec): number {
  return discount.type === 'percentage' ? divideRoundHalfUp(BigInt(total) * BigInt(discount.percentage_bps), 10_000n) : discount.amount;
}

/** An order-level discount's money on the base `B` (rule 2), before any cap. */
export function orderDiscountAmount(base: number, discount: DiscountSpec): number {
  return discount.type === 'percentage' ? divideRoundHalfUp(BigInt(base) * BigInt(discount.percentage_bps), 10_000n) : discount.amount;
}

/**
 * Splits `amount` over `weights` in proportion, by largest remainder (rule 3): the shares sum to
 * `amount`, and each share is at most its weight when `amount ≤ Σ weights`.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (amount === 0 || total === 0n) return weights.map(() => 0);
  const big = BigInt(amount);
  const shares = weights.map((w) => (big * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, rest: (big * BigInt(w)) % total }));
  let left = Number(big - shares.reduce((sum, s) => sum + s, 0n));
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** Goods given back for `k` more units of a line (rule 5): `net` is `total − discount_amount`. */
export function returnedGoods(net: number, quantity: number, alreadyReturned: number, k: number): number {
  const upTo = (units: number) => divideRoundHalfUp(BigInt(net) * BigInt(units), BigInt(quantity));
  return upTo(alreadyReturned + k) - upTo(alreadyReturned);
}

/** What `discountOrder` works out: each line's own discount and `discount_amount`, and each order-level discount's money. */
export interface DiscountedOrder {
  /** Per line: its own discount's money (0 without one). */
  own: number[];
  /** Per line: own discount plus its share of the order-level discounts. */
  discountAmounts: number[];
  /** Per order-level discount, in the order given (the code's last): its money. */
  orderAmounts: number[];
  /** All money off: `Σ discountAmounts`. */
  discountTotal: number;
}

/** A discount refused by rules 1 and 2: the line (`items[i]`) or the order-level discount (`discounts[i]`) at fault. */
export interface DiscountRefusal {
  refused: { line: number } | { discount: number };
}

/**
 * Rules 1 to 3 for an order: `lines` (each line's total and own discount), the explicit order-level
 * `discounts`, and `code` (the discount code's, capped instead of refused). Percentages are taken
 * before amounts whatever the order they are given in; their money is reported in the given order.
 */
export function discountOrder(
  lines: ReadonlyArray<{ total: number; discount?: DiscountSpec | null | undefined }>,
  discounts: readonly DiscountSpec[],
  code?: DiscountSpec,
): DiscountedOrder | DiscountRefusal {
  const own: number[] = [];
  for (const [i, line] of lines.entries()) {
    const amount = line.discount == null ? 0 : lineDiscountAmount(line.total, line.discount);
    if (amount > line.total) return { refused: { line: i } };
    own.push(amount);
  }
  const weights = lines.map((line, i) => line.total - own[i]!);
  const base = weights.reduce((sum, w) => sum + w, 0);
  const orderAmounts = discounts.map(() => 0);
  let taken = 0;
  const order = [...discounts.keys()].sort((a, b) => rank(discounts[a]!) - rank(discounts[b]!) || a - b);
  for (const i of order) {
    const amount = orderDiscountAmount(base, discounts[i]!);
    if (taken + amount > base) return { refused: { discount: i } };
    orderAmounts[i] = amount;
    taken += amount;
  }
  if (code !== undefined) {
    const amount = Math.min(orderDiscountAmount(base, code), base - taken);
    orderAmounts.push(amount);
    taken += amount;
  }
  const shares = allocateProportionally(taken, weights);
  const discountAmounts = own.map((o, i) => o + shares[i]!);
  return { own, discountAmounts, orderAmounts, discountTotal: discountAmounts.reduce((sum, d) => sum + d, 0) };
}

function rank(discount: DiscountSpec): number {
  return discount.type === 'percentage' ? 0 : 1;
}

/**
 * A tip of `percentageBps` basis points of `base` (the order's total before the tip), rounded half
 * up: `round_half_up(base * percentage_bps / 10000)`.
 */
export function tipOf(base: number, percentageBps: number): number {
  return divideRoundHalfUp(BigInt(base) * BigInt(percentageBps), 10_000n);
}
