/**
 * The merchant's settings as the API shows and changes them (`GET/PATCH /v1/merchant`).
 */
import Type, { type Static } from 'typebox';
import { Currency, IdOf, Nullable, Timestamp } from '../http/schemas.js';

const AddressLine = Type.String({ maxLength: 200 });

export const MerchantAddress = Type.Object(
  {
    line1: Nullable(Type.String({ description: 'Street address, P.O. box or company name.' })),
    line2: Nullable(Type.String({ description: 'Apartment, suite, unit or building.' })),
    city: Nullable(Type.String()),
    region: Nullable(Type.String({ description: 'State, county, province or region.' })),
    postal_code: Nullable(Type.String()),
    country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 country code, e.g. `US`.' })),
  },
  { $id: 'MerchantAddress', title: 'MerchantAddress', description: "The shop's address as a receipt shows it (Stripe's address shape)." },
);
export type MerchantAddress = Static<typeof MerchantAddress>;

export const Merchant = Type.Object(
  {
    id: IdOf('mer'),
    name: Type.String({ description: "The shop's name." }),
    currency: Currency,
    tax_rate_bps: Type.Integer({ minimum: 0, maximum: 10_000, description: 'Tax rate in basis points (825 = 8.25%).' }),
    prices_include_tax: Type.Boolean({
      description:
        'false: tax is added on top, `tax = round_half_up(subtotal * tax_rate_bps / 10000)`, `total = subtotal + tax`. ' +
        'true: line prices include tax, the order\'s tax is the included part, `tax = round_half_up(total * tax_rate_bps / (10000 + tax_rate_bps))`, `subtotal = total - tax`, `total` the sum of the lines.',
    }),
    address: Nullable(MerchantAddress),
    tax_id: Nullable(Type.String({ description: 'The tax registration number a receipt shows (VAT, GST, EIN...).' })),
    receipt_footer: Nullable(Type.String({ description: 'Text printed at the foot of a receipt.' })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {
    $id: 'Merchant',
    title: 'Merchant',
    description: "The merchant's settings, shared by both environments. A change applies to orders created after it; an order keeps the currency, tax and totals it was created with.",
  },
);
export type Merchant = Static<typeof Merchant>;

export const UpdateMerchantBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 250 })),
    currency: Type.Optional(
      Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 code (any case). Refused with `currency_locked` once the merchant has an order in either environment.' }),
    ),
    tax_rate_bps: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    prices_include_tax: Type.Optional(Type.Boolean()),
    address: Type.Optional(
      Nullable(
        Type.Object(
          {
            line1: Type.Optional(Nullable(AddressLine)),
            line2: Type.Optional(Nullable(AddressLine)),
            city: Type.Optional(Nullable(AddressLine)),
            region: Type.Optional(Nullable(AddressLine)),
            postal_code: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
            country: Type.Optional(Nullable(Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2 (any case).' }))),
          },
          { additionalProperties: false, description: 'The fields sent change, the others stay; a field sent as null or "" is cleared. `address: null` clears the whole address.' },
        ),
      ),
    ),
    tax_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    receipt_footer: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { additionalProperties: false, description: 'Only the fields sent change; `tax_id` and `receipt_footer` sent as null or "" are cleared.' },
);
export type UpdateMerchantBody = Static<typeof UpdateMerchantBody>;
