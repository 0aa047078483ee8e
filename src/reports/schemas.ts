import Type, { type Static } from 'typebox';
import { Currency, IdOf, Money, Nullable, OneOf, Timestamp } from '../http/schemas.js';

/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 31;

export const ReportInterval = Type.Enum(['hour', 'day'] as const, { description: 'Bucket size: `hour` (default) or `day`, in UTC.' });

export const SalesReportQuery = Type.Object(
  {
    from: Type.String({
      maxLength: 40,
      format: 'timestamp-or-date',
      description: 'Start of the range, inclusive: an ISO 8601 date-time (with `Z` or an offset), or a date (from its first millisecond, UTC), as List Orders reads `created_at_min`.',
    }),
    to: Type.String({
      maxLength: 40,
      format: 'timestamp-or-date',
      description: `End of the range: an ISO 8601 date-time, exclusive; or a date, which includes that whole day (UTC), as List Orders reads \`created_at_max\`. After \`from\`, and at most ${MAX_REPORT_DAYS} days after it.`,
    }),
    interval: Type.Optional(ReportInterval),
  },
  { additionalProperties: false },
);
export type SalesReportQuery = Static<typeof SalesReportQuery>;

const Count = Type.Integer({ minimum: 0 });

export const SalesBucket = Type.Object(
  {
    start: Timestamp,
    orders: Type.Integer({ minimum: 0, description: 'Orders paid in this bucket.' }),
    sales_amount: { ...Money, description: 'Sum of the totals of the orders paid in this bucket without their tips (goods and tax), in the smallest currency unit.' },
    tips: { ...Money, description: 'Sum of the tips taken with the orders paid in this bucket (not in `sales_amount`; not taxed).' },
    refunded_amount: { ...Money, description: 'Sum of the refunds made in this bucket, in the smallest currency unit.' },
  },
  { $id: 'SalesBucket', additionalProperties: false, title: 'SalesBucket', description: 'One hour or day (UTC) of the range, starting at `start`.' },
);

export const SalesReport = Type.Object(
  {
    currency: Currency,
    from: Timestamp,
    to: Timestamp,
    interval: ReportInterval,
    totals: Type.Object(
      {
        orders: { ...Count, description: 'Orders paid in the range.' },
        sales_amount: { ...Money, description: 'Sum of their totals without tips (gross: refunds are not taken off).' },
        tips: { ...Money, description: 'Sum of their tips; `sales_amount + tips` is what was charged.' },
        refunded_amount: { ...Money, description: 'Sum of the refunds made in the range, whenever their order was paid.' },
        refunds: { ...Count, description: 'Refunds made in the range.' },
      },
      { additionalProperties: false },
    ),
    buckets: Type.Array(SalesBucket, { description: 'Every hour or day of the range, oldest first, zeros included.' }),
  },
  {
    $id: 'SalesReport',
    additionalProperties: false,
    title: 'SalesReport',
    description: "Sales and refunds of the credential's merchant and environment over a range, in totals and by hour or day (UTC).",
  },
);
export type SalesReport = Static<typeof SalesReport>;

export const END_OF_DAY_FORMATS = ['json', 'csv'] as const;

export const EndOfDayQuery = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'The day, as a date in `time_zone`: from its local midnight (inclusive) to the next (exclusive). From 1970-01-01 to 9998-12-31.', examples: ['2026-11-21'] }),
    time_zone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_+/-]+$',
        description: "The IANA time zone the day is cut in (`Europe/Paris`, `America/New_York`); default `UTC`. A zone the server's time zone database does not know is 400 `parameter_invalid`.",
        examples: ['America/New_York'],
      }),
    ),
    format: Type.Optional(OneOf(END_OF_DAY_FORMATS, { description: '`json` (default) or `csv`. Without it, `Accept: text/csv` asks for CSV too.' })),
  },
  { additionalProperties: false },
);
export type EndOfDayQuery = Static<typeof EndOfDayQuery>;

const Signed = (description: string) => Type.Integer({ description });

/** The figures of one register, and of the whole day. */
const endOfDayFigures = {
  orders: { ...Count, description: 'Orders paid in the day (counted at `payment.paid_at`).' },
  sales: { ...Money, description: 'Sum of their totals without tips (goods and tax).' },
  tips: { ...Money, description: 'Sum of their tips.' },
  tax: { ...Money, description: 'Sum of their tax (included in `sales`).' },
  cash_sales: { ...Money, description: 'The cash part of what they were paid (`payment.cash_amount`: a cash order\'s total, or the cash part of a split), tips included.' },
  card_sales: { ...Money, description: 'The card part: `sales + tips - cash_sales`.' },
  refunds: { ...Money, description: 'Sum of the refunds made in the day, whenever their order was paid.' },
  cash_refunds: { ...Money, description: 'The part of those refunds paid back in cash.' },
  card_refunds: { ...Money, description: 'The part paid back to cards: `refunds - cash_refunds`.' },
  net: Signed('`sales + tips - refunds`: what the day took, less what it gave back. Negative when the refunds exceed the sales.'),
  over_short: Signed('Sum of the `over_short` of the drawers closed in the day: negative when cash was missing, positive when there was too much; 0 when none closed.'),
};

export const EndOfDayDrawer = Type.Object(
  {
    id: IdOf('drw'),
    opened_at: Timestamp,
    closed_at: Timestamp,
    expected_cash: Signed('The cash the drawer should have held at close.'),
    counted_cash: { ...Money, description: 'The cash counted at close.' },
    over_short: Signed('`counted_cash - expected_cash`.'),
  },
  { $id: 'EndOfDayDrawer', additionalProperties: false, title: 'EndOfDayDrawer', description: 'A cash drawer of the register closed in the day (`closed_at` in it), whenever it was opened.' },
);

export const EndOfDayRegister = Type.Object(
  {
    register: Nullable(Type.String({ description: "The register's code; null for the sales and refunds made without a cash drawer." })),
    ...endOfDayFigures,
    drawers: Type.Array(EndOfDayDrawer, { description: "The register's drawers closed in the day, by closing time." }),
  },
  {
    $id: 'EndOfDayRegister',
    additionalProperties: false,
    title: 'EndOfDayRegister',
    description:
      "One register's day: the orders paid on it (rung up on one of its cash drawers, `payment.cash_drawer_id`) and the refunds made on it (paid out of one of its drawers; a refund paid from no drawer counts on the register its order was rung up on), with its drawers closed that day.",
  },
);

export const EndOfDayReport = Type.Object(
  {
    currency: Currency,
    date: Type.String({ format: 'date', description: 'The day reported, in `time_zone`.' }),
    time_zone: Type.String({ description: 'The IANA time zone the day was cut in.' }),
    from: { ...Timestamp, description: "The day's first instant, in UTC (inclusive)." },
    to: { ...Timestamp, description: "The next day's first instant, in UTC (exclusive). 23 or 25 hours after `from` on a day the clocks change." },
    registers: Type.Array(EndOfDayRegister, {
      description: 'Every register with a sale, a refund or a closed drawer in the day, by code; then, when there is any, the row of sales and refunds made without a drawer (`register: null`).',
    }),
    totals: Type.Object(endOfDayFigures, { additionalProperties: false, description: 'The figures of every register of the day added up.' }),
  },
  {
    $id: 'EndOfDayReport',
    additionalProperties: false,
    title: 'EndOfDayReport',
    description: "The end-of-day (Z) report of the credential's merchant and environment for one local day: per register and in total, the sales by tender, tips, tax, refunds and the drawers' over/short.",
  },
);
export type EndOfDayReport = Static<typeof EndOfDayReport>;
export type EndOfDayRegister = Static<typeof EndOfDayRegister>;
