/**
 * A sale rung up without the network: its figures worked out on the register by Till's own rules
 * (`src/orders/money.ts`: the lines at the prices the register knows, the discounts, then the tax at
 * the merchant's rate, added on top or included in the prices), and the Create Order and Capture
 * requests its sync will send. Cash only: a card needs the processor. A discount code needs Till to
 * know its value and whether it is still valid, so an offline sale takes none.
 */
import type { BodyOf, Schemas } from '@till/client';
import { orderFigures } from '../../../src/orders/money';
import { cartDiscounts, itemsTotal, orderRequest, unitPrice, type Cart } from './cart';

type Account = Schemas['Account'];
type CreateOrderBody = BodyOf<'/v1/orders', 'post'>;

export interface OfflineFigures {
  discountTotal: number;
  subtotal: number;
  tax: number;
  total: number;
}

export type OfflineTender = { figures: OfflineFigures; order: CreateOrderBody } | { refused: string };

/** The figures and the Create Order body (without its time and receipt number) of a cart sold offline for cash. */
export function offlineTender(cart: Cart, account: Pick<Account, 'tax_rate_bps' | 'prices_include_tax'>, register: string): OfflineTender {
  if (cart.discountCode.trim() !== '') return { refused: 'A discount code needs a connection: remove it from the sale, or wait for the network.' };
  const discounts = cartDiscounts(cart);
  if (typeof discounts === 'string') return { refused: discounts };
  const { subtotal, tax } = orderFigures(itemsTotal(cart) - discounts.total, account.tax_rate_bps, account.prices_include_tax);
  const total = subtotal + tax;
  const request = orderRequest(cart, 'cash', { register });
  const order: CreateOrderBody = {
    ...request,
    items: request.items.map((item, i) => ({ ...item, unit_price: unitPrice(cart.lines[i]!) })),
    recorded_total: total,
  };
  return { figures: { discountTotal: discounts.total, subtotal, tax, total }, order };
}
