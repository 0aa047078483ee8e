/**
 * Create Order: reserve stock for every line, or for none, and write the order with its line items
 * in one transaction (`stock.ts` says how stock is taken), numbered by the tenant's next order number
 * (`db/orders/order-numbers.ts`). Its statements are written once in
 * `db/orders/create-order.ts`: on PostgreSQL, three round trips (the event and its deliveries included), plus
 * begin and commit. A line's modifiers are checked against its product's groups, which come back
 * with the update that takes the product's stock (`modifiers.ts`); a refused choice rolls the
 * reservation back.
 */
import type { Tenant } from '../auth/principal.js';
import type { LineItemRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import type { ModifierGroup } from '../products/schemas.js';
import { modifiersOfLine } from './modifiers.js';
import { orderFigures } from './money.js';
import { toOrder } from './order-view.js';
import { inIdOrder, refusal } from './stock.js';
import type { CreateOrderBody, Order } from './schemas.js';
import { insertOrder, reserveForOrder } from '../db/orders/create-order.js';
import { nextOrderNumber } from '../db/orders/order-numbers.js';
import { newEvent } from '../events/record-event.js';
import { deliveriesOf } from '../webhooks/enqueue-deliveries.js';

export async function createOrder({ clock, transaction }: Services, tenant: Tenant, input: CreateOrderBody): Promise<Order> {
  const now = isoNow(clock);
  const orderId = newId('ord');

  // Units wanted per product.
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity);
  const firstIndex = (productId: string) => input.items.findIndex((i) => i.product_id === productId);

  return transaction(async (trx) => {
    const reservation = await reserveForOrder(trx, tenant, inIdOrder(wanted), input.customer_id ?? undefined, now);
    const { customer } = reservation;
    if (input.customer_id != null && customer === undefined) {
      throw new ApiError('customer_not_found', `No such customer: '${input.customer_id}'`, 'customer_id');
    }
    if (reservation.refused !== undefined) throw refusal(reservation.refused, `items[${firstIndex(reservation.refused.productId)}].product_id`);
    const products = reservation.products;

    const items: LineItemRow[] = input.items.map((item, position) => {
      const product = products.get(item.product_id)!;
      const { modifiers, unitPrice } = modifiersOfLine(
        { name: product.name, price: product.price, groups: JSON.parse(product.modifier_groups) as ModifierGroup[] },
        item.modifiers ?? [],
        `items[${position}].modifiers`,
      );
      return {
        merchant_id: tenant.merchantId,
        environment: tenant.environment,
        id: newId('li'),
        order_id: orderId,
        position,
        product_id: item.product_id,
        name: product.name,
        quantity: item.quantity,
        unit_price: unitPrice,
        total: item.quantity * unitPrice,
        refunded_quantity: 0,
        modifiers: JSON.stringify(modifiers),
      };
    });
    const { subtotal, tax } = orderFigures(items.reduce((sum, li) => sum + li.total, 0), reservation.taxRateBps, reservation.pricesIncludeTax);
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
    };
    const view = toOrder(order, items, customer, []);
    const event = newEvent('order.created', view);
    await insertOrder(trx, order, items, { events: [event], deliveries: deliveriesOf([event], reservation.endpoints) });
    return view;
  });
}
