/**
 * Request and response schemas of the orders API. They validate requests, shape responses and
 * generate the OpenAPI document: one source for all three.
 */
import Type, { type Static } from 'typebox';
import { ORDER_STATUSES, PAYMENT_METHODS, REFUND_REASONS } from '../db/schema.js';
import {
  Currency,
  IdOf,
  IdParam,
  MAX_QUANTITY,
  Metadata,
  Money,
  Nullable,
  OneOf,
  Pagination,
  PaginationQuery,
  Timestamp,
} from '../http/schemas.js';

export const OrderStatus = OneOf(ORDER_STATUSES, {
  description: '`pending` (created, stock reserved), `paid`, `partially_refunded`, `refunded` or `canceled`.',
});
export const PaymentMethod = OneOf(PAYMENT_METHODS);
export const RefundReason = OneOf(REFUND_REASONS, { description: 'Why the money goes back; default `customer_request`.' });

export const LineItem = Type.Object({
  id: IdOf('li'),
  product_id: IdOf('prod'),
  name: Type.String({ description: "The product's name when the order was created." }),
  quantity: Type.Integer(),
  unit_price: Type.Integer({ description: "The product's price when the order was created, in the smallest currency unit." }),
  total: Type.Integer({ description: '`quantity * unit_price`.' }),
  refunded_quantity: Type.Integer({ description: 'Units of this line returned by refunds so far.' }),
});

export const OrderCustomer = Type.Object({
  id: IdOf('cus'),
  name: Type.String(),
  email: Nullable(Type.String({ format: 'email' })),
});

export const Payment = Type.Object({
  method: PaymentMethod,
  processor: Nullable(
    Type.Union([Type.Literal('simulator'), Type.Literal('stripe')], {
      description: 'What took the card payment: `simulator` (sandbox test tokens) or `stripe`; null for cash.',
    }),
  ),
  processor_payment_id: Nullable(Type.String({ description: "The processor's id of the payment (a Stripe PaymentIntent, `pi_...`); null for cash and the simulator." })),
  card_brand: Nullable(Type.String({ description: 'Brand of the card (`visa`, `mastercard`, `amex`...); null for cash.' })),
  card_last4: Nullable(Type.String({ description: 'Last four digits of the card; null for cash.' })),
  paid_at: Timestamp,
});

export const RefundItem = Type.Object({ line_item_id: IdOf('li'), quantity: Type.Integer() });

export const Refund = Type.Object(
  {
    id: IdOf('ref'),
    order_id: IdOf('ord'),
    amount: Money,
    currency: Currency,
    status: Type.Literal('succeeded'),
    reason: RefundReason,
    items: Type.Array(RefundItem, { description: 'Units that came back with this refund; empty for a money-only refund.' }),
    processor_refund_id: Nullable(Type.String({ description: "The processor's id of the refund (a Stripe Refund, `re_...`); null for cash and the simulator." })),
    created_at: Timestamp,
  },
  { title: 'Refund' },
);
export type Refund = Static<typeof Refund>;

export const Order = Type.Object(
  {
    id: IdOf('ord'),
    status: OrderStatus,
    total: Money,
    subtotal: Money,
    tax: Money,
    refunded_amount: Money,
    currency: Currency,
    customer_id: Nullable(IdOf('cus')),
    items: Type.Array(LineItem),
    customer: Nullable(OrderCustomer),
    payment_method: PaymentMethod,
    payment: Nullable(Payment),
    refunds: Type.Array(Refund),
    notes: Nullable(Type.String()),
    metadata: Metadata,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Order' },
);
export type Order = Static<typeof Order>;

export const OrderSummary = Type.Object(
  {
    id: IdOf('ord'),
    status: OrderStatus,
    total: Money,
    currency: Currency,
    items_count: Type.Integer({ description: 'Number of line items.' }),
    customer_id: Nullable(IdOf('cus')),
    created_at: Timestamp,
  },
  { title: 'OrderSummary' },
);
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderList = Type.Object({ data: Type.Array(OrderSummary), pagination: Pagination });

const STATUS_LIST = `^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`;

export const ListOrdersQuery = Type.Object(
  {
    ...PaginationQuery,
    status: Type.Optional(Type.String({ maxLength: 500, pattern: STATUS_LIST, description: 'One status, or several separated by commas.', examples: ['paid,partially_refunded'] })),
    customer_id: Type.Optional(IdParam),
    created_at_min: Type.Optional(Type.String({ maxLength: 40, format: 'timestamp-or-date', description: 'Inclusive lower bound: an ISO 8601 date-time, or a date (from its first millisecond, UTC).' })),
    created_at_max: Type.Optional(Type.String({ maxLength: 40, format: 'timestamp-or-date', description: 'Inclusive upper bound: an ISO 8601 date-time, or a date (to its last millisecond, UTC).' })),
  },
  { additionalProperties: false },
);
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;

export const OrderIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

export const CreateOrderBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          product_id: IdParam,
          quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100, description: '1 to 100 lines; each takes `quantity` (1 to 10000) units of a product.' },
    ),
    customer_id: Type.Optional(Nullable(IdParam)),
    payment_method: Type.Optional(PaymentMethod),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const CaptureOrderBody = Type.Object(
  {
    payment_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Card orders: the tokenized card. The sandbox takes `tok_visa`, `tok_mastercard`, `tok_amex` and `tok_chargeDeclined`. Cash orders: omit.' }),
    ),
  },
  { additionalProperties: false },
);
export type CaptureOrderBody = Static<typeof CaptureOrderBody>;

export const EmptyBody = Type.Object({}, { additionalProperties: false });

export const RefundOrderBody = Type.Object(
  {
    amount: Type.Optional(Type.Integer({ description: 'Money to refund, 1 to what is left. Omit for everything left (or, with `items`, their value).', examples: [500] })),
    reason: Type.Optional(RefundReason),
    items: Type.Optional(
      Type.Array(
        Type.Object({ line_item_id: IdParam, quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }) }, { additionalProperties: false }),
        { minItems: 1, maxItems: 100, description: 'Units coming back. Tracked stock is restocked.' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RefundOrderBody = Static<typeof RefundOrderBody>;
