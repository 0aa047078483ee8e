/**
 * The cart of a sale, and the Create Order request it becomes. What the cart shows is what it can know
 * exactly: each line's price (the product's price and the chosen options' deltas, never below 0, as
 * the server prices it) and the money off of the line and order discounts, by the same rules as the
 * server (`src/orders/money.ts`, shared). A cashier cannot read the shop's tax settings (whether
 * prices include tax), nor a discount code's value before the order is made: the tax and the total
 * come from Till when the sale is tendered, and the tender screens show those.
 */
import type { BodyOf, Schemas } from '@till/client';
import { discountOrder, type DiscountSpec } from '../../../src/orders/money';

type Product = Schemas['Product'];
type CreateOrderBody = BodyOf<'/v1/orders', 'post'>;
type OrderPaymentMethod = NonNullable<CreateOrderBody['payment_method']>;

/** A discount as the cashier gives it: the request's `DiscountInput`. */
export type Discount = ({ type: 'percentage'; percentage_bps: number } | { type: 'amount'; amount: number }) & { reason?: string | null };

export interface ChosenOption {
  groupId: string;
  groupName: string;
  optionId: string;
  name: string;
  priceDelta: number;
}

export interface CartLine {
  /** Tells lines apart in the page (the same product with other options is another line). */
  key: string;
  productId: string;
  name: string;
  price: number;
  options: ChosenOption[];
  quantity: number;
  discount: Discount | null;
}

export interface CartCustomer {
  id: string;
  name: string;
  email: string | null;
}

export interface Cart {
  lines: CartLine[];
  orderDiscount: Discount | null;
  discountCode: string;
  customer: CartCustomer | null;
  note: string;
}

export const EMPTY_CART: Cart = { lines: [], orderDiscount: null, discountCode: '', customer: null, note: '' };

/** The API's limit of units per line. */
export const MAX_QUANTITY = 10_000;

/** One unit's price as sold: the product's price plus its options' deltas, never below 0 (as Create Order prices it). */
export function unitPrice(line: Pick<CartLine, 'price' | 'options'>): number {
  return Math.max(0, line.price + line.options.reduce((sum, option) => sum + option.priceDelta, 0));
}

export function lineTotal(line: CartLine): number {
  return unitPrice(line) * line.quantity;
}

export function unitCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The sum of the lines before any discount. */
export function itemsTotal(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

function specOf(discount: Discount): DiscountSpec {
  return discount.type === 'percentage' ? { type: 'percentage', percentage_bps: discount.percentage_bps } : { type: 'amount', amount: discount.amount };
}

/**
 * The money off of the line discounts and the order discount, by the server's rules, or the message
 * the server would refuse them with (a discount larger than what it applies to). A discount code's
 * share is not in it: Till works it out when the order is made.
 */
export function cartDiscounts(cart: Cart): { lines: number[]; order: number; total: number } | string {
  const result = discountOrder(
    cart.lines.map((line) => ({ total: lineTotal(line), discount: line.discount === null ? null : specOf(line.discount) })),
    cart.orderDiscount === null ? [] : [specOf(cart.orderDiscount)],
  );
  if ('refused' in result) {
    return 'line' in result.refused ? `The discount on ${cart.lines[result.refused.line]!.name} is more than the line.` : 'The order discount is more than the items left after their own discounts.';
  }
  return { lines: result.own, order: result.orderAmounts[0] ?? 0, total: result.discountTotal };
}

/** The same product with the same options: one line, more units. */
function sameChoice(line: CartLine, productId: string, options: readonly ChosenOption[]): boolean {
  if (line.productId !== productId || line.options.length !== options.length) return false;
  return line.options.every((option, i) => option.optionId === options[i]!.optionId);
}

let lineCounter = 0;

/** The cart with one more unit of `product` (with `options`, in the order of the product's groups). */
export function addProduct(cart: Cart, product: Product, options: ChosenOption[] = []): Cart {
  const existing = cart.lines.find((line) => sameChoice(line, product.id, options));
  if (existing !== undefined) return setQuantity(cart, existing.key, existing.quantity + 1);
  lineCounter += 1;
  const line: CartLine = { key: `${Date.now().toString(36)}-${lineCounter}`, productId: product.id, name: product.name, price: product.price, options, quantity: 1, discount: null };
  return { ...cart, lines: [...cart.lines, line] };
}

export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (quantity < 1) return removeLine(cart, key);
  return { ...cart, lines: cart.lines.map((line) => (line.key === key ? { ...line, quantity: Math.min(quantity, MAX_QUANTITY) } : line)) };
}

export function removeLine(cart: Cart, key: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.key !== key) };
}

export function setLineDiscount(cart: Cart, key: string, discount: Discount | null): Cart {
  return { ...cart, lines: cart.lines.map((line) => (line.key === key ? { ...line, discount } : line)) };
}

/**
 * The Create Order request of the cart. Built the same way each time from the same cart (the keys in
 * the same order), so that a retry of the sale sends the very body its Idempotency-Key was first
 * used with.
 */
export function orderRequest(cart: Cart, paymentMethod: OrderPaymentMethod, metadata: Record<string, string>): CreateOrderBody {
  const note = cart.note.trim();
  const code = cart.discountCode.trim();
  return {
    items: cart.lines.map((line) => ({
      product_id: line.productId,
      quantity: line.quantity,
      ...(line.options.length === 0 ? {} : { modifiers: line.options.map((option) => ({ option_id: option.optionId })) }),
      ...(line.discount === null ? {} : { discount: discountInput(line.discount) }),
    })),
    ...(cart.orderDiscount === null ? {} : { discounts: [discountInput(cart.orderDiscount)] }),
    ...(code === '' ? {} : { discount_code: code }),
    ...(cart.customer === null ? {} : { customer_id: cart.customer.id }),
    ...(note === '' ? {} : { notes: note }),
    payment_method: paymentMethod,
    metadata,
  };
}

function discountInput(discount: Discount) {
  const reason = discount.reason?.trim() ? { reason: discount.reason.trim() } : {};
  return discount.type === 'percentage' ? { type: 'percentage' as const, percentage_bps: discount.percentage_bps, ...reason } : { type: 'amount' as const, amount: discount.amount, ...reason };
}
