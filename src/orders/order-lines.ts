/**
 * An order's lines as Create Order and Edit Order make them: a new line priced by its modifiers
 * (`modifiers.ts`) before any discount, the discounts as sent and as the order shows them, and the
 * answer to discounts that would take too much (`money.ts` has the rules).
 */
import type { Tenant } from '../auth/principal.js';
import type { LineItemRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { DiscountRefusal, DiscountSpec } from './money.js';
import type { AppliedDiscount, LineItemModifier } from './schemas.js';

/** A new line of `orderId` at `position`: `quantity` units of the product at `unitPrice` (its price and modifiers), no discount yet. */
export function newLine(
  tenant: Tenant,
  orderId: string,
  position: number,
  item: { product_id: string; quantity: number },
  name: string,
  priced: { modifiers: LineItemModifier[]; unitPrice: number },
): LineItemRow {
  return {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: newId('li'),
    order_id: orderId,
    position,
    product_id: item.product_id,
    name,
    quantity: item.quantity,
    unit_price: priced.unitPrice,
    total: item.quantity * priced.unitPrice,
    refunded_quantity: 0,
    modifiers: JSON.stringify(priced.modifiers),
    discount: null,
    discount_amount: 0,
  };
}

/** The 400 for discounts `discountOrder` refused: a line's own discount over its total, or order-level discounts over what is left. */
export function discountRefusal({ refused }: DiscountRefusal, lines: ReadonlyArray<{ total: number }>): ApiError {
  if ('line' in refused) {
    const i = refused.line;
    return new ApiError('parameter_invalid', `The discount of items[${i}] is more than the line's total, ${lines[i]!.total}.`, `items[${i}].discount.amount`);
  }
  return new ApiError('parameter_invalid', "The order's discounts together would take more than the lines' sum after their own discounts.", `discounts[${refused.discount}]`);
}

/** A discount as the order shows it: what it was, the money it took, why, and the code that gave it. */
export function applied(spec: DiscountSpec, amount: number, reason: string | null | undefined, code: string | null = null): AppliedDiscount {
  return { type: spec.type, percentage_bps: spec.type === 'percentage' ? spec.percentage_bps : null, amount, reason: reason ?? null, code };
}

/** A discount as sent, checked for its type's field: `percentage_bps` with a percentage, `amount` with an amount. */
export function discountSpec(discount: { type: 'percentage' | 'amount'; percentage_bps?: number | null | undefined; amount?: number | null | undefined }, field: string): DiscountSpec {
  if (discount.type === 'percentage') {
    if (discount.percentage_bps == null) throw new ApiError('parameter_missing', 'A percentage discount takes `percentage_bps` (1 to 10000).', `${field}.percentage_bps`);
    if (discount.amount != null) throw new ApiError('parameter_invalid', 'A percentage discount takes `percentage_bps`, not `amount`.', `${field}.amount`);
    return { type: 'percentage', percentage_bps: discount.percentage_bps };
  }
  if (discount.amount == null) throw new ApiError('parameter_missing', 'An amount discount takes `amount`.', `${field}.amount`);
  if (discount.percentage_bps != null) throw new ApiError('parameter_invalid', 'An amount discount takes `amount`, not `percentage_bps`.', `${field}.percentage_bps`);
  return { type: 'amount', amount: discount.amount };
}
