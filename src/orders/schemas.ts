/**
 * Request and response schemas of the orders API. They validate requests, shape responses and
 * generate the OpenAPI document: one source for all three.
 */
import Type, { type Static } from 'typebox';
import { ORDER_STATUSES } from '../db/schema.js';
import { OrderNumber, OrderStatus, PaymentMethod, RefundReason } from '../http/order-schemas.js';
import { Currency, IdOf, IdParam, MAX_DISCOUNT_AMOUNT, MAX_QUANTITY, Metadata, Money, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

export { AppliedDiscount, LineItem, LineItemModifier, Order, OrderCustomer, OrderDispute, OrderStatus, Payment, PaymentMethod, Refund, RefundItem, RefundReason } from '../http/order-schemas.js';

export const OrderSummary = Type.Object(
  {
    id: IdOf('ord'),
    number: OrderNumber,
    status: OrderStatus,
    total: Money,
    currency: Currency,
    items_count: Type.Integer({ description: 'Number of line items.' }),
    customer_id: Nullable(IdOf('cus')),
    created_at: Timestamp,
  },
  { $id: 'OrderSummary', title: 'OrderSummary' },
);
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderList = Type.Object({ data: Type.Array(OrderSummary), pagination: Pagination }, { $id: 'OrderList' });

const STATUS_LIST = `^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`;

export const ListOrdersQuery = Type.Object(
  {
    ...PaginationQuery,
    status: Type.Optional(Type.String({ maxLength: 500, pattern: STATUS_LIST, description: 'One status, or several separated by commas.', examples: ['paid,partially_refunded'] })),
    customer_id: Type.Optional(IdParam),
    number: Type.Optional(Type.Integer({ minimum: 1, description: 'The order with this number.', examples: [1042] })),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Search text, trimmed. Digits only (1 to 15): the order with that `number`, or a `total` of that many minor units, or (four digits) a card payment ending in them. Starting with `ord_`: orders whose id starts with it. Otherwise: orders whose customer\'s name or e-mail starts with it, ignoring case (ASCII letters on SQLite); none for a credential without `customers:read`. Each kind reads an index; combines with the other filters.',
        examples: ['1042', '4242', 'ord_0Vc1', 'ada@'],
      }),
    ),
    created_at_min: Type.Optional(Type.String({ maxLength: 40, format: 'timestamp-or-date', description: 'Inclusive lower bound: an ISO 8601 date-time, or a date (from its first millisecond, UTC).' })),
    created_at_max: Type.Optional(Type.String({ maxLength: 40, format: 'timestamp-or-date', description: 'Inclusive upper bound: an ISO 8601 date-time, or a date (to its last millisecond, UTC).' })),
  },
  { additionalProperties: false },
);
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;

export const OrderIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

/** A discount sent with an order: on a line (`items[].discount`) or on the order (`discounts`). */
export const DiscountInput = Type.Object(
  {
    type: Type.Union([Type.Literal('percentage'), Type.Literal('amount')]),
    percentage_bps: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'With `percentage`: basis points, 1 to 10000 (1000 = 10%).' })),
    amount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DISCOUNT_AMOUNT, description: 'With `amount`: money off, in the smallest currency unit.' })),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'Why it is given (at most 200 characters).' }))),
  },
  {
    additionalProperties: false,
    description: '`{type: "percentage", percentage_bps}` or `{type: "amount", amount}`, with an optional `reason`.',
  },
);
export type DiscountInput = Static<typeof DiscountInput>;

export const CreateOrderBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          product_id: IdParam,
          quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
          discount: Type.Optional(Nullable(DiscountInput)),
          modifiers: Type.Optional(
            Type.Array(Type.Object({ option_id: IdParam }, { additionalProperties: false }), {
              maxItems: 20,
              description:
                "Up to 20 options of the product's modifier groups (`modifier_groups[].options[].id`), as many in each group as it allows, every required group included. Each adds its `price_delta` to the line's `unit_price`.",
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100, description: '1 to 100 lines; each takes `quantity` (1 to 10000) units of a product, with the `modifiers` chosen. The same product with other modifiers is another line.' },
    ),
    discounts: Type.Optional(
      Type.Array(DiscountInput, {
        maxItems: 5,
        description: 'Order-level discounts (0 to 5), on the lines\' sum after their own discounts: percentages each on that same sum, then amounts; together at most that sum.',
      }),
    ),
    discount_code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        pattern: '^[A-Za-z0-9_-]+$',
        description: 'A saved discount code (`/v1/discount_codes`), matched ignoring case; redeemed with the order, after the other discounts and capped at what is left.',
      }),
    ),
    customer_id: Type.Optional(Nullable(IdParam)),
    payment_method: Type.Optional(PaymentMethod),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const UpdateOrderBody = Type.Object(
  {
    items: Type.Optional({
      ...CreateOrderBody.properties.items,
      description:
        "The order's new lines, all of them (1 to 100, as Create Order takes them): they replace the old ones, get new ids and are priced now (the products' current prices and modifiers). The old lines' units go back to stock and the new ones' are taken, all or none.",
    }),
    customer_id: Type.Optional(Nullable(IdParam)),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    metadata: Type.Optional(Metadata),
    discounts: Type.Optional({
      ...CreateOrderBody.properties.discounts,
      description: "The order-level discounts (0 to 5), replacing the order's; `[]` removes them. The order's discount code, if any, stays and is applied after them.",
    }),
  },
  { additionalProperties: false },
);
export type UpdateOrderBody = Static<typeof UpdateOrderBody>;

/** The greatest tip, in basis points of the order's total before the tip: 100%. */
export const MAX_TIP_BPS = 10_000;

export const CaptureTip = Type.Object(
  {
    amount: Type.Optional(Type.Integer({ minimum: 0, description: "The tip in the smallest currency unit, 0 to the order's total before the tip.", examples: [200] })),
    percentage_bps: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_TIP_BPS,
        description: "The tip in basis points (1500 = 15%) of the order's total before the tip (`subtotal + tax`), rounded half up to the smallest currency unit.",
        examples: [1500],
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "A tip taken with the payment: exactly one of `amount` or `percentage_bps`. At most 100% of the order's total before the tip. Not taxed; the order's `tip` and `total` include it once captured, and a card is charged that total.",
  },
);
export type CaptureTip = Static<typeof CaptureTip>;

export const CaptureOrderBody = Type.Object(
  {
    payment_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Card orders: the tokenized card. The sandbox takes `tok_visa`, `tok_mastercard`, `tok_amex` and `tok_chargeDeclined`. Cash orders: omit.' }),
    ),
    tip: Type.Optional(CaptureTip),
    cash_given: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          "The cash the customer handed over, in the smallest currency unit. A cash order: at least its total (the tip included); a split tender: at least `cash_amount`. The order's `payment.change_due` is what is handed back. A card order without `cash_amount` takes none.",
        examples: [2000],
      }),
    ),
    cash_amount: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "Card orders only: the part of the total (the tip included) paid in cash, 1 to the total less 1; the card is charged the rest. A cash order's cash part is its whole total, so it takes none.",
        examples: [1000],
      }),
    ),
    cash_drawer_id: Type.Optional({
      ...IdParam,
      description: 'The open cash drawer of the register ringing the sale up (`drw_...`), whatever the tender. Unknown: 404; closed: 422 `cash_drawer_closed`.',
      examples: ['drw_0MvQZ7yq4Vq2c9XrT0bLkP7s'],
    }),
  },
  { additionalProperties: false },
);
export type CaptureOrderBody = Static<typeof CaptureOrderBody>;

export const EmptyBody = Type.Object({}, { additionalProperties: false });

export const RefundOrderBody = Type.Object(
  {
    amount: Type.Optional(Type.Integer({ description: 'Money to refund, 1 to what is left (a tip included). Omit for everything left, the tip included (or, with `items`, their value).', examples: [500] })),
    reason: Type.Optional(RefundReason),
    items: Type.Optional(
      Type.Array(
        Type.Object({ line_item_id: IdParam, quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }) }, { additionalProperties: false }),
        { minItems: 1, maxItems: 100, description: 'Units coming back. Tracked stock is restocked. Their value is their price and share of tax, never the tip.' },
      ),
    ),
    cash_drawer_id: Type.Optional({
      ...IdParam,
      description:
        "The open cash drawer the refund's cash comes out of (`drw_...`). Default: the order's drawer while it is open, else none. Unknown: 404; closed: 422 `cash_drawer_closed`.",
      examples: ['drw_0MvQZ7yq4Vq2c9XrT0bLkP7s'],
    }),
  },
  { additionalProperties: false },
);
export type RefundOrderBody = Static<typeof RefundOrderBody>;
