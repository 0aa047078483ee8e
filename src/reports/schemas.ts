import Type, { type Static } from 'typebox';
import { Currency, Money, Timestamp } from '../http/schemas.js';

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
