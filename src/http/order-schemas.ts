/**
 * The order and the refund as the API shows them: the answers of the orders API, and the objects
 * that order and refund events carry. Both `orders/` and `events/` take them from here, so that
 * neither module imports the other's schemas (`orders/schemas.ts` passes them on to its routes).
 */
import Type, { type Static } from 'typebox';
import { ORDER_STATUSES, PAYMENT_METHODS, REFUND_REASONS } from '../db/schema.js';
import { Currency, IdOf, Metadata, Money, Nullable, OneOf, Timestamp } from './schemas.js';

export const OrderStatus = OneOf(ORDER_STATUSES, {
  $id: 'OrderStatus',
  description: '`pending` (created, stock reserved), `paid`, `partially_refunded`, `refunded` or `canceled`.',
});
export const PaymentMethod = OneOf(PAYMENT_METHODS, { $id: 'PaymentMethod' });
export const RefundReason = OneOf(REFUND_REASONS, { $id: 'RefundReason', description: 'Why the money goes back; default `customer_request`.' });

/** A discount as an order applied it (`orders/money.ts` has the rules). */
export const AppliedDiscount = Type.Object(
  {
    type: Type.Union([Type.Literal('percentage'), Type.Literal('amount')], { description: '`percentage` of the value it applies to, or a fixed `amount`.' }),
    percentage_bps: Nullable(Type.Integer({ description: 'For `percentage`: basis points (1000 = 10%); null for `amount`.' })),
    amount: Money,
    reason: Nullable(Type.String({ description: 'Why the discount was given, as sent (or the code\'s reason).' })),
    code: Nullable(Type.String({ description: 'The discount code that gave it, upper-cased; null for a discount sent with the order.' })),
  },
  {
    $id: 'AppliedDiscount',
    description: 'A discount applied to a line or to the order. `amount` is the money it took off, in the smallest currency unit (for a percentage, as computed and rounded half up).',
  },
);
export type AppliedDiscount = Static<typeof AppliedDiscount>;
export const LineItemModifier = Type.Object(
  {
    group_id: IdOf('mgrp'),
    group_name: Type.String({ description: "The modifier group's name when the order was created." }),
    option_id: IdOf('mopt'),
    name: Type.String({ description: "The option's name when the order was created." }),
    price_delta: Type.Integer({ description: "The option's price delta when the order was created, included in the line's `unit_price`." }),
  },
  { $id: 'LineItemModifier', description: 'A modifier option chosen for a line (Oat milk +0.50), frozen at sale.' },
);
export type LineItemModifier = Static<typeof LineItemModifier>;

export const LineItem = Type.Object(
  {
    id: IdOf('li'),
    product_id: IdOf('prod'),
    name: Type.String({ description: "The product's name when the order was created." }),
    quantity: Type.Integer(),
    unit_price: Type.Integer({
      description: "Price of one unit as sold, in the smallest currency unit: the product's price when the order was created plus the chosen modifiers' `price_delta`s.",
    }),
    total: Type.Integer({ description: '`quantity * unit_price`.' }),
    discount: Nullable(AppliedDiscount),
    discount_amount: Type.Integer({ description: "Money off this line from every discount: its own plus its share of the order's. The line sells for `total - discount_amount` before tax." }),
    refunded_quantity: Type.Integer({ description: 'Units of this line returned by refunds so far.' }),
    modifiers: Type.Array(LineItemModifier, { description: 'The modifier options chosen for the line, in the order of the product\'s groups; `[]` without any.' }),
  },
  { $id: 'LineItem' },
);

export const OrderCustomer = Type.Object(
  {
    id: IdOf('cus'),
    name: Type.Optional(Type.String({ description: 'Shown only to a credential with `customers:read`.' })),
    email: Type.Optional(Nullable(Type.String({ format: 'email', description: 'Shown only to a credential with `customers:read`.' }))),
  },
  {
    $id: 'OrderCustomer',
    description:
      'The customer: `{id, name, email}` to a credential with `customers:read`; `{id}` only to one without (order views and `order.*` events alike; for webhooks, the endpoint\'s credential counts).',
  },
);

export const Payment = Type.Object(
  {
    method: PaymentMethod,
    processor: Nullable(
      Type.Union([Type.Literal('simulator'), Type.Literal('stripe')], {
        description: 'What took the card payment: `simulator` (sandbox test tokens) or `stripe`; null for cash.',
      }),
    ),
    processor_payment_id: Nullable(Type.String({ description: "The processor's id of the payment (a Stripe PaymentIntent, `pi_...`); null for cash and the simulator." })),
    card_brand: Nullable(Type.String({ description: 'Brand of the card (`visa`, `mastercard`, `amex`...); null for cash.' })),
    card_last4: Nullable(Type.String({ description: 'Last four digits of the card; null for cash.' })),
    cash_amount: {
      ...Money,
      description: 'The part of `total` paid in cash: all of it for a cash order; for a card order, the cash part of a split tender (Capture\'s `cash_amount`), else 0.',
    },
    card_amount: { ...Money, description: 'The part of `total` charged to the card: `total - cash_amount` (0 for a cash order).' },
    cash_given: { ...Nullable(Money), description: 'The cash the customer handed over (Capture\'s `cash_given`); null when it was not told.' },
    change_due: { ...Nullable(Money), description: 'The change handed back: `cash_given - cash_amount`; null when `cash_given` is.' },
    cash_drawer_id: { ...Nullable(IdOf('drw')), description: 'The cash drawer, and so the register, the sale was rung up on (Capture\'s `cash_drawer_id`); null when none was named.' },
    paid_at: Timestamp,
  },
  {
    $id: 'Payment',
    description:
      'How the order was paid: by card, in cash, or split between cash and a card (a card order with `cash_amount > 0`; `method` stays `card`). `cash_amount + card_amount = total`.',
  },
);

export const RefundItem = Type.Object({ line_item_id: IdOf('li'), quantity: Type.Integer() }, { $id: 'RefundItem' });

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
    cash_amount: {
      ...Money,
      description: "The part of `amount` paid back in cash. Refunds go back to the card first, up to what the card paid less what was refunded to it before, and the rest in cash; a cash order's refunds are all cash.",
    },
    cash_drawer_id: {
      ...Nullable(IdOf('drw')),
      description: "The cash drawer the refund was rung up on, which its `cash_amount` came out of: the one named (Refund's `cash_drawer_id`), else the order's drawer while it is open; null otherwise.",
    },
    created_at: Timestamp,
  },
  { $id: 'Refund', title: 'Refund' },
);
export type Refund = Static<typeof Refund>;

/** Following Stripe's Dispute object (`du_...`): what the order shows once the card's holder disputes the payment. */
export const OrderDispute = Type.Object(
  {
    id: Type.String({ description: "Stripe's id of the dispute (`du_...`)." }),
    amount: Money,
    currency: Currency,
    reason: Type.String({ description: "Stripe's reason for the dispute (`fraudulent`, `product_not_received`, `duplicate`, `general`...)." }),
    status: Type.String({ description: "Stripe's status of the dispute when Till was told of it (`needs_response`, `warning_needs_response`...). Answer it in Stripe's dashboard." }),
    created_at: Timestamp,
  },
  { $id: 'OrderDispute', description: 'A chargeback the card\'s holder opened with their bank, as Stripe reported it (`charge.dispute.created`); null without one.' },
);
export type OrderDispute = Static<typeof OrderDispute>;

/** The order's number, as shops and their customers say it ("order 1042"). */
export const OrderNumber = Type.Integer({
  minimum: 1001,
  description: 'The order\'s number: per merchant and environment, from 1001 in order of creation, with no gap and no repeat.',
  examples: [1042],
});

export const Order = Type.Object(
  {
    id: IdOf('ord'),
    number: OrderNumber,
    status: OrderStatus,
    total: { ...Money, description: '`subtotal + tax + tip`, in the smallest currency unit: what the customer pays (the tip only once captured with one).' },
    subtotal: Money,
    tax: { ...Money, description: 'Tax on the subtotal (after discounts), fixed when the order is created; a tip is not taxed.' },
    tip: { ...Money, description: 'The tip taken with the payment (Capture Order\'s `tip`), in the smallest currency unit; 0 until then. Not taxed; included in `total`.' },
    discount_total: Type.Integer({ minimum: 0, description: 'All money off the order: the sum of the lines\' `discount_amount` (line and order-level discounts).' }),
    refunded_amount: Money,
    currency: Currency,
    customer_id: Nullable(IdOf('cus')),
    items: Type.Array(LineItem),
    discounts: Type.Array(AppliedDiscount, { description: 'Order-level discounts, as sent, then the discount code\'s.' }),
    customer: Nullable(OrderCustomer),
    payment_method: PaymentMethod,
    payment: Nullable(Payment),
    refunds: Type.Array(Refund),
    dispute: Nullable(OrderDispute),
    notes: Nullable(Type.String()),
    metadata: Metadata,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Order', title: 'Order' },
);
export type Order = Static<typeof Order>;
