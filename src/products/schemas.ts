import Type, { type Static } from 'typebox';
import { Currency, IdOf, IdParam, MAX_UNIT_PRICE, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

/** At most this many modifier groups on a product, and options in a group. */
export const MAX_MODIFIER_GROUPS = 20;
export const MAX_MODIFIER_OPTIONS = 50;

const ModifierName = Type.String({ minLength: 1, maxLength: 100 });
const PriceDelta = Type.Integer({
  minimum: -MAX_UNIT_PRICE,
  maximum: MAX_UNIT_PRICE,
  description: 'Added to the unit price when the option is chosen, in the smallest currency unit; may be negative, but a line\'s unit price never goes below 0.',
  examples: [50],
});

export const ModifierOption = Type.Object(
  { id: IdOf('mopt'), name: Type.String(), price_delta: Type.Integer({ description: 'Added to the unit price when chosen; may be negative.' }) },
  { $id: 'ModifierOption', title: 'ModifierOption' },
);
export type ModifierOption = Static<typeof ModifierOption>;

export const ModifierGroup = Type.Object(
  {
    id: IdOf('mgrp'),
    name: Type.String(),
    required: Type.Boolean({ description: 'An order line of the product must choose from this group (`min_selected` is at least 1).' }),
    min_selected: Type.Integer({ description: 'Fewest options a line may choose from this group.' }),
    max_selected: Type.Integer({ description: 'Most options a line may choose from this group.' }),
    options: Type.Array(ModifierOption),
  },
  { $id: 'ModifierGroup', title: 'ModifierGroup', description: 'A choice offered with a product (Size, Milk...): its options, each with a price delta, and how many a line chooses.' },
);
export type ModifierGroup = Static<typeof ModifierGroup>;

const ModifierOptionInput = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "Keep an existing option's id (send it back as read); omit for a new option." })),
    name: ModifierName,
    price_delta: PriceDelta,
  },
  { additionalProperties: false },
);

const ModifierGroupInput = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "Keep an existing group's id (send it back as read); omit for a new group." })),
    name: ModifierName,
    required: Type.Optional(Type.Boolean({ description: 'Default: whether `min_selected` is at least 1. A required group has `min_selected` of at least 1 (default 1); an optional one 0.' })),
    min_selected: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_MODIFIER_OPTIONS, description: 'Default: 1 when required, else 0.' })),
    max_selected: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_MODIFIER_OPTIONS, description: 'Default: `min_selected`, at least 1. At most the number of options.' }),
    ),
    options: Type.Array(ModifierOptionInput, { minItems: 1, maxItems: MAX_MODIFIER_OPTIONS, description: '1 to 50 options, names unique within the group.' }),
  },
  { additionalProperties: false },
);
export type ModifierGroupInput = Static<typeof ModifierGroupInput>;

const ModifierGroups = Type.Array(ModifierGroupInput, {
  maxItems: MAX_MODIFIER_GROUPS,
  description: 'Up to 20 modifier groups, names unique within the product. Replaces the whole list: send groups and options back with their `id` to keep them; those without one are new.',
});

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
    inventory: Nullable(
      Type.Integer({
        description: 'Units in stock; `null` when stock is not tracked. Below zero only after an offline sale took more than there was (`inventory.shortfall`); an order refuses a product short of stock otherwise.',
      }),
    ),
    active: Type.Boolean({ description: 'Inactive products cannot be ordered (an offline sale, synced later, is taken all the same).' }),
    sku: Nullable(Type.String({ description: 'Stock-keeping unit, unique per merchant and environment; `null` without one.' })),
    barcode: Nullable(Type.String({ description: 'Barcode, unique per merchant and environment; `null` without one.' })),
    category: Nullable(Type.String({ description: '`null` without one.' })),
    created_at: Timestamp,
    updated_at: Timestamp,
    modifier_groups: Type.Array(ModifierGroup, { description: 'Options offered with the product (Size, Milk...); `[]` without any.' }),
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
    modifier_groups: Type.Optional(ModifierGroups),
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
    modifier_groups: Type.Optional(ModifierGroups),
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

/** What `inventory.shortfall` carries: an offline sale took more units of a product than it had in stock. */
export const InventoryShortfall = Type.Object(
  {
    object: Type.Literal('inventory_shortfall'),
    product_id: IdOf('prod'),
    product_name: Type.String({ description: "The product's name when the sale came in." }),
    order_id: IdOf('ord'),
    register_receipt_number: Type.String({ description: "The offline sale's receipt number (`R1-000042`)." }),
    quantity: Type.Integer({ minimum: 1, description: 'Units of the product the sale took, all its lines together.' }),
    shortfall: Type.Integer({ minimum: 1, description: 'Units sold beyond the stock there was: all of them when the stock was already at zero or below.' }),
    inventory: Type.Integer({ maximum: -1, description: "The product's stock once the sale took its units: below zero. Count the shelf and set it (`PATCH /v1/products/{id}` with `inventory`)." }),
  },
  {
    $id: 'InventoryShortfall',
    title: 'InventoryShortfall',
    description: 'An offline sale (Create Order with `recorded_at`) left the stock of a product below zero: the register sold units the server no longer had.',
  },
);
export type InventoryShortfall = Static<typeof InventoryShortfall>;
