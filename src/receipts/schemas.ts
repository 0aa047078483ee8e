/**
 * Request and response schemas of the receipts API: the receipt of a paid order, the links of its
 * hosted page, and a receipt sent by e-mail.
 */
import Type, { type Static } from 'typebox';
import { Currency, IdOf, IdParam, Money, Nullable, Timestamp } from '../http/schemas.js';
import { AppliedDiscount, LineItem, OrderNumber, OrderStatus, PaymentMethod, RefundReason } from '../http/order-schemas.js';
import { MerchantAddress } from '../merchants/schemas.js';

export const ReceiptShop = Type.Object(
  {
    name: Type.String({ description: "The shop's name." }),
    address: Nullable(MerchantAddress),
    tax_id: Nullable(Type.String({ description: 'The tax registration number (VAT, GST, EIN...).' })),
    footer: Nullable(Type.String({ description: 'The text printed at the foot of the receipt (`receipt_footer`).' })),
  },
  {
    $id: 'ReceiptShop',
    title: 'ReceiptShop',
    description: "What the receipt says of the shop: the merchant's settings (`GET /v1/merchant`) as they are now, readable here with `orders:read`.",
  },
);

export const ReceiptPayment = Type.Object(
  {
    method: PaymentMethod,
    card_brand: Nullable(Type.String({ description: 'Brand of the card (`visa`, `mastercard`...); null without a card.' })),
    card_last4: Nullable(Type.String({ description: 'Last four digits of the card; null without a card.' })),
    cash_amount: Type.Integer({ minimum: 0, description: 'The part of `total` paid in cash: all of it for a cash order, part of it for a card order paid partly in cash, else 0.' }),
    card_amount: Type.Integer({ minimum: 0, description: 'The part of `total` charged to the card: `total - cash_amount`.' }),
    cash_given: Nullable(Type.Integer({ minimum: 0, description: 'The cash the customer handed over; null when the capture did not say.' })),
    change_due: Nullable(Type.Integer({ minimum: 0, description: 'The change given back: `cash_given - cash_amount`; null with `cash_given`.' })),
    paid_at: Timestamp,
  },
  { $id: 'ReceiptPayment', title: 'ReceiptPayment', description: 'How the order was paid, by tender.' },
);

export const ReceiptRefund = Type.Object(
  {
    id: IdOf('ref'),
    amount: Money,
    cash_amount: Type.Integer({ minimum: 0, description: 'The part of the refund paid back in cash; the rest went back to the card.' }),
    reason: RefundReason,
    created_at: Timestamp,
  },
  { $id: 'ReceiptRefund', title: 'ReceiptRefund' },
);

export const Receipt = Type.Object(
  {
    object: Type.Literal('receipt'),
    order_id: IdOf('ord'),
    number: OrderNumber,
    status: OrderStatus,
    currency: Currency,
    shop: ReceiptShop,
    items: Type.Array(LineItem, { description: "The order's lines, as Get Order shows them." }),
    discounts: Type.Array(AppliedDiscount, { description: 'Order-level discounts, then the discount code\'s.' }),
    discount_total: Type.Integer({ minimum: 0, description: 'All money off the order (line and order-level discounts).' }),
    subtotal: Money,
    tax: Money,
    tax_included: Type.Boolean({
      description:
        "Whether the order's line prices included its tax (the merchant's `prices_include_tax` when the order was created): `tax` is then the part of the lines' sum that is tax, and the receipt says it was included. False when tax was added on top, or the order has none.",
    }),
    tip: Money,
    total: { ...Money, description: '`subtotal + tax + tip`: what the customer paid.' },
    refunded_amount: Money,
    payment: ReceiptPayment,
    refunds: Type.Array(ReceiptRefund, { description: 'The refunds of the order, oldest first.' }),
    created_at: { ...Timestamp, description: 'When the order was created.' },
  },
  {
    $id: 'Receipt',
    title: 'Receipt',
    description:
      'The receipt of a paid order: the shop, the lines, the discounts, subtotal, tax, tip and total, the payment by tender and the refunds. What the hosted receipt page, the e-mailed receipt and the dashboard\'s print view show. Holds no customer details, notes or metadata.',
  },
);
export type Receipt = Static<typeof Receipt>;

export const ReceiptLink = Type.Object(
  {
    id: IdOf('rcl'),
    object: Type.Literal('receipt_link'),
    order_id: IdOf('ord'),
    url: Type.String({
      format: 'uri',
      description: 'The hosted receipt page: `PUBLIC_URL` (or the server\'s own address) followed by `/r/` and the token. Anyone holding it can read the receipt, without a credential.',
      examples: ['https://till.example.com/r/4Vq2c9XrT0bLkP7sYh1mQw8ZeN3dJ6uA'],
    }),
    token: Type.String({
      pattern: '^[0-9A-Za-z]{32}$',
      description: 'The link\'s secret part, 32 random base62 characters. Shown only in this answer: Till keeps its SHA-256 alone.',
      examples: ['4Vq2c9XrT0bLkP7sYh1mQw8ZeN3dJ6uA'],
    }),
    created_at: Timestamp,
  },
  { $id: 'ReceiptLink', title: 'ReceiptLink' },
);
export type ReceiptLink = Static<typeof ReceiptLink>;

export const ReceiptEmail = Type.Object(
  {
    object: Type.Literal('receipt_email'),
    to: Type.String({ format: 'email', description: 'The address the receipt is sent to.' }),
    order_id: IdOf('ord'),
  },
  { $id: 'ReceiptEmail', title: 'ReceiptEmail', description: 'A receipt on its way: it is sent after this answer.' },
);
export type ReceiptEmail = Static<typeof ReceiptEmail>;

export const OrderIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

export const CreateReceiptLinkBody = Type.Object({}, { additionalProperties: false });

export const SendReceiptEmailBody = Type.Object(
  {
    to: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: "Where to send the receipt. Default: the order's customer's e-mail (only for a credential with `customers:read`, which may read it).",
        examples: ['ada@example.com'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type SendReceiptEmailBody = Static<typeof SendReceiptEmailBody>;
