/**
 * Edit Order (`PATCH /v1/orders/{id}`): a pending order's lines, customer, notes, metadata and
 * order-level discounts, changed in one transaction that holds the order's row (`lock-order.ts`), so
 * that an edit and a capture or cancel of the order run one after the other.
 *
 * - `items` replaces every line, priced NOW like a new order's (the product's current price and
 *   modifier groups); the new lines get new ids. The old lines' units go back and the new lines'
 *   are taken, all or none: every product either touches is locked first, in id order
 *   (`db/orders/edit-order.ts`), then stock is given back and taken as Cancel and Create Order do. A
 *   refused line answers as Create Order's would (`out_of_stock` on `items[i].product_id` ...) and
 *   the rollback leaves the order and the stock as they were.
 * - Without `items` the lines stay as they are (ids, prices, their own discounts).
 * - `discounts` replaces the order-level discounts. A discount code is not taken here: the order's
 *   code, if any, stays redeemed and is applied again to the new figures (the code's saved discount,
 *   capped as in Create Order).
 * - With `items` or `discounts` the figures (discounts, subtotal, tax, total) are worked out again
 *   with the merchant's CURRENT tax settings, as a new order would be; otherwise they stay.
 *
 * A card capture with the processor right now (a pending processor call) makes the edit 409
 * `capture_in_progress`, as it makes Cancel: the amount being charged must not change under it.
 * An edit that changes nothing answers the order as it is, and records no event; any other records
 * `order.updated`.
 */
import type { Tenant } from '../auth/principal.js';
import { findDiscountCodeByCode } from '../db/catalog/discount-codes.js';
import { restock } from '../db/catalog/stock.js';
import { reserveForOrder } from '../db/orders/create-order.js';
import { lockProducts, replaceOrderLines } from '../db/orders/edit-order.js';
import { changeOrder, orderLines, readOrderForEvent } from '../db/orders/orders.js';
import { writeOutbox } from '../db/outbox/outbox.js';
import { pendingCall } from '../db/payments/processor-calls.js';
import type { LineItemRow, OrderRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';
import { newEvent } from '../events/record-event.js';
import type { ModifierGroup } from '../products/schemas.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { deliveriesOf } from '../webhooks/enqueue-deliveries.js';
import { applied, discountRefusal, discountSpec, newLine } from './order-lines.js';
import { lockOrder } from './lock-order.js';
import { modifiersOfLine } from './modifiers.js';
import { discountOrder, orderFigures, type DiscountedOrder, type DiscountSpec } from './money.js';
import { inIdOrder, refusal } from './stock.js';
import type { AppliedDiscount, Order, UpdateOrderBody } from './schemas.js';

/** Thrown inside the transaction when the edit changed nothing, so that it rolls back; carries the order as it is. */
class Unchanged {
  constructor(readonly order: Order) {}
}

export async function editOrder({ clock, transaction }: Services, tenant: Tenant, orderId: string, input: UpdateOrderBody): Promise<Order> {
  try {
    return await transaction(async (trx) => {
      const order = await lockOrder(trx, tenant, orderId);
      if (order.status !== 'pending') {
        throw new ApiError('order_not_editable', `This order is ${order.status}; only pending orders can be edited.`);
      }
      if ((await pendingCall(trx, tenant, orderId)) !== undefined) {
        throw new ApiError('capture_in_progress', 'A capture of this order is with the card processor right now, so it cannot be edited; retry in a moment.');
      }
      const now = isoNow(clock);
      const before = await readOrderForEvent(trx, tenant, orderId);
      await applyEdit(trx, tenant, order, input, now);
      const after = await readOrderForEvent(trx, tenant, orderId);
      if (comparable(after.body) === comparable(before.body)) throw new Unchanged(JSON.parse(before.body) as Order);
      const edited = JSON.parse(after.body) as Order;
      const event = newEvent('order.updated', edited);
      await writeOutbox(trx, tenant, { events: [event], deliveries: deliveriesOf([event], after.endpoints) }, now);
      return edited;
    });
  } catch (error) {
    if (error instanceof Unchanged) return error.order;
    throw error;
  }
}

/** The order's JSON without what every edit changes (`updated_at`, the new lines' ids), to tell an edit that changed nothing. */
function comparable(body: string): string {
  const { updated_at: _updated, items, ...rest } = JSON.parse(body) as Order;
  return JSON.stringify({ ...rest, items: items.map(({ id: _id, ...line }) => line) });
}

async function applyEdit(trx: DbTransaction, tenant: Tenant, order: OrderRow, input: UpdateOrderBody, now: string): Promise<void> {
  const customerId = input.customer_id !== undefined ? input.customer_id : order.customer_id;
  let lines: LineItemRow[] | undefined;
  let wanted: Array<[string, number]> = [];
  if (input.items !== undefined) {
    const units = new Map<string, number>();
    for (const item of input.items) units.set(item.product_id, (units.get(item.product_id) ?? 0) + item.quantity);
    wanted = inIdOrder(units);
    const old = await orderLines(trx, tenant, order.id);
    await lockProducts(trx, tenant, [...new Set([...old.map((line) => line.product_id), ...units.keys()])].sort());
    await restock(trx, tenant, old, now);
  }
  // With no lines wanted this reads the merchant's settings and the customer, and takes nothing.
  const reservation = await reserveForOrder(trx, tenant, wanted, customerId ?? undefined, now);
  if (input.customer_id != null && reservation.customer === undefined) {
    throw new ApiError('customer_not_found', `No such customer: '${input.customer_id}'`, 'customer_id');
  }
  if (reservation.refused !== undefined) {
    const index = input.items!.findIndex((item) => item.product_id === reservation.refused!.productId);
    throw refusal(reservation.refused, `items[${index}].product_id`);
  }

  const change: Parameters<typeof changeOrder>[3] = {};
  if (input.customer_id !== undefined) change.customer_id = input.customer_id;
  if (input.notes !== undefined) change.notes = input.notes;
  if (input.metadata !== undefined) change.metadata = JSON.stringify(input.metadata);

  if (input.items !== undefined || input.discounts !== undefined) {
    // The lines as they will be, before discounts: new ones priced now, or the order's own.
    if (input.items !== undefined) {
      lines = input.items.map((item, position) => {
        const product = reservation.products.get(item.product_id)!;
        const { modifiers, unitPrice } = modifiersOfLine(
          { name: product.name, price: product.price, groups: JSON.parse(product.modifier_groups) as ModifierGroup[] },
          item.modifiers ?? [],
          `items[${position}].modifiers`,
        );
        return newLine(tenant, order.id, position, item, product.name, { modifiers, unitPrice });
      });
    } else {
      lines = (await orderLines(trx, tenant, order.id)).sort((a, b) => a.position - b.position);
    }
    const lineDiscounts =
      input.items !== undefined
        ? input.items.map((item, i) => (item.discount == null ? undefined : { spec: discountSpec(item.discount, `items[${i}].discount`), reason: item.discount.reason ?? null }))
        : lines.map((line) => (line.discount === null ? undefined : fromApplied(JSON.parse(line.discount) as AppliedDiscount)));
    const current = JSON.parse(order.discounts) as AppliedDiscount[];
    const orderDiscounts =
      input.discounts !== undefined
        ? input.discounts.map((discount, i) => ({ spec: discountSpec(discount, `discounts[${i}]`), reason: discount.reason ?? null }))
        : current.filter((discount) => discount.code === null).map(fromApplied);
    const codeApplied = current.find((discount) => discount.code !== null);

    const totals = lines.map((line, i) => ({ total: line.total, discount: lineDiscounts[i]?.spec }));
    const checked = discountOrder(totals, orderDiscounts.map((d) => d.spec));
    if ('refused' in checked) throw discountRefusal(checked, totals);
    const codeSpec = codeApplied === undefined ? undefined : await codeDiscount(trx, tenant, codeApplied);
    const discounted = codeSpec === undefined ? checked : (discountOrder(totals, orderDiscounts.map((d) => d.spec), codeSpec) as DiscountedOrder);
    const appliedOrder = orderDiscounts.map((d, i) => applied(d.spec, discounted.orderAmounts[i]!, d.reason));
    if (codeApplied !== undefined) appliedOrder.push(applied(codeSpec!, discounted.orderAmounts.at(-1)!, codeApplied.reason, codeApplied.code));

    lines = lines.map((line, i) => {
      const own = lineDiscounts[i];
      return {
        ...line,
        discount: own === undefined ? null : JSON.stringify(applied(own.spec, discounted.own[i]!, own.reason)),
        discount_amount: discounted.discountAmounts[i]!,
      };
    });
    const linesNet = lines.reduce((sum, line) => sum + line.total - line.discount_amount, 0);
    const { subtotal, tax } = orderFigures(linesNet, reservation.taxRateBps, reservation.pricesIncludeTax);
    Object.assign(change, {
      subtotal,
      tax,
      total: subtotal + tax + order.tip,
      items_count: lines.length,
      discounts: JSON.stringify(appliedOrder),
      discount_total: discounted.discountTotal,
    });
    await replaceOrderLines(trx, tenant, order.id, lines);
  }
  await changeOrder(trx, tenant, order.id, change, now);
}

/** A discount as the order shows it, as it was given: a percentage's basis points, an amount's money. */
function fromApplied(discount: AppliedDiscount): { spec: DiscountSpec; reason: string | null } {
  const spec: DiscountSpec = discount.type === 'percentage' ? { type: 'percentage', percentage_bps: discount.percentage_bps! } : { type: 'amount', amount: discount.amount };
  return { spec, reason: discount.reason };
}

/**
 * The order's discount code's discount, applied again: the code's saved discount (an amount code may
 * have been capped by the order's old lines), or, for a code deleted since, the discount as the order shows it.
 */
async function codeDiscount(trx: DbTransaction, tenant: Tenant, discount: AppliedDiscount): Promise<DiscountSpec> {
  const saved = await findDiscountCodeByCode(trx, tenant, discount.code!);
  if (saved === undefined || saved.type !== discount.type) return fromApplied(discount).spec;
  return saved.type === 'percentage' ? { type: 'percentage', percentage_bps: saved.percentage_bps! } : { type: 'amount', amount: saved.amount! };
}
