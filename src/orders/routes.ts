/**
 * The orders endpoints. Each handler is one call into its operation; the rules live there.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { cancelOrder } from './cancel-order.js';
import { captureOrder } from './capture-order.js';
import { createOrder } from './create-order.js';
import { editOrder } from './edit-order.js';
import { EXPORT_DESCRIPTION, exportFilename, exportOrders } from './export-orders.js';
import { listOrders } from './list-orders.js';
import { getOrder } from './get-order.js';
import { refundOrder } from './refund-order.js';
import type { Scope } from '../auth/permissions.js';
import { customerIdOnly, customerIdOnlyJson, seesCustomers } from './customer-fields.js';
import {
  CaptureOrderBody,
  CreateOrderBody,
  EmptyBody,
  ExportOrdersQuery,
  ListOrdersQuery,
  Order,
  OrderIdParams,
  OrderList,
  Refund,
  RefundOrderBody,
  UpdateOrderBody,
} from './schemas.js';

const tags = ['Orders'];

/** The order as the credential may see it: the customer in full with `customers:read`, else its id only. */
function shown(request: { principal: { permissions: ReadonlySet<Scope> } }, order: Order): Order {
  return seesCustomers(request.principal.permissions) ? order : customerIdOnly(order);
}

export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/orders', {
    config: { scope: 'orders:read' },
    schema: {
      tags,
      operationId: 'listOrders',
      summary: 'List orders',
      description: 'Orders of the credential\'s merchant and environment, newest first (`created_at`, then `id`, descending). A page past the end is empty with `has_more: false`.',
      querystring: ListOrdersQuery,
      response: { 200: OrderList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => request.services.lagTolerant(request.principal.id, (services) => listOrders(services, request.principal, request.query)),
  });

  // Registered before `/v1/orders/:id`, for the reader: the router takes a static path before a parameter whatever the order.
  app.get('/v1/orders/export', {
    config: { scope: 'reports:read' },
    schema: {
      tags,
      operationId: 'exportOrders',
      summary: 'Export orders as CSV',
      description: EXPORT_DESCRIPTION,
      querystring: ExportOrdersQuery,
      response: {
        200: {
          content: {
            'text/csv': {
              schema: Type.String({
                description: 'RFC 4180 CSV in UTF-8: a header record, then one record per order (or line item), each ended by CRLF.',
                examples: [
                  'id,number,status,created_at,paid_at,customer_id,customer_name,customer_email,currency,subtotal,discount_total,tax,tip,total,refunded_amount,payment_method,card_brand,card_last4,items_count,notes\r\n' +
                    'ord_0Vc1Xb2Yc3Zd4Ae5Bf6C,1042,paid,2026-11-21T10:00:00.000Z,2026-11-21T10:01:30.000Z,cus_9Lm8Nk7Oj6Pi5Qh4Rg3S,Ada Lovelace,ada@example.com,USD,1200,0,99,200,1499,0,card,visa,4242,2,"Table 4, no ice"\r\n',
                ],
              }),
            },
          },
        },
        ...errorResponses(...AUTH_ERRORS),
      },
    },
    handler: async (request, reply) => {
      reply.type('text/csv; charset=utf-8');
      // HEAD answers the headers alone, and reads nothing (Fastify would read the whole file to throw it away).
      if (request.method === 'HEAD') {
        return reply.header('Content-Disposition', `attachment; filename="${exportFilename(request.services, request.query)}"`).send('');
      }
      const { filename, chunks } = await exportOrders(request.services, request.principal, request.query);
      // A byte stream buffering at most 64 KiB ahead: the next chunk (the next batch read) waits until the client has taken the last.
      // Streams are sent as they are, never serialized.
      return reply.header('Content-Disposition', `attachment; filename="${filename}"`).send(Readable.from(chunks, { objectMode: false }) as never);
    },
  });

  app.get('/v1/orders/:id', {
    config: { scope: 'orders:read' },
    schema: {
      tags,
      operationId: 'getOrder',
      summary: 'Get an order',
      description: 'The full order with line items, customer, payment and refunds. Another merchant\'s or environment\'s order is 404, exactly like a missing one.',
      params: OrderIdParams,
      response: { 200: Order, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: async (request, reply) => {
      const text = await getOrder(request.services, request.principal, request.params.id);
      const body = seesCustomers(request.principal.permissions) ? text : customerIdOnlyJson(text);
      // The database's text is the answer as the schema would serialize it; sent as it is (a string is not serialized again).
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.post('/v1/orders', {
    config: { scope: 'orders:write' },
    schema: {
      tags,
      operationId: 'createOrder',
      summary: 'Create an order',
      description:
        'Creates a `pending` order and reserves stock for all its items at once, or for none. Line items keep the product\'s name and price of this moment, and the modifiers chosen (`items[].modifiers`) with their names and price deltas: `unit_price` is the price plus the deltas. A choice the product\'s groups do not allow is 400 on `items[i].modifiers`. `tax = round_half_up(subtotal * tax_rate_bps / 10000)`, `total = subtotal + tax`.\n\n' +
        'An offline sale, synced by a register after it sold without the network, sends `recorded_at` (when it was rung up) and `register_receipt_number` (the number on its printed receipt), and may send the prices it charged (`items[].unit_price`) and its total (`recorded_total`). It is taken as the register made it: an inactive product is sold, stock short is taken all the same and goes below zero (one `inventory.shortfall` event per such product), the lines keep the register\'s prices; `sync_differences` lists what differed. Its receipt number makes it exactly once: a Create Order naming a number an order already has answers that order with 200 and changes nothing (no stock taken, no event), whatever its `Idempotency-Key` and however long after; two at the same time make one order. A retry with the same `Idempotency-Key` within 24 hours replays the first answer (201) as for any request. An offline sale is captured like any cash order.',
      body: CreateOrderBody,
      response: {
        201: Order,
        // An offline sale whose receipt number an order already has: that order, as it is now.
        200: Order,
        ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing', 'product_not_found', 'product_inactive', 'out_of_stock', 'customer_not_found'),
      },
    },
    handler: async (request, reply) => {
      const { order, created } = await createOrder(request.services, request.principal, request.body);
      reply.code(created ? 201 : 200);
      return shown(request, order);
    },
  });

  app.patch('/v1/orders/:id', {
    config: { scope: 'orders:write' },
    schema: {
      tags,
      operationId: 'updateOrder',
      summary: 'Edit a pending order',
      description:
        "Changes a `pending` order; send only what changes. `items` replaces every line (new line ids), priced now like a new order's; the old lines' units go back to stock and the new ones' are taken, all or none, refused as Create Order refuses (`out_of_stock` on `items[i].product_id` ...), leaving the order and the stock as they were. `customer_id` sets the customer (`null` removes it); `notes` and `metadata` replace theirs; `discounts` replaces the order-level discounts. A discount code is not taken here: the order's code, if any, stays redeemed and is applied again. With `items` or `discounts`, the discounts, `subtotal`, `tax` and `total` are worked out again with the merchant's current tax settings. The order keeps its `id`, `number` and `created_at`. An order that is not pending is 422 `order_not_editable`; one whose card capture is with the processor right now, 409 `capture_in_progress`. An edit that changes nothing answers the order and records no event; any other records `order.updated`. `Idempotency-Key` is not used (as on every PATCH): send the same edit again and it changes nothing more.",
      params: OrderIdParams,
      body: UpdateOrderBody,
      response: {
        200: Order,
        ...errorResponses(...AUTH_ERRORS, 'parameter_missing', 'resource_not_found', 'product_not_found', 'product_inactive', 'out_of_stock', 'customer_not_found', 'order_not_editable', 'capture_in_progress'),
      },
    },
    handler: async (request) => shown(request, await editOrder(request.services, request.principal, request.params.id, request.body)),
  });

  app.post('/v1/orders/:id/capture', {
    config: { scope: 'orders:write' },
    schema: {
      tags,
      operationId: 'captureOrder',
      summary: 'Capture payment for an order',
      description:
        'Moves a `pending` order to `paid`. Card orders send a `payment_token`; in the sandbox the test tokens `tok_visa` (4242), `tok_mastercard` (4444) and `tok_amex` (0005) succeed and `tok_chargeDeclined` answers 402 and leaves the order pending. With Stripe (`PAYMENT_PROCESSOR=stripe`) the token is a Stripe PaymentMethod id (`pm_...`), a card token (`tok_...`), or the id of a PaymentIntent the app finished after 3-D Secure (`pi_...`). Cash orders send no `payment_token`. Either may add a `tip`: `{"amount": 200}` or `{"percentage_bps": 1500}` (of `subtotal + tax`, rounded half up), at most 100% of that; the order\'s `tip` and `total` then include it and the card is charged that total. The tip is not taxed.\n\n' +
        '**Cash and change.** A cash order is paid all in cash (`payment.cash_amount` is its `total`). `cash_given`, the cash handed over, must be at least the total with the tip (else 400 `parameter_invalid` on `cash_given`); `payment.change_due = cash_given - total`. Without it, `cash_given` and `change_due` are null.\n\n' +
        '**Split tender.** A card order may be paid partly in cash: `cash_amount`, 1 to the total (with the tip) less 1, is the cash part, and the card is charged the rest, `total - cash_amount` (`payment.card_amount`), by the simulator or by Stripe. The order stays a card order (`payment.method` `card`). `cash_given` is then at least `cash_amount`, and `change_due = cash_given - cash_amount`. `cash_amount` on a cash order, or `cash_given` on a card order without `cash_amount`, is 400 `parameter_invalid`.\n\n' +
        '**Register.** `cash_drawer_id` names the open cash drawer of the register ringing the sale up, whatever the tender; its cash part counts in that drawer\'s expected cash. An unknown drawer (another merchant\'s or environment\'s included) is 404 `resource_not_found`, a closed one 422 `cash_drawer_closed`, both on `cash_drawer_id`, and nothing is charged.\n\n' +
        'A capture retried after an unknown outcome (503) with the same body answers the order its first try paid; a capture with another tip, split, `cash_given` or drawer while the first one\'s charge is pending lets that charge settle first, so the order is charged once, as first sent, and the retry answers 422 `order_not_capturable`.',
      params: OrderIdParams,
      body: CaptureOrderBody,
      response: {
        200: Order,
        ...errorResponses(
          ...AUTH_ERRORS,
          ...IDEMPOTENCY_ERRORS,
          'parameter_missing',
          'card_declined',
          'authentication_required',
          'resource_not_found',
          'order_not_capturable',
          'cash_drawer_closed',
          'processor_error',
          'processor_unavailable',
          'capture_in_progress',
        ),
      },
    },
    handler: async (request) => shown(request, await captureOrder(request.services, request.principal, request.params.id, request.body)),
  });

  app.post('/v1/orders/:id/cancel', {
    config: { scope: 'orders:write' },
    schema: {
      tags,
      operationId: 'cancelOrder',
      summary: 'Cancel a pending order',
      description:
        'Moves a `pending` order to `canceled` and releases the stock it reserved. A card order with a Stripe PaymentIntent has it canceled first, so a 3-D Secure challenge left open can no longer charge it; if the customer finished paying first, the order is paid instead and the cancel answers 422.',
      params: OrderIdParams,
      body: EmptyBody,
      response: {
        200: Order,
        ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found', 'order_not_cancelable', 'processor_error', 'processor_unavailable', 'capture_in_progress'),
      },
    },
    handler: async (request) => shown(request, await cancelOrder(request.services, request.principal, request.params.id)),
  });

  app.post('/v1/orders/:id/refund', {
    config: { scope: 'orders:write' },
    schema: {
      tags,
      operationId: 'refundOrder',
      summary: 'Refund an order',
      description:
        'Refunds a `paid` or `partially_refunded` order. Empty body: everything left. `amount`: that much. `items`: the value of those units with their share of tax (the last units take exactly what is left); returned units go back into tracked stock. Both: `items` is what came back, `amount` the money, at most their value. The order becomes `partially_refunded` or `refunded`.\n\n' +
        '**Tenders.** The money goes back to the card first, up to what the card paid (`payment.card_amount`) less what was refunded to it before, and the rest in cash (the refund\'s `cash_amount`); a cash order\'s refunds are all cash. A split order refunded past its card part is refunded to the card up to that part and in cash for the rest; a later refund is then all cash. With Stripe, the Stripe refund is the card\'s part alone, and a refund all in cash makes none. The cash comes out of the drawer named by `cash_drawer_id` (404 `resource_not_found` when unknown, 422 `cash_drawer_closed` when closed), or else of the order\'s drawer while it is open; the refund\'s `cash_drawer_id` says which (null for none).',
      params: OrderIdParams,
      body: RefundOrderBody,
      response: {
        200: Refund,
        ...errorResponses(
          ...AUTH_ERRORS,
          ...IDEMPOTENCY_ERRORS,
          'invalid_refund_amount',
          'already_refunded',
          'resource_not_found',
          'order_not_refundable',
          'cash_drawer_closed',
          'processor_error',
          'processor_unavailable',
          'capture_in_progress',
        ),
      },
    },
    handler: (request) => refundOrder(request.services, request.principal, request.params.id, request.body),
  });
};
