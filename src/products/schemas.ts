import Type, { type Static } from 'typebox';
import { Currency, IdOf, IdParam, MAX_UNIT_PRICE, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 250 });
const Price = Type.Integer({ minimum: 0, maximum: MAX_UNIT_PRICE, description: 'Unit price in the smallest currency unit, 0 to 99999999.' });
const Sku = Type.String({ minLength: 1, maxLength: 64, description: 'Stock-keeping unit: 1 to 64 characters, unique among the products of the merchant and environment.', examples: ['ESP-DBL'] });
const Barcode = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[0-9A-Za-z]+$',
  description: 'Barcode (EAN, UPC, Code 128 ...): 1 to 64 letters and digits, unique among the products of the merchant and environment.',
  examples: ['4006381333931'],
});
const Category = Type.String({ minLength: 1, maxLength: 100, description: 'Free text, 1 to 100 characters; List Products filters on it exactly.', examples: ['Coffee'] });
const Inventory = Nullable(
  Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Units in stock; `null` when stock is not tracked.' }),
);

export const Product = Type.Object(
  {
    id: IdOf('prod'),
    name: Type.String(),
    price: Type.Integer(),
    currency: Currency,
    inventory: Nullable(Type.Integer()),
    active: Type.Boolean({ description: 'Inactive products cannot be ordered.' }),
    sku: Nullable(Type.String({ description: 'Stock-keeping unit, unique per merchant and environment; `null` without one.' })),
    barcode: Nullable(Type.String({ description: 'Barcode, unique per merchant and environment; `null` without one.' })),
    category: Nullable(Type.String({ description: '`null` without one.' })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Product', title: 'Product' },
);
export type Product = Static<typeof Product>;

export const ProductList = Type.Object({ data: Type.Array(Product), pagination: Pagination }, { $id: 'ProductList' });

export const CreateProductBody = Type.Object(
  {
    name: Name,
    price: Price,
    inventory: Type.Optional(Inventory),
    active: Type.Optional(Type.Boolean({ default: true })),
    sku: Type.Optional(Nullable(Sku)),
    barcode: Type.Optional(Nullable(Barcode)),
    category: Type.Optional(Nullable(Category)),
  },
  { additionalProperties: false },
);
export type CreateProductBody = Static<typeof CreateProductBody>;

export const UpdateProductBody = Type.Object(
  {
    name: Type.Optional(Name),
    price: Type.Optional(Price),
    inventory: Type.Optional(Inventory),
    active: Type.Optional(Type.Boolean()),
    sku: Type.Optional(Nullable(Sku)),
    barcode: Type.Optional(Nullable(Barcode)),
    category: Type.Optional(Nullable(Category)),
  },
  { additionalProperties: false, description: 'Only the fields sent change. `inventory` sets the stock count outright; `null` removes a `sku`, `barcode` or `category`.' },
);
export type UpdateProductBody = Static<typeof UpdateProductBody>;

export const ListProductsQuery = Type.Object(
  {
    ...PaginationQuery,
    active: Type.Optional(Type.Boolean({ description: 'Only active (`true`) or inactive (`false`) products.' })),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only products of exactly this category.', examples: ['Coffee'] })),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Search text, trimmed: products whose name starts with it, ignoring case (ASCII letters on SQLite), or whose `sku` or `barcode` is exactly it. Each kind reads an index; combines with the other filters. Blank text matches every product.',
        examples: ['esp', 'ESP-DBL', '4006381333931'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListProductsQuery = Static<typeof ListProductsQuery>;

export const ProductIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

export const CopyFromSandboxBody = Type.Object(
  {
    include_stock: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "`true`: each copy starts with its sandbox product's `inventory`. `false` (the default): a copy whose stock is tracked starts at 0 units, since sandbox counts are test figures; a product whose stock is not tracked (`inventory` null) stays untracked either way.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CopyFromSandboxBody = Static<typeof CopyFromSandboxBody>;

export const CatalogueCopy = Type.Object(
  {
    created: Type.Integer({ minimum: 0, description: 'Sandbox products copied into production by this call.' }),
    skipped: Type.Integer({ minimum: 0, description: 'Sandbox products left alone because an earlier copy (or one running at the same time) already copied them, or because production already has a product with the same value of a field that must be unique.' }),
    products: Type.Array(Product, { description: 'The production products this call created, in the order the sandbox products were created.' }),
  },
  { $id: 'CatalogueCopy', title: 'CatalogueCopy', description: 'What Copy from Sandbox did: `created` + `skipped` is the number of sandbox products.' },
);
export type CatalogueCopy = Static<typeof CatalogueCopy>;
