/**
 * Refund: give money back for a paid order, in full, by amount, by returned items, or both.
 *
 * - Empty body: everything left to refund.
 * - `amount`: that much, 1 to what is left.
 * - `items`: each line's `quantity * unit_price` plus its share of the order's tax (rounded half up),
 *   capped at what is left; when the refund brings back every unit still out, it takes exactly what
 *   is left, so rounding never leaves a cent behind nor refunds one too many.
 * - `amount` and `items`: the items say what came back, the amount is the money (at most their value).
 *
 * The order row is held for the whole transaction, so refunds of one order run one at a time and
 * their sum can never pass the order's total (a CHECK constraint holds the same line).
 */
import type { Tenant } from '../auth/principal.js';
import type { LineItemRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { restock } from './cancel-order.js';
import { lockOrder } from './lock-order.js';
import { taxShare } from './money.js';
import { LINE_ITEM_COLUMNS, loadOrder, toRefund } from './order-view.js';
import type { Refund, RefundOrderBody } from './schemas.js';

export async function refundOrder({ db, clock, transaction }: Services, tenant: Tenant, orderId: string, input: RefundOrderBody): Promise<Refund> {
  return transaction(async (trx) => {
    const order = await lockOrder(db, trx, tenant, orderId);
    if (order.status === 'refunded') {
      throw new ApiError('already_refunded', 'This order has already been refunded in full.');
    }
    if (order.status !== 'paid' && order.status !== 'partially_refunded') {
      throw new ApiError('order_not_refundable', `This order is ${order.status}; only paid orders can be refunded.`);
    }
    const left = order.total - order.refunded_amount;

    let returned: Array<{ line: LineItemRow; quantity: number }> = [];
    let itemsValue: number | undefined;
    if (input.items !== undefined) {
      const lines = await trx
        .selectFrom('line_items')
        .select(LINE_ITEM_COLUMNS)
        .where('merchant_id', '=', tenant.merchantId)
        .where('order_id', '=', orderId)
        .execute();
      returned = input.items.map((item, i) => {
        const line = lines.find((l) => l.id === item.line_item_id);
        if (line === undefined) {
          throw new ApiError('parameter_invalid', `This order has no line item '${item.line_item_id}'.`, `items[${i}].line_item_id`);
        }
        if (input.items!.findIndex((other) => other.line_item_id === item.line_item_id) !== i) {
          throw new ApiError('parameter_invalid', `Line item '${item.line_item_id}' is listed twice.`, `items[${i}].line_item_id`);
        }
        const unitsLeft = line.quantity - line.refunded_quantity;
        if (item.quantity > unitsLeft) {
          throw new ApiError(
            'invalid_refund_amount',
            `Only ${unitsLeft} of ${line.quantity} units of line item '${line.id}' are left to refund; ${item.quantity} asked.`,
            `items[${i}].quantity`,
          );
        }
        return { line, quantity: item.quantity };
      });
      const everyUnitBack = lines.every(
        (line) => line.quantity - line.refunded_quantity === (returned.find((r) => r.line.id === line.id)?.quantity ?? 0),
      );
      const value = returned.reduce((sum, { line, quantity }) => {
        const goods = quantity * line.unit_price;
        return sum + goods + taxShare(goods, order.tax, order.subtotal);
      }, 0);
      itemsValue = everyUnitBack ? left : Math.min(value, left);
    }

    let amount: number;
    if (input.amount !== undefined) {
      if (input.amount < 1 || input.amount > left) {
        throw new ApiError('invalid_refund_amount', `The refund amount must be between 1 and ${left}, what is left to refund.`, 'amount');
      }
      if (itemsValue !== undefined && input.amount > itemsValue) {
        throw new ApiError('invalid_refund_amount', `The refund amount must not exceed ${itemsValue}, the value of the returned items.`, 'amount');
      }
      amount = input.amount;
    } else {
      amount = itemsValue ?? left;
    }
    if (amount < 1) {
      throw new ApiError(
        'invalid_refund_amount',
        itemsValue === undefined ? 'Nothing is left to refund on this order.' : 'The returned items have no value left to refund.',
        input.items === undefined ? undefined : 'items',
      );
    }

    const now = isoNow(clock);
    const refundedAmount = order.refunded_amount + amount;
    const status = refundedAmount === order.total ? 'refunded' : 'partially_refunded';
    const refund = {
      merchant_id: tenant.merchantId,
      environment: tenant.environment,
      id: newId('ref'),
      order_id: orderId,
      amount,
      currency: order.currency,
      status: 'succeeded' as const,
      reason: input.reason ?? 'customer_request',
      items: JSON.stringify(returned.map(({ line, quantity }) => ({ line_item_id: line.id, quantity }))),
      created_at: now,
    };
    await trx.insertInto('refunds').values(refund).execute();
    await trx
      .updateTable('orders')
      .set({ refunded_amount: refundedAmount, status, updated_at: now })
      .where('merchant_id', '=', tenant.merchantId)
      .where('id', '=', orderId)
      .execute();
    for (const { line, quantity } of returned) {
      await trx
        .updateTable('line_items')
        .set({ refunded_quantity: line.refunded_quantity + quantity })
        .where('merchant_id', '=', tenant.merchantId)
        .where('id', '=', line.id)
        .execute();
    }
    await restock(
      trx,
      tenant,
      returned.map(({ line, quantity }) => ({ product_id: line.product_id, quantity })).sort((a, b) => (a.product_id < b.product_id ? -1 : 1)),
      now,
    );
    const view = toRefund(refund);
    await recordEvent(trx, tenant, 'refund.created', view, now);
    await recordEvent(trx, tenant, 'order.refunded', await loadOrder(trx, tenant, orderId), now);
    return view;
  });
}
