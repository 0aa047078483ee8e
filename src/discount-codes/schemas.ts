/**
 * Request and response schemas of the discount codes API.
 */
import Type, { type Static } from 'typebox';
import { IdOf, IdParam, MAX_DISCOUNT_AMOUNT, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

const Code = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[A-Za-z0-9_-]+$',
  description: '1 to 40 characters of `A-Z`, `0-9`, `-` and `_`; stored upper-cased, unique per merchant and environment ignoring case.',
  examples: ['SUMMER-10'],
});
const Reason = Nullable(Type.String({ maxLength: 200, description: 'Why the discount is given (at most 200 characters); the order shows it.' }));
const MaxRedemptions = Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'How many orders may redeem the code; null for no limit.' }));
const ExpiresAt = Nullable(Type.String({ format: 'date-time', maxLength: 40, description: 'From this moment the code can no longer be redeemed; null for never.' }));

export const DiscountCode = Type.Object(
  {
    id: IdOf('dc'),
    code: Type.String({ description: 'The code, upper-cased; Create Order\'s `discount_code` matches it ignoring case.' }),
    type: Type.Union([Type.Literal('percentage'), Type.Literal('amount')]),
    percentage_bps: Nullable(Type.Integer({ description: 'For `percentage`: basis points (1000 = 10%); null for `amount`.' })),
    amount: Nullable(Type.Integer({ description: 'For `amount`: money off, in the smallest currency unit; null for `percentage`.' })),
    reason: Nullable(Type.String()),
    max_redemptions: Nullable(Type.Integer()),
    times_redeemed: Type.Integer({ description: 'Orders that redeemed the code, less those canceled since.' }),
    expires_at: Nullable(Timestamp),
    active: Type.Boolean({ description: 'Inactive codes cannot be redeemed.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'DiscountCode', title: 'DiscountCode' },
);
export type DiscountCode = Static<typeof DiscountCode>;

export const DiscountCodeList = Type.Object({ data: Type.Array(DiscountCode), pagination: Pagination }, { $id: 'DiscountCodeList' });

export const CreateDiscountCodeBody = Type.Object(
  {
    code: Code,
    type: Type.Union([Type.Literal('percentage'), Type.Literal('amount')]),
    percentage_bps: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'With `percentage`: basis points, 1 to 10000.' })),
    amount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DISCOUNT_AMOUNT, description: 'With `amount`: money off, in the smallest currency unit.' })),
    reason: Type.Optional(Reason),
    max_redemptions: Type.Optional(MaxRedemptions),
    expires_at: Type.Optional(ExpiresAt),
    active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type CreateDiscountCodeBody = Static<typeof CreateDiscountCodeBody>;

export const UpdateDiscountCodeBody = Type.Object(
  {
    code: Type.Optional(Code),
    reason: Type.Optional(Reason),
    max_redemptions: Type.Optional(MaxRedemptions),
    expires_at: Type.Optional(ExpiresAt),
    active: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: 'Only the fields sent change. The discount itself (`type`, `percentage_bps`, `amount`) does not: make a new code. `max_redemptions` may not go below `times_redeemed`.',
  },
);
export type UpdateDiscountCodeBody = Static<typeof UpdateDiscountCodeBody>;

export const ListDiscountCodesQuery = Type.Object(
  { ...PaginationQuery, active: Type.Optional(Type.Boolean({ description: 'Only active (`true`) or inactive (`false`) codes.' })) },
  { additionalProperties: false },
);
export type ListDiscountCodesQuery = Static<typeof ListDiscountCodesQuery>;

export const DiscountCodeIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });
