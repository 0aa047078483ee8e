/**
 * Create Order: reserve stock for every line, or for none, and write the order with its line items
 * in one transaction (`stock.ts` says how stock is taken), numbered by the tenant's next order number
 * (`db/orders/order-numbers.ts`). Its statements are written once in
 * `db/orders/create-order.ts`: on PostgreSQL, three round trips (the event and its deliveries included), plus
 * begin and commit. A line's modifiers are checked against its product's groups, which come back
 * with the update that takes the product's stock (`modifiers.ts`); a refused choice rolls the
 * reservation back. Modifiers set the line's `unit_price`; discounts apply after them.
 *
 * Discounts (`money.ts` has the rules): the lines' own, the order-level ones and a `discount_code`'s,
 * with tax computed after them. A code is redeemed in the order's transaction by one conditional
 * update (`db/catalog/discount-codes.ts`), one more round trip, only for an order with a code; a
 * refused order gives its redemption back with the rollback.
 *
 * An offline sale (`recorded_at`, `offline-sale.ts`) takes its units whatever the product's state
 * and stock, keeps the register's prices, and records an `inventory.shortfall` event with the order
 * for each product it leaves below zero. Its receipt number is looked up first (one more round trip,
 * only for offline sales): a sale already synced is answered as it is, and nothing is written. Two
 * syncs of one sale at the same time both miss it; the unique index then refuses the second order's
 * insert, which rolls back everything it took, and that request answers the first one's order.
 */
import type { Tenant } from '../auth/principal.js';
import type { LineItemRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { ModifierGroup } from '../products/schemas.js';
import { modifiersOfLine } from './modifiers.js';
import { discountOrder, orderFigures, type DiscountedOrder } from './money.js';
import { applied, discountRefusal, discountSpec, newLine } from './order-lines.js';
import { readOrder, toOrder } from './order-view.js';
import { inIdOrder, refusal } from './stock.js';
import { offlineSaleOf, shortfalls, syncDifferences, type OfflineSale, type SyncedProduct } from './offline-sale.js';
import type { CreateOrderBody, Order } from './schemas.js';
import { findDiscountCodeByCode, redeemCode } from '../db/catalog/discount-codes.js';
import type { DbTransaction } from '../db/transaction.js';
import { insertOrder, reserveForOrder } from '../db/orders/create-order.js';
import { orderIdOfReceipt } from '../db/orders/orders.js';
import type { ReadHandle } from '../db/handle.js';
import { nextOrderNumber } from '../db/orders/order-numbers.js';
import { newEvent } from '../events/record-event.js';
import { deliveriesOf } from '../webhooks/enqueue-deliveries.js';

/** Create Order's answer: the order, and whether this request created it (false: an offline sale synced before, answered as it is). */
export interface CreatedOrder {
  order: Order;
  created: boolean;
}

export async function createOrder(services: Services, tenant: Tenant, input: CreateOrderBody): Promise<CreatedOrder> {
  const { clock, db } = services;
  const offline = offlineSaleOf(input, clock.now());
  if (offline !== undefined) {
    const synced = await saleOfReceipt(db, tenant, offline.receiptNumber);
    if (synced !== undefined) return { order: synced, created: false };
  }
  try {
    return { order: await writeOrder(services, tenant, input, offline), created: true };
  } catch (error) {
    if (offline === undefined || !db.isUniqueViolation(error)) throw error;
    const synced = await saleOfReceipt(db, tenant, offline.receiptNumber);
    if (synced === undefined) throw error;
    return { order: synced, created: false };
  }
}

/** The tenant's order with this register receipt number, as Get Order answers it; undefined when none has it. */
async function saleOfReceipt(handle: ReadHandle, tenant: Tenant, receiptNumber: string): Promise<Order | undefined> {
  const orderId = await orderIdOfReceipt(handle, tenant, receiptNumber);
  return orderId === undefined ? undefined : readOrder(handle, tenant, orderId);
}

async function writeOrder({ clock, transaction }: Services, tenant: Tenant, input: CreateOrderBody, offline: OfflineSale | undefined): Promise<Order> {
  const now = isoNow(clock);
  const orderId = newId('ord');

  // Units wanted per product.
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity);
  const firstIndex = (productId: string) => input.items.findIndex((i) => i.product_id === productId);
  const lineDiscounts = input.items.map((item, i) => (item.discount == null ? undefined : discountSpec(item.discount, `items[${i}].discount`)));
  const orderDiscounts = (input.discounts ?? []).map((discount, i) => discountSpec(discount, `discounts[${i}]`));
  const code = input.discount_code?.toUpperCase();

  return transaction(async (trx) => {
    const reservation = await reserveForOrder(trx, tenant, inIdOrder(wanted), input.customer_id ?? undefined, now, offline === undefined ? 'guarded' : 'offline');
    const { customer } = reservation;
    if (input.customer_id != null && customer === undefined) {
      throw new ApiError('customer_not_found', `No such customer: '${input.customer_id}'`, 'customer_id');
    }
    if (reservation.refused !== undefined) throw refusal(reservation.refused, `items[${firstIndex(reservation.refused.productId)}].product_id`);
    const products = reservation.products;

    // Modifiers first: they set each line's unit price, which the discounts then apply to.
    const priced = input.items.map((item, position) => {
      const product = products.get(item.product_id)!;
      return modifiersOfLine(
        { name: product.name, price: product.price, groups: JSON.parse(product.modifier_groups) as ModifierGroup[] },
        item.modifiers ?? [],
        `items[${position}].modifiers`,
      );
    });
    // An offline sale's line is sold at the price the register charged, when it says.
    const sold = input.items.map((item, i) => ({ modifiers: priced[i]!.modifiers, unitPrice: item.unit_price ?? priced[i]!.unitPrice }));
    const lines = input.items.map((item, i) => ({ total: item.quantity * sold[i]!.unitPrice, discount: lineDiscounts[i] }));
    // The discounts sent are checked before the code is redeemed (a code's discount is capped, never refused).
    const checked = discountOrder(lines, orderDiscounts);
    if ('refused' in checked) throw discountRefusal(checked, lines);
    const redeemed = code === undefined ? undefined : await redeem(trx, tenant, code, now);
    const codeSpec = redeemed === undefined ? undefined : discountSpec(redeemed, 'discount_code');
    const discounted = codeSpec === undefined ? checked : (discountOrder(lines, orderDiscounts, codeSpec) as DiscountedOrder);
    const appliedOrder = orderDiscounts.map((spec, i) => applied(spec, discounted.orderAmounts[i]!, input.discounts![i]!.reason));
    if (redeemed !== undefined) appliedOrder.push(applied(codeSpec!, discounted.orderAmounts.at(-1)!, redeemed.reason, redeemed.code));

    const items: LineItemRow[] = input.items.map((item, position) => {
      const product = products.get(item.product_id)!;
      const spec = lineDiscounts[position];
      const own = spec === undefined ? null : applied(spec, discounted.own[position]!, item.discount!.reason);
      return {
        ...newLine(tenant, orderId, position, item, product.name, sold[position]!),
        discount: own === null ? null : JSON.stringify(own),
        discount_amount: discounted.discountAmounts[position]!,
      };
    });
    const linesNet = items.reduce((sum, li) => sum + li.total - li.discount_amount, 0);
    const { subtotal, tax } = orderFigures(linesNet, reservation.taxRateBps, reservation.pricesIncludeTax);
    const taken: SyncedProduct[] = [...wanted].map(([productId, quantity]) => {
      const { name, active, inventory } = products.get(productId)!;
      return { productId, name, active, quantity, inventory };
    });
    const differences =
      offline === undefined
        ? []
        : syncDifferences(
            input.items.map((item, i) => ({ productId: item.product_id, lineItemId: items[i]!.id, recordedPrice: item.unit_price, currentPrice: priced[i]!.unitPrice })),
            taken,
            offline.recordedTotal,
            subtotal + tax,
          );
    // Taken last, so that the tenant's number row stays locked only for the insert and the commit.
    const number = await nextOrderNumber(trx, tenant);

    const order = {
      merchant_id: tenant.merchantId,
      environment: tenant.environment,
      id: orderId,
      number,
      status: 'pending' as const,
      customer_id: customer?.id ?? null,
      currency: reservation.currency,
      subtotal,
      tax,
      tip: 0,
      total: subtotal + tax,
      refunded_amount: 0,
      items_count: items.length,
      payment_method: input.payment_method ?? 'card',
      card_last4: null,
      card_brand: null,
      payment_processor: null,
      processor_payment_id: null,
      paid_at: null,
      canceled_at: null,
      notes: input.notes ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      created_at: now,
      updated_at: now,
      dispute: null,
      discounts: JSON.stringify(appliedOrder),
      discount_total: discounted.discountTotal,
      cash_amount: 0,
      cash_given: null,
      change_due: null,
      cash_drawer_id: null,
      recorded_at: offline?.recordedAt ?? null,
      register_receipt_number: offline?.receiptNumber ?? null,
      sync_differences: JSON.stringify(differences),
    };
    const view = toOrder(order, items, customer, []);
    const events = [newEvent('order.created', view)];
    if (offline !== undefined) for (const shortfall of shortfalls(taken, orderId, offline.receiptNumber)) events.push(newEvent('inventory.shortfall', shortfall));
    await insertOrder(trx, order, items, { events, deliveries: deliveriesOf(events, reservation.endpoints) });
    return view;
  });
}

/** Redeems the tenant's code, or refuses the order saying why the code cannot be used (400 `discount_code`). */
async function redeem(trx: DbTransaction, tenant: Tenant, code: string, now: string) {
  const redeemed = await redeemCode(trx, tenant, code, now);
  if (redeemed !== undefined) return redeemed;
  const found = await findDiscountCodeByCode(trx, tenant, code);
  const why =
    found === undefined
      ? `No such discount code: '${code}'.`
      : found.active !== 1
        ? `The discount code '${code}' is inactive.`
        : found.expires_at !== null && found.expires_at <= now
          ? `The discount code '${code}' expired at ${found.expires_at}.`
          : `The discount code '${code}' has been used up: it was redeemed ${found.max_redemptions} times, its limit.`;
  throw new ApiError('parameter_invalid', why, 'discount_code');
}
