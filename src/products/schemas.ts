import Type, { type Static } from 'typebox';
import { Currency, IdOf, IdParam, MAX_UNIT_PRICE, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 250 });
const Price = Type.Integer({ minimum: 0, maximum: MAX_UNIT_PRICE, description: 'Unit price in the smallest currency unit, 0 to 99999999.' });
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
  },
  { additionalProperties: false, description: 'Only the fields sent change. `inventory` sets the stock count outright.' },
);
export type UpdateProductBody = Static<typeof UpdateProductBody>;

export const ListProductsQuery = Type.Object(
  { ...PaginationQuery, active: Type.Optional(Type.Boolean({ description: 'Only active (`true`) or inactive (`false`) products.' })) },
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
