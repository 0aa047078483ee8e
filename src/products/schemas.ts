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
